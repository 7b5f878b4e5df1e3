"""Runs of won rounds: the longest unbroken run of rounds a player (or team) won in a row.

A run may span matches and evenings, so each stretch of rounds played together (a match) is
summed up once (`stretch_runs`) and the summaries are joined in playing order
(`longest_run_of`); `longest_run` does both for single rounds, a stretch per evening.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from itertools import groupby


@dataclass(frozen=True, slots=True)
class StretchRuns:
    """A stretch's won rounds in a row: from its first round (all of them, if none was lost),
    up to its last round (0 if that was lost), and the longest after the first lost round."""

    start: int = 0
    end: int = 0
    best: int = 0
    lost: bool = False


@dataclass(frozen=True, slots=True)
class Run[T: Hashable]:
    """A run of won rounds and the first and last evening (or date) it covers."""

    length: int
    start: T | None = None
    end: T | None = None


def stretch_runs(won: Iterable[bool]) -> StretchRuns:
    """Sum up one stretch's rounds (True: won), in playing order."""
    start = end = best = 0
    lost = False
    for round_won in won:
        if not round_won:
            lost, end = True, 0
            continue
        end += 1
        if lost:
            best = max(best, end)
        else:
            start = end
    return StretchRuns(start, end, best, lost)


def longest_run_of[T: Hashable](stretches: Iterable[tuple[T, StretchRuns]]) -> Run[T]:
    """The longest run over stretches summed up by `stretch_runs`, each with its evening (or
    date), in playing order; several stretches may share an evening."""
    best: Run[T] = Run(0)
    length, start = 0, None
    for day, runs in stretches:
        # The run so far goes on with the stretch's first won rounds.
        if runs.start:
            length, start = length + runs.start, start if start is not None else day
            if length > best.length:
                best = Run(length, start, day)
        if not runs.lost:
            continue
        if runs.best > best.length:
            best = Run(runs.best, day, day)
        length, start = runs.end, (day if runs.end else None)
    return best


def longest_run[T: Hashable](rounds: Iterable[tuple[T, bool]]) -> Run[T]:
    """The longest run in a sequence of (evening or date, won) in playing order."""
    return longest_run_of(
        (day, stretch_runs(won for _day, won in group))
        for day, group in groupby(rounds, key=lambda item: item[0])
    )
