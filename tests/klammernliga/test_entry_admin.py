"""The admin cannot store an invalid game: games, melds and matches are read-only there and
link to the entry pages; deleting goes through the services, so it stays restorable."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from klammernliga.models import Evening, Game, Participation
from tests.factories import GameFactory
from tests.klammernliga.entry_pages import DAY, anna_bernd_vs_carl_dora

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("chef", password="klammern-geheim-1998"))
    return client


@pytest.fixture
def game():
    return GameFactory(match=anna_bernd_vs_carl_dora())


def test_a_game_in_the_admin_is_read_only_and_links_to_its_entry_page(admin_client, game) -> None:
    page = admin_client.get(reverse("admin:klammernliga_game_change", args=[game.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert reverse("entry:edit_game", args=[DAY, game.pk]) in html
    assert 'name="points_a"' not in html
    assert admin_client.get(reverse("admin:klammernliga_game_add")).status_code == 403


def test_an_invalid_game_cannot_be_saved_through_the_admin(admin_client, game) -> None:
    response = admin_client.post(
        reverse("admin:klammernliga_game_change", args=[game.pk]),
        {"points_a": "10", "points_b": "10", "trump": "herz", "bid": "besser", "re": "on"},
    )
    assert response.status_code == 403
    game.refresh_from_db()
    assert (game.points_a, game.bid, game.re) == (100, "rein", False)


def test_an_old_version_cannot_be_reverted_to_through_the_admin_history(admin_client, game) -> None:
    record = game.history.earliest()
    url = reverse("admin:klammernliga_game_simple_history", args=[game.pk, record.history_id])
    assert admin_client.get(url).status_code == 200
    assert admin_client.post(url, {"points_a": "0", "points_b": "0"}).status_code == 403


def test_a_match_cannot_get_other_teams_in_the_admin(admin_client, game) -> None:
    url = reverse("admin:klammernliga_match_change", args=[game.match_id])
    assert admin_client.post(url, {"team_a": game.match.team_b_id}).status_code == 403


def test_deleting_a_game_in_the_admin_goes_through_the_services(admin_client, game) -> None:
    second = GameFactory(match=game.match)
    response = admin_client.post(
        reverse("admin:klammernliga_game_delete", args=[game.pk]), {"post": "yes"}
    )
    assert response.status_code == 302
    second.refresh_from_db()
    assert (second.position, second.score_a) == (1, 1)
    entry = admin_client.get(reverse("entry:evening", args=[DAY])).content.decode()
    assert ">Wiederherstellen</button>" in entry


def test_moving_an_evening_to_another_date_in_the_admin_moves_its_results(
    admin_client, game
) -> None:
    evening = Evening.objects.get()
    response = admin_client.post(
        reverse("admin:klammernliga_evening_change", args=[evening.pk]),
        {"date": "2025-12-30", "place": "Kiel", "notes": "",
         "matches-TOTAL_FORMS": "1", "matches-INITIAL_FORMS": "1",
         "matches-MIN_NUM_FORMS": "0", "matches-MAX_NUM_FORMS": "1000",
         "matches-0-id": str(game.match_id), "matches-0-evening": str(evening.pk)},
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()[:2000]
    assert set(Participation.objects.values_list("date", flat=True)) == {
        datetime.date(2025, 12, 30)
    }


def test_deleting_an_evening_in_the_admin_removes_its_results(admin_client, game) -> None:
    evening = Evening.objects.get()
    admin_client.post(
        reverse("admin:klammernliga_evening_delete", args=[evening.pk]), {"post": "yes"}
    )
    assert not Game.objects.exists()
    assert not Participation.objects.exists()
