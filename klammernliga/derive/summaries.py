"""The stored summaries follow a change of the games: called by the services, in their
transaction, after the matches were derived (klammernliga.derive.matches)."""

from __future__ import annotations

import datetime
from collections.abc import Collection

from klammernliga.derive import outcome_tallies, ratings


def follow(
    *,
    since: datetime.date | None,
    players: Collection[int] | None = None,
) -> None:
    """Bring the ratings and outcome tallies up to date from the evening of `since` on (None:
    all of them anew, after the league was emptied or replaced, or by a full recompute).

    `players`: only these players' games changed (one match's four), all on the evening of
    `since`: the tallies per month rewrite just their rows there (the ratings still replay
    from that evening).
    """
    # Every game counts (its declarer won or lost): any change of the games moves the ratings.
    ratings.update_ratings(since=since)
    outcome_tallies.update_tallies(since=since, players=players)
