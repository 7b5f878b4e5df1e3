"""The login throttle: a flood from one address is refused with 429 before the password hasher,
whatever the names; one name waits ever longer across addresses but is never locked; a browser
that logged in before is not locked out by others at its address; behind the proxy the
forwarded address counts."""

from __future__ import annotations

import datetime
import uuid

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.test import Client, override_settings

from klammernliga.http.login_throttle import DEVICE_COOKIE, name_wait
from tests.factories import ScorekeeperFactory

pytestmark = pytest.mark.django_db

PASSWORD = "klammern-geheim-1998"


def login(client: Client, username: str, password: str, address: str = "203.0.113.9"):
    return client.post(
        "/anmelden/", {"username": username, "password": password}, REMOTE_ADDR=address
    )


@pytest.fixture
def hashes(monkeypatch) -> list[int]:
    """Counts the password hasher's runs."""
    runs: list[int] = []
    encode = PBKDF2PasswordHasher.encode

    def counting(self, password, salt, iterations=None):
        runs.append(1)
        return encode(self, password, salt, iterations)

    monkeypatch.setattr(PBKDF2PasswordHasher, "encode", counting)
    return runs


@override_settings(AXES_FAILURE_LIMIT=20)
def test_a_flood_of_random_names_from_one_address_gets_429_before_the_hasher(hashes) -> None:
    flood = Client()
    for n in range(19):
        assert login(flood, uuid.uuid4().hex, "x").status_code == 200, n
    assert login(flood, uuid.uuid4().hex, "x").status_code == 429  # the 20th failure locks
    ran = len(hashes)
    for _ in range(10):
        refused = login(flood, uuid.uuid4().hex, "x")
        assert refused.status_code == 429
        assert "Anmeldung vorübergehend gesperrt" in refused.content.decode()
        assert "Nach 20 Fehlversuchen von dieser Adresse" in refused.content.decode()
    assert len(hashes) == ran  # no hasher for a refused try
    # Another address is not touched.
    assert login(Client(), uuid.uuid4().hex, "x", "198.51.100.7").status_code == 200


def test_one_name_waits_ever_longer_across_addresses_and_no_hasher_runs_while_it_waits(
    hashes,
) -> None:
    ScorekeeperFactory(username="anna")
    for n in range(3):  # the free tries, each from its own address
        assert login(Client(), "anna", "falsch", f"2001:db8::{n + 1}").status_code == 200
    assert name_wait("anna") == 0
    assert login(Client(), "anna", "falsch", "2001:db8::4").status_code == 200
    assert name_wait("anna") > 0
    ran = len(hashes)
    waiting = login(Client(), "anna", PASSWORD, "2001:db8::99")  # even the right password waits
    assert waiting.status_code == 200
    assert "Zu viele Fehlversuche mit diesem Namen" in waiting.content.decode()
    assert len(hashes) == ran
    assert "_auth_user_id" not in Client().session


def test_the_wait_doubles_and_is_capped(settings) -> None:
    now = datetime.datetime(2030, 1, 1, 12, tzinfo=datetime.UTC)
    attempt = AccessAttempt.objects.create(
        username="anna", ip_address="203.0.113.9", user_agent="", failures_since_start=3,
        get_data="", post_data="", http_accept="", path_info="/anmelden/",
    )  # fmt: skip
    AccessAttempt.objects.update(attempt_time=now)  # (it is set on creation)
    assert name_wait("anna", now) == 0
    waits = []
    for failures in (4, 5, 6, 12):
        AccessAttempt.objects.filter(pk=attempt.pk).update(failures_since_start=failures)
        waits.append(name_wait("anna", now))
    assert waits == [2, 4, 8, 300]
    settings.LOGIN_NAME_MAX_DELAY = 60
    assert name_wait("anna", now) == 60
    # A delay, not a lock: once it has passed, the name may try again.
    assert name_wait("anna", now + datetime.timedelta(seconds=61)) == 0


def test_after_the_wait_the_right_password_gets_in(client) -> None:
    ScorekeeperFactory(username="anna")
    for n in range(5):
        login(Client(), "anna", "falsch", f"2001:db8::{n + 1}")
    past = datetime.timedelta(seconds=301)
    AccessAttempt.objects.update(attempt_time=datetime.datetime.now(datetime.UTC) - past)
    assert login(client, "anna", PASSWORD).status_code == 302


@override_settings(AXES_FAILURE_LIMIT=20)
def test_no_one_at_the_same_address_locks_the_scorekeeper_out_of_his_browser() -> None:
    ScorekeeperFactory(username="anna")
    own = Client()
    assert login(own, "anna", PASSWORD).status_code == 302
    assert DEVICE_COOKIE in own.cookies
    own.post("/abmelden/")
    neighbour = Client()
    for _ in range(25):
        login(neighbour, uuid.uuid4().hex, "x")
    for _ in range(5):
        login(neighbour, "anna", "falsch")
    assert login(neighbour, "anna", PASSWORD).status_code == 429
    # The same address, his own browser: in at once, neither locked nor waiting.
    assert login(own, "anna", PASSWORD).status_code == 302
    # The cookie is for his name only: another name from his browser is locked as before.
    own.post("/abmelden/")
    assert login(own, "bernd", "x").status_code == 429


def test_a_forged_device_cookie_counts_for_nothing() -> None:
    ScorekeeperFactory(username="anna")
    for n in range(4):
        login(Client(), "anna", "falsch", f"2001:db8::{n + 1}")
    forged = Client()
    forged.cookies[DEVICE_COOKIE] = '["anna"]:1a2b3c:forged'
    response = login(forged, "anna", PASSWORD)
    assert "Zu viele Fehlversuche mit diesem Namen" in response.content.decode()


@override_settings(
    AXES_CLIENT_IP_CALLABLE="klammernliga.http.proxy.client_ip", AXES_FAILURE_LIMIT=20
)
def test_behind_the_proxy_the_forwarded_address_counts() -> None:
    def via_proxy(client: Client, address: str):
        return client.post(
            "/anmelden/",
            {"username": uuid.uuid4().hex, "password": "x"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=f"10.9.9.9, {address}",
        )

    flood = Client()
    for _ in range(20):
        via_proxy(flood, "203.0.113.9")
    assert via_proxy(flood, "203.0.113.9").status_code == 429
    assert via_proxy(Client(), "198.51.100.7").status_code == 200


@override_settings(AXES_FAILURE_LIMIT=20)
def test_the_lockout_page_speaks_english_to_who_chose_it() -> None:
    flood = Client()
    flood.cookies["django_language"] = "en"
    for _ in range(21):
        response = login(flood, uuid.uuid4().hex, "x")
    assert response.status_code == 429
    assert '<html lang="en">' in response.content.decode()
