"""A refused CSRF token (an expired login, a form kept open for days, a phone's queue sending
after the session ended): the site's own page in its frame and its "du", or, for the phone's
queue that asks for JSON, an answer that keeps its games and says to log in again."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from klammernliga.entry.refusals import login_again, wants_json


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """settings.CSRF_FAILURE_VIEW."""
    if wants_json(request):
        # "later": the queue keeps the game and sends it after the next login.
        return login_again("csrf", 403)
    return render(request, "403_csrf.html", status=403)
