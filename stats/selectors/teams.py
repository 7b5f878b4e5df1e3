"""Queries of Teambilanzen: every team's record, team against team, and one pairing."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Case, Count, F, IntegerField, Q, QuerySet, Sum, When

from klammernliga.models import MATCH_TALLY_FIELDS, Match, Participation, Team, TeamYear
from scoring.figures import MATCH_SIDE, SideFigures, match_side
from scoring.standings import Totals, team_name
from stats.display import share
from stats.figures import SUFFIX, aggregates, sum_of, totals
from stats.figures import sums as year_sums

# How many teams the head-to-head matrix shows: the ones with most games.
MATRIX_SIZE = 12


@dataclass(frozen=True, slots=True)
class TeamInfo:
    pk: int
    name: str
    # The players' slugs and names, in the order of the team's name (for the team chooser).
    slugs: tuple[str, str] = ("", "")
    players: tuple[str, str] = ("", "")


@dataclass(frozen=True, slots=True)
class TeamRow:
    team: TeamInfo
    figures: Totals

    @property
    def game_share(self) -> float | None:
        return share(self.figures.games_won, self.figures.games)


@dataclass(frozen=True, slots=True)
class PairFigures(SideFigures):
    """One team's figures against one opponent, summed over their matches' tallies (the figures
    a match keeps of each side, scoring.figures.MATCH_SIDE); the opponent's in `theirs`."""

    matches: int
    evenings: int
    theirs: SideFigures

    @property
    def large_points_against(self) -> int:
        return self.theirs.large_points

    @property
    def kalte_against(self) -> int:
        return self.theirs.kalte

    def mirrored(self) -> PairFigures:
        """The same figures seen from the opponent's side."""
        own = SideFigures(**self.figures())
        return PairFigures(self.matches, self.evenings, own, **self.theirs.figures())


@dataclass(frozen=True, slots=True)
class Cell:
    """The row team's figures against the column team."""

    row: TeamInfo
    column: TeamInfo
    figures: PairFigures


@dataclass
class HeadToHead:
    """The matrix of a few teams against each other."""

    teams: list[TeamInfo]
    cells: dict[tuple[int, int], Cell]

    def grid(self) -> list[tuple[TeamInfo, list[Cell | None]]]:
        """Rows of the matrix: each team with its cell against every team (None if never met)."""
        return [
            (row, [self.cells.get((row.pk, column.pk)) for column in self.teams])
            for row in self.teams
        ]


def _info(pk: int, name_1: str, name_2: str, slug_1: str, slug_2: str) -> TeamInfo:
    """A team's name as `team_name` writes it, and its players' slugs in the same order."""
    if (name_2.casefold(), name_2) < (name_1.casefold(), name_1):
        name_1, name_2, slug_1, slug_2 = name_2, name_1, slug_2, slug_1
    return TeamInfo(pk, team_name(name_1, name_2), (slug_1, slug_2), (name_1, name_2))


def _by_name(team: TeamInfo) -> tuple[str, str]:
    return (team.name.casefold(), team.name)


def team_index(sums: Iterable[str] = ()) -> list[TeamRow]:
    """Every team that played, by name, with its games and only the figures named in `sums`
    (enough to order the teams by one column); two queries: the year totals summed by team,
    and the teams' names.

    Summing every figure of every team costs several times more on a big league; the figures of
    the teams actually shown come from `with_figures`. (Grouping the sums by team alone, not by
    the joined names too, halves the time SQLite takes.)
    """
    wanted = ["games", *(name for name in sums if name != "games")]
    summed: Iterable[Mapping[str, Any]] = (
        TeamYear.objects.values("team_id").annotate(**year_sums(wanted)).order_by()
    )
    figures = {row["team_id"]: row for row in summed if row[sum_of("games")]}
    names = Team.objects.values_list(
        "id", "player_1__name", "player_2__name", "player_1__slug", "player_2__slug"
    )
    rows = [
        TeamRow(info, totals(figures[pk], info.pk, info.name))
        for pk, *name in names
        if pk in figures
        for info in [_info(pk, *name)]
    ]
    rows.sort(key=lambda row: _by_name(row.team))
    return rows


def with_figures(rows: Sequence[TeamRow]) -> list[TeamRow]:
    """The same teams in the same order, with all their figures; one aggregate query.

    An evening lies in one year, so the evenings of all years add up like the other figures.
    """
    records = (
        TeamYear.objects.filter(team_id__in=[row.team.pk for row in rows])
        .values("team_id")
        .annotate(**year_sums())
        .order_by()
    )
    figures = {record["team_id"]: record for record in records}
    return [
        TeamRow(row.team, totals(figures.get(row.team.pk, {}), row.team.pk, row.team.name))
        for row in rows
    ]


