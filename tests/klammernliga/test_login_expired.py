"""A save without a login says so to the phone's queue: JSON (status "later", so the phone keeps
its games), not the login page; a browser still goes to the login page."""

from __future__ import annotations

import pytest

from klammernliga.models import Game
from tests.klammernliga.entry_pages import NEW_GAME, game_data

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
AGAIN = "Bitte neu anmelden; die Spiele bleiben auf diesem Telefon."


def test_a_logged_out_save_answers_401_json_not_the_login_page(client, match) -> None:
    response = client.post(NEW_GAME, game_data(match), **JSON)
    assert response.status_code == 401
    assert response.json() == {"status": "later", "reason": "login", "problems": [AGAIN]}
    assert not Game.objects.exists()


def test_a_logged_out_browser_save_still_goes_to_the_login_page(client, match) -> None:
    response = client.post(NEW_GAME, game_data(match))
    assert response.status_code == 302
    assert "/anmelden/" in response.url
