"""The KlammernBoss rating (docs/rules.md "KlammernBoss", docs/klammernboss.md): each player's
strength over time, learned from every declared game.

**What a game says.** A declared game is read as a few numbers (`features`): the declaring
team's share of all the game's points (above one half wins), once as it is and once on a
logarithmic scale (a game lost badly says more about its declarer than one won by a wide margin),
each team's counted melds (luck that moved the share), whether Kontra and Re were said and the kind
of bid. Each number is modelled as

    number = its mean between equal players
             + loadings · (declarer's strength, his partner's, the defenders' together)
             + noise,

the noises of one game correlated (`NOISE_COVARIANCE`). Means, loadings and noise are what the
card engine's leagues show (`bench/rating_quality/measure.py`). The declarer counts most, his
partner and the defenders much less, so two partners who never change are told apart by the games
each declares; the melds count through the noise they explain. Only what the numbers say about the
three roles matters, so each game becomes three independent observations of them (`_Model`).
`advantage` is a declarer's extra strength in this circle beyond what the engine's leagues show,
learned with the strengths.

**Over time.** Each strength drifts slowly (a random walk of `DRIFT` points a year), and a player
whose games have said the same thing for a while against his settled rating (a change alarm:
their weighted mean differs from what the rating expects by more than `ALARM_Z` of its own
uncertainty) gets the difference as fresh uncertainty, which the following evenings use: a
player who improves is followed within some dozens of evenings, while a steady one keeps what
years of games have taught.

**Exact and order-free.** Everything is normal and linear, so the beliefs after an evening are
the exact posterior of all games up to that evening (a Kalman filter over all players together,
with their covariances: the whole-history fit's estimate at that evening). An evening's games
are one joint update, taken in a canonical order, so the Partien of an evening may be entered in
any order and give the same floats. A past evening's values are what was known then (as-of);
the newest state uses every game. A correction rebuilds from the state before its evening.

A player is *provisional* while his uncertainty exceeds `PROVISIONAL_SIGMA`. The chance to win
a declared game and a small round follows from the same beliefs (`Strengths.game_chance`,
`Strengths.win_chance`); a round's Kontra and Re come in through how often they are said.
"""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from statistics import NormalDist
from typing import Any

import numpy as np
import numpy.typing as npt

from scoring.domain import ROUND_TARGET, Bid
from scoring.rules import small_points

__all__ = [
    "DeclaredGame",
    "Rating",
    "Strengths",
    "contenders",
    "initial_rating",
]

type Vector = npt.NDArray[np.float64]

# A new player: 100 rating points, uncertain by 25 (about the spread of a circle's strengths).
PRIOR_MU = 100.0
PRIOR_SIGMA = 25.0
# Provisional until the uncertainty is at most this: after about ten evenings of play.
PROVISIONAL_SIGMA = 15.0
# A rating point is a hundredth of the card engine's strength (which runs from 0 to 1).
SKILL_POINTS = 100.0
# The declarer's extra strength in this circle, before any game: 0 ± 25 points.
PRIOR_ADVANTAGE = (0.0, 25.0)
# Slow drift of every strength: rating points per year (a standard deviation).
DRIFT = 0.5
# The change alarm: each evening the weights of earlier declared games shrink by DECAY; an alarm
# when their weighted mean residual exceeds ALARM_Z standard errors (on the engine's leagues of
# unchanging strengths: about one false alarm per century of weekly evenings).
DECAY = 0.98
ALARM_Z = 4.0

