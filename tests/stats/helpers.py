"""Helpers of the statistics tests: counting a page's queries, looking at raw games."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import connection
from django.test.utils import CaptureQueriesContext

from klammernliga.backup import games_in_order_of_play
from klammernliga.models import Evening, Game, Match, Player
from tests.stats import leagues


def queries_of(client, url: str) -> int:
    """How many queries one GET of `url` takes (the page must answer 200)."""
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(context)


def grow_league(evenings: int = 4) -> None:
    """Add evenings after everything else (from 2015 on), so a page has more games to show."""
    last = Evening.objects.order_by("-date").values_list("date", flat=True).first()
    start = max(datetime.date(2015, 1, 9), (last or datetime.date.min) + datetime.timedelta(days=7))
    leagues.store(evenings, start=start, seed=11 + Evening.objects.count())


def raw_games() -> list[Game]:
    """All games with their teams, in playing order, as the CSV export reads them: the tests'
    source independent of the summaries."""
    return list(games_in_order_of_play())


def players_of(game: Game, side: str) -> set[str]:
    team = game.match.team_a if side == "a" else game.match.team_b
    return {team.player_1.name, team.player_2.name}


def side_of(game: Game, name: str) -> str | None:
    for side in ("a", "b"):
        if name in players_of(game, side):
            return side
    return None


@dataclass(frozen=True)
class Examples:
    """The first evening, match and player of a league: what a page's URL needs."""

    evening: Evening
    match: Match
    player: Player

    @property
    def year(self) -> int:
        return self.evening.date.year


def examples() -> Examples:
    evening = Evening.objects.order_by("date").first()
    match = Match.objects.first()
    player = Player.objects.order_by("name").first()
    assert evening and match and player
    return Examples(evening, match, player)
