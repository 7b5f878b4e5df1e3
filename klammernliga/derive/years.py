"""The players' and teams' sums per year, from the participations."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable

from django.db import connection, models

from klammernliga.bulk import insert_rows
from klammernliga.models import Match, Participation, PlayerYear, TeamYear, YearTotals


def refresh_year_totals(years: Iterable[int] | None = None, *, match: Match | None = None) -> None:
    """Rebuild the players' and teams' sums of these years (all years: None) from participations.

    One plain read of the participations, summed here: aggregating a dozen sums in SQL costs
    more to build than to run when a save touches a few hundred rows. With `match`, only its
    four players and two teams are summed anew: nobody else's figures changed, and saving a game
    stays cheap however large the year.
    """
    rows = Participation.objects.all()
    stale_players, stale_teams = PlayerYear.objects.all(), TeamYear.objects.all()
    teams: set[int] | None = None
    if match is not None:
        teams = {match.team_a_id, match.team_b_id}
        players = {
            pk for t in (match.team_a, match.team_b) for pk in (t.player_1_id, t.player_2_id)
        }
        rows = rows.filter(player__in=sorted(players))
        stale_players = stale_players.filter(player__in=sorted(players))
        stale_teams = stale_teams.filter(team__in=sorted(teams))
    if years is not None:
        years = sorted(set(years))
        if not years:
            return
        spans = models.Q()
        for year in years:
            spans |= models.Q(
                date__gte=datetime.date(year, 1, 1), date__lt=datetime.date(year + 1, 1, 1)
            )
        rows = rows.filter(spans)
        stale_players = stale_players.filter(year__in=years)
        stale_teams = stale_teams.filter(year__in=years)
    stale_players.delete()
    stale_teams.delete()
    figures = YearTotals.SUMS[1:]  # the evenings are counted, the rest summed
    sums: dict[tuple[str, int, int], list[int]] = {}
    evenings: dict[tuple[str, int, int], set[int]] = defaultdict(set)
    read = rows.values_list("player_id", "team_id", "is_first", "evening_id", "date", *figures)
    for player, team, is_first, evening, date, *values in read.iterator(chunk_size=2000):
        keys = [("player", player, date.year)]
        # The team's first player's line stands for the team.
        if is_first and (teams is None or team in teams):
            keys.append(("team", team, date.year))
        for key in keys:
            evenings[key].add(evening)
            total = sums.get(key)
            if total is None:
                sums[key] = list(values)  # a row can start a player's and a team's sum
            else:
                for i, value in enumerate(values):
                    total[i] += value
    for kind, model in (("player", PlayerYear), ("team", TeamYear)):
        insert_rows(
            model,
            (f"{kind}_id", "year", "evenings", *figures),
            [
                (pk, year, len(evenings[(k, pk, year)]), *values)
                for (k, pk, year), values in sorted(sums.items())
                if k == kind
            ],
        )


def refresh_planner_statistics() -> None:
    """Let the database re-measure its tables after many rows changed at once.

    Without statistics SQLite's planner scans every game to sort Alle Spiele (seconds at a
    million games); with them it walks the evenings' date index (milliseconds).
    """
    with connection.cursor() as cursor:
        # Hand-written: the ORM has no ANALYZE.
        cursor.execute("ANALYZE")
