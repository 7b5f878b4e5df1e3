"""The best Brier score any rating could reach on an engine-played league (`--bound`).

The players' strengths are known, so each pairing's true chance to win a round can be estimated
by letting the card engine play many rounds of exactly that pairing (same seats, fresh deals).
Those chances, scored on the league's actual rounds, are what a model that knew the strengths
exactly, but not the cards of the evening, would score.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scoring.domain import ROUND_TARGET
from scoring.rules import beet, small_points, total_points
from scoring.simulate import play_until_game

type Team = tuple[str, str]
type Pairing = tuple[Team, Team]

# Rounds the engine plays per pairing: the estimate's standard error is at most 0.5/√rounds.
ROUNDS = 2000


@dataclass(frozen=True, slots=True)
class Bound:
    """Each pairing's engine-estimated chance, and what those chances score on the rounds."""

    chances: dict[Pairing, float]
    predictions: list[tuple[float, bool]]
    rounds_per_pairing: int

    @property
    def brier(self) -> float:
        """The Brier score of the true chances on the league's actual rounds."""
        return sum((p - won) ** 2 for p, won in self.predictions) / len(self.predictions)

    @property
    def expected(self) -> float:
        """The Brier score the true chances score on average: the mean of p·(1 − p)."""
        return sum(p * (1 - p) for p, _ in self.predictions) / len(self.predictions)


def round_chance(
    team_a: Team, team_b: Team, strengths: Mapping[str, float], rounds: int = ROUNDS
) -> float:
    """Team A's share of `rounds` rounds the engine plays between these teams (deterministic).

    The seats are the league's (team A on seats 0 and 2); the games run on from round to round
    with the deal passing on, as at a real table.
    """
    rng = random.Random(f"bound:{team_a[0]},{team_a[1]}:{team_b[0]},{team_b[1]}")
    skills = [strengths[name] for name in (team_a[0], team_b[0], team_a[1], team_b[1])]
    dealer = rng.randrange(4)
    won = played = score_a = score_b = 0
    while played < rounds:
        game = play_until_game(rng, skills, dealer)
        dealer = (game.dealer + 1) % 4
        playing_a = game.declarer % 2 == 0
        total = total_points(game.melds_a, game.melds_b)
        playing_won = (game.points_a if playing_a else game.points_b) > beet(total)
        small = small_points(playing_side_won=playing_won, kontra=game.kontra, re=game.re)
        if playing_won == playing_a:
            score_a += small
        else:
            score_b += small
        if score_a >= ROUND_TARGET or score_b >= ROUND_TARGET:
            won += score_a >= ROUND_TARGET
            played += 1
            score_a = score_b = 0
    return won / rounds


def estimate(
    outcomes: Iterable[tuple[Pairing, bool]],
    strengths: Mapping[str, float],
    rounds: int = ROUNDS,
) -> Bound:
    """The true chances of every pairing in `outcomes` (pairing, team A won), and their score."""
    outcomes = list(outcomes)
    chances: dict[Pairing, float] = {}
    for pairing, _won in outcomes:
        # B against A is A against B with every seat moved on by one: the same table.
        first, second = pairing
        if pairing not in chances and (second, first) not in chances:
            chances[pairing] = round_chance(first, second, strengths, rounds)
    predictions = [(_chance(chances, pairing), won) for pairing, won in outcomes]
    return Bound(chances, predictions, rounds)


def _chance(chances: Mapping[Pairing, float], pairing: Pairing) -> float:
    first, second = pairing
    return chances[pairing] if pairing in chances else 1.0 - chances[(second, first)]
