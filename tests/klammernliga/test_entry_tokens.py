"""A game form's one-time token belongs to the game it stored and to its scorekeeper: the same
form again is that game (a double tap, a lost answer), anything else sent with the token is
refused with 409 and stores nothing; a restored game has its token back."""

import uuid

import pytest
from django.test import Client

from klammernliga import services
from klammernliga.models import Game
from tests.factories import MatchFactory, ScorekeeperFactory
from tests.klammernliga.entry_pages import NEW_GAME, game_data

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
CONFLICT = "dieses Formular hat schon ein anderes Spiel gespeichert"


def stored_once(client, match, **fields) -> dict[str, object]:
    data = game_data(match, token=str(uuid.uuid4()), **fields)
    assert client.post(NEW_GAME, data, **JSON).json()["status"] == "stored"
    return data


def test_the_same_form_again_is_the_stored_game(scorekeeper, match) -> None:
    data = stored_once(scorekeeper, match)
    again = scorekeeper.post(NEW_GAME, data, **JSON)
    assert again.status_code == 200
    assert again.json() == {"status": "stored", "problems": [], "game": Game.objects.get().pk,
                            "replay": True}  # fmt: skip


def test_a_used_token_with_another_game_is_refused_with_409(scorekeeper, match) -> None:
    data = stored_once(scorekeeper, match)
    other = {**data, "points_a": "64", "points_b": "100"}
    response = scorekeeper.post(NEW_GAME, other, **JSON)
    assert response.status_code == 409
    assert response.json()["status"] == "conflict"
    assert CONFLICT in response.json()["problems"][0]
    assert list(Game.objects.values_list("points_a", "points_b")) == [(100, 64)]


def test_a_used_token_in_the_browsers_form_gets_the_page_with_the_message_and_409(
    scorekeeper, match
) -> None:
    data = stored_once(scorekeeper, match)
    response = scorekeeper.post(NEW_GAME, {**data, "trump": "pik"})
    assert response.status_code == 409
    assert CONFLICT in response.content.decode()
    assert Game.objects.get().trump == "herz"


def test_a_used_token_sent_by_another_scorekeeper_is_refused(scorekeeper, match) -> None:
    data = stored_once(scorekeeper, match)
    bert = Client()
    bert.force_login(ScorekeeperFactory(username="bert"))
    response = bert.post(NEW_GAME, data, **JSON)
    assert response.status_code == 409
    assert response.json()["status"] == "conflict"
    assert Game.objects.count() == 1


def test_a_used_token_in_another_partie_is_refused(scorekeeper, match) -> None:
    data = stored_once(scorekeeper, match)
    other = MatchFactory(evening=match.evening, team_a=match.team_a, team_b=match.team_b)
    response = scorekeeper.post(NEW_GAME, {**data, "match": other.pk}, **JSON)
    assert response.status_code == 409
    assert Game.objects.count() == 1 and Game.objects.get().match == match


def test_a_restored_game_has_its_token_back(scorekeeper, match) -> None:
    data = stored_once(scorekeeper, match)
    game = Game.objects.get()
    services.delete_game(game=game)
    assert scorekeeper.post(NEW_GAME, data, **JSON).json()["status"] == "deleted"
    deletion = Game.history.get(id=game.pk, history_type="-")
    restored = services.restore_game(deletion.history_id)
    assert restored.entry_token == uuid.UUID(data["token"])
    again = scorekeeper.post(NEW_GAME, data, **JSON)
    assert again.status_code == 200
    assert again.json()["status"] == "stored" and again.json()["replay"] is True
    assert Game.objects.count() == 1
