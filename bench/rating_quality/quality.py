"""How well the KlammernBoss learns who is best, against two plain statistics of the same games.

Every method sees a league evening by evening and, before each evening, predicts its declared
games (the chance that the declarer's team wins). Measured per league: the rank correlation
(Spearman) of its ranking with the true strengths after every evening, the evenings until it
stays at 0.9 or more for good, the prequential log-loss of the declared games; on riser leagues
the rank of the risen player 100 evenings after the change; on replicate leagues (the same
strengths, other seeds) the real spread of rating differences against the stated one. The
differences to the baselines come with paired standard errors (the same leagues for all).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Protocol

import numpy as np

from bench.rating_quality.leagues import Evening, League
from scoring.rating import (
    FEATURE_MEAN,
    LOADINGS,
    NOISE_COVARIANCE,
    PRIOR_SIGMA,
    SKILL_POINTS,
    DeclaredGame,
    Strengths,
    features,
)

# Evenings after which the mean Spearman is reported; 0.9 is "found".
MARKS = (20, 80, 200, 420)
FOUND = 0.9
AFTER_CHANGE = 100
# A predicted chance is kept away from 0 and 1 by this much in the log-loss.
CLIP = 1e-6
# A baseline's prior: a player's statistic starts as the league's with the weight of this many
# games (so a player with few games is not ranked first by luck).
PRIOR_GAMES = 2.0


class Method(Protocol):
    name: str

    def chance(self, game: DeclaredGame[str]) -> float: ...
    def learn(self, evening: Evening) -> None: ...
    def scores(self) -> dict[str, float]: ...


class Model:
    """The KlammernBoss (scoring.rating), ranked by the strength estimate."""

    name = "KlammernBoss"

    def __init__(self, *, follow: bool = True) -> None:
        self.state: Strengths[str] = Strengths(follow=follow)

    def chance(self, game: DeclaredGame[str]) -> float:
        return self.state.game_chance(game.declarer, game.partner, game.defenders)

    def learn(self, evening: Evening) -> None:
        self.state.evening(evening.date, evening.games)

    def scores(self) -> dict[str, float]:
        return {key: r.mu for key, r in self.state.ratings().items()}


@dataclass
class _Sums:
    total: float = 0.0
    squares: float = 0.0
    count: int = 0

    def add(self, value: float) -> None:
        self.total += value
        self.squares += value * value
        self.count += 1


@dataclass
class _Declarers:
    """Per declarer and over the league: sums of one figure of the declared games."""

    league: _Sums = field(default_factory=_Sums)
    players: dict[str, _Sums] = field(default_factory=dict)

    def add(self, declarer: str, value: float) -> None:
        self.league.add(value)
        self.players.setdefault(declarer, _Sums()).add(value)

    def mean(self, declarer: str, prior: float) -> float:
        """The declarer's mean, drawn toward the league's by PRIOR_GAMES games."""
        league = self.league.total / self.league.count if self.league.count else prior
        mine = self.players.get(declarer, _Sums())
        return (mine.total + PRIOR_GAMES * league) / (mine.count + PRIOR_GAMES)


class WinShare:
    """Baseline: the share of his declared games a declarer won."""

    name = "Gewinnquote als Spieler"

    def __init__(self) -> None:
        self.sums = _Declarers()

    def chance(self, game: DeclaredGame[str]) -> float:
        return self.sums.mean(game.declarer, 0.5)

    def learn(self, evening: Evening) -> None:
        for game in evening.games:
            self.sums.add(game.declarer, float(game.share > 0.5))

    def scores(self) -> dict[str, float]:
        return {key: self.sums.mean(key, 0.5) for key in self.sums.players}


class PointShare:
    """Baseline: the mean share of the points his team took in the games a declarer declared."""

    name = "Punkteanteil als Spieler"

    def __init__(self) -> None:
        self.sums = _Declarers()

    def chance(self, game: DeclaredGame[str]) -> float:
        league = self.sums.league
        if league.count < 2:
            return 0.5
        mean = league.total / league.count
        spread = math.sqrt(max(league.squares / league.count - mean * mean, 1e-6))
        expected = self.sums.mean(game.declarer, 0.5) - 0.5
        return statistics.NormalDist().cdf(expected / spread)

    def learn(self, evening: Evening) -> None:
        for game in evening.games:
            self.sums.add(game.declarer, game.share)

    def scores(self) -> dict[str, float]:
        return {key: self.sums.mean(key, 0.5) for key in self.sums.players}


class KnownOthers:
    """A bound, not a method: each player read from his declared games as the model reads a
    game (scoring.rating's measured numbers, loadings and noise), with every other player's true
    strength known, so only his own is left to learn. It knows more than any model that reads
    the games this way, and marks how far such a model can get on these leagues."""

    def __init__(self) -> None:
        loadings = np.array(LOADINGS)
        self.loadings = loadings
        # Per role: loadingsᵀ · noise⁻¹ (what the numbers say) and its information.
        self.read = np.linalg.solve(np.array(NOISE_COVARIANCE), loadings).T
        self.information = np.diag(self.read @ loadings)
        self.mean = np.array(FEATURE_MEAN)
        # Every player starts with the model's prior: 0 ± PRIOR_SIGMA from the circle's average.
        self.sums: dict[str, tuple[float, float]] = {}

    def learn(self, evening: Evening) -> None:
        average = statistics.mean(evening.strengths.values())
        points = {n: SKILL_POINTS * (s - average) for n, s in evening.strengths.items()}
        for game in evening.games:
            numbers = features(game) - self.mean
            first, second = game.defenders
            roles = ((0, game.declarer), (1, game.partner), (2, first), (2, second))
            true = np.array(
                [points[game.declarer], points[game.partner], points[first] + points[second]]
            )
            for role, player in roles:
                others = true.copy()
                others[role] -= points[player]
                score, information = self.sums.get(player, (0.0, PRIOR_SIGMA**-2))
                residual = numbers - self.loadings @ others
                self.sums[player] = (
                    score + float(self.read[role] @ residual),
                    information + float(self.information[role]),
                )

    def scores(self) -> dict[str, float]:
        return {key: score / information for key, (score, information) in self.sums.items()}


def bound(league: League) -> list[float]:
    """KnownOthers' Spearman after each evening."""
    known = KnownOthers()
    correlations = []
    for evening in league.evenings:
        known.learn(evening)
        correlations.append(ranked(known.scores(), evening.strengths))
    return correlations


def methods() -> list[Method]:
    return [Model(), WinShare(), PointShare()]


@dataclass(frozen=True, slots=True)
class Run:
    """One method on one league."""

    spearman: list[float]  # after each evening
    log_loss: float  # mean over the declared games, each predicted before its evening
    games: int

    @property
    def found(self) -> int:
        return found(self.spearman)


def found(spearman: Sequence[float]) -> int:
    """The evenings until Spearman stays at FOUND or more for good."""
    below = [i for i, value in enumerate(spearman, 1) if value < FOUND]
    return below[-1] + 1 if below else 1


def run(method: Method, league: League, *, stop: int | None = None) -> Run:
    correlations: list[float] = []
    losses: list[float] = []
    for evening in league.evenings[:stop]:
        for game in evening.games:
            p = min(max(method.chance(game), CLIP), 1 - CLIP)
            losses.append(-math.log(p if game.share > 0.5 else 1 - p))
        method.learn(evening)
        correlations.append(ranked(method.scores(), evening.strengths))
    return Run(correlations, sum(losses) / len(losses), len(losses))


def ranked(scores: dict[str, float], strengths: dict[str, float]) -> float:
    """Spearman of the scores with the strengths (a player without a score: the lowest)."""
    names = sorted(strengths)
    low = min(scores.values(), default=0.0) - 1.0
    return spearman([scores.get(n, low) for n in names], [strengths[n] for n in names])


def order_chances(league: League, marks: Sequence[int] = MARKS) -> list[tuple[float, bool]]:
    """After each of `marks` evenings, for every pair of players of different true strength:
    the model's chance that the first plays stronger (`Strengths.stronger_chance`, what the
    KlammernBoss page says of its crown) and whether he truly does."""
    model = Model()
    chances = []
    for count, evening in enumerate(league.evenings, 1):
        model.learn(evening)
        if count not in marks:
            continue
        truth = evening.strengths
        for a, b in combinations(sorted(model.state.keys), 2):
            if truth[a] != truth[b]:
                chances.append((model.state.stronger_chance(a, b), truth[a] > truth[b]))
    return chances


def riser_rank(method: Method, league: League) -> int:
    """The risen player's rank AFTER_CHANGE evenings after the change (true rank 2)."""
    assert league.riser is not None and league.changed_at is not None
    for evening in league.evenings[: league.changed_at + AFTER_CHANGE]:
        method.learn(evening)
    scores = method.scores()
    return 1 + sum(value > scores[league.riser] for key, value in scores.items())


def spread_ratio(leagues: Sequence[League], evenings: int) -> tuple[float, float]:
    """Across leagues with the same strengths: `spread` of the pairs' rating differences after
    `evenings` evenings."""
    states = []
    for league in leagues:
        model = Model()
        for evening in league.evenings[:evenings]:
            model.learn(evening)
        states.append(model.state)
    ratings = [state.ratings() for state in states]
    # Per pair of players: each league's difference and its stated variance.
    pairs = [
        [
            (r[a].mu - r[b].mu, s.difference_sigma(a, b) ** 2)
            for r, s in zip(ratings, states, strict=True)
        ]
        for a, b in combinations(sorted(states[0].keys), 2)
    ]
    return spread(pairs)


def spread(pairs: Sequence[Sequence[tuple[float, float]]]) -> tuple[float, float]:
    """Per pair of players, each league's (difference, stated variance): the real spread of the
    differences over the stated one, averaged over the pairs, and its standard error
    (jackknife: the ratio again without each league in turn; nan with fewer than three)."""
    ratio = _spread_ratio(pairs)
    count = len(pairs[0])
    if count < 3:
        return ratio, math.nan
    without = [_spread_ratio([row[:i] + row[i + 1 :] for row in pairs]) for i in range(count)]
    mean = statistics.mean(without)
    return ratio, math.sqrt((count - 1) / count * sum((value - mean) ** 2 for value in without))


def _spread_ratio(pairs: Sequence[Sequence[tuple[float, float]]]) -> float:
    return statistics.mean(
        statistics.stdev(d for d, _v in row) / math.sqrt(statistics.mean(v for _d, v in row))
        for row in pairs
    )


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure of every method over the same leagues: the mean (or median) per method and the
    KlammernBoss's paired difference to each baseline with its standard error."""

    name: str
    values: dict[str, float]
    differences: dict[str, tuple[float, float]]


def figure(name: str, per_league: dict[str, list[float]], *, median: bool = False) -> Figure:
    average = statistics.median if median else statistics.mean
    model, *baselines = per_league
    differences = {}
    for baseline in baselines:
        paired = [a - b for a, b in zip(per_league[model], per_league[baseline], strict=True)]
        error = statistics.stdev(paired) / math.sqrt(len(paired)) if len(paired) > 1 else 0.0
        differences[baseline] = (statistics.mean(paired), error)
    return Figure(name, {k: average(v) for k, v in per_league.items()}, differences)


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties get their mean rank)."""
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    spread = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / spread if spread else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            ranks[order[position]] = (start + end) / 2
        start = end + 1
    return ranks
