"""Every page of the Wertungen area asks the database a fixed number of times."""

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import EveningFactory, GameFactory, MatchFactory, PlayerFactory, TeamFactory

pytestmark = pytest.mark.django_db


def _team(a: str, b: str):
    return TeamFactory(player_1=PlayerFactory(name=a), player_2=PlayerFactory(name=b))


def _evening(day: datetime.date, games: int) -> None:
    """One evening: two matches of four players, team A winning most games."""
    evening = EveningFactory(date=day)
    for first, second in (
        (("Anna", "Bernd"), ("Clara", "Dieter")),
        (("Emil", "Frieda"), ("Anna", "Bernd")),
    ):
        match = MatchFactory(evening=evening, team_a=_team(*first), team_b=_team(*second))
        for n in range(games):
            GameFactory(match=match, **({"lost": True} if n % 3 == 2 else {}))


def _count(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


# Every page first reads the league's generation: the key of the page cache.
PAGES = [
    ("/", 6),  # generation, menu years, last evening, its matches, the year's standings, the boss
    ("/tabelle/ewig/", 3),  # generation, standings, menu years
    ("/tabelle/ewig/teams/", 4),  # generation, standings, the teams' names, menu years
    ("/tabelle/2010/", 3),
    ("/tabelle/2010/teams/", 4),
    ("/tabelle/2010/?sort=-kalte", 3),
    ("/tabelle/2010/?_export=csv", 2),  # generation, standings: the menu is never asked
    ("/tabelle/ewig/teams/?_export=csv", 3),
    ("/regeln/", 2),  # generation, menu years
]


@pytest.mark.parametrize(("url", "expected"), PAGES)
def test_a_page_asks_the_same_few_queries_however_many_games_there_are(
    client: Client, url: str, expected: int
) -> None:
    _evening(datetime.date(2010, 3, 5), games=3)
    few = _count(client, url)
    _evening(datetime.date(2010, 4, 9), games=12)
    _evening(datetime.date(2011, 1, 14), games=7)
    many = _count(client, url)
    assert few == many == expected
