"""Keeps the stored ratings in step with the games: from a date on, never the whole history.

`klammernliga.signals.league_changed` says from which evening on the games changed; the ratings
from that date on are deleted and the rounds from that date on are replayed, starting from each
player's last stored rating before it (see scoring.rating.replay).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import groupby

from django.db import transaction
from django.db.models import OuterRef, Subquery

from klammernliga.models import Game
from scoring.domain import Side
from scoring.rating import RatedRound, Rating, initial_rating, ordinal, replay
from stats.models import Rating as StoredRating

BATCH_SIZE = 2000

# One row a completed round: evening, date, winner side, team A's and team B's players.
_ROUND_FIELDS = (
    "match__evening_id",
    "match__evening__date",
    "round_winner",
    "match__team_a__player_1_id",
    "match__team_a__player_2_id",
    "match__team_b__player_1_id",
    "match__team_b__player_2_id",
)
type RoundRow = tuple[int, datetime.date, str, int, int, int, int]


@dataclass(slots=True)
class _Standing:
    """A player's running state during a replay."""

    rating: Rating
    rounds: int


def on_league_changed(sender: object, since: datetime.date | None = None, **kwargs: object) -> None:
    update_ratings(since=since)


@transaction.atomic
def update_ratings(*, since: datetime.date | None) -> int:
    """Rewrite the stored ratings from `since` on (all of them for None). Returns rows written."""
    start = _standings_before(since)
    stale = StoredRating.objects.all()
    if since is not None:
        stale = stale.filter(date__gte=since)
    stale.delete()
    rows = _replay_evenings(_round_rows(since), start)
    StoredRating.objects.bulk_create(rows, batch_size=BATCH_SIZE)
    return len(rows)


def _standings_before(since: datetime.date | None) -> dict[int, _Standing]:
    """Each player's last stored rating before `since`: one query."""
    if since is None:
        return {}
    earlier = StoredRating.objects.filter(date__lt=since)
    last_date = earlier.filter(player_id=OuterRef("player_id")).order_by("-date").values("date")[:1]
    rows = earlier.filter(date=Subquery(last_date)).values_list(
        "player_id", "mu", "sigma", "rounds"
    )
    return {pk: _Standing(Rating(mu, sigma), rounds) for pk, mu, sigma, rounds in rows}


def _round_rows(since: datetime.date | None) -> Iterator[RoundRow]:
    """The completed rounds from `since` on, in the order played: one query."""
    games = Game.objects.filter(ends_round=True)
    if since is not None:
        games = games.filter(match__evening__date__gte=since)
    return (
        games.order_by("match__evening__date", "match__position", "position")
        .values_list(*_ROUND_FIELDS)
        .iterator(chunk_size=BATCH_SIZE)
    )  # type: ignore[return-value]


def _rated_round(row: RoundRow) -> RatedRound[int]:
    _evening, _date, winner, a1, a2, b1, b2 = row
    team_a, team_b = (a1, a2), (b1, b2)
    if winner == Side.A:
        return RatedRound(winners=team_a, losers=team_b)
    return RatedRound(winners=team_b, losers=team_a)


def _replay_evenings(
    rows: Iterable[RoundRow], standings: dict[int, _Standing]
) -> list[StoredRating]:
    """Rate the rounds evening by evening; a row for every player who played that evening."""
    fresh = initial_rating()
    result: list[StoredRating] = []
    for (evening_id, date), evening_rows in groupby(rows, key=lambda row: (row[0], row[1])):
        rounds = [_rated_round(row) for row in evening_rows]
        before = {key: s.rating for key, s in standings.items()}
        after = replay(rounds, before)
        played: dict[int, int] = {}
        won: dict[int, int] = {}
        for rated in rounds:
            for key in rated.winners:
                played[key] = played.get(key, 0) + 1
                won[key] = won.get(key, 0) + 1
            for key in rated.losers:
                played[key] = played.get(key, 0) + 1
        for key, count in played.items():
            old = standings.get(key)
            new = _Standing(after[key], (old.rounds if old else 0) + count)
            standings[key] = new
            result.append(
                StoredRating(
                    player_id=key,
                    evening_id=evening_id,
                    date=date,
                    mu=new.rating.mu,
                    sigma=new.rating.sigma,
                    ordinal=new.rating.ordinal,
                    change=new.rating.ordinal - ordinal(old.rating if old else fresh),
                    rounds=new.rounds,
                    rounds_evening=count,
                    rounds_won_evening=won.get(key, 0),
                )
            )
    return result
