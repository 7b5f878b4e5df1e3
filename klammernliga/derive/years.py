"""The players' and teams' sums per year, from the participations: one roll-up for both."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Count, Q, Sum

from klammernliga.bulk import insert_rows
from klammernliga.models import Evening, Match, Participation, PlayerYear, TeamYear, YearTotals


def shared_figures(model: type[YearTotals]) -> tuple[str, ...]:
    """The columns a year model sums: those it shares with Participation, its keys aside."""

    def figures(m: type[YearTotals] | type[Participation]) -> list[str]:
        return [f.name for f in m._meta.concrete_fields if not (f.is_relation or f.primary_key)]

    theirs = set(figures(Participation))
    return tuple(name for name in figures(model) if name in theirs)


@dataclass(frozen=True)
class RollUp:
    """A year model and whose participations it sums: a player's, or a team's through its first
    player's line (which stands for the team)."""

    model: type[YearTotals]
    key: str  # the owner's column in both tables
    first_only: bool
    figures: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "figures", shared_figures(self.model))


ROLL_UPS = (RollUp(PlayerYear, "player_id", False), RollUp(TeamYear, "team_id", True))


def refresh_year_totals(years: Iterable[int] | None = None, *, match: Match | None = None) -> None:
    """Rebuild the players' and teams' sums of these years (all years: None) from participations.

    Summed by the database, a grouped query per year and model. With `match`, only its four
    players and two teams are summed anew: nobody else's figures changed, and saving a game
    stays cheap however large the year.
    """
    owners: dict[str, list[int]] = {}
    if match is not None:
        owners["team_id"] = sorted({match.team_a_id, match.team_b_id})
        owners["player_id"] = sorted(
            {pk for t in (match.team_a, match.team_b) for pk in (t.player_1_id, t.player_2_id)}
        )
    if years is None:
        years = [day.year for day in Evening.objects.dates("date", "year")]
        stale = Q()
    else:
        years = sorted(set(years))
        stale = Q(year__in=years)
    for roll_up in ROLL_UPS:
        mine = Q(**{f"{roll_up.key}__in": owners[roll_up.key]}) if owners else Q()
        roll_up.model.objects.filter(stale, mine).delete()
        rows = Participation.objects.filter(mine)
        if roll_up.first_only:
            rows = rows.filter(is_first=True)
        sums = {f"{name}_sum": Sum(name) for name in roll_up.figures}
        columns = (roll_up.key, "year", "evenings", *roll_up.figures)
        for year in years:
            in_year = rows.filter(
                date__gte=datetime.date(year, 1, 1), date__lt=datetime.date(year + 1, 1, 1)
            )
            grouped = (
                in_year.values(roll_up.key)
                .annotate(evenings_count=Count("evening", distinct=True), **sums)
                .order_by(roll_up.key)
                .values_list(roll_up.key, "evenings_count", *sums)
            )
            insert_rows(roll_up.model, columns, ((pk, year, *values) for pk, *values in grouped))


def refresh_planner_statistics() -> None:
    """Let the database re-measure its tables after many rows changed at once.

    Without statistics SQLite's planner scans every game to sort Alle Spiele (seconds at a
    million games); with them it walks the evenings' date index (milliseconds).
    """
    with connection.cursor() as cursor:
        # Hand-written: the ORM has no ANALYZE.
        cursor.execute("ANALYZE")
