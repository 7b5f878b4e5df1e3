"""A side's figures: the one declaration of what a player or team counts over some games
(docs/rules.md "Tables"). A match's tally, the stored participations and year totals, the tables'
sums and Spieler-Info all build on `SideFigures` and its names, never on an order of columns."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True, kw_only=True)
class SideFigures:
    """One side's figures over some games (a match, an evening, a year, all time); given by
    name only (keyword-only), so no caller depends on their order."""

    games: int = 0
    games_won: int = 0
    rounds_won: int = 0
    rounds_lost: int = 0
    large_points: int = 0
    kalte: int = 0
    laube: int = 0
    small_points: int = 0
    small_points_against: int = 0

    @property
    def small_point_difference(self) -> int:
        return self.small_points - self.small_points_against

    @property
    def rounds(self) -> int:
        return self.rounds_won + self.rounds_lost

    @property
    def round_share(self) -> float | None:
        """Share of completed rounds won, None without a completed round."""
        return self.rounds_won / self.rounds if self.rounds else None

    def figures(self) -> dict[str, int]:
        """The figures by name."""
        return {name: getattr(self, name) for name in FIGURES}


# The figures' names, in the order of the declaration (the tables' order).
FIGURES: tuple[str, ...] = tuple(f.name for f in fields(SideFigures))

# The sums each derived figure is made of (what a table ordered by it must sum).
MADE_OF: dict[str, tuple[str, ...]] = {
    "small_point_difference": ("small_points", "small_points_against"),
    "rounds": ("rounds_won", "rounds_lost"),
    "round_share": ("rounds_won", "rounds_lost"),
}


def named(values: Mapping[str, int | None], suffix: str = "") -> dict[str, int]:
    """The figures found in `values` under their names (with `suffix`, as an aggregate names
    them); a missing or empty sum counts 0."""
    return {name: values.get(f"{name}{suffix}") or 0 for name in FIGURES}


def summed(items: Iterable[SideFigures]) -> dict[str, int]:
    """The figures of several sides added up, by name."""
    total = dict.fromkeys(FIGURES, 0)
    for item in items:
        for name in FIGURES:
            total[name] += getattr(item, name)
    return total


# What a match (a Partie) stores of each side's figures, as `<stem>_a` and `<stem>_b`; its games
# are counted once (`games_count`), the rest of a side's figures only its participations keep.
MATCH_SIDE: dict[str, str] = {
    "small_points": "small",
    "rounds_won": "rounds",
    "large_points": "large",
    "kalte": "kalte",
}
# Where a side's figure is found from the other side: the opponents' small points and won rounds.
AGAINST: dict[str, str] = {"small_points_against": "small_points", "rounds_lost": "rounds_won"}


def match_columns() -> tuple[str, ...]:
    """The columns a match's tally is stored in: games, each side's figures, the open round."""
    sides = tuple(f"{stem}_{side}" for stem in MATCH_SIDE.values() for side in ("a", "b"))
    return ("games_count", *sides, "open_round")


def match_values(a: SideFigures, b: SideFigures) -> dict[str, int]:
    """A match's stored tally columns (all but the open round) from its two sides' figures."""
    values = {"games_count": a.games}
    for name, stem in MATCH_SIDE.items():
        values[f"{stem}_a"], values[f"{stem}_b"] = getattr(a, name), getattr(b, name)
    return values


def match_side(
    values: Mapping[str, Any], side: str, games: int, suffix: str = ""
) -> dict[str, int]:
    """The figures of side `side` ("a" or "b") that a match's (or a sum of matches') tally
    columns in `values` hold (named with `suffix`), by name: its own columns and, against it,
    the other side's."""
    other = "b" if side == "a" else "a"
    own = {name: values[f"{stem}_{side}{suffix}"] for name, stem in MATCH_SIDE.items()}
    against = {
        name: values[f"{MATCH_SIDE[mine]}_{other}{suffix}"] for name, mine in AGAINST.items()
    }
    return {"games": games, **own, **against}
