"""Standings for players and teams (docs/rules.md "Tables")."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from scoring.figures import MADE_OF as SIDE_MADE_OF
from scoring.figures import SideFigures


def team_name(first: str, second: str) -> str:
    """A team is named by its two players in alphabetical order joined by " & "."""
    return " & ".join(sorted((first, second), key=lambda name: (name.casefold(), name)))


@dataclass(frozen=True, slots=True)
class Totals(SideFigures):
    """A player's or team's figures over the games it took part in, and on how many evenings."""

    key: Hashable
    name: str
    evenings: int = 0
    players: tuple[str, ...] = field(default=())

    @property
    def large_points_per_evening(self) -> float | None:
        return self.large_points / self.evenings if self.evenings else None


# The sums each derived figure of Totals is made of (what a table ordered by it must sum).
MADE_OF: dict[str, tuple[str, ...]] = {
    **SIDE_MADE_OF,
    "large_points_per_evening": ("large_points", "evenings"),
}


def sums_of(figure: str) -> tuple[str, ...]:
    """The sums a figure of Totals needs: a summed figure itself, a derived one its parts."""
    return MADE_OF.get(figure, (figure,))


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    totals: Totals

    def figures(self) -> dict[str, object]:
        """Rank, name and every counted figure: one table row in plain values."""
        t = self.totals
        return {"rank": self.rank, "name": t.name, "evenings": t.evenings, **t.figures()}


def order_key(totals: Totals) -> tuple[int, int, str, str]:
    """Large points, then small-point difference, both descending; then name."""
    return (
        -totals.large_points,
        -totals.small_point_difference,
        totals.name.casefold(),
        totals.name,
    )


def rank(rows: Iterable[Totals]) -> list[Standing]:
    """Rank rows in table order; equal large points and difference share a rank (1, 1, 3)."""
    standings: list[Standing] = []
    for position, totals in enumerate(sorted(rows, key=order_key), start=1):
        previous = standings[-1] if standings else None
        shared = previous is not None and _record(previous.totals) == _record(totals)
        standings.append(Standing(previous.rank if shared and previous else position, totals))
    return standings


def _record(totals: Totals) -> tuple[int, int]:
    """What decides a rank: large points and small-point difference."""
    return (totals.large_points, totals.small_point_difference)
