"""Who may enter results: scorekeepers (and superusers); everybody else only reads."""

import datetime
import io
import re
from urllib.parse import quote

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.urls import reverse

from klammernliga import services
from klammernliga.entry.access import SCOREKEEPER_GROUP
from klammernliga.models import Game
from tests.factories import GameFactory, MatchFactory, ScorekeeperFactory, UserFactory
from tests.markup import squeezed

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 3, 12)


@pytest.fixture
def entry_urls() -> list[str]:
    """Every page of the entry flow, with real ids."""
    match = MatchFactory(evening__date=DAY)
    game = GameFactory(match=match)
    doomed = GameFactory(match=match)
    services.delete_game(game=doomed)
    history_id = doomed.history.latest().history_id
    return [
        reverse("entry:start"),
        reverse("entry:evening", args=[DAY]),
        reverse("entry:new_match", args=[DAY]),
        reverse("entry:new_game", args=[DAY]),
        reverse("entry:edit_game", args=[DAY, game.pk]),
        reverse("entry:delete_game", args=[DAY, game.pk]),
        reverse("entry:history", args=[DAY]),
        reverse("entry:restore_game", args=[DAY, history_id]),
    ]


@pytest.mark.parametrize("method", ["get", "post"])
def test_anonymous_visitors_are_sent_to_the_login_page_from_every_entry_url(
    client, entry_urls, method
) -> None:
    for url in entry_urls:
        response = getattr(client, method)(url)
        assert response.status_code == 302, url
        assert response.url == f"/anmelden/?next={quote(url)}", url


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_logged_in_user_who_is_no_scorekeeper_gets_403_everywhere(
    client, entry_urls, method
) -> None:
    client.force_login(UserFactory())
    for url in entry_urls:
        response = getattr(client, method)(url)
        assert response.status_code == 403, url
        assert "Kein Zugang" in response.content.decode(), url
    assert Game.objects.count() == 1  # the POSTs changed nothing


def test_the_403_page_is_in_the_sites_design_and_explains_whom_to_ask(client) -> None:
    client.force_login(UserFactory(username="gast"))
    page = client.get(reverse("entry:start")).content.decode()
    assert "<title>Kein Zugang · Klammernliga</title>" in squeezed(page)
    assert "Schriftführer" in page
    assert "Angemeldet als gast" in page


def test_a_scorekeeper_and_a_superuser_may_enter(client) -> None:
    client.force_login(ScorekeeperFactory())
    assert client.get(reverse("entry:start")).status_code == 200
    client.force_login(User.objects.create_superuser("chef", password="klammern-geheim-1998"))
    assert client.get(reverse("entry:start")).status_code == 200


def test_the_scorekeepers_group_exists_after_migrating_with_its_permission() -> None:
    group = Group.objects.get(name=SCOREKEEPER_GROUP)
    codenames = set(group.permissions.values_list("codename", flat=True))
    assert {"enter_results", "change_game", "add_player", "view_team"} <= codenames


# --- login and logout ---------------------------------------------------------------------------


def test_the_login_page_logs_a_scorekeeper_in_and_goes_on_to_the_asked_page(client) -> None:
    ScorekeeperFactory(username="anna")
    page = client.get("/anmelden/?next=/erfassen/")
    assert page.status_code == 200
    assert "Anmelden" in page.content.decode()
    response = client.post(
        "/anmelden/",
        {"username": "anna", "password": "klammern-geheim-1998", "next": "/erfassen/"},
    )
    assert response.status_code == 302
    assert response.url == "/erfassen/"
    assert client.get("/erfassen/").status_code == 200


