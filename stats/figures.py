"""Summing Participation rows into a player's or team's figures, the way the tables do."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

from django.db.models import Count, Sum

from scoring.standings import Totals

SUMS = (
    "games", "games_won", "rounds_won", "rounds_lost", "large_points", "kalte", "laube",
    "small_points", "small_points_against",
)  # fmt: skip


def aggregates(prefix: str = "") -> dict[str, object]:
    """Aggregate expressions over Participation rows (reached through `prefix`)."""
    return {
        "evenings_count": Count(f"{prefix}evening", distinct=True),
        **{f"{name}_sum": Sum(f"{prefix}{name}") for name in SUMS},
    }


def totals(
    row: Mapping[str, object], key: Hashable, name: str, players: tuple[str, ...] = ()
) -> Totals:
    return Totals(
        key=key,
        name=name,
        evenings=row.get("evenings_count") or 0,  # type: ignore[arg-type]
        players=players,
        **{field: row.get(f"{field}_sum") or 0 for field in SUMS},  # type: ignore[arg-type]
    )


def add(items: Iterable[Totals], key: Hashable, name: str) -> Totals:
    """The sum of several figures (e.g. a player's years, or an opponent's teams)."""
    items = list(items)
    return Totals(
        key=key,
        name=name,
        evenings=sum(t.evenings for t in items),
        **{field: sum(getattr(t, field) for t in items) for field in SUMS},
    )