# What a declared game says, as numbers (`features`), in this order. The share is kept off zero
# by LOG_SHIFT before its logarithm is taken; melds count in hundreds of points.
FEATURES = ("log share", "share", "melds", "melds against", "kontra", "re", "klein", "besser")
LOG_SHIFT = 0.3
# Measured on the card engine's leagues (`python -m bench.rating_quality.measure`, which prints
# this block): each number's mean between players of equal strength, its loadings per rating
# point of the declarer, his partner and each defender, and the covariance of the numbers' noise.
# fmt: off
# From 266413 declared games of 20 leagues (seeds 101–120)
FEATURE_MEAN = (-0.06638, 0.6515, 0.1501, 0.09409, 0.1249, 0.01925, 0.2198, 0.05382)
LOADINGS = (
    (0.00114, 0.0002189, -0.0002782),  # log share
    (0.0009675, 0.0001975, -0.0002575),  # share
    (0.0001945, -5.483e-05, -5.619e-06),  # melds
    (-5.012e-05, -1.808e-05, -3.76e-05),  # melds against
    (-0.0007935, 8.526e-05, -0.0005687),  # kontra
    (-6.417e-06, 2.478e-05, -0.0001013),  # re
    (0.0005094, 3.376e-05, 0.0003),  # klein
    (-0.0003751, -1.506e-05, -3.789e-05),  # besser
)
NOISE_COVARIANCE = (
    (0.03459, 0.03072, 0.01024, -0.0106, -0.01911, -0.0001502, 0.00547, -0.001034),
    (0.03072, 0.02775, 0.009446, -0.00951, -0.01648, -0.0002327, 0.004803, -0.0009087),
    (0.01024, 0.009446, 0.04284, -0.0101, 0.00383, 0.004339, -0.002512, 0.0006397),
    (-0.0106, -0.00951, -0.0101, 0.02733, 0.0007552, -0.0004899, -0.008236, 0.0008241),
    (-0.01911, -0.01648, 0.00383, 0.0007552, 0.1091, 0.01676, -0.005127, 0.002795),
    (-0.0001502, -0.0002327, 0.004339, -0.0004899, 0.01676, 0.01882, -0.0004029, 0.000577),
    (0.00547, 0.004803, -0.002512, -0.008236, -0.005127, -0.0004029, 0.1713, -0.01182),
    (-0.001034, -0.0009087, 0.0006397, 0.0008241, 0.002795, 0.000577, -0.01182, 0.05109),
)
# fmt: on

# Kontra and Re in a round, as the card engine's players say them (docs/klammernboss.md): about
# one game in eight gets a Kontra and one Kontra in seven a Re, and the defenders say Kontra on
# strong hands, so a declarer facing Kontra wins far less often (log-odds lower by about 1.5).
# Such a game doubles (Re: quadruples) the small points: a round is more of a lottery than its
# games alone suggest.
KONTRA_SHARE = 0.13
RE_SHARE = 0.15
KONTRA_SHIFT = -1.5


@dataclass(frozen=True, slots=True)
class Rating:
    """A belief about a strength: mean `mu` and uncertainty `sigma` (one standard deviation), in
    rating points."""

    mu: float
    sigma: float

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA


def initial_rating() -> Rating:
    """A player's rating before his first game."""
    return Rating(PRIOR_MU, PRIOR_SIGMA)


def contenders[K: Hashable](ratings: Mapping[K, Rating]) -> list[K]:
    """The players who are not provisional, strongest first (equal ratings: in the keys' natural
    order): the first is the KlammernBoss, the second the runner-up."""
    established = [key for key, rating in ratings.items() if not rating.provisional]
    return sorted(established, key=lambda key: (-ratings[key].mu, _natural(key)))


@dataclass(frozen=True, slots=True)
class DeclaredGame[K: Hashable]:
    """A declared game as the rating reads it: the four players, the declaring team's share of
    all the game's points (won when above one half), each team's counted melds in points, Kontra,
    Re and the kind of bid."""

    declarer: K
    partner: K
    defenders: tuple[K, K]
    share: float
    melds: int = 0
    melds_against: int = 0
    kontra: bool = False
    re: bool = False
    bid: Bid = Bid.REIN

    def order(self) -> tuple[object, ...]:
        """A canonical order of an evening's games, the same whatever order they came in."""
        defenders = sorted(map(_natural, self.defenders))
        return (
            _natural(self.declarer),
            _natural(self.partner),
            *defenders,
            self.share,
            self.melds,
            self.melds_against,
            self.kontra,
            self.re,
            self.bid,
        )


def features(game: DeclaredGame[Any]) -> Vector:
    """What a declared game says, as the numbers FEATURES names."""
    return np.array(
        [
            math.log(game.share + LOG_SHIFT),
            game.share,
            game.melds / 100,
            game.melds_against / 100,
            float(game.kontra),
            float(game.re),
            float(game.bid == Bid.KLEIN),
            float(game.bid == Bid.BESSER),
        ]
    )


