"""A refused CSRF token (an expired login, a form kept open for days, a phone's queue sending
after the session ended): the site's own page in its frame and its "du", or, for the phone's
queue that asks for JSON, an answer that keeps its games and says to log in again."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """settings.CSRF_FAILURE_VIEW."""
    if request.headers.get("accept", "").startswith("application/json"):
        message = gettext("Bitte neu anmelden; die Spiele bleiben auf diesem Telefon.")
        # "later": the queue keeps the game and sends it after the next login.
        return JsonResponse({"status": "later", "problems": [message]}, status=403)
    return render(request, "403_csrf.html", status=403)
