"""A game typed in a Partie the phone began without a connection: it names its Partie by the four
players and its evening by the date, and the server opens both in the game's transaction."""

import datetime
import uuid

import pytest
from django.urls import reverse

from klammernliga.models import Evening, Game, Match
from tests.factories import PlayerFactory
from tests.klammernliga.entry_pages import anna_bernd_vs_carl_dora, player
from tests.markup import squeezed

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
NEW_DAY = datetime.date(2026, 3, 19)
NEW_GAME = reverse("entry:new_game", args=[NEW_DAY])


@pytest.fixture
def four(db) -> list[int]:
    return [PlayerFactory(name=name).pk for name in ("Anna", "Bernd", "Carl", "Dora")]


def offline_game(players: list[int], **fields: object) -> dict[str, object]:
    """The fields of a game typed in a Partie begun on the phone: Anna plays Herz rein, 100:64."""
    data: dict[str, object] = {
        "match": "",
        "partie-player_a1": players[0],
        "partie-player_a2": players[1],
        "partie-player_b1": players[2],
        "partie-player_b2": players[3],
        "place": "Bei Anna",
        "token": str(uuid.uuid4()),
        "declarer": players[0],
        "trump": "herz",
        "bid": "rein",
        "points_a": "100",
    }
    data.update(fields)
    return data


def test_the_first_game_opens_the_evening_and_the_partie(scorekeeper, four) -> None:
    response = scorekeeper.post(NEW_GAME, offline_game(four), **JSON)
    assert response.status_code == 200, response.content
    game = Game.objects.select_related("match__evening").get()
    assert response.json() == {"status": "stored", "problems": [], "game": game.pk, "replay": False}
    evening = Evening.objects.get()
    assert (evening.date, evening.place) == (NEW_DAY, "Bei Anna")
    assert (game.match.evening, game.match.position, game.points_a, game.points_b) == (
        evening,
        1,
        100,
        64,
    )
    assert str(game.match.team_a) == "Anna & Bernd"


def test_the_next_games_of_the_same_four_go_on_in_that_partie(scorekeeper, four) -> None:
    scorekeeper.post(NEW_GAME, offline_game(four), **JSON)
    scorekeeper.post(NEW_GAME, offline_game(four, declarer=four[2], points_a="40"), **JSON)
    # The same teams seated the other way round are the same Partie.
    swapped = [four[2], four[3], four[0], four[1]]
    third = offline_game(swapped, points_a="70", terz_a="1", last_typed="points_a")
    scorekeeper.post(NEW_GAME, third, **JSON)
    assert Match.objects.count() == 1
    games = list(Game.objects.order_by("position"))
    assert [(g.position, g.points_a, g.points_b) for g in games] == [
        (1, 100, 64),
        (2, 40, 124),
        (3, 114, 70),
    ]
    # Every number stays with the team it was typed for: Carl & Dora's 70 and their Terz.
    assert [(m.side, m.kind) for m in games[2].melds.all()] == [("b", "terz")]


def test_a_partie_begun_online_is_continued_by_a_game_naming_its_players(scorekeeper) -> None:
    match = anna_bernd_vs_carl_dora(NEW_DAY)
    four = [player(name).pk for name in ("Anna", "Bernd", "Carl", "Dora")]
    response = scorekeeper.post(NEW_GAME, offline_game(four), **JSON)
    assert response.json()["status"] == "stored"
    assert Game.objects.get().match == match
    assert Evening.objects.count() == 1


def test_a_refused_game_leaves_neither_evening_nor_partie(scorekeeper, four) -> None:
    response = scorekeeper.post(
        NEW_GAME, offline_game(four, points_a="100", points_b="100"), **JSON
    )
    assert response.status_code == 422
    assert response.json()["status"] == "refused"
    assert any("Punkte" in text for text in response.json()["problems"])
    assert (Evening.objects.count(), Match.objects.count(), Game.objects.count()) == (0, 0, 0)


def test_a_player_twice_or_a_new_name_is_refused_with_a_message(scorekeeper, four) -> None:
    twice = scorekeeper.post(NEW_GAME, offline_game([four[0], four[0], four[2], four[3]]), **JSON)
    assert twice.status_code == 422
    assert twice.json()["problems"]
    named = offline_game(four, **{"partie-player_b2": "", "partie-new_b2": "Egon"})
    new_name = scorekeeper.post(NEW_GAME, named, **JSON)
    assert new_name.json() == {
        "status": "refused",
        "problems": ["Neue Spieler lassen sich nur mit Verbindung anlegen."],
    }
    assert (Evening.objects.count(), Game.objects.count()) == (0, 0)


def test_a_replay_is_the_stored_game_and_its_token_with_other_players_a_conflict(
    scorekeeper, four
) -> None:
    sent = offline_game(four)
    first = scorekeeper.post(NEW_GAME, sent, **JSON).json()
    again = scorekeeper.post(NEW_GAME, sent, **JSON)
    assert again.json() == {
        "status": "stored",
        "problems": [],
        "game": first["game"],
        "replay": True,
    }
    others = [four[0], four[2], four[1], four[3]]
    conflict = scorekeeper.post(NEW_GAME, offline_game(others, token=sent["token"]), **JSON)
    assert conflict.status_code == 409
    assert conflict.json()["status"] == "conflict"
    assert (Match.objects.count(), Game.objects.count()) == (1, 1)


# --- an evening not yet begun ---------------------------------------------------------------


def test_an_evening_not_yet_begun_shows_the_form_of_its_first_partie(scorekeeper, four) -> None:
    page = scorekeeper.get(reverse("entry:evening", args=[NEW_DAY])).content.decode()
    assert "Abend am 19.03.2026" in page
    assert "Dieser Abend hat noch nicht begonnen" in page
    assert "Partie beginnen: die zwei Teams" in page
    # The game form is there for a Partie the phone may begin offline, hidden until then.
    assert '<section class="new-game" id="neues-spiel" tabindex="-1"' in squeezed(page)
    assert "hidden data-begun-offline" in page
    assert Evening.objects.count() == 0  # looking writes nothing


def test_the_first_partie_begins_the_evening_and_a_refused_one_leaves_none(
    scorekeeper, four
) -> None:
    url = reverse("entry:new_match", args=[NEW_DAY])
    seats = dict(zip([f"partie-player_{s}" for s in ("a1", "a2", "b1", "b2")], four, strict=True))
    twice = scorekeeper.post(url, {**seats, "partie-player_b2": four[0]})
    assert twice.status_code == 200
    assert Evening.objects.count() == 0
    response = scorekeeper.post(url, seats)
    assert response.status_code == 302
    assert Match.objects.get().evening.date == NEW_DAY


def test_the_blank_evening_is_today_s_for_the_service_worker(scorekeeper, four) -> None:
    from django.utils import timezone

    response = scorekeeper.get(reverse("entry:blank_evening"))
    assert response.status_code == 200
    today = timezone.localdate()
    assert f'data-date="{today:%Y-%m-%d}"' in response.content.decode()
    assert 'data-date-pattern="d.m.Y"' in response.content.decode()
