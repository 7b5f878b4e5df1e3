"""A refused CSRF token (an expired login, a page open for days): the browser gets the site's
page in its frame and its "du"; the phone's queue gets JSON that keeps its games."""

import uuid

import pytest
from django.test import Client

from klammernliga.models import Game
from tests.factories import ScorekeeperFactory
from tests.klammernliga.entry_pages import NEW_GAME, game_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def strict(match) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(ScorekeeperFactory())
    return client


def test_a_refused_token_gets_the_framed_page_in_du(strict, match) -> None:
    response = strict.post(NEW_GAME, game_data(match, token=str(uuid.uuid4())))
    assert response.status_code == 403
    page = response.content.decode()
    assert '<header class="site-header">' in page
    assert "Das Formular ist abgelaufen" in page
    assert "melde dich wieder an" in page and "Sie " not in page
    assert Game.objects.count() == 0


def test_the_phones_queue_is_told_to_log_in_again_and_keeps_its_games(strict, match) -> None:
    response = strict.post(
        NEW_GAME, game_data(match, token=str(uuid.uuid4())), HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 403
    assert response.json() == {
        "status": "later",
        "reason": "csrf",
        "problems": ["Bitte neu anmelden; die Spiele bleiben auf diesem Telefon."],
    }
    assert Game.objects.count() == 0
