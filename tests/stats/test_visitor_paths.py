"""Where a visitor goes from the frame: the home page to the last evening (and its live view),
the header's language switch; a pairing that cannot exist is not found."""

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from klammernliga.models import Match
from tests.factories import GameFactory, MatchFactory, TeamFactory

pytestmark = pytest.mark.django_db


def test_the_home_page_leads_to_the_last_evening(league, client) -> None:
    html = client.get("/").content.decode()
    assert '<a class="more" href="/spiele/abend/2011-01-10/">' in html
    assert "Alle Spiele des Abends" in html
    assert client.get("/spiele/abend/2011-01-10/").status_code == 200


def test_while_the_last_evening_is_played_the_home_page_leads_to_its_live_view(client) -> None:
    today = timezone.localdate()
    GameFactory(match=MatchFactory(evening__date=today))
    html = client.get("/").content.decode()
    assert f'href="/spiele/abend/{today.isoformat()}/"' in html
    assert "Den Abend live verfolgen" in html
    evening = client.get(f"/spiele/abend/{today.isoformat()}/").content.decode()
    assert "data-live=" in evening


def test_an_evening_of_last_week_is_not_live(client) -> None:
    GameFactory(match=MatchFactory(evening__date=timezone.localdate() - datetime.timedelta(days=7)))
    html = client.get("/").content.decode()
    assert "Alle Spiele des Abends" in html and "live verfolgen" not in html


def test_a_team_against_itself_is_not_found(client) -> None:
    team = TeamFactory()
    response = client.get(f"/teams/{team.pk}/{team.pk}/")
    assert response.status_code == 404
    assert "Diese Seite gibt es nicht" in response.content.decode()


def test_two_teams_that_share_a_player_never_met_and_are_not_found(client) -> None:
    team = TeamFactory()
    partner_swap = TeamFactory(player_1=team.player_1)
    assert client.get(f"/teams/{team.pk}/{partner_swap.pk}/").status_code == 404


def test_two_teams_that_met_have_their_page(league, client) -> None:
    match = Match.objects.first()
    assert client.get(f"/teams/{match.team_a_id}/{match.team_b_id}/").status_code == 200


def test_the_language_switch_is_at_the_top_of_every_page(client) -> None:
    html = client.get("/regeln/").content.decode()
    header = html.split('<header class="site-header">', 1)[1].split("</header>", 1)[0]
    assert '<form class="language-switch" action="/i18n/setlang/" method="post">' in header
    assert 'value="en" lang="en"' in header
    assert "language-switch" not in html.split("</header>", 1)[1]
    english = Client()
    english.cookies["django_language"] = "en"
    header = english.get("/regeln/").content.decode().split("</header>", 1)[0]
    assert 'value="de" lang="de"' in header and "Deutsch" in header
