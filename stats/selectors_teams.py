"""Queries of Teambilanzen: every team's record, the head-to-head matrix and one pairing."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Q

from klammernliga.models import Match, Participation, Team
from scoring.standings import Totals, team_name
from stats.display import share
from stats.figures import aggregates, totals


@dataclass(frozen=True, slots=True)
class TeamRow:
    team: TeamInfo
    figures: Totals

    @property
    def game_share(self) -> float | None:
        return share(self.figures.games_won, self.figures.games)


@dataclass(frozen=True, slots=True)
class TeamInfo:
    pk: int
    name: str


@dataclass(frozen=True, slots=True)
class Cell:
    """The row team's figures against the column team."""

    row: TeamInfo
    column: TeamInfo
    figures: Totals


@dataclass
class HeadToHead:
    teams: list[TeamRow]
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)

    def grid(self) -> list[tuple[TeamRow, list[Cell | None]]]:
        """Rows of the matrix: each team with its cell against every team (None if never met)."""
        return [
            (row, [self.cells.get((row.team.pk, column.team.pk)) for column in self.teams])
            for row in self.teams
        ]

    @property
    def pairings(self) -> list[tuple[Cell, Cell]]:
        """Every pairing once, as (cell, its mirror), most games first."""
        order = {row.team.pk: index for index, row in enumerate(self.teams)}
        once = [c for c in self.cells.values() if order[c.row.pk] < order[c.column.pk]]
        once.sort(key=lambda c: (-c.figures.games, order[c.row.pk], order[c.column.pk]))
        return [(c, self.cells[(c.column.pk, c.row.pk)]) for c in once]


def _name(row: dict[str, object], prefix: str) -> str:
    return team_name(row[f"{prefix}__player_1__name"], row[f"{prefix}__player_2__name"])  # type: ignore[arg-type]


def head_to_head() -> HeadToHead:
    """Teams with their records and the matrix of team against team; two aggregate queries.

    A team's figures come from its first player's Participation rows (`is_first`).
    """
    records = (
        Participation.objects.filter(is_first=True)
        .values("team_id", "team__player_1__name", "team__player_2__name")
        .annotate(**aggregates())
        .order_by()
    )
    teams = sorted(
        (
            TeamRow(TeamInfo(r["team_id"], name), totals(r, r["team_id"], name))
            for r in records
            for name in [_name(r, "team")]
        ),
        key=lambda t: (t.team.name.casefold(), t.team.name),
    )
    info = {t.team.pk: t.team for t in teams}
    result = HeadToHead(teams)
    pairs = (
        Participation.objects.filter(is_first=True)
        .values("team_id", "opponent_id")
        .annotate(**aggregates())
        .order_by()
    )
    for r in pairs:
        row, column = info[r["team_id"]], info[r["opponent_id"]]
        result.cells[(row.pk, column.pk)] = Cell(row, column, totals(r, row.pk, row.name))
    return result


@dataclass(frozen=True, slots=True)
class PairingMatch:
    """A match of the pairing, its figures turned to the first team's side."""

    match: Match
    games: int
    small: tuple[int, int]
    rounds: tuple[int, int]
    large: tuple[int, int]
    kalte: tuple[int, int]
    open_round: bool

    @property
    def date(self) -> datetime.date:
        return self.match.evening.date


@dataclass(frozen=True, slots=True)
class PairingEvening:
    date: datetime.date
    matches: int
    games: int
    rounds: tuple[int, int]
    large: tuple[int, int]
    small: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Pairing:
    first: Team
    second: Team
    figures: Totals
    matches: list[PairingMatch]

    @property
    def met(self) -> bool:
        return bool(self.matches)

    @property
    def games(self) -> int:
        return sum(m.games for m in self.matches)

    @property
    def games_won(self) -> tuple[int, int]:
        return (self.figures.games_won, self.figures.games - self.figures.games_won)

    @property
    def rounds(self) -> tuple[int, int]:
        return _sum_pairs(m.rounds for m in self.matches)

    @property
    def large(self) -> tuple[int, int]:
        return _sum_pairs(m.large for m in self.matches)

    @property
    def small(self) -> tuple[int, int]:
        return _sum_pairs(m.small for m in self.matches)

    @property
    def kalte(self) -> tuple[int, int]:
        return _sum_pairs(m.kalte for m in self.matches)

    @property
    def evenings(self) -> list[PairingEvening]:
        """The evenings the two teams met, newest first, summed over their matches."""
        days: dict[datetime.date, list[PairingMatch]] = {}
        for m in self.matches:
            days.setdefault(m.date, []).append(m)
        return [
            PairingEvening(
                date,
                len(items),
                sum(m.games for m in items),
                _sum_pairs(m.rounds for m in items),
                _sum_pairs(m.large for m in items),
                _sum_pairs(m.small for m in items),
            )
            for date, items in days.items()
        ]


def _sum_pairs(pairs: object) -> tuple[int, int]:
    pairs = list(pairs)  # type: ignore[call-overload]
    return (sum(p[0] for p in pairs), sum(p[1] for p in pairs))


def _turned(match: Match, first: Team) -> PairingMatch:
    """The match's tally seen from `first`'s side."""
    a_first = match.team_a_id == first.pk

    def pair(a: int, b: int) -> tuple[int, int]:
        return (a, b) if a_first else (b, a)

    return PairingMatch(
        match=match,
        games=match.games_count,
        small=pair(match.small_a, match.small_b),
        rounds=pair(match.rounds_a, match.rounds_b),
        large=pair(match.large_a, match.large_b),
        kalte=pair(match.kalte_a, match.kalte_b),
        open_round=match.open_round,
    )


def pairing(first: Team, second: Team) -> Pairing:
    """Two teams' record against each other, with their matches newest first; two queries."""
    row = (
        Participation.objects.filter(is_first=True, team=first, opponent=second)
        .values("team_id")
        .annotate(**aggregates())
        .order_by()
        .first()
    )
    empty = {"evenings_count": 0}
    figures = totals(row or empty, first.pk, first.name)
    matches = (
        Match.objects.filter(Q(team_a=first, team_b=second) | Q(team_a=second, team_b=first))
        .select_related("evening")
        .order_by("-evening__date", "-position")
    )
    return Pairing(first, second, figures, [_turned(m, first) for m in matches])
