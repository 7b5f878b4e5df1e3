"""The KlammernBoss rating (docs/rules.md "KlammernBoss"): a Bayesian logistic model of each game.

Every game says something about one player above all: the declarer chose to play and, with his
cards and his play, won or lost. The chance that the declarer's team wins a game is modelled as

    logistic(advantage + (declarer − (defender₁ + defender₂) / 2) / SCALE)

where each player's strength is a normal belief (mean `mu`, uncertainty `sigma`, in rating
points) and `advantage` (in log-odds) is how much more often declarers win than lose, learned
from the games like everything else. Completed small rounds add a weaker team-against-team
observation (their result carries the Kontra and Re of their games). The partner's strength
is left out of the game observation: on leagues played by the card engine it only blurred the
ranking (docs/klammernboss.md).

Each observation updates the beliefs in the order played with one step of assumed-density
filtering (a Laplace step on the logistic likelihood, diagonal covariance), so replaying the
same games gives the same ratings and a replay may stop and resume at any evening. The chance
to win a round follows from the chance to win each game by the rules of the round, Kontra and
Re included (`win_chance`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from scoring.domain import ROUND_TARGET
from scoring.rules import small_points

__all__ = [
    "Rated",
    "RatedGame",
    "RatedRound",
    "Rating",
    "game_chance",
    "initial_advantage",
    "initial_rating",
    "ordinal",
    "replay",
    "win_chance",
]

# Rating points per unit of log-odds: 10 points more make a declarer's odds about 1.1 times.
SCALE = 100.0
# A new player: strength 100 ± 50, shown as 0 (the cautious estimate mu − 2·sigma).
PRIOR_MU = 100.0
PRIOR_SIGMA = 50.0
ORDINAL_Z = 2.0
# The declarer counts fully, each defender half, the partner not at all; a round result counts
# half for each of the four. Both balance (1 = 2 · ½), so only differences of strength matter.
DECLARER_WEIGHT = 1.0
DEFENDER_WEIGHT = 0.5
ROUND_WEIGHT = 0.5
# The declarers' advantage before any game: even odds, uncertain by one unit of log-odds.
PRIOR_ADVANTAGE = (0.0, 1.0)
# The probit approximation of a logistic of a normal: logistic(m / sqrt(1 + π·s²/8)).
_PROBIT = math.pi / 8
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
    """A belief about a strength: mean `mu` and uncertainty `sigma` (one standard deviation)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return ordinal(self)


@dataclass(frozen=True, slots=True)
class RatedGame[K: Hashable]:
    """A game as the rating reads it: who declared, who defended, and whether it was won."""

    declarer: K
    defenders: tuple[K, K]
    won: bool


@dataclass(frozen=True, slots=True)
class RatedRound[K: Hashable]:
    """A completed small round: the two players of the winning and of the losing team."""

    winners: tuple[K, K]
    losers: tuple[K, K]


type Rated[K: Hashable] = RatedGame[K] | RatedRound[K]


def initial_rating() -> Rating:
    """A player's rating before his first game."""
    return Rating(PRIOR_MU, PRIOR_SIGMA)


def initial_advantage() -> Rating:
    """The declarers' advantage (log-odds) before the first game."""
    return Rating(*PRIOR_ADVANTAGE)


def ordinal(rating: Rating) -> float:
    """The displayed rating: a cautious estimate, mu − 2·sigma (0 for a new player)."""
    return rating.mu - ORDINAL_Z * rating.sigma


def _chance(mean: float, variance: float) -> float:
    return 1.0 / (1.0 + math.exp(-mean / math.sqrt(1.0 + _PROBIT * variance)))


def game_chance(declarer: Rating, defenders: Sequence[Rating], advantage: Rating) -> float:
    """The chance that the declarer's team wins a game he declares against these defenders."""
    mean = (
        advantage.mu
        + (DECLARER_WEIGHT * declarer.mu - DEFENDER_WEIGHT * sum(d.mu for d in defenders)) / SCALE
    )
    variance = (
        advantage.sigma**2
        + (
            (DECLARER_WEIGHT * declarer.sigma) ** 2
            + sum((DEFENDER_WEIGHT * d.sigma) ** 2 for d in defenders)
        )
        / SCALE**2
    )
    return _chance(mean, variance)


