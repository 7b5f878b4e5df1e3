"""Answers when a save cannot be taken because the login ran out or the CSRF token was refused:
a phone's queue asks for JSON and keeps its games (status "later"); a browser gets a page in
German that says so."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext


def wants_json(request: HttpRequest) -> bool:
    """The offline queue's sync asks for JSON; a form sent by the browser asks for HTML."""
    return request.headers.get("accept", "").startswith("application/json")


def login_again_text() -> str:
    return gettext("Bitte neu anmelden; die Spiele bleiben auf diesem Telefon.")


def login_again(reason: str, status: int) -> JsonResponse:
    """For the queue: not stored, not refused either; sent again after the next login."""
    return JsonResponse(
        {"status": "later", "reason": reason, "problems": [login_again_text()]}, status=status
    )


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: an expired login or a stale page, said plainly."""
    if wants_json(request):
        return login_again("csrf", 403)
    return render(request, "403_csrf.html", status=403)
