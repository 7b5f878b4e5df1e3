"""Small and large rounds within one match (docs/rules.md "Small and large rounds")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.domain import LAUBE_SCORE, ROUND_TARGET, Side
from scoring.figures import FIGURES, SideFigures


@dataclass(frozen=True, slots=True)
class RoundStep:
    """Where a match stands after one game."""

    round_no: int
    score_a: int
    score_b: int
    ends_round: bool
    round_winner: Side | None
    large_points: int
    kalte: bool

    def score(self, side: Side) -> int:
        return self.score_a if side is Side.A else self.score_b

    def in_laube(self, side: Side) -> bool:
        return in_laube(self.score(side))

    def large(self, side: Side) -> int:
        return self.large_points if self.round_winner is side else 0


def in_laube(score: int) -> bool:
    """A team with exactly 4 small points in a round is in the Laube (shown only)."""
    return score == LAUBE_SCORE


def is_kalte(loser_score: int) -> bool:
    """A round is a Kalte when the losing team has no small point."""
    return loser_score == 0


def large_points_for(winner_score: int, loser_score: int) -> int:
    """1 large point for a round, 2 for a Kalte."""
    del winner_score
    return 2 if is_kalte(loser_score) else 1


def progress(small_points: Iterable[tuple[int, int]]) -> list[RoundStep]:
    """The running small score of a match, game by game, from 0:0."""
    steps: list[RoundStep] = []
    round_no, a, b = 1, 0, 0
    for small_a, small_b in small_points:
        a, b = a + small_a, b + small_b
        winner: Side | None = None
        if a >= ROUND_TARGET or b >= ROUND_TARGET:
            # Exactly one team scores per game, so only one can reach the target at once.
            winner = Side.A if a >= ROUND_TARGET else Side.B
        if winner is None:
            steps.append(RoundStep(round_no, a, b, False, None, 0, False))
            continue
        loser_score = b if winner is Side.A else a
        large = large_points_for(a if winner is Side.A else b, loser_score)
        steps.append(RoundStep(round_no, a, b, True, winner, large, is_kalte(loser_score)))
        round_no, a, b = round_no + 1, 0, 0
    return steps


@dataclass(frozen=True, slots=True)
class MatchTally:
    """Both teams' figures over one match, and whether its last round is still open."""

    a: SideFigures
    b: SideFigures
    open_round: bool

    def side(self, side: Side) -> SideFigures:
        return self.a if side is Side.A else self.b


def tally(small_points: list[tuple[int, int]], steps: list[RoundStep]) -> MatchTally:
    """Sum a match's games and rounds for both teams."""
    figures = {side: dict.fromkeys(FIGURES, 0) for side in Side}
    laube_rounds: dict[Side, set[int]] = {Side.A: set(), Side.B: set()}
    for (small_a, small_b), step in zip(small_points, steps, strict=True):
        for side, mine, theirs in ((Side.A, small_a, small_b), (Side.B, small_b, small_a)):
            f = figures[side]
            f["games"] += 1
            f["games_won"] += 1 if mine > 0 else 0
            f["small_points"] += mine
            f["small_points_against"] += theirs
            if step.in_laube(side):
                laube_rounds[side].add(step.round_no)
            if step.ends_round:
                won = step.round_winner is side
                f["rounds_won" if won else "rounds_lost"] += 1
                f["large_points"] += step.large_points if won else 0
                f["kalte"] += 1 if won and step.kalte else 0
    for side in Side:
        figures[side]["laube"] = len(laube_rounds[side])
    open_round = bool(steps) and not steps[-1].ends_round
    return MatchTally(SideFigures(**figures[Side.A]), SideFigures(**figures[Side.B]), open_round)
