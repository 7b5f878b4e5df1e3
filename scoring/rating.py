"""The KlammernBoss rating (docs/rules.md "KlammernBoss", docs/klammernboss.md): each player's
strength over time, learned from every declared game.

**What a game says.** A declared game is read as the declaring team's share of all the game's
points (card points and counted melds; above one half wins the game, so the share carries the
win, and Kontra and Re decide only the stake). The share is modelled as

    share − ½ = advantage
                + BETA · (declarer + PARTNER · partner − DEFENDER · (defender₁ + defender₂))
                + noise of standard deviation NOISE,

strengths in rating points relative to a new player's `PRIOR_MU`: the declarer counts fully, his
partner and each defender about a quarter (the weights the card engine's leagues show; they let
two partners who never change be told apart by the games each declares). `advantage` is how much
more than half a declaring team takes between equal players, learned with the strengths.

**Over time.** Each strength drifts slowly (a random walk of `DRIFT` points a year), and a player
whose declared games have said the same thing for a while against his rating (a change alarm:
their weighted mean differs from what the rating expects by more than `ALARM_Z` of its own
uncertainty) gets the difference as fresh uncertainty: a player who improves is followed within
some dozens of evenings, while a steady one keeps what years of games have taught.

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
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from scoring.domain import ROUND_TARGET
from scoring.rules import small_points

__all__ = [
    "DeclaredGame",
    "Rating",
    "Strengths",
    "initial_rating",
]

type Vector = npt.NDArray[np.float64]

# A new player: 100 rating points, uncertain by 25 (about the spread of a circle's strengths).
PRIOR_MU = 100.0
PRIOR_SIGMA = 25.0
# Provisional until the uncertainty is at most this: after about ten evenings of play.
PROVISIONAL_SIGMA = 15.0
# Share of a game's points per rating point of the declarer; the partner's and each defender's
# weight relative to it; the spread of a game's share around what the strengths expect.
BETA = 0.00096
PARTNER = 0.22
DEFENDER = 0.26
NOISE = 0.167
# The declaring team's extra share between equal players, before any game: 0 ± 0.2.
PRIOR_ADVANTAGE = (0.0, 0.2)
# Slow drift of every strength: rating points per year (a standard deviation).
DRIFT = 0.5
# The change alarm: each evening the weights of earlier declared games shrink by DECAY; an alarm
# when their weighted mean residual exceeds ALARM_Z standard errors.
DECAY = 0.97
ALARM_Z = 3.5
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


@dataclass(frozen=True, slots=True)
class DeclaredGame[K: Hashable]:
    """A declared game as the rating reads it: the four players and the declaring team's share
    of all the game's points (won when above one half)."""

    declarer: K
    partner: K
    defenders: tuple[K, K]
    share: float

    def order(self) -> tuple[object, ...]:
        """A canonical order of an evening's games, the same whatever order they came in."""
        defenders = sorted(map(_natural, self.defenders))
        return (_natural(self.declarer), _natural(self.partner), *defenders, self.share)


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

    def game_chance(self, declarer: K, partner: K, defenders: Sequence[K]) -> float:
        """The chance that the declarer's team wins a game he declares against these defenders."""
        state = self._with_new(declarer, partner, *defenders)
        row = state._row(declarer, partner, defenders)
        expected = float(row @ state.mean) + _centre()
        spread = math.sqrt(float(row @ state.cov @ row) + NOISE**2)
        return 0.5 * math.erfc(-expected / (spread * math.sqrt(2.0)))

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
        design = np.array([self._row(g.declarer, g.partner, g.defenders) for g in rows])
        observed = np.array([g.share - 0.5 - _centre() for g in rows])
        if self.follow:
            self._watch(rows, observed - design @ self.mean)
        spread = self.cov @ design.T
        innovation = design @ spread + NOISE**2 * np.eye(len(rows))
        gain = np.linalg.solve(innovation, spread.T).T
        self.mean = self.mean + gain @ (observed - design @ self.mean)
        cov = self.cov - gain @ spread.T
        self.cov = (cov + cov.T) / 2

    def _drift(self, date: datetime.date) -> None:
        if self.follow and self.date is not None and date > self.date:
            step = DRIFT**2 * (date - self.date).days / 365.25
            players = np.arange(1, len(self.mean))
            self.cov[players, players] += step
        self.date = date

    def _watch(self, rows: Sequence[DeclaredGame[K]], residuals: Vector) -> None:
        """The change alarm: a declarer whose recent games keep missing his rating the same way
        gets the missing strength as fresh uncertainty, and his alarm starts again."""
        total, weight, squares = self.alarm
        total *= DECAY
        weight *= DECAY
        squares *= DECAY * DECAY
        for game, residual in zip(rows, residuals, strict=True):
            declarer = self.index[game.declarer] - 1
            total[declarer] += residual
            weight[declarer] += 1.0
            squares[declarer] += 1.0
        watched = weight > 0
        offset = np.zeros_like(total)
        error = np.ones_like(total)
        offset[watched] = total[watched] / weight[watched] / BETA
        error[watched] = NOISE * np.sqrt(squares[watched]) / weight[watched] / BETA
        for i in np.flatnonzero(watched & (np.abs(offset) > ALARM_Z * error)):
            self.cov[i + 1, i + 1] += offset[i] ** 2
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

    def _row(self, declarer: K, partner: K, defenders: Sequence[K]) -> Vector:
        row = np.zeros(len(self.mean))
        row[0] = 1.0
        row[self.index[declarer]] += BETA
        row[self.index[partner]] += BETA * PARTNER
        for key in defenders:
            row[self.index[key]] -= BETA * DEFENDER
        return row

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


def _centre() -> float:
    """The expected share's shift from measuring strengths from PRIOR_MU, not from 0."""
    return -BETA * PRIOR_MU * (1.0 + PARTNER - 2.0 * DEFENDER)


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
