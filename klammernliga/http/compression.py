"""Compressed HTML only where it holds no secret, for fear of BREACH."""

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware

from klammernliga.http.page_cache import holds_no_secret


class PublicGZipMiddleware(GZipMiddleware):
    """GZip for pages without a session, a CSRF token or a cookie: the pages every visitor
    sees alike. The entry pages of logged-in scorekeepers go out uncompressed."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if not holds_no_secret(request, response):
            return response
        return super().process_response(request, response)
