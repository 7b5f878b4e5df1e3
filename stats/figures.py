"""Summing stored figures into a player's or team's Totals the way the tables do: every sum is
named after its figure (scoring.figures.FIGURES), and Totals are made from sums by those names."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from django.db.models import Count, Sum

from klammernliga.models import YearTotals
from scoring.figures import FIGURES, named, summed
from scoring.standings import Totals

# What an aggregate calls the sum of a figure (an annotation may not take a column's own name).
SUFFIX = "_sum"
# The figures the year totals sum: the evenings counted, and a side's figures.
YEAR_SUMS = YearTotals.SUMS


def sum_of(name: str) -> str:
    """The name of `name`'s sum in an aggregate's row."""
    return f"{name}{SUFFIX}"


def sums(names: Iterable[str] = YEAR_SUMS, prefix: str = "") -> dict[str, Sum]:
    """Sums of these stored figures (reached through `prefix`), each named by `sum_of`."""
    return {sum_of(name): Sum(f"{prefix}{name}") for name in names}


def aggregates(prefix: str = "") -> dict[str, Any]:
    """Aggregate expressions over Participation rows (reached through `prefix`): the distinct
    evenings and a side's figures."""
    return {
        sum_of("evenings"): Count(f"{prefix}evening", distinct=True),
        **sums(FIGURES, prefix),
    }


def totals(
    row: Mapping[str, Any], key: Hashable, name: str, players: tuple[str, ...] = ()
) -> Totals:
    """A Totals from a row of sums named by `sum_of` (those missing count 0)."""
    return Totals(key, name, row.get(sum_of("evenings")) or 0, players, **named(row, suffix=SUFFIX))


def add(items: Iterable[Totals], key: Hashable, name: str) -> Totals:
    """The sum of several figures (e.g. a player's years, or an opponent's teams)."""
    items = list(items)
    return Totals(key, name, sum(t.evenings for t in items), (), **summed(items))
