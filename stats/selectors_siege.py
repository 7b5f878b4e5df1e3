"""Queries of Sieg-Verteilungen: how rounds and games end, over any filtered set of games.

Each distribution is one aggregate query grouped by a small key (a round's score, a margin of
points, a year), so the work grows with the number of distinct results, not with the games.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import (
    BooleanField,
    Case,
    Count,
    F,
    IntegerField,
    Q,
    QuerySet,
    Value,
    When,
)
from django.db.models.functions import ExtractYear

from klammernliga.models import Game

BAND = 10
LAST_BAND_FROM = 101


@dataclass(frozen=True, slots=True)
class Perspective:
    """Whose rounds the figures are split by: a player's or a team's side in each game."""

    name: str
    side: Case


@dataclass(frozen=True, slots=True)
class RoundEnd:
    winner_score: int
    loser_score: int
    count: int
    won: int = 0
    lost: int = 0

    @property
    def label(self) -> str:
        return f"{self.winner_score}:{self.loser_score}"

    @property
    def is_kalte(self) -> bool:
        return self.loser_score == 0


@dataclass(frozen=True, slots=True)
class MarginBand:
    """Games whose margin of points (playing team minus defenders, as a distance) is in a band."""

    low: int
    high: int | None
    won: int
    lost: int

    @property
    def label(self) -> str:
        if self.high is None:
            return f"> {self.low - 1}"
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"


@dataclass(frozen=True, slots=True)
class KalteYear:
    year: int
    rounds: int
    kalte: int


@dataclass(frozen=True, slots=True)
class KalteShare:
    rounds: int
    kalte: int
    rounds_won: int = 0
    kalte_won: int = 0
    kalte_lost: int = 0

    @property
    def share(self) -> float | None:
        return self.kalte / self.rounds if self.rounds else None


@dataclass(frozen=True, slots=True)
class Distributions:
    perspective: Perspective | None
    games: int
    playing_won: int
    round_ends: list[RoundEnd]
    margins: list[MarginBand]
    kalte: KalteShare
    kalte_years: list[KalteYear]


def round_ends(games: QuerySet[Game], perspective: Perspective | None) -> list[RoundEnd]:
    """Completed rounds by their final score, winner first (5:0, 5:1, …, 6:3, 8:4)."""
    rows = games.filter(ends_round=True)
    fields = ["score_a", "score_b", "round_winner"]
    if perspective:
        rows = rows.annotate(me=perspective.side)
        fields.append("me")
    counts: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    for row in rows.values(*fields).annotate(n=Count("id")).order_by():
        a, b = row["score_a"], row["score_b"]
        key = (a, b) if row["round_winner"] == "a" else (b, a)
        counts[key][0] += row["n"]
        if perspective:
            counts[key][1 if row["round_winner"] == row["me"] else 2] += row["n"]
    return [RoundEnd(w, lo, *counts[(w, lo)]) for w, lo in sorted(counts)]


def _bands() -> list[tuple[int, int | None]]:
    return (
        [(0, 0)]
        + [(n, n + BAND - 1) for n in range(1, LAST_BAND_FROM, BAND)]
        + [(LAST_BAND_FROM, None)]
    )


def _band_of(distance: int) -> tuple[int, int | None]:
    if distance == 0:
        return (0, 0)
    if distance >= LAST_BAND_FROM:
        return (LAST_BAND_FROM, None)
    low = (distance - 1) // BAND * BAND + 1
    return (low, low + BAND - 1)


def margins(games: QuerySet[Game]) -> list[MarginBand]:
    """Games by how far apart the two teams' points were, for won and lost games alike."""
    margin = Case(
        When(playing_side="a", then=F("points_a") - F("points_b")),
        default=F("points_b") - F("points_a"),
        output_field=IntegerField(),
    )
    won = Case(
        When(winner_side=F("playing_side"), then=Value(True)),
        default=Value(False),
        output_field=BooleanField(),
    )
    counts: dict[tuple[int, int | None], list[int]] = {band: [0, 0] for band in _bands()}
    rows = games.annotate(margin=margin, won=won).values("margin", "won").annotate(n=Count("id"))
    for row in rows.order_by():
        counts[_band_of(abs(row["margin"]))][0 if row["won"] else 1] += row["n"]
    return [MarginBand(low, high, *counts[(low, high)]) for low, high in _bands()]


def kalte_share(games: QuerySet[Game], perspective: Perspective | None) -> KalteShare:
    rows = games.filter(ends_round=True)
    # Result names differ from field names: an aggregate may not shadow a field it filters on.
    expressions: dict[str, object] = {
        "rounds_n": Count("id"),
        "kalte_n": Count("id", filter=Q(kalte=True)),
    }
    if perspective:
        rows = rows.annotate(me=perspective.side)
        mine = Q(round_winner=F("me"))
        expressions |= {
            "rounds_won_n": Count("id", filter=mine),
            "kalte_won_n": Count("id", filter=Q(kalte=True) & mine),
            "kalte_lost_n": Count("id", filter=Q(kalte=True) & ~mine),
        }
    figures = rows.aggregate(**expressions)
    return KalteShare(**{name.removesuffix("_n"): value for name, value in figures.items()})


def kalte_years(games: QuerySet[Game]) -> list[KalteYear]:
    rows = (
        games.filter(ends_round=True)
        .annotate(year=ExtractYear("match__evening__date"))
        .values("year")
        .annotate(rounds_n=Count("id"), kalte_n=Count("id", filter=Q(kalte=True)))
        .order_by("year")
    )
    return [KalteYear(r["year"], r["rounds_n"], r["kalte_n"]) for r in rows]


def distributions(games: QuerySet[Game], perspective: Perspective | None) -> Distributions:
    """All of Sieg-Verteilungen for the given games; five queries."""
    played = games.aggregate(
        games=Count("id"), won=Count("id", filter=Q(winner_side=F("playing_side")))
    )
    return Distributions(
        perspective=perspective,
        games=played["games"],
        playing_won=played["won"],
        round_ends=round_ends(games, perspective),
        margins=margins(games),
        kalte=kalte_share(games, perspective),
        kalte_years=kalte_years(games),
    )