def most_games(rows: Iterable[TeamRow], size: int) -> list[TeamInfo]:
    """The `size` teams with most games (by name on a tie), listed by name."""
    ranked = sorted(rows, key=lambda r: (-r.figures.games, _by_name(r.team)))
    return sorted((r.team for r in ranked[:size] if r.figures.games), key=_by_name)


def _low_side(a: str, b: str) -> Case:
    """The row team's side of a match, when the row team is the one with the lower id."""
    return Case(
        When(team_a_id__lt=F("team_b_id"), then=F(a)), default=F(b), output_field=IntegerField()
    )


# The tallies summed from the row team's side (the one with the lower id) and its opponent's,
# named after the match's columns: `small_a_sum` sums the row team's small points, `small_b_sum`
# the other's.
_PAIR_SUMS = {
    sum_of(f"{stem}_{mine}"): Sum(_low_side(f"{stem}_{mine}", f"{stem}_{theirs}"))
    for stem in MATCH_SIDE.values()
    for mine, theirs in (("a", "b"), ("b", "a"))
}


def _pair_tallies(matches: QuerySet[Match]) -> dict[tuple[int, int], PairFigures]:
    """(team, opponent) → figures, both ways round, for these matches.

    One aggregate query over the matches' tallies, grouped by the unordered pair (lower id first),
    so an evening on which two teams met with sides swapped still counts once.
    """
    rows = (
        matches.filter(games_count__gt=0)
        .annotate(low=_low_side("team_a_id", "team_b_id"), high=_low_side("team_b_id", "team_a_id"))
        .values("low", "high")
        .annotate(
            n=Count("id"),
            nights=Count("evening", distinct=True),
            played=Sum("games_count"),
            **_PAIR_SUMS,
        )
        .order_by()
    )
    result: dict[tuple[int, int], PairFigures] = {}
    for row in rows:
        low, high, played = row["low"], row["high"], row["played"]
        b = SideFigures(**match_side(row, "b", played, SUFFIX))
        figures = PairFigures(row["n"], row["nights"], b, **match_side(row, "a", played, SUFFIX))
        result[(low, high)] = figures
        result[(high, low)] = figures.mirrored()
    return result


def head_to_head(teams: list[TeamInfo]) -> HeadToHead:
    """The matrix of `teams` against each other; one aggregate query."""
    info = {t.pk: t for t in teams}
    pks = list(info)
    among = Match.objects.filter(team_a_id__in=pks, team_b_id__in=pks)
    tallies = _pair_tallies(among) if pks else {}
    cells = {
        (row, column): Cell(info[row], info[column], figures)
        for (row, column), figures in tallies.items()
    }
    return HeadToHead(teams, cells)


def opponents(team: TeamInfo, names: dict[int, TeamInfo]) -> list[Cell]:
    """`team` against every team it met, most games first; one aggregate query.

    `names` holds every team that played (from `team_index`).
    """
    tallies = _pair_tallies(Match.objects.filter(Q(team_a_id=team.pk) | Q(team_b_id=team.pk)))
    cells = [
        Cell(team, names[column], figures)
        for (row, column), figures in tallies.items()
        if row == team.pk
    ]
    cells.sort(key=lambda c: (-c.figures.games, _by_name(c.column)))
    return cells


@dataclass(frozen=True, slots=True)
class PairingMatch:
    """A match of the pairing, its figures turned to the first team's side (named as the
    match's columns, scoring.figures.MATCH_SIDE)."""

    date: datetime.date
    position: int
    games: int
    small: tuple[int, int]
    rounds: tuple[int, int]
    large: tuple[int, int]
    kalte: tuple[int, int]
    open_round: bool


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


def _sum_pairs(pairs: Iterable[tuple[int, int]]) -> tuple[int, int]:
    first = second = 0
    for a, b in pairs:
        first, second = first + a, second + b
    return (first, second)


def _turned(match: dict[str, Any], first: Team) -> PairingMatch:
    """The match's tally seen from `first`'s side."""
    a_first = match["team_a_id"] == first.pk

    def pair(stem: str) -> tuple[int, int]:
        a, b = match[f"{stem}_a"], match[f"{stem}_b"]
        return (a, b) if a_first else (b, a)

    return PairingMatch(
        date=match["evening__date"],
        position=match["position"],
        games=match["games_count"],
        open_round=match["open_round"],
        **{stem: pair(stem) for stem in MATCH_SIDE.values()},
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
    figures = totals(row or {}, first.pk, first.name)
    matches = (
        Match.objects.filter(Q(team_a=first, team_b=second) | Q(team_a=second, team_b=first))
        .values("team_a_id", "evening__date", "position", *MATCH_TALLY_FIELDS)
        .order_by("-evening__date", "-position")
    )
    return Pairing(first, second, figures, [_turned(m, first) for m in matches])
