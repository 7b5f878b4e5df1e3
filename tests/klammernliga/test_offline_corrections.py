"""Corrections and deletions of stored games made on the phone without a connection, as its
queue sends them (JSON): done once, and refused with the reason when someone else changed the
game meanwhile (the change then stays on the phone for a decision)."""

import pytest
from django.urls import reverse

from klammernliga import services
from klammernliga.models import Game
from tests.klammernliga.entry_pages import DAY, player

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def game(match) -> Game:
    return services.record_game(
        match=match, declarer=player("Anna"), trump="herz", bid="rein", points_a=100, points_b=64
    )


def change(game: Game, **fields: object) -> dict[str, object]:
    data: dict[str, object] = {
        "version": game.version,
        "declarer": player("Anna").pk,
        "trump": "herz",
        "bid": "rein",
        "points_a": "90",
    }
    data.update(fields)
    return data


def edit_url(game: Game) -> str:
    return reverse("entry:edit_game", args=[DAY, game.pk])


def delete_url(game: Game) -> str:
    return reverse("entry:delete_game", args=[DAY, game.pk])


def test_a_correction_is_stored_once_even_when_sent_twice(scorekeeper, game) -> None:
    sent = change(game)
    first = scorekeeper.post(edit_url(game), sent, **JSON)
    assert first.json() == {"status": "stored", "problems": [], "game": game.pk, "replay": False}
    again = scorekeeper.post(edit_url(game), sent, **JSON)  # the answer was lost on the way
    assert again.json() == {"status": "stored", "problems": [], "game": game.pk, "replay": True}
    game.refresh_from_db()
    assert (game.points_a, game.points_b, game.version) == (90, 74, 2)


def test_the_second_of_two_corrections_of_one_game_is_refused_with_the_reason(
    scorekeeper, game
) -> None:
    first_phone, second_phone = change(game, points_a="90"), change(game, points_a="80")
    assert scorekeeper.post(edit_url(game), first_phone, **JSON).json()["status"] == "stored"
    refused = scorekeeper.post(edit_url(game), second_phone, **JSON)
    assert refused.status_code == 409
    assert refused.json()["status"] == "conflict"
    assert "inzwischen von jemand anderem geändert" in refused.json()["problems"][0]
    game.refresh_from_db()
    assert game.points_a == 90


def test_a_correction_that_breaks_a_rule_is_refused_at_its_field(scorekeeper, game) -> None:
    refused = scorekeeper.post(edit_url(game), change(game, points_b="100"), **JSON)
    assert refused.status_code == 422
    assert any("ergeben zusammen" in text for text in refused.json()["problems"])


def test_a_correction_of_a_game_deleted_meanwhile_says_so(scorekeeper, game) -> None:
    sent = change(game)
    services.delete_game(game=game)
    answer = scorekeeper.post(edit_url(game), sent, **JSON)
    assert answer.status_code == 409
    assert answer.json()["status"] == "deleted"


def test_a_deletion_is_done_once_and_not_over_a_change_made_meanwhile(scorekeeper, game) -> None:
    version = game.version
    services.update_game(
        game=game,
        version=version,
        declarer=player("Anna"),
        trump="herz",
        bid="rein",
        points_a=110,
        points_b=54,
    )
    refused = scorekeeper.post(delete_url(game), {"version": version}, **JSON)
    assert refused.json()["status"] == "conflict"
    assert Game.objects.filter(pk=game.pk).exists()
    deleted = scorekeeper.post(delete_url(game), {"version": version + 1}, **JSON)
    assert deleted.json()["status"] == "stored"
    assert not Game.objects.filter(pk=game.pk).exists()
    again = scorekeeper.post(delete_url(game), {"version": version + 1}, **JSON)
    assert again.json() == {"status": "stored", "problems": [], "game": game.pk, "replay": True}