class Strengths[K: Hashable]:
    """What the games have said so far about every player's strength (and the declarers'
    advantage): a mean vector and its covariance, index 0 the advantage."""

    def __init__(self, *, follow: bool = True) -> None:
        # False: strengths that never change (no drift, no change alarm), for comparison only.
        self.follow = follow
        self.keys: list[K] = []
        self.index: dict[K, int] = {}
        self.mean: Vector = np.array([PRIOR_ADVANTAGE[0]])
        self.cov: Vector = np.array([[PRIOR_ADVANTAGE[1] ** 2]])
        # The change alarm per player (by index − 1): weighted residual sum, weights, squares.
        self.alarm: Vector = np.zeros((3, 0))
        self.date: datetime.date | None = None

    # Reading

    def __contains__(self, key: object) -> bool:
        return key in self.index

    def rating(self, key: K) -> Rating:
        """A player's rating now (a player not seen yet: the initial rating)."""
        if key not in self.index:
            return initial_rating()
        return self.ratings()[key]

    def ratings(self) -> dict[K, Rating]:
        """Every player's rating: measured from the circle's average (all players seen), which
        is 100. Only differences of strength show in the games, so that is what a rating and
        its uncertainty say: where a player stands among the others."""
        count = len(self.keys)
        if count == 0:
            return {}
        if count == 1:
            return {self.keys[0]: Rating(float(self.mean[1]), math.sqrt(float(self.cov[1, 1])))}
        relative = np.eye(count) - 1.0 / count
        mean = PRIOR_MU + relative @ self.mean[1:]
        variance = np.einsum("ij,jk,ik->i", relative, self.cov[1:, 1:], relative)
        return {
            key: Rating(float(mean[i]), math.sqrt(max(float(variance[i]), 0.0)))
            for i, key in enumerate(self.keys)
        }

    def difference_sigma(self, first: K, second: K) -> float:
        """The uncertainty of the difference between two players' ratings."""
        i, j = self.index[first], self.index[second]
        variance = self.cov[i, i] + self.cov[j, j] - 2.0 * self.cov[i, j]
        return math.sqrt(max(float(variance), 0.0))

    def stronger_chance(self, first: K, second: K) -> float:
        """The chance that `first` really plays stronger than `second`, after every game so far:
        how far apart their ratings are, measured in the uncertainty of that difference."""
        i, j = self.index[first], self.index[second]
        spread = self.difference_sigma(first, second)
        difference = float(self.mean[i] - self.mean[j])
        if spread == 0.0:
            return 0.5 if difference == 0.0 else float(difference > 0.0)
        return NormalDist().cdf(difference / spread)

    def game_chance(self, declarer: K, partner: K, defenders: Sequence[K]) -> float:
        """The chance that the declarer's team wins a game he declares against these defenders:
        that its share of the points is above one half."""
        state = self._with_new(declarer, partner, *defenders)
        model = _model()
        row = state._design([(declarer, partner, *defenders)], model.log_share[np.newaxis])[0]
        won = math.log(0.5 + LOG_SHIFT)
        expected = model.mean[_LOG_SHARE] + float(row @ state.mean) - model.log_share_centre - won
        spread = math.sqrt(float(row @ state.cov @ row) + NOISE_COVARIANCE[_LOG_SHARE][_LOG_SHARE])
        return NormalDist().cdf(expected / spread)

    def win_chance(self, team_1: Sequence[K], team_2: Sequence[K]) -> tuple[float, float]:
        """Each team's chance to win a small round against the other, from 0:0; together 1.

        Each game is declared by any of the four alike; a won game gives its team the small
        points of a won game, a lost one gives the other team those of a lost game; a share of
        the games gets a Kontra or a Re (`KONTRA_SHARE`, `RE_SHARE`), is won less often by the
        declarer and counts double or fourfold.
        """
        first = tuple(_outcomes(self.game_chance(p, _other(team_1, p), team_2)) for p in team_1)
        second = tuple(_outcomes(self.game_chance(p, _other(team_2, p), team_1)) for p in team_2)
        # Averaged with the mirrored chain, so equal teams get exactly one half.
        chance = 0.5 + (_round_chance(first, second) - _round_chance(second, first)) / 2
        return chance, 1.0 - chance

    # Learning

    def evening(self, date: datetime.date, games: Iterable[DeclaredGame[K]]) -> None:
        """Learn from one evening's declared games, in whatever order they are given."""
        rows = sorted(games, key=DeclaredGame.order)
        self._drift(date)
        new = {k for g in rows for k in (g.declarer, g.partner, *g.defenders)} - self.index.keys()
        for key in sorted(new, key=_natural):
            self._add(key)
        if not rows:
            return
        model = _model()
        design = self._design([(g.declarer, g.partner, *g.defenders) for g in rows], model.roles)
        observed = (np.array([features(g) for g in rows]) - model.mean) @ model.read.T
        residuals = (observed + model.centre).ravel() - design @ self.mean
        # In information form: an evening may hold many more observations than there are players.
        precision = np.linalg.inv(self.cov) + design.T @ design
        cov = np.linalg.inv(precision)
        self.mean = self.mean + cov @ (design.T @ residuals)
        self.cov = (cov + cov.T) / 2
        # After the evening is learned: an alarm it rings lets the next evenings move the player,
        # not this one again (one extreme evening would otherwise both ring it and, with the
        # fresh uncertainty, throw his rating by dozens of points).
        if self.follow:
            self._watch(design, residuals)

    def _drift(self, date: datetime.date) -> None:
        if self.follow and self.date is not None and date > self.date:
            step = DRIFT**2 * (date - self.date).days / 365.25
            players = np.arange(1, len(self.mean))
            self.cov[players, players] += step
        self.date = date

    def _watch(self, design: Vector, residuals: Vector) -> None:
        """The change alarm: a player whose recent games keep missing his settled rating the
        same way gets the missing strength as fresh uncertainty (at most a new player's), and
        his alarm starts again.

        The observations have independent unit noise, so what an evening says of one player's
        strength alone is his column of the design times the residuals, with the sum of his
        column's squares as its variance; summed over evenings with weights shrinking by DECAY
        and divided by the weights, it is the rating points his rating misses by. A rating
        still provisional moves freely anyway: its player's alarm waits until it has settled."""
        total, weight, squares = self.alarm
        information = np.einsum("ij,ij->j", design, design)[1:]
        total[:] = DECAY * total + (design.T @ residuals)[1:]
        weight[:] = DECAY * weight + information
        squares[:] = DECAY * DECAY * squares + information
        unsettled = np.diagonal(self.cov)[1:] > PROVISIONAL_SIGMA**2
        total[unsettled] = weight[unsettled] = squares[unsettled] = 0.0
        watched = weight > 0
        offset = np.zeros_like(total)
        error = np.ones_like(total)
        offset[watched] = total[watched] / weight[watched]
        error[watched] = np.sqrt(squares[watched]) / weight[watched]
        for i in np.flatnonzero(watched & (np.abs(offset) > ALARM_Z * error)):
            self.cov[i + 1, i + 1] += min(offset[i] ** 2, PRIOR_SIGMA**2)
            total[i] = weight[i] = squares[i] = 0.0

    def _add(self, key: K) -> None:
        self.index[key] = len(self.mean)
        self.keys.append(key)
        size = len(self.mean) + 1
        cov = np.zeros((size, size))
        cov[:-1, :-1] = self.cov
        cov[-1, -1] = PRIOR_SIGMA**2
        self.cov = cov
        self.mean = np.append(self.mean, PRIOR_MU)
        self.alarm = np.hstack([self.alarm, np.zeros((3, 1))])

    def _design(self, tables: Sequence[Sequence[K]], roles: Vector) -> Vector:
        """The state's part in observations that load on a declarer (with the advantage), his
        partner and each defender by `roles` (a row of three per observation): for each table
        (declarer, partner, defender, defender) a row per observation, in that order."""
        seats = np.array([[self.index[key] for key in table] for table in tables])
        count, per_game = len(seats), len(roles)
        design = np.zeros((count, per_game, len(self.mean)))
        design[:, :, 0] = roles[:, 0]
        games = np.arange(count)
        for seat, role in enumerate((0, 1, 2, 2)):
            design[games, :, seats[:, seat]] += roles[:, role]
        return design.reshape(count * per_game, len(self.mean))

    def _with_new(self, *keys: K) -> Strengths[K]:
        """Self, or a copy that knows the players not seen yet (at the initial rating)."""
        if all(key in self.index for key in keys):
            return self
        copy = self.copy()
        for key in keys:
            if key not in copy.index:
                copy._add(key)
        return copy

    # Keeping

    def copy(self) -> Strengths[K]:
        other: Strengths[K] = Strengths(follow=self.follow)
        other.keys, other.index = list(self.keys), dict(self.index)
        other.mean, other.cov, other.alarm = self.mean.copy(), self.cov.copy(), self.alarm.copy()
        other.date = self.date
        return other

    def dump(self) -> tuple[str, bytes]:
        """The state as (keys and date in JSON, the numbers as bytes): what `load` reads."""
        head = json.dumps({"keys": self.keys, "date": self.date and self.date.isoformat()})
        numbers = np.concatenate([self.mean, self.cov.ravel(), self.alarm.ravel()])
        return head, numbers.astype("<f8").tobytes()

    @classmethod
    def load(cls, head: str, numbers: bytes) -> Strengths[Any]:
        info = json.loads(head)
        state: Strengths[Any] = cls()
        state.keys = list(info["keys"])
        state.index = {key: i for i, key in enumerate(state.keys, 1)}
        size = len(state.keys) + 1
        values = np.frombuffer(numbers, dtype="<f8").astype(np.float64)
        state.mean = values[:size].copy()
        state.cov = values[size : size + size * size].reshape(size, size).copy()
        state.alarm = values[size + size * size :].reshape(3, size - 1).copy()
        state.date = info["date"] and datetime.date.fromisoformat(info["date"])
        return state


