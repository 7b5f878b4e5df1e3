"""The site's URLs plus two of the benchmark's own (bench.settings only): one empty page, Django's
floor (middleware, routing, no template), and a change without a change (the league's generation
raised, so the next request of every page is cold, as after a saved game)."""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from klammernliga import generation


def empty(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"")


@csrf_exempt
@require_POST
def bump(request: HttpRequest) -> HttpResponse:
    generation.bump()
    return HttpResponse(b"")


urlpatterns = [
    path("__bench__/empty/", empty, name="bench_empty"),
    path("__bench__/bump/", bump, name="bench_bump"),
    path("", include("klammernliga.config.urls")),
]
