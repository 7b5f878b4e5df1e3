"""The site's URLs plus one empty page: Django's floor (middleware, routing, no template)."""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def empty(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"")


urlpatterns = [
    path("__bench__/empty/", empty, name="bench_empty"),
    path("", include("klammernliga.config.urls")),
]
