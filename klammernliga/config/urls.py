from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from klammernliga.entry import offline
from klammernliga.entry import views as entry_views
from klammernliga.entry.login import LoginView

urlpatterns = [
    path("", include("stats.urls")),
    path("erfassen/", include("klammernliga.entry.urls")),
    path("anmelden/", LoginView.as_view(), name="login"),
    path("abmelden/", entry_views.LogoutView.as_view(), name="logout"),
    # It only sets the language cookie: without a token, every visitor gets the same cached page.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("admin/", admin.site.urls),
    # At the root, so that the worker's scope may cover /erfassen/.
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
]
