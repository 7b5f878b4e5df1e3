"""Pages for visitors who are not logged in, served from Django's cache under the league's
generation, and answered with 304 Not Modified when the visitor's copy is still current.

The key holds the address (host, path and query), the language, whether the page is gzipped and
the generation, which is read from the database on every request (one query). Every change
raises the generation in its own transaction, so after a commit no process, whichever cached
the page, finds the old page under the new key. Only pages that hold nothing of one visitor
are stored: no session, no messages, no CSRF token, no cookie set.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.conf import settings
from django.core.cache import BaseCache, caches
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseNotModified
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.http import http_date, parse_etags, parse_http_date_safe
from django.utils.translation import get_language

from klammernliga import generation

# Browsers keep the page but ask again each time; the ETag makes the answer a short 304.
CACHE_CONTROL = "no-cache"


def carries_no_visitor(request: HttpRequest) -> bool:
    """A visitor without a session or pending messages sees what every such visitor sees."""
    if request.method not in ("GET", "HEAD"):
        return False
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies


def holds_no_secret(request: HttpRequest, response: HttpResponseBase) -> bool:
    """Nothing in the response belongs to this visitor: no CSRF token used, no cookie set."""
    return (
        carries_no_visitor(request)
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and not response.cookies
    )


def _is_gzipped(request: HttpRequest) -> bool:
    return "gzip" in request.headers.get("accept-encoding", "").lower()


def _not_modified(request: HttpRequest, etag: str, stamp: generation.Stamp) -> bool:
    if_none_match = request.headers.get("if-none-match")
    if if_none_match is not None:
        # Weak comparison, as for every GET (RFC 9110 13.1.2).
        return etag.removeprefix("W/") in {t.removeprefix("W/") for t in parse_etags(if_none_match)}
    since = parse_http_date_safe(request.headers.get("if-modified-since", ""))
    # Last-Modified has whole seconds: only a later second proves the copy is current.
    return (
        since is not None and stamp.changed_at is not None and stamp.changed_at.timestamp() < since
    )


def _mark(response: HttpResponseBase, etag: str, stamp: generation.Stamp) -> None:
    response.headers["ETag"] = etag
    if stamp.changed_at is not None:
        response.headers["Last-Modified"] = http_date(stamp.changed_at.timestamp())
    response.headers["Cache-Control"] = CACHE_CONTROL
    patch_vary_headers(response, ("Cookie", "Accept-Encoding"))


class PageCacheMiddleware:
    """Serves, stores and revalidates anonymous GET pages (see the module's docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.timeout = settings.PAGE_CACHE_SECONDS

    @property
    def cache(self) -> BaseCache:
        # Looked up per use: Django's cache connections belong to one thread each.
        return caches[settings.PAGE_CACHE_ALIAS]

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if not carries_no_visitor(request):
            return private(request, self.get_response(request))
        stamp = generation.current()
        language = get_language()
        gzipped = "gz" if _is_gzipped(request) else "id"
        address = hashlib.sha256(request.build_absolute_uri().encode()).hexdigest()
        # The day is part of both: what depends on it (an evening's live flag) is made anew
        # after midnight instead of being kept from the day before.
        day = timezone.localdate().isoformat()
        etag = f'W/"{stamp.token}-{language}-{day}-{address[:16]}"'
        key = f"page:{stamp.token}:{language}:{day}:{gzipped}:{address}"
        cached = self.cache.get(key)
        if cached is None:
            response = self.get_response(request)
            if (
                response.status_code == 200
                and isinstance(response, HttpResponse)
                and holds_no_secret(request, response)
                and not response.has_header("Cache-Control")
            ):
                _mark(response, etag, stamp)
                self.cache.set(key, response, self.timeout)
            return response
        # Only a page the cache serves is revalidated: an ETag names one address's page.
        if _not_modified(request, etag, stamp):
            not_modified = HttpResponseNotModified()
            _mark(not_modified, etag, stamp)
            return not_modified
        return cached  # type: ignore[no-any-return]  # Django's cache returns Any; we stored a response


def private(request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
    """A page for a session (a logged-in visitor's) or with a message for one visitor is kept by
    no cache on the way, nor by the browser; unless its view said otherwise (the service worker's
    own script). No query: a poll's 304 stays one query."""
    if not response.has_header("Cache-Control"):
        response.headers["Cache-Control"] = "private, no-store"
    return response
