"""Keeps the stored ratings in step with the games: from a date on, never the whole history.

`klammernliga.signals.league_changed` says from which evening on the games changed; the ratings
from that evening on are deleted and the rounds from there on are replayed, starting from each
player's last stored rating before it (see scoring.rating.replay). The month- and year-end flags
of the kept ratings of that month and year are put right afterwards.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable, Iterator
from itertools import groupby

from django.db import connection, transaction
from django.db.models import Q

from klammernliga.bulk import insert_rows
from klammernliga.models import Game, Player
from klammernliga.sql import column, table
from scoring.domain import Side
from scoring.rating import RatedRound, Rating, initial_rating, replay
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

# The columns of a stored rating, in the order _replay_evenings produces them.
_COLUMNS = (
    "player_id", "evening_id", "date", "month", "month_end", "year_end", "mu", "sigma", "ordinal",
    "change", "rounds", "rounds_evening", "rounds_won_evening",
)  # fmt: skip
type RatingRow = tuple[
    int, int, datetime.date, int, bool, bool, float, float, float, float, int, int, int
]


def on_league_changed(sender: object, since: datetime.date | None = None, **kwargs: object) -> None:
    # The ratings follow the rounds alone: a change that ends no round differently leaves them.
    if kwargs.get("rounds_changed", True):
        update_ratings(since=since)


@transaction.atomic(savepoint=False)
def update_ratings(*, since: datetime.date | None) -> int:
    """Rewrite the stored ratings from `since` on (all of them for None). Returns rows written."""
    ratings, rounds, latest = _state_before(since)
    stale = StoredRating.objects.all()
    if since is not None:
        stale = stale.filter(date__gte=since)
    stale.delete()
    rows = _replay_evenings(_round_rows(since), ratings, rounds)
    insert_rows(StoredRating, _COLUMNS, rows)
    if since is not None:
        _mark_ends_before(since, rows, latest)
    return len(rows)


type Latest = dict[int, tuple[int, datetime.date]]  # player -> (pk, date) of the last kept row


def _state_before(since: datetime.date | None) -> tuple[dict[int, Rating], dict[int, int], Latest]:
    """Each player's last stored rating before `since`, rounds so far and that row: one query."""
    if since is None:
        return {}, {}, {}
    ratings, rounds, latest = {}, {}, {}
    with connection.cursor() as cursor:
        cursor.execute(_state_before_sql(), [connection.ops.adapt_datefield_value(since)])
        for player, mu, sigma, count, pk, date in cursor.fetchall():
            if not isinstance(date, datetime.date):  # SQLite may hand over the ISO text
                date = datetime.date.fromisoformat(date)
            ratings[player], rounds[player] = Rating(mu, sigma), count
            latest[player] = (pk, date)
    return ratings, rounds, latest


@functools.cache
def _state_before_sql() -> str:
    """_state_before's statement, written once (building it took longer than running it): per
    player the latest row before a date, a walk along the (player, date) index each."""
    rating, player = table(StoredRating), table(Player)
    pk, who, date = (column(StoredRating, f) for f in ("id", "player", "date"))
    figures = ", ".join(f"r.{column(StoredRating, f)}" for f in ("player", "mu", "sigma", "rounds"))
    latest = (
        f"SELECT (SELECT l.{pk} FROM {rating} l WHERE l.{who} = p.{column(Player, 'id')} "
        f"AND l.{date} < %s ORDER BY l.{date} DESC LIMIT 1) FROM {player} p"
    )
    return f"SELECT {figures}, r.{pk}, r.{date} FROM {rating} r WHERE r.{pk} IN ({latest})"


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
    rows: Iterable[RoundRow], ratings: dict[int, Rating], rounds_so_far: dict[int, int]
) -> list[RatingRow]:
    """Rate the rounds evening by evening; a row for every player who played that evening.

    `ratings` and `rounds_so_far` hold the state before the first row and are brought forward.
    """
    fresh = initial_rating()
    result: list[RatingRow] = []
    for (evening_id, date), evening_rows in groupby(rows, key=lambda row: (row[0], row[1])):
        rounds = [_rated_round(row) for row in evening_rows]
        played: dict[int, int] = {}
        won: dict[int, int] = {}
        for rated in rounds:
            for key in rated.winners:
                played[key] = played.get(key, 0) + 1
                won[key] = won.get(key, 0) + 1
            for key in rated.losers:
                played[key] = played.get(key, 0) + 1
        before = {key: ratings.get(key, fresh) for key in played}
        after = replay(rounds, before)
        for key, count in played.items():
            new = after[key]
            ratings[key] = new
            rounds_so_far[key] = rounds_so_far.get(key, 0) + count
            change = new.ordinal - before[key].ordinal
            month = date.year * 12 + date.month - 1
            row = (key, evening_id, date, month, False, False, new.mu, new.sigma, new.ordinal)
            row = (*row, change)
            result.append((*row, rounds_so_far[key], count, won.get(key, 0)))
    return _mark_month_ends(result)


def _mark_month_ends(rows: list[RatingRow]) -> list[RatingRow]:
    """Flag each player's last row of every month and of every year (rows in date order)."""
    months: set[tuple[int, int]] = set()
    years: set[tuple[int, int]] = set()
    for index in range(len(rows) - 1, -1, -1):
        row = rows[index]
        month_end = (row[0], row[3]) not in months
        year_end = (row[0], row[3] // 12) not in years
        if month_end:
            months.add((row[0], row[3]))
        if year_end:
            years.add((row[0], row[3] // 12))
        if month_end or year_end:
            rows[index] = (*row[:4], month_end, year_end, *row[6:])
    return rows


def _mark_ends_before(since: datetime.date, rows: list[RatingRow], latest: Latest) -> None:
    """Put the month- and year-end flags right on the kept rows of `since`'s month and year
    before `since`: a player's last of them is his month's (year's) end unless the replay rated
    him later that month (year). So an update replays from the changed evening, not its month.

    One read of the rows flagged now; a write only where a flag changes (mostly none)."""
    month_start, year_start = since.replace(day=1), since.replace(month=1, day=1)
    flagged = StoredRating.objects.filter(date__gte=year_start, date__lt=since).filter(
        Q(year_end=True) | Q(month_end=True, date__gte=month_start)
    )
    now = {"month_end": set(), "year_end": set()}
    for pk, date, month_end, year_end in flagged.values_list("pk", "date", "month_end", "year_end"):
        if month_end and date >= month_start:  # an earlier month's end stays as it is
            now["month_end"].add(pk)
        if year_end:
            now["year_end"].add(pk)
    for flag, start, same in (
        ("month_end", month_start, lambda d: (d.year, d.month) == (since.year, since.month)),
        ("year_end", year_start, lambda d: d.year == since.year),
    ):
        later = {row[0] for row in rows if same(row[2])}
        ends = {
            pk for player, (pk, date) in latest.items() if date >= start and player not in later
        }
        if gone := now[flag] - ends:
            StoredRating.objects.filter(pk__in=gone).update(**{flag: False})
        if new := ends - now[flag]:
            StoredRating.objects.filter(pk__in=new).update(**{flag: True})