def test_a_wrong_password_is_refused_with_a_german_message(client) -> None:
    ScorekeeperFactory(username="anna")
    response = client.post("/anmelden/", {"username": "anna", "password": "falsch"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Benutzername oder Passwort ist falsch." in page
    assert "Bitte Benutzername und Passwort eingeben" not in page
    assert "_auth_user_id" not in client.session


def test_a_wrong_password_is_refused_in_english_too(client) -> None:
    ScorekeeperFactory(username="anna")
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    response = client.post("/anmelden/", {"username": "anna", "password": "falsch"})
    assert "Username or password is wrong." in response.content.decode()


def test_a_login_without_a_password_asks_for_it(client) -> None:
    response = client.post("/anmelden/", {"username": "anna", "password": ""})
    assert "Bitte das Passwort eingeben." in response.content.decode()


def test_logging_out_takes_a_post_and_says_so(client) -> None:
    client.force_login(ScorekeeperFactory())
    # A GET logs no one out: it offers the button (a form that posts) and nothing else happens.
    offered = client.get("/abmelden/")
    assert offered.status_code == 200
    assert re.search(r'<form method="post"\s+action="/abmelden/"', offered.content.decode())
    assert client.get("/erfassen/").status_code == 200
    response = client.post("/abmelden/")
    assert response.status_code == 200
    assert "Du bist abgemeldet" in response.content.decode()
    # The browser drops its cached copies of the logged-in pages.
    assert response["Clear-Site-Data"] == '"cache"'
    assert client.get("/erfassen/").status_code == 302
    # The page loaded again (a GET) says the same, and a method other than these is refused.
    assert "Du bist abgemeldet" in client.get("/abmelden/").content.decode()
    assert client.put("/abmelden/").status_code == 405


@override_settings(AXES_FAILURE_LIMIT=5)
def test_the_sixth_failed_login_is_refused_with_the_lockout_page(client) -> None:
    ScorekeeperFactory(username="anna")
    for attempt in range(5):  # the address is counted, whatever the names
        client.post("/anmelden/", {"username": f"gast{attempt}", "password": "falsch"})
    # Even the right password is refused now from this address: the lock holds for a while.
    response = client.post("/anmelden/", {"username": "anna", "password": "klammern-geheim-1998"})
    assert response.status_code == 429
    page = response.content.decode()
    assert "Anmeldung vorübergehend gesperrt" in page
    assert "Nach 5 Fehlversuchen" in page
    assert "für 15 Minuten gesperrt" in page
    assert "0:15:00" not in page
    assert "_auth_user_id" not in client.session


# --- the first scorekeeper ----------------------------------------------------------------------


def test_create_scorekeeper_creates_a_user_in_the_group_from_an_environment_password(
    monkeypatch, client
) -> None:
    monkeypatch.setenv("KL_PASSWORD", "ein-langes-passwort-98")
    out = io.StringIO()
    call_command("create_scorekeeper", "anna", "--password-from-env", "KL_PASSWORD", stdout=out)
    assert "Created scorekeeper anna" in out.getvalue()
    user = User.objects.get(username="anna")
    assert user.has_perm("klammernliga.enter_results")
    response = client.post("/anmelden/", {"username": "anna", "password": "ein-langes-passwort-98"})
    assert response.status_code == 302


def test_create_scorekeeper_makes_an_existing_user_a_scorekeeper_keeping_the_password() -> None:
    UserFactory(username="bernd")
    call_command("create_scorekeeper", "bernd", stdout=io.StringIO())
    user = User.objects.get(username="bernd")
    assert user.groups.filter(name=SCOREKEEPER_GROUP).exists()
    assert user.check_password("klammern-geheim-1998")


def test_create_scorekeeper_refuses_without_a_password_or_with_a_weak_one(monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO())
    with pytest.raises(CommandError, match="No password"):
        call_command("create_scorekeeper", "carl", stdout=io.StringIO())
    monkeypatch.setenv("KL_PASSWORD", "123")
    with pytest.raises(CommandError, match="zu kurz"):
        call_command("create_scorekeeper", "carl", "--password-from-env", "KL_PASSWORD")
    monkeypatch.delenv("KL_PASSWORD")
    with pytest.raises(CommandError, match="not set"):
        call_command("create_scorekeeper", "carl", "--password-from-env", "KL_PASSWORD")
    assert not User.objects.filter(username="carl").exists()
