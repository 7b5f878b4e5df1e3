"""Spieler-Info's page of a player's opposing teams: every team, his figures against it, paged."""

import html
import re
from collections import defaultdict

import pytest
from django.urls import reverse

from stats.views import player_teams
from tests.factories import PlayerFactory
from tests.markup import squeezed
from tests.stats.helpers import grow_league, players_of, queries_of, raw_games, side_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def bigger(league):
    """The hand-checked league and three generated evenings."""
    grow_league(3)
    return raw_games()


def rows_of(page: str) -> list[tuple[str, list[str]]]:
    """The body rows of the page's table: the team as the reader sees it, and its cells."""
    body = page[page.index("<tbody>") : page.index("</tbody>")]
    return [
        (html.unescape(label).strip(), re.findall(r'<td class="num[^"]*">([^<]*)</td>', cells))
        for label, cells in re.findall(r'<th scope="row">([^<]*)</th>(.*?)</tr>', body, re.S)
    ]


def expected_teams(games, name: str) -> dict[str, list[int]]:
    """Per opposing team ("A & B", names in order): his games, rounds won and lost."""
    expected: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for g in games:
        side = side_of(g, name)
        if side is None:
            continue
        team = " & ".join(sorted(players_of(g, "b" if side == "a" else "a"), key=str.casefold))
        expected[team][0] += 1
        if g.ends_round:
            expected[team][1 if g.round_winner == side else 2] += 1
    return dict(expected)


def test_every_opposing_team_is_on_one_of_the_pages_with_his_figures_best_first(
    client, bigger, monkeypatch
) -> None:
    monkeypatch.setattr(player_teams, "PER_PAGE", 2)
    expected = expected_teams(bigger, "Anna")
    assert len(expected) > 2
    url = reverse("stats:player_teams", args=["anna"])
    seen = []
    for number in range(1, (len(expected) + 1) // 2 + 1):
        page = client.get(url, {"page": number}).content.decode()
        seen += rows_of(page)
        assert f'href="?page={number}" aria-current="page"' in page
        assert f"von {len(expected)}, vom Lieblingsgegner bis zum Angstgegner." in page
    # Games, and rounds won–lost, as counted from the games themselves.
    got = {team: [int(cells[1]), *map(int, cells[3].split("–"))] for team, cells in seen}
    assert got == expected and len(seen) == len(expected)
    shares = [won / (won + lost) if won + lost else -1 for _games, won, lost in got.values()]
    assert shares == sorted(shares, reverse=True)
    # A missing, broken or too large page number gives the first or the last page.
    for broken in ("x", "0", "-3", "9" * 30):
        assert client.get(url, {"page": broken}).status_code == 200


def test_the_teams_sort_by_a_column_and_the_player_page_links_to_them(client, bigger) -> None:
    url = reverse("stats:player_teams", args=["anna"])
    page = client.get(url, {"sort": "-games"}).content.decode()
    games = [int(cells[1]) for _team, cells in rows_of(page)]
    assert games == sorted(games, reverse=True)
    assert 'aria-sort="descending"' in page and 'href="?sort=games"' in page
    assert "Lieblingsgegner" not in page  # sorted otherwise, the order is the column's
    count = len(expected_teams(bigger, "Anna"))
    player_page = squeezed(client.get(reverse("stats:player", args=["anna"])).content.decode())
    assert f'<a class="more" href="{url}">Die Zahlen gegen jedes der {count} gegnerischen' in (
        player_page
    )


def test_the_teams_page_takes_the_same_queries_however_many_games(client, league) -> None:
    url = reverse("stats:player_teams", args=["anna"])
    few = queries_of(client, url)
    grow_league(4)
    # The league's generation, the player, his figures by opposing team, those teams, the menu.
    assert few == queries_of(client, url) == 5


def test_a_player_without_games_has_no_teams_and_an_unknown_one_no_page(client, db) -> None:
    PlayerFactory(name="Neu")
    page = client.get(reverse("stats:player_teams", args=["neu"])).content.decode()
    assert "Noch keine Spiele." in page and rows_of(page) == []
    assert (
        "gegnerischen Teams"
        not in client.get(reverse("stats:player", args=["neu"])).content.decode()
    )
    assert client.get("/spieler/niemand/gegnerteams/").status_code == 404
