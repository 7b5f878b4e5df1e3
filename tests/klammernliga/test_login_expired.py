"""A save without a login says so to the phone's queue: JSON (status "later", so the phone keeps
its games), not the login page; a browser still goes to the login page."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from klammernliga.models import Game
from tests.factories import ScorekeeperFactory
from tests.klammernliga.entry_pages import DAY, NEW_GAME, game_data

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


def test_after_logging_in_again_the_way_back_leads_to_the_evening_not_an_empty_405(
    client, match
) -> None:
    # Without JavaScript a form sent without a login is not stored; the login's way back is a
    # GET of the form's address, which leads to the evening's page, where the game is typed again.
    sent = client.post(NEW_GAME, game_data(match))
    back = parse_qs(urlsplit(sent.url).query)["next"][0]
    client.force_login(ScorekeeperFactory())
    page = client.get(back, follow=True)
    assert page.redirect_chain == [(reverse("entry:evening", args=[DAY]), 302)]
    assert page.status_code == 200
    assert 'id="neues-spiel"' in page.content.decode()
    assert not Game.objects.exists()


def test_every_post_only_entry_address_sends_a_get_to_its_page_and_refuses_other_methods(
    scorekeeper, match
) -> None:
    evening, history = (reverse(f"entry:{name}", args=[DAY]) for name in ("evening", "history"))
    for address, page in (
        (NEW_GAME, evening),
        (reverse("entry:new_match", args=[DAY]), evening),
        (reverse("entry:restore_game", args=[DAY, 1]), history),
    ):
        assert scorekeeper.get(address).headers["Location"] == page
        assert scorekeeper.head(address).status_code == 302
        assert scorekeeper.put(address).status_code == 405
