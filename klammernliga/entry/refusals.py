"""The answer to a phone's queue (it asks for JSON) when a save finds no login: JSON with
status "later", so the phone keeps its games, instead of the login page."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
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
