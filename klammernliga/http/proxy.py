"""The client's address behind the documented reverse proxy, for django-axes' lockout."""

from __future__ import annotations

import ipaddress

from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    """The right-most address of X-Forwarded-For: the one our own proxy appended (entries left
    of it are whatever the client claimed). Without the header, the connection's address."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    candidate = forwarded.rsplit(",", 1)[-1].strip()
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return request.META.get("REMOTE_ADDR")
