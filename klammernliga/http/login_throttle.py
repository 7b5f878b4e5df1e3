"""What django-axes lacks for the login: a delay per user name across addresses, a known device,
and a refusal of a locked address before any other work.

- Per address (django-axes, AXES_LOCKOUT_PARAMETERS = ["ip_address"]): after AXES_FAILURE_LIMIT
  failed logins from one address, whatever the names, that address gets a 429 page for
  AXES_COOLOFF_TIME. `RefuseLockedAddressMiddleware` answers it before the session, the form and
  the password hasher.
- Per user name, over all addresses: after LOGIN_NAME_FREE_TRIES failures (counted from axes'
  records of the cool-off time) the name may try again only after a wait that doubles with each
  failure, up to LOGIN_NAME_MAX_DELAY seconds. A refused try runs no hasher and counts nothing.
  It is a delay, never a lock: the name always gets its next try.
- A known device: a browser that logged in as a name keeps a signed cookie saying so; with it,
  that name is neither delayed nor locked by its address. Whoever shares the scorekeeper's
  address (pub Wi-Fi, carrier NAT) cannot lock him out of his own browser.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Mapping

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_lockout_response
from axes.models import AccessAttempt
from django.conf import settings
from django.core import signing
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponseBase
from django.urls import reverse
from django.utils import timezone

DEVICE_COOKIE = "kl_device"
_SALT = "klammernliga.http.login_throttle.device"
_DEVICE_DAYS = 365


def name_wait(username: str, now: datetime.datetime | None = None) -> int:
    """Whole seconds until `username` may try again (0: now)."""
    now = now or timezone.now()
    since = now - datetime.timedelta(hours=float(settings.AXES_COOLOFF_TIME))
    found = AccessAttempt.objects.filter(username=username, attempt_time__gte=since).aggregate(
        failures=Sum("failures_since_start"), last=Max("attempt_time")
    )
    beyond = (found["failures"] or 0) - settings.LOGIN_NAME_FREE_TRIES
    if beyond <= 0 or found["last"] is None:
        return 0
    delay = min(float(settings.LOGIN_NAME_MAX_DELAY), 2.0 ** min(beyond, 30))
    left: float = (found["last"] + datetime.timedelta(seconds=delay) - now).total_seconds()
    return max(0, math.ceil(left))


def known_device(request: HttpRequest, username: str) -> bool:
    """Whether this browser logged in as `username` before (its signed cookie says so)."""
    value = request.COOKIES.get(DEVICE_COOKIE)
    if not value or not username:
        return False
    try:
        names = signing.loads(value, salt=_SALT, max_age=datetime.timedelta(days=_DEVICE_DAYS))
    except signing.BadSignature:
        return False
    return isinstance(names, list) and username in names


def remember_device(request: HttpRequest, response: HttpResponseBase, username: str) -> None:
    """After a login: this browser is a known device for `username` (and the names it had)."""
    names = [username]
    if known_device(request, username) or request.COOKIES.get(DEVICE_COOKIE):
        try:
            old = signing.loads(request.COOKIES[DEVICE_COOKIE], salt=_SALT)
        except signing.BadSignature:
            old = []
        names += [name for name in old if isinstance(name, str) and name != username][:4]
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps(names, salt=_SALT),
        max_age=_DEVICE_DAYS * 24 * 3600,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def _posted_name(request: HttpRequest, credentials: Mapping[str, object] | None) -> str:
    name = (credentials or {}).get("username")
    if name is None and request.method == "POST":
        name = request.POST.get("username")
    return name if isinstance(name, str) else ""


def whitelisted(request: HttpRequest, credentials: Mapping[str, object] | None = None) -> bool:
    """AXES_WHITELIST_CALLABLE: a known device logging in as its own name is not locked."""
    return known_device(request, _posted_name(request, credentials))


class RefuseLockedAddressMiddleware:
    """A login from a locked address is answered at once with the lockout page (429): no
    session, no form, no password hasher."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if (
            request.method == "POST"
            and request.path == reverse(settings.LOGIN_URL)
            and not AxesProxyHandler.is_allowed(request)
        ):
            response: HttpResponseBase = get_lockout_response(request)
            return response
        return self.get_response(request)
