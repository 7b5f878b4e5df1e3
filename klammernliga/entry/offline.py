"""The installable entry: the web app manifest and the service worker, whose cache is named after
the static files it keeps, so a release with changed files gets a fresh cache."""

from __future__ import annotations

import hashlib
import json

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

# What the entry needs to open without a connection (the pages themselves are kept as visited).
OFFLINE_ASSETS = (
    "css/site.css",
    "css/frame.css",
    "css/blocks.css",
    "css/tables.css",
    "css/pages.css",
    "css/print.css",
    "css/entry.css",
    "css/entry-games.css",
    "css/entry-page.css",
    "js/menu.js",
    "js/register.js",
    "js/entry.js",
    "js/score.js",
    "js/offline-queue.js",
    "js/offline.js",
    "img/favicon.svg",
    "img/icon-192.png",
    "img/icon-512.png",
)
SERVICE_WORKER = "js/sw.js"
ICONS = (("img/icon-192.png", "192x192"), ("img/icon-512.png", "512x512"))


def asset_urls() -> list[str]:
    """The assets' addresses as pages name them: with their content hash in production."""
    return [staticfiles_storage.url(name) for name in OFFLINE_ASSETS]


def _worker_source() -> str:
    found = finders.find(SERVICE_WORKER)
    if found:
        with open(found, encoding="utf-8") as source:
            return source.read()
    with staticfiles_storage.open(SERVICE_WORKER) as stored:  # collected, no finders
        return str(stored.read().decode())


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/sw.js, served from the site's root so that it may look after every page (the
    public pages a visitor opened stay readable offline, the entry works offline), with the list
    of assets to keep, where the entry starts, and a version made of their names and the
    worker's own text."""
    assets = asset_urls()
    source = _worker_source()
    version = hashlib.sha256(json.dumps([assets, source]).encode()).hexdigest()[:12]
    config = json.dumps(
        {
            "version": version,
            "assets": assets,
            "entry": reverse("entry:start"),
            "blank": reverse("entry:blank_evening"),
        }
    )
    response = HttpResponse(
        f"self.KLAMMERN_OFFLINE = {config};\n{source}",
        content_type="text/javascript; charset=utf-8",
    )
    # The browser asks for the worker on each visit: a new release is seen at once.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest in the visitor's language: the entry opens from the home screen."""
    start = reverse("entry:start")
    data = {
        "name": gettext("Klammernliga – Erfassen"),
        "short_name": gettext("Klammernliga"),
        "description": gettext("Die Spiele eines Abends erfassen, auch ohne Verbindung."),
        "lang": get_language(),
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#166447",
        "icons": [
            *(
                {"src": staticfiles_storage.url(name), "sizes": sizes, "type": "image/png"}
                for name, sizes in ICONS
            ),
            {
                "src": staticfiles_storage.url("img/favicon.svg"),
                "sizes": "any",
                "type": "image/svg+xml",
            },
        ],
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Vary"] = "Accept-Language, Cookie"
    return response
