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
    Sum,
    Value,
    When,
)
from django.db.models.functions import ExtractYear

from klammernliga.models import Game
from scoring import outcomes, rounds
from stats.models import LeagueOutcome, OutcomeTally, PlayerOutcome


@dataclass(frozen=True, slots=True)
class Perspective:
    """Whose rounds the figures are split by: a player's or a team's side in each game."""

    name: str
    side: Case | None = None


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
        return rounds.is_kalte(self.loser_score)


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
        rows = rows.annotate(me=perspective.side)  # type: ignore[arg-type]
        fields.append("me")
    counts: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    for row in rows.values(*fields).annotate(n=Count("id")).order_by():
        a, b = row["score_a"], row["score_b"]
        key = (a, b) if row["round_winner"] == "a" else (b, a)
        counts[key][0] += row["n"]
        if perspective:
            counts[key][1 if row["round_winner"] == row["me"] else 2] += row["n"]
    return [RoundEnd(w, lo, *counts[(w, lo)]) for w, lo in sorted(counts)]


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
    counts = {band: [0, 0] for band in outcomes.BANDS}
    rows = games.annotate(margin=margin, won=won).values("margin", "won").annotate(n=Count("id"))
    for row in rows.order_by():
        counts[outcomes.band_of(row["margin"])][0 if row["won"] else 1] += row["n"]
    return [MarginBand(b.low, b.high, *counts[b]) for b in outcomes.BANDS]


def kalte_share(games: QuerySet[Game], perspective: Perspective | None) -> KalteShare:
    rows = games.filter(ends_round=True)
    # Result names differ from field names: an aggregate may not shadow a field it filters on.
    expressions: dict[str, object] = {
        "rounds_n": Count("id"),
        "kalte_n": Count("id", filter=Q(kalte=True)),
    }
    if perspective:
        rows = rows.annotate(me=perspective.side)  # type: ignore[arg-type]
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


def tallied_distributions(
    year: int | None, player_id: int | None, perspective: Perspective | None
) -> Distributions:
    """Sieg-Verteilungen of the league or of one player, from the stored tallies: two queries."""
    rows = (
        LeagueOutcome.objects.all()
        if player_id is None
        else PlayerOutcome.objects.filter(player_id=player_id)
    )
    if year is not None:
        rows = rows.filter(year=year)
    games = playing_won = 0
    ends: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    bands: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    years: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    kalte = [0, 0, 0, 0]  # rounds, Kalte, rounds won, Kalte won
    # Summed in SQL over the years: a few hundred rows reach Python, not thousands.
    summed = rows.values("kind", "a", "b", "kalte").annotate(n_sum=Sum("n"), won_sum=Sum("won"))
    for kind, a, b, is_kalte, n, won in summed.values_list(
        "kind", "a", "b", "kalte", "n_sum", "won_sum"
    ).order_by():
        if kind == OutcomeTally.MARGIN:
            games += n
            playing_won += won
            bands[a][0] += won
            bands[a][1] += n - won
            continue
        ends[(a, b)][0] += n
        ends[(a, b)][1] += won
        kalte[0] += n
        kalte[2] += won
        if is_kalte:
            kalte[1] += n
            kalte[3] += won
    by_year = rows.filter(kind=OutcomeTally.ROUND).values("year", "kalte").annotate(n_sum=Sum("n"))
    for row_year, is_kalte, n in by_year.values_list("year", "kalte", "n_sum").order_by():
        years[row_year][0] += n
        if is_kalte:
            years[row_year][1] += n
    split = perspective is not None
    return Distributions(
        perspective=perspective,
        games=games,
        playing_won=playing_won,
        round_ends=[
            RoundEnd(w, lo, n, won if split else 0, n - won if split else 0)
            for (w, lo), (n, won) in sorted(ends.items())
        ],
        margins=[MarginBand(b.low, b.high, *bands[b.low]) for b in outcomes.BANDS],
        kalte=KalteShare(
            rounds=kalte[0],
            kalte=kalte[1],
            rounds_won=kalte[2] if split else 0,
            kalte_won=kalte[3] if split else 0,
            kalte_lost=kalte[1] - kalte[3] if split else 0,
        ),
        kalte_years=[KalteYear(y, r, k) for y, (r, k) in sorted(years.items())],
    )
