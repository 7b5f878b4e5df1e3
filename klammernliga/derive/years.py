"""The players' and teams' sums per year, from the participations: one roll-up for both."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import add, itemgetter

from django.db import connection
from django.db.models import Q

from klammernliga.bulk import insert_rows
from klammernliga.models import Match, Participation, PlayerYear, TeamYear, YearTotals


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

    One plain read of the participations, summed here: aggregating forty sums in SQL costs more
    to build than to run when a save touches a few hundred rows (and a grouped query a year
    took five times longer than this on the demo league's recompute). With `match`, only its
    four players and two teams are summed anew: nobody else's figures changed, and saving a
    game stays cheap however large the year.
    """
    rows = Participation.objects.all()
    owners: dict[str, set[int]] = {}
    if match is not None:
        owners["team_id"] = {match.team_a_id, match.team_b_id}
        owners["player_id"] = {
            pk for t in (match.team_a, match.team_b) for pk in (t.player_1_id, t.player_2_id)
        }
        # A team's rows are its players' rows.
        rows = rows.filter(player__in=sorted(owners["player_id"]))
    stale = Q()
    if years is not None:
        years = sorted(set(years))
        if not years:
            return
        spans = Q()
        for year in years:
            spans |= Q(date__gte=datetime.date(year, 1, 1), date__lt=datetime.date(year + 1, 1, 1))
        rows = rows.filter(spans)
        stale = Q(year__in=years)
    for roll_up in ROLL_UPS:
        mine = Q(**{f"{roll_up.key}__in": sorted(owners[roll_up.key])}) if owners else Q()
        roll_up.model._default_manager.filter(stale, mine).delete()
    # Each roll-up's owner and figures, picked from one read of every column they need.
    columns = tuple(dict.fromkeys(("is_first", "evening_id", "date",
                                   *(r.key for r in ROLL_UPS),
                                   *(name for r in ROLL_UPS for name in r.figures))))  # fmt: skip
    plans = [
        (r, columns.index(r.key), itemgetter(*(columns.index(name) for name in r.figures)))
        for r in ROLL_UPS
    ]
    sums: dict[tuple[RollUp, int, int], list[int]] = {}
    evenings: dict[tuple[RollUp, int, int], set[int]] = defaultdict(set)
    for row in rows.values_list(*columns).iterator(chunk_size=2000):
        is_first, evening, date = row[:3]
        for roll_up, owner, figures in plans:
            pk = row[owner]
            if (roll_up.first_only and not is_first) or (owners and pk not in owners[roll_up.key]):
                continue
            key = (roll_up, pk, date.year)
            evenings[key].add(evening)
            total = sums.get(key)
            sums[key] = list(figures(row) if total is None else map(add, total, figures(row)))
    for roll_up in ROLL_UPS:
        insert_rows(
            roll_up.model,
            (roll_up.key, "year", "evenings", *roll_up.figures),
            [
                (pk, year, len(evenings[(r, pk, year)]), *values)
                for (r, pk, year), values in sorted(sums.items(), key=lambda item: item[0][1:])
                if r is roll_up
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
