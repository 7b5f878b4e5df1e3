"""The KlammernBoss rating (RULES.md "KlammernBoss"): OpenSkill's Weng-Lin Plackett-Luce model.

Every completed small round is one rated match between its two teams, in the order played; a
player's rating is the ordinal mu − 3·sigma. This module is a thin, typed layer over
`openskill`: ratings are plain frozen values, so they can be stored and replayed from any point.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

__all__ = [
    "MODEL",
    "RatedRound",
    "Rating",
    "initial_rating",
    "ordinal",
    "rate_round",
    "replay",
    "win_chance",
]

# The package's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300): a new player's ordinal is 0.
MODEL = PlackettLuce()
ORDINAL_Z = 3.0


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill belief: mean `mu` and uncertainty `sigma`."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return ordinal(self)


@dataclass(frozen=True, slots=True)
class RatedRound[K: Hashable]:
    """A completed small round: the two players of the winning and of the losing team."""

    winners: tuple[K, K]
    losers: tuple[K, K]


def initial_rating() -> Rating:
    """The rating of a player before their first completed round."""
    return Rating(MODEL.mu, MODEL.sigma)


def ordinal(rating: Rating) -> float:
    """The displayed rating: a cautious estimate, mu − 3·sigma."""
    return rating.mu - ORDINAL_Z * rating.sigma


def _model_team(team: Sequence[Rating]) -> list[PlackettLuceRating]:
    return [MODEL.rating(mu=r.mu, sigma=r.sigma) for r in team]


def rate_round(
    winners: Sequence[Rating], losers: Sequence[Rating]
) -> tuple[tuple[Rating, ...], tuple[Rating, ...]]:
    """The new ratings of both teams after the first team won a round against the second."""
    # Without explicit ranks openskill ranks the teams in list order: the winners come first.
    new_winners, new_losers = MODEL.rate([_model_team(winners), _model_team(losers)])
    return (
        tuple(Rating(p.mu, p.sigma) for p in new_winners),
        tuple(Rating(p.mu, p.sigma) for p in new_losers),
    )


def win_chance(team_1: Sequence[Rating], team_2: Sequence[Rating]) -> tuple[float, float]:
    """Each team's predicted chance to win a round against the other; together 1."""
    first, second = MODEL.predict_win([_model_team(team_1), _model_team(team_2)])
    return first, second


def replay[K: Hashable](
    rounds: Iterable[RatedRound[K]], start: Mapping[K, Rating] | None = None
) -> dict[K, Rating]:
    """The ratings after rating `rounds` in order, starting from `start` (others start new).

    Returns a new mapping of every player in `start` or in the rounds; `start` is not changed.
    Replaying a sequence in two parts, the second from the first's result, gives the same result
    as replaying it at once: that is what lets stored ratings be brought up to date from a date.
    """
    # The replay keeps openskill's own rating objects: converting every round costs as much
    # as rating it.
    live = {key: MODEL.rating(mu=r.mu, sigma=r.sigma) for key, r in (start or {}).items()}
    for rated in rounds:
        teams = [
            [_live(live, key) for key in rated.winners],
            [_live(live, key) for key in rated.losers],
        ]
        new_winners, new_losers = MODEL.rate(teams)
        live.update(zip(rated.winners, new_winners, strict=True))
        live.update(zip(rated.losers, new_losers, strict=True))
    return {key: Rating(p.mu, p.sigma) for key, p in live.items()}


def _live[K: Hashable](live: dict[K, PlackettLuceRating], key: K) -> PlackettLuceRating:
    rating = live.get(key)
    return rating if rating is not None else MODEL.rating()