def _natural(key: object) -> tuple[int, int, str]:
    """Keys in their natural order: numbers by value (player 9 before 10), others by text."""
    return (0, key, "") if isinstance(key, int) else (1, 0, str(key))


_LOG_SHARE = FEATURES.index("log share")


@dataclass(frozen=True, slots=True)
class _Model:
    """The measured constants, made ready for learning: what a game's numbers say about the
    strengths of its three roles, as three observations with independent unit noise."""

    mean: Vector  # FEATURE_MEAN
    # observations = read @ (features − mean) + centre ≈ roles @ (declarer + advantage, partner,
    # defender₁ + defender₂), strengths in rating points, noise independent with variance 1.
    read: Vector
    roles: Vector
    centre: Vector
    # The log share's loadings, and its mean's shift from measuring strengths from PRIOR_MU.
    log_share: Vector
    log_share_centre: float


@cache
def _model() -> _Model:
    loadings = np.array(LOADINGS)
    noise = np.array(NOISE_COVARIANCE)
    # What the numbers say about the roles: information = loadingsᵀ · noise⁻¹ · loadings.
    scores = np.linalg.solve(noise, loadings).T
    information = scores @ loadings
    lower = np.linalg.cholesky(information)
    roles = lower.T
    at_prior = np.array([PRIOR_MU, PRIOR_MU, 2 * PRIOR_MU])
    return _Model(
        mean=np.array(FEATURE_MEAN),
        read=np.linalg.solve(lower, scores),
        roles=roles,
        centre=roles @ at_prior,
        log_share=loadings[_LOG_SHARE],
        log_share_centre=float(loadings[_LOG_SHARE] @ at_prior),
    )


