"""Queries of Sieg-Verteilungen: how rounds and games end, for the league, a player or a team.

The league and a player are summed from the stored tallies, a team counted from its games; both
group by small keys (a margin's band, a round's score, a year) and `assemble` builds the page's
figures from those groupings, so the work grows with the distinct results, not with the games.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.db.models.functions import ExtractYear

from klammernliga.models import Game, LeagueOutcome, OutcomeTally, PlayerOutcome
from scoring import outcomes, rounds


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


# The three groupings every Sieg-Verteilungen is built from, whatever the source:
# margins (band's low end, games, won by the playing team),
# round ends (winner's score, loser's score, Kalte, rounds, won from the perspective),
# years (year, Kalte, rounds).
type MarginRow = tuple[int, int, int]
type EndRow = tuple[int, int, bool, int, int]
type YearRow = tuple[int, bool, int]


def assemble(
    margins: Iterable[MarginRow],
    ends: Iterable[EndRow],
    years: Iterable[YearRow],
    perspective: Perspective | None,
) -> Distributions:
    """Sieg-Verteilungen from its three groupings: the one place that builds it."""
    games = playing_won = 0
    bands: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for low, n, won in margins:
        games += n
        playing_won += won
        bands[low][0] += won
        bands[low][1] += n - won
    by_end: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    kalte = [0, 0, 0, 0]  # rounds, Kalte, rounds won, Kalte won
    for winner_score, loser_score, is_kalte, n, won in ends:
        by_end[(winner_score, loser_score)][0] += n
        by_end[(winner_score, loser_score)][1] += won
        kalte[0] += n
        kalte[2] += won
        if is_kalte:
            kalte[1] += n
            kalte[3] += won
    by_year: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for year, is_kalte, n in years:
        by_year[year][0] += n
        if is_kalte:
            by_year[year][1] += n
    split = perspective is not None
    return Distributions(
        perspective=perspective,
        games=games,
        playing_won=playing_won,
        round_ends=[
            RoundEnd(w, lo, n, won if split else 0, n - won if split else 0)
            for (w, lo), (n, won) in sorted(by_end.items())
        ],
        margins=[MarginBand(b.low, b.high, *bands[b.low]) for b in outcomes.BANDS],
        kalte=KalteShare(
            rounds=kalte[0],
            kalte=kalte[1],
            rounds_won=kalte[2] if split else 0,
            kalte_won=kalte[3] if split else 0,
            kalte_lost=kalte[1] - kalte[3] if split else 0,
        ),
        kalte_years=[KalteYear(y, r, k) for y, (r, k) in sorted(by_year.items())],
    )


def distributions(games: QuerySet[Game], perspective: Perspective | None) -> Distributions:
    """Sieg-Verteilungen counted from the given games (a team's few): two queries."""
    margin = Case(
        When(playing_side="a", then=F("points_a") - F("points_b")),
        default=F("points_b") - F("points_a"),
        output_field=IntegerField(),
    )
    won = Case(
        When(winner_side=F("playing_side"), then=Value(1)),
        default=Value(0),
        output_field=IntegerField(),
    )
    margins = [
        (outcomes.band_of(m).low, n, n if w else 0)
        for m, w, n in games.annotate(margin=margin, won=won)
        .values_list("margin", "won")
        .annotate(n=Count("id"))
        .order_by()
    ]
    ended = games.filter(ends_round=True).annotate(year=ExtractYear("match__evening__date"))
    fields = ["year", "score_a", "score_b", "round_winner", "kalte"]
    if perspective:
        ended = ended.annotate(me=perspective.side)
        fields.append("me")
    ends: list[EndRow] = []
    years: list[YearRow] = []
    for row in ended.values(*fields).annotate(n=Count("id")).order_by():
        a, b, n = row["score_a"], row["score_b"], row["n"]
        winner, loser = (a, b) if row["round_winner"] == "a" else (b, a)
        mine = n if perspective and row["round_winner"] == row["me"] else 0
        ends.append((winner, loser, row["kalte"], n, mine))
        years.append((row["year"], row["kalte"], n))
    return assemble(margins, ends, years, perspective)


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
    # Summed in SQL over the years: a few hundred rows reach Python, not thousands.
    summed = rows.values("kind", "a", "b", "kalte").annotate(n_sum=Sum("n"), won_sum=Sum("won"))
    margins: list[MarginRow] = []
    ends: list[EndRow] = []
    for kind, a, b, is_kalte, n, won in summed.values_list(
        "kind", "a", "b", "kalte", "n_sum", "won_sum"
    ).order_by():
        if kind == OutcomeTally.MARGIN:
            margins.append((a, n, won))
        else:
            ends.append((a, b, is_kalte, n, won))
    by_year = rows.filter(kind=OutcomeTally.ROUND).values("year", "kalte").annotate(n_sum=Sum("n"))
    years = by_year.values_list("year", "kalte", "n_sum").order_by()
    return assemble(margins, ends, years, perspective)
