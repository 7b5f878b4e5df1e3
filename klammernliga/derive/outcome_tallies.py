"""Keeps the stored outcome tallies of Sieg-Verteilungen in step with the games, year by year.

klammernliga.derive.summaries says from which evening on the games changed; the tallies from
that evening's month on are counted again from the stored games (one plain read a year).
When one match changed, only its month is recounted, and only the rows whose count changed are
written.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Collection, Iterator, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max, Min, Q

from klammernliga.bulk import sync_rows
from klammernliga.models import Evening, Game, LeagueOutcome, PlayerOutcome
from scoring import outcomes


@transaction.atomic(savepoint=False)
def update_tallies(
    *,
    since: datetime.date | None,
    players: Collection[int] | None = None,
) -> int:
    """Count the tallies of `since`'s month and later again (all for None). Returns rows written.

    Months, not years: saving a game recounts the games of its month (about 1,400 in a league of
    a million games), not of its year; and only the rows whose count changed are written.
    `players`: only these players' games changed, all on the evening of `since` (one match, see
    klammernliga.derive.summaries): only that month is recounted, and of the players only their
    rows.
    """
    # One end of the date index each: SQLite walks an index only for a lone MIN or MAX.
    dates = Evening.objects.order_by()
    last = dates.aggregate(last=Max("date"))["last"]
    if last is None:
        _write_changes(LeagueOutcome, (), _stored(LeagueOutcome, since, ()), [])
        _write_changes(
            PlayerOutcome, ("player_id",), _stored(PlayerOutcome, since, ("player_id",)), []
        )
        return 0
    first = since.year if since is not None else dates.aggregate(first=Min("date"))["first"].year
    if since is not None and players is not None:  # one match: its month alone changed
        last = since
    league: list[tuple[Any, ...]] = []
    players_rows: list[tuple[Any, ...]] = []
    for year in range(first, last.year + 1):
        start, end = datetime.date(year, 1, 1), datetime.date(year + 1, 1, 1)
        if since is not None and year == since.year:
            start = since.replace(day=1)
            if players is not None:
                end = (start + datetime.timedelta(days=31)).replace(day=1)
        games = Game.objects.filter(match__evening__date__gte=start, match__evening__date__lt=end)
        for player, *fields in _year_tallies(games, players):
            if player is None:
                league.append((year, *fields))
            else:
                players_rows.append((year, *fields, player))
    month_only = players is not None
    stored = _stored(LeagueOutcome, since, (), month_only=month_only)
    written = _write_changes(LeagueOutcome, (), stored, league)
    stored = _stored(PlayerOutcome, since, ("player_id",), players, month_only=month_only)
    written += _write_changes(PlayerOutcome, ("player_id",), stored, players_rows)
    return written


def _key(row: Sequence[Any]) -> tuple[Any, ...]:
    """A tally row's identity: all but its counts (n, won)."""
    return (*row[:6], *row[8:])


def _stored(
    model: Any,
    since: datetime.date | None,
    extra: tuple[str, ...],
    players: Collection[int] | None = None,
    *,
    month_only: bool = False,
) -> dict[tuple[Any, ...], tuple[int, tuple[Any, ...]]]:
    """The stored rows from `since`'s month on (all for None; or of that month alone), of these
    players: key -> (pk, values in the order of _FIELDS and `extra`)."""
    rows = model.objects.all()
    if since is not None and month_only:
        rows = rows.filter(year=since.year, month=since.month)
    elif since is not None:
        rows = rows.filter(Q(year__gt=since.year) | Q(year=since.year, month__gte=since.month))
    if players is not None:
        rows = rows.filter(player_id__in=players)
    return {_key(row[1:]): (row[0], row[1:]) for row in rows.values_list("pk", *_FIELDS, *extra)}


def _write_changes(
    model: Any,
    extra: tuple[str, ...],
    stored: dict[tuple[Any, ...], tuple[int, tuple[Any, ...]]],
    counted: list[tuple[Any, ...]],
) -> int:
    """Bring the stored rows to the counted ones: update, add and remove only what differs."""
    return sync_rows(model, (*_FIELDS, *extra), stored, counted, key=_key)  # type: ignore[arg-type]  # a tally model: sync_rows takes any


type Key = tuple[int | None, int, str, int, int, bool]  # (player or None, month, kind, a, b, kalte)

# A game as the tallies count it, with its evening's date and its match's four players.
_GAME_FIELDS = (
    "playing_side", "winner_side", "points_a", "points_b", "ends_round", "score_a", "score_b",
    "round_winner", "kalte", "match__evening__date",
    "match__team_a__player_1_id", "match__team_a__player_2_id",
    "match__team_b__player_1_id", "match__team_b__player_2_id",
)  # fmt: skip


def _counts(row: Sequence[Any], wanted: frozenset[int] | None) -> Iterator[tuple[Key, int]]:
    """Where one game counts: each tally it adds one to, with 1 if it counts as won there.

    Every game counts by its margin of points, for the league and each of its four players; a
    game that ends a round also counts that round's end, won for the winners' two players.
    """
    playing, winner, points_a, points_b, ends, a, b, round_winner, kalte, day, *seated = row
    month = day.month
    seats = [(p, "a" if i < 2 else "b") for i, p in enumerate(seated)]
    if wanted is not None:
        seats = [seat for seat in seats if seat[0] in wanted]
    margin = (
        outcomes.margin(points_playing=points_a, points_defending=points_b)
        if playing == "a"
        else outcomes.margin(points_playing=points_b, points_defending=points_a)
    )
    won = 1 if winner == playing else 0
    low = outcomes.band_of(margin).low
    yield (None, month, "m", low, 0, False), won
    for player_id, _side in seats:
        yield (player_id, month, "m", low, 0, False), won
    if ends:
        high, low_score = (a, b) if round_winner == "a" else (b, a)
        yield (None, month, "r", high, low_score, bool(kalte)), 0
        for player_id, side in seats:
            yield (player_id, month, "r", high, low_score, bool(kalte)), int(side == round_winner)


def _year_tallies(games: Any, players: Collection[int] | None = None) -> list[tuple[Any, ...]]:
    """One year's tallies: for the league (player None) and for each player who sat in a game.

    One plain read of the year's games with their match's seats, counted in Python: grouping
    the games per seat in SQL took ten times as long on a year of 17,000 games.
    """
    counts: dict[Key, list[int]] = defaultdict(lambda: [0, 0])
    rows = games.values_list(*_GAME_FIELDS).order_by().iterator(2000)
    wanted = None if players is None else frozenset(players)
    for row in rows:
        for key, won in _counts(row, wanted):
            tally = counts[key]
            tally[0] += 1
            tally[1] += won
    return [(*key, n, won) for key, (n, won) in counts.items()]


_FIELDS = ("year", "month", "kind", "a", "b", "kalte", "n", "won")
