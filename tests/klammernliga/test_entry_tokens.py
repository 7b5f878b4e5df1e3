"""A game form's one-time token belongs to the game and the scorekeeper it was made for: a
replay of that game answers "stored", another game or another scorekeeper with a used token is
refused (409) and nothing is stored; a restored game gets its token back."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from klammernliga import services
from klammernliga.models import Game
from tests.factories import ScorekeeperFactory
from tests.klammernliga.entry_pages import NEW_GAME, form_problems, game_data

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
USED = "Dieses Formular wurde schon für ein anderes Spiel verwendet"


def test_a_replay_of_the_same_game_is_answered_stored(scorekeeper, match) -> None:
    data = game_data(match, token=str(uuid.uuid4()))
    first = scorekeeper.post(NEW_GAME, data, **JSON).json()
    again = scorekeeper.post(NEW_GAME, data, **JSON)
    assert again.status_code == 200
    assert again.json() == {"status": "stored", "problems": [], "game": first["game"],
                            "replay": True}  # fmt: skip
    assert Game.objects.count() == 1


def test_a_used_token_with_another_game_is_refused_with_409(scorekeeper, match) -> None:
    token = str(uuid.uuid4())
    scorekeeper.post(NEW_GAME, game_data(match, token=token), **JSON)
    other = scorekeeper.post(
        NEW_GAME, game_data(match, token=token, points_a="64", points_b="100"), **JSON
    )
    assert other.status_code == 409
    answer = other.json()
    assert (answer["status"], answer["reason"]) == ("conflict", "token_used")
    assert answer["problems"][0].startswith(USED)
    assert list(Game.objects.values_list("points_a", flat=True)) == [100]


def test_a_used_token_from_the_html_form_shows_the_message_and_keeps_the_game(
    scorekeeper, match
) -> None:
    token = str(uuid.uuid4())
    scorekeeper.post(NEW_GAME, game_data(match, token=token))
    other = scorekeeper.post(NEW_GAME, game_data(match, token=token, kontra="on"))
    assert other.status_code == 409
    page = other.content.decode()
    assert any(p.startswith(USED) for p in form_problems(page)), form_problems(page)
    assert token not in page  # the form comes back with a fresh token
    assert Game.objects.count() == 1


def test_a_used_token_of_another_scorekeeper_is_refused(client, match) -> None:
    anna, bert = ScorekeeperFactory(), ScorekeeperFactory()
    data = game_data(match, token=str(uuid.uuid4()))
    client.force_login(anna)
    client.post(NEW_GAME, data, **JSON)
    other = Client()
    other.force_login(bert)
    answer = other.post(NEW_GAME, data, **JSON)
    assert answer.status_code == 409
    assert answer.json()["status"] == "conflict"
    assert Game.objects.count() == 1


def test_a_restored_game_gets_its_token_back(scorekeeper, match) -> None:
    data = game_data(match, token=str(uuid.uuid4()))
    scorekeeper.post(NEW_GAME, data, **JSON)
    game = Game.objects.get()
    services.delete_game(game=game)
    assert scorekeeper.post(NEW_GAME, data, **JSON).json()["status"] == "deleted"
    deleted = Game.history.filter(id=game.pk, history_type="-").get()
    services.restore_game(deleted.history_id)
    again = scorekeeper.post(NEW_GAME, data, **JSON)
    assert (again.status_code, again.json()["status"]) == (200, "stored")
    assert again.json()["game"] == game.pk
    assert Game.objects.count() == 1