def win_chance(
    team_1: Sequence[Rating], team_2: Sequence[Rating], advantage: Rating | None = None
) -> tuple[float, float]:
    """Each team's chance to win a small round against the other, from 0:0; together 1.

    Each game is declared by any of the four alike; a won game gives its team the small points
    of a won game, a lost one gives the other team those of a lost game; a share of the games
    gets a Kontra or a Re (`KONTRA_SHARE`, `RE_SHARE`), is won less often by the declarer and
    counts double or fourfold.
    """
    advantage = advantage or initial_advantage()
    first = tuple(_outcomes(game_chance(p, team_2, advantage)) for p in team_1)
    second = tuple(_outcomes(game_chance(p, team_1, advantage)) for p in team_2)
    # Averaged with the mirrored chain, so equal teams get exactly one half.
    chance = 0.5 + (_round_chance(first, second) - _round_chance(second, first)) / 2
    return chance, 1.0 - chance


# A declared game's outcomes: (probability, small points to the declarer's team, to the other).
type _Outcomes = tuple[tuple[float, int, int], ...]
# The kinds of declared game: (share of games, declarer's chance moved by, stake when won, lost).
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
        average = sum(share * _chance(middle + shift, 0.0) for share, shift, _w, _l in _KINDS)
        low, high = (middle, high) if average < chance else (low, middle)
    plain = (low + high) / 2
    outcomes = []
    for share, shift, won, lost in _KINDS:
        p = _chance(plain + shift, 0.0)
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


def replay[K: Hashable](
    events: Iterable[Rated[K]],
    start: Mapping[K, Rating] | None = None,
    advantage: Rating | None = None,
) -> tuple[dict[K, Rating], Rating]:
    """The ratings and the declarers' advantage after rating `events` in order.

    Starts from `start` (players not in it start new) and `advantage` (None: the prior). Returns
    a new mapping of every player in `start` or in the events; `start` is not changed. Replaying
    a sequence in two parts, the second from the first's result, gives the same result as
    replaying it at once: that is what lets stored ratings be brought up to date from a date.
    """
    # Mutable [mu, sigma] pairs: a long replay builds no value object per step. Every step
    # starts and ends with sigma, so a replay may be cut anywhere and give the same floats.
    live = {key: [r.mu, r.sigma] for key, r in (start or {}).items()}
    prior = advantage or initial_advantage()
    base = [prior.mu, prior.sigma]
    for event in events:
        if isinstance(event, RatedGame):
            terms = [
                (_live(live, event.declarer), DECLARER_WEIGHT / SCALE),
                (_live(live, event.defenders[0]), -DEFENDER_WEIGHT / SCALE),
                (_live(live, event.defenders[1]), -DEFENDER_WEIGHT / SCALE),
                (base, 1.0),
            ]
            _observe(terms, event.won)
        else:
            weight = ROUND_WEIGHT / SCALE
            terms = [(_live(live, key), weight) for key in event.winners]
            terms += [(_live(live, key), -weight) for key in event.losers]
            _observe(terms, True)
    ratings = {key: Rating(mu, sigma) for key, (mu, sigma) in live.items()}
    return ratings, Rating(base[0], base[1])


def _observe(terms: list[tuple[list[float], float]], won: bool) -> None:
    """One Laplace step for a logistic observation of the weighted sum of `terms`."""
    mean = sum(state[0] * weight for state, weight in terms)
    variance = sum((state[1] * weight) ** 2 for state, weight in terms)
    p = _chance(mean, variance)
    gradient, curvature = (1.0 if won else 0.0) - p, p * (1.0 - p)
    damping = 1.0 + curvature * variance
    for state, weight in terms:
        var = state[1] ** 2
        state[0] += var * weight * gradient / damping
        state[1] = math.sqrt(var * (1.0 - var * weight * weight * curvature / damping))


def _live[K: Hashable](live: dict[K, list[float]], key: K) -> list[float]:
    state = live.get(key)
    if state is None:
        state = live[key] = [PRIOR_MU, PRIOR_SIGMA]
    return state
