"""Keeps the stored ratings in step with the games: from a date on, never the whole history.

klammernliga.derive.summaries says from which evening on the games changed; the ratings
from that evening on are deleted and the games and rounds from there on are replayed, starting
from each player's last stored rating before it and the declarers' advantage stored with the
latest of those (see scoring.rating.replay). The month- and year-end flags
of the kept ratings of that month and year are put right afterwards.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator
from itertools import groupby

from django.db import transaction
from django.db.models import OuterRef, Q, Subquery

from klammernliga.bulk import insert_rows
from klammernliga.models import Game, Player
from klammernliga.models import Rating as StoredRating
from scoring.domain import Side
from scoring.rating import Rated, RatedGame, RatedRound, Rating, initial_rating, replay

BATCH_SIZE = 2000

# One row a game: evening, date, declarer, playing side, winner side, round winner (blank
# unless the game ends a round), team A's and team B's players.
_GAME_FIELDS = (
    "match__evening_id",
    "match__evening__date",
    "declarer_id",
    "playing_side",
    "winner_side",
    "round_winner",
    "match__team_a__player_1_id",
    "match__team_a__player_2_id",
    "match__team_b__player_1_id",
    "match__team_b__player_2_id",
)
type GameRow = tuple[int, datetime.date, int, str, str, str, int, int, int, int]


# The columns of a stored rating, in the order _replay_evenings produces them.
_COLUMNS = (
    "player_id", "evening_id", "date", "month", "month_end", "year_end", "mu", "sigma", "ordinal",
    "ordinal_before", "rounds", "rounds_evening", "rounds_won_evening", "advantage_mu",
    "advantage_sigma",
)  # fmt: skip
type RatingRow = tuple[
    int,
    int,
    datetime.date,
    int,
    bool,
    bool,
    float,
    float,
    float,
    float,
    int,
    int,
    int,
    float,
    float,
]


@transaction.atomic(savepoint=False)
def update_ratings(*, since: datetime.date | None) -> int:
    """Rewrite the stored ratings from `since` on (all of them for None). Returns rows written."""
    ratings, rounds, latest, advantage = _state_before(since)
    stale = StoredRating.objects.all()
    if since is not None:
        stale = stale.filter(date__gte=since)
    stale.delete()
    rows = _replay_evenings(_game_rows(since), ratings, rounds, advantage)
    insert_rows(StoredRating, _COLUMNS, rows)
    if since is not None:
        _mark_ends_before(since, rows, latest)
    return len(rows)


type Latest = dict[int, tuple[int, datetime.date]]  # player -> (pk, date) of the last kept row


def _state_before(
    since: datetime.date | None,
) -> tuple[dict[int, Rating], dict[int, int], Latest, Rating | None]:
    """Each player's last stored rating before `since`, rounds so far and that row, and the
    declarers' advantage after the last rated evening before `since` (None: none): one query."""
    if since is None:
        return {}, {}, {}, None
    ratings, rounds, latest = {}, {}, {}
    advantage, newest = None, datetime.date.min
    # Per player the latest row before `since`: a walk along the (player, date) index each.
    last = StoredRating.objects.filter(player=OuterRef("pk"), date__lt=since).order_by("-date")
    kept = Player.objects.annotate(latest=Subquery(last.values("pk")[:1])).values("latest")
    rows = StoredRating.objects.filter(pk__in=kept).values_list(*_STATE_FIELDS, "pk", "date")
    for player, mu, sigma, count, base_mu, base_sigma, pk, date in rows:
        ratings[player], rounds[player] = Rating(mu, sigma), count
        latest[player] = (pk, date)
        # Every rated evening stores the advantage after it: the newest row has the latest.
        if date > newest:
            advantage, newest = Rating(base_mu, base_sigma), date
    return ratings, rounds, latest, advantage


_STATE_FIELDS = ("player_id", "mu", "sigma", "rounds", "advantage_mu", "advantage_sigma")


def _game_rows(since: datetime.date | None) -> Iterator[GameRow]:
    """The games from `since` on, in the order played: one query."""
    games = Game.objects.all()
    if since is not None:
        games = games.filter(match__evening__date__gte=since)
    return (
        games.order_by("match__evening__date", "match__position", "position")
        .values_list(*_GAME_FIELDS)
        .iterator(chunk_size=BATCH_SIZE)
    )


def _rated(row: GameRow) -> Iterator[Rated[int]]:
    """What one game tells the rating: its declarer's result, then its round's, if it ends one."""
    _evening, _date, declarer, playing, winner, round_winner, a1, a2, b1, b2 = row
    team_a, team_b = (a1, a2), (b1, b2)
    yield RatedGame(declarer, team_b if playing == Side.A else team_a, won=winner == playing)
    if round_winner == Side.A:
        yield RatedRound(winners=team_a, losers=team_b)
    elif round_winner == Side.B:
        yield RatedRound(winners=team_b, losers=team_a)


def _replay_evenings(
    rows: Iterable[GameRow],
    ratings: dict[int, Rating],
    rounds_so_far: dict[int, int],
    advantage: Rating | None = None,
) -> list[RatingRow]:
    """Rate the games evening by evening; a row for every player who played that evening.

    `ratings` and `rounds_so_far` hold the state before the first row and are brought forward.
    """
    fresh = initial_rating()
    result: list[RatingRow] = []
    for (evening_id, date), evening_rows in groupby(rows, key=lambda row: (row[0], row[1])):
        events: list[Rated[int]] = []
        played: dict[int, int] = {}
        won: dict[int, int] = {}
        for row in evening_rows:
            for key in row[6:]:
                played.setdefault(key, 0)
            events.extend(_counted(_rated(row), played, won))
        # Every player of the evening gets a row, a partner who never declared nor defended too.
        before = {key: ratings.get(key, fresh) for key in played}
        after, advantage = replay(events, before, advantage)
        month = date.year * 12 + date.month - 1
        for key, count in played.items():
            new = after[key]
            ratings[key] = new
            rounds_so_far[key] = rounds_so_far.get(key, 0) + count
            result.append((
                key, evening_id, date, month, False, False, new.mu, new.sigma, new.ordinal,
                before[key].ordinal, rounds_so_far[key], count, won.get(key, 0),
                advantage.mu, advantage.sigma,
            ))  # fmt: skip
    return _mark_month_ends(result)


def _counted(
    events: Iterable[Rated[int]], played: dict[int, int], won: dict[int, int]
) -> Iterator[Rated[int]]:
    """The events, counting each player's completed rounds (`played`) and won ones (`won`)."""
    for event in events:
        if isinstance(event, RatedRound):
            for key in (*event.winners, *event.losers):
                played[key] = played.get(key, 0) + 1
            for key in event.winners:
                won[key] = won.get(key, 0) + 1
        yield event


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
    now: dict[str, set[int]] = {"month_end": set(), "year_end": set()}
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
