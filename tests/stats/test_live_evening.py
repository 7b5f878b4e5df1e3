"""The live evening: the page of the evening being played asks for its games every few seconds;
while nothing changed the answer is a 304 from the league's generation, logged in or not."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.factories import GameFactory, MatchFactory, ScorekeeperFactory
from tests.markup import squeezed

pytestmark = pytest.mark.django_db


@pytest.fixture
def tonight():
    match = MatchFactory(evening__date=timezone.localdate())
    GameFactory(match=match)
    return match


def live_url(day: datetime.date) -> str:
    return reverse("stats:evening_live", args=[day.isoformat()])


def test_tonight_s_page_updates_itself_and_has_a_reload_link_without_javascript(
    client, tonight
) -> None:
    day = tonight.evening.date
    page = squeezed(client.get(reverse("stats:evening", args=[day.isoformat()])).content.decode())
    assert f'data-live="{live_url(day)}"' in page
    assert 'src="/static/js/live.js"' in page
    assert f'<a href="/spiele/abend/{day.isoformat()}/" class="live-reload">neu laden</a>' in page


def test_an_evening_of_the_past_is_a_plain_page(client) -> None:
    GameFactory(match=MatchFactory(evening__date=datetime.date(2010, 3, 5)))
    page = client.get(reverse("stats:evening", args=["2010-03-05"])).content.decode()
    assert "data-live" not in page and "live.js" not in page and "neu laden" not in page


def test_the_poll_answers_the_games_and_then_304_until_a_game_is_saved(client, tonight) -> None:
    url = live_url(tonight.evening.date)
    first = client.get(url)
    assert first.status_code == 200
    html = first.content.decode()
    assert "<html" not in html  # the games alone
    assert "1 Spiel" in html and "100:64" in html
    etag = first["ETag"]
    assert etag.startswith('W/"')
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert (again.status_code, len(again.content), len(queries)) == (304, 0, 1)  # the generation
    GameFactory(match=tonight, lost=True)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert "2 Spiele" in changed.content.decode() and changed["ETag"] != etag


def test_the_poll_answers_304_for_a_logged_in_scorekeeper_too(client, tonight) -> None:
    client.force_login(ScorekeeperFactory())
    url = live_url(tonight.evening.date)
    etag = client.get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    # The generation alone: neither the session nor the evening's games are read.
    assert len(queries) == 1, [q["sql"] for q in queries.captured_queries]


def test_the_poll_takes_the_evening_page_s_queries(client, tonight) -> None:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(live_url(tonight.evening.date))
    assert response.status_code == 200
    # The evening page's queries without the menu's (no page frame), and the generation twice:
    # once for the page cache, once for the poll's own ETag.
    assert len(queries) == 8, [q["sql"] for q in queries.captured_queries]


def test_the_poll_of_an_unknown_evening_is_not_found(client) -> None:
    assert client.get("/spiele/abend/2010-13-01/live/").status_code == 404
    assert client.get("/spiele/abend/2010-03-06/live/").status_code == 404
