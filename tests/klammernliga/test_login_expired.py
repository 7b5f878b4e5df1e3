"""An expired login or a refused CSRF token on a game save says so: JSON (status "later", so the
phone keeps its games) to the queue, a German page to the browser."""

from __future__ import annotations

import pytest
from django.test import Client

from klammernliga.models import Game
from tests.factories import ScorekeeperFactory
from tests.klammernliga.entry_pages import NEW_GAME, game_data

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
AGAIN = "Bitte neu anmelden; die Spiele bleiben auf diesem Telefon."


def test_a_refused_csrf_token_answers_json_to_the_queue(match) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(ScorekeeperFactory())
    response = client.post(NEW_GAME, game_data(match), **JSON)
    assert response.status_code == 403
    assert response.json() == {"status": "later", "reason": "csrf", "problems": [AGAIN]}
    assert not Game.objects.exists()


def test_a_refused_csrf_token_shows_a_german_page_to_the_browser(match) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(ScorekeeperFactory())
    response = client.post(NEW_GAME, game_data(match))
    assert response.status_code == 403
    page = response.content.decode()
    assert "Bitte neu anmelden" in page
    assert "es wurde nichts gespeichert" in page


def test_a_logged_out_save_answers_401_json_not_the_login_page(client, match) -> None:
    response = client.post(NEW_GAME, game_data(match), **JSON)
    assert response.status_code == 401
    assert response.json() == {"status": "later", "reason": "login", "problems": [AGAIN]}
    assert not Game.objects.exists()


def test_a_logged_out_browser_save_still_goes_to_the_login_page(client, match) -> None:
    response = client.post(NEW_GAME, game_data(match))
    assert response.status_code == 302
    assert "/anmelden/" in response.url
