"""The login lock counts the real client behind the proxy."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys

import pytest
from axes.models import AccessAttempt
from django.db.models import F
from django.test import override_settings

from tests.factories import ScorekeeperFactory
from tests.klammernliga.doors import ROOT

pytestmark = pytest.mark.django_db


def login(client, password: str, address: str, username: str = "anna"):
    return client.post(
        "/anmelden/",
        {"username": username, "password": password},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_FORWARDED_FOR=f"10.9.9.9, {address}",  # the left entry is the client's own claim
    )


@override_settings(
    AXES_CLIENT_IP_CALLABLE="klammernliga.http.proxy.client_ip", AXES_FAILURE_LIMIT=5
)
def test_behind_the_proxy_one_client_cannot_lock_out_another(client) -> None:
    ScorekeeperFactory(username="anna")
    for attempt in range(6):
        login(client, "falsch", "203.0.113.9", f"gast{attempt}")
    assert login(client, "klammern-geheim-1998", "203.0.113.9").status_code == 429
    other = type(client)()
    assert login(other, "klammern-geheim-1998", "198.51.100.7").status_code == 302


@override_settings(AXES_FAILURE_LIMIT=5)
def test_tries_during_the_lock_do_not_restart_it(client) -> None:
    ScorekeeperFactory(username="anna")
    login(client, "falsch", "203.0.113.9", "gast")
    AccessAttempt.objects.update(failures_since_start=4)
    login(client, "falsch", "203.0.113.9", "gast")  # the fifth failure: locked
    attempts = AccessAttempt.objects.all()
    attempts.update(attempt_time=F("attempt_time") - datetime.timedelta(minutes=14))
    for _attempt in range(3):
        assert login(client, "falsch", "203.0.113.9").status_code == 429
    attempts.update(attempt_time=F("attempt_time") - datetime.timedelta(minutes=2))
    assert login(client, "klammern-geheim-1998", "203.0.113.9").status_code == 302


def test_behind_proxy_makes_axes_read_the_forwarded_address() -> None:
    env = {k: os.environ[k] for k in ("PATH", "HOME") if k in os.environ}
    code = "import klammernliga.config.settings as s; print(s.AXES_CLIENT_IP_CALLABLE)"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**env, "DEBUG": "1", "BEHIND_PROXY": "1"}, timeout=60)  # fmt: skip
    assert run.stdout.strip() == "klammernliga.http.proxy.client_ip", run.stderr