def _other[K](team: Sequence[K], player: K) -> K:
    return team[1] if team[0] == player else team[0]


def _chance(mean: float) -> float:
    return 1.0 / (1.0 + math.exp(-mean))


# A declared game's outcomes: (probability, small points to the declarer's team, to the other).
type _Outcomes = tuple[tuple[float, int, int], ...]
# The kinds of declared game: (share of games, declarer's log-odds moved by, stake won, lost).
_KINDS = tuple(
    (
        share,
        shift,
        small_points(playing_side_won=True, kontra=kontra, re=re),
        small_points(playing_side_won=False, kontra=kontra, re=re),
    )
    for share, shift, kontra, re in (
        (1 - KONTRA_SHARE, 0.0, False, False),
        (KONTRA_SHARE * (1 - RE_SHARE), KONTRA_SHIFT, True, False),
        (KONTRA_SHARE * RE_SHARE, KONTRA_SHIFT, True, True),
    )
)


def _outcomes(chance: float) -> _Outcomes:
    """The outcomes of a game the declarer's team wins with this chance on average: split into
    the kinds of game, whose chances average to `chance`."""
    # The log-odds of the game without Kontra, found by bisection (the average grows with it).
    low, high = -40.0, 40.0
    for _ in range(50):
        middle = (low + high) / 2
        average = sum(share * _chance(middle + shift) for share, shift, _w, _l in _KINDS)
        low, high = (middle, high) if average < chance else (low, middle)
    plain = (low + high) / 2
    outcomes = []
    for share, shift, won, lost in _KINDS:
        p = _chance(plain + shift)
        outcomes += [(share * p, won, 0), (share * (1 - p), 0, lost)]
    return tuple(outcomes)


def _round_chance(ours: tuple[_Outcomes, ...], theirs: tuple[_Outcomes, ...]) -> float:
    """The chance that team 1 reaches ROUND_TARGET first, given each declarer's game outcomes."""
    share = 1.0 / (len(ours) + len(theirs))

    @cache
    def from_score(a: int, b: int) -> float:
        if a >= ROUND_TARGET:
            return 1.0
        if b >= ROUND_TARGET:
            return 0.0
        total = 0.0
        for outcomes in ours:
            total += share * sum(
                q * from_score(a + to_us, b + to_them) for q, to_us, to_them in outcomes
            )
        for outcomes in theirs:
            total += share * sum(
                q * from_score(a + to_us, b + to_them) for q, to_them, to_us in outcomes
            )
        return total

    return from_score(0, 0)
