"""The stored summaries follow a change of the games: called by the services, in their
transaction, after the matches were derived (klammernliga.derive.matches)."""

from __future__ import annotations

import datetime
from collections.abc import Collection

from klammernliga.derive import outcome_tallies, ratings
from klammernliga.derive.sheets import seats
from klammernliga.models import Game, Match


def follow(
    *,
    since: datetime.date | None,
    players: Collection[int] | None = None,
) -> None:
    """Bring the ratings and outcome tallies up to date from the evening of `since` on (None:
    all of them anew, after the league was emptied or replaced, or by a full recompute).

    `players`: only these players' games changed (one match's four), all on the evening of
    `since`: the tallies per month rewrite just their rows there (the ratings still replay
    from that evening). A game added at the end of its match follows by `follow_appended`.
    """
    # Every game counts (its declarer won or lost): any change of the games moves the ratings.
    ratings.update_ratings(since=since)
    outcome_tallies.update_tallies(since=since, players=players)


def follow_appended(match: Match, game: Game, *, last_of_evening: bool) -> None:
    """The ratings and outcome tallies gain one game stored at the end of `match` (teams and
    evening loaded): the ratings continue the evening's rows when the game is the league's
    latest (`last_of_evening`: no later match of its evening has games) and its players have
    rows there, and replay the evening otherwise; the tallies add its counts."""
    date, teams = match.evening.date, seats(match)
    if not (last_of_evening and ratings.append_game(ratings.game_row(game, match, teams))):
        ratings.update_ratings(since=date)
    outcome_tallies.add_game(outcome_tallies.game_row(game, date, teams))
