"""Keeps the stored ratings in step with the games: from a date on, never more than needed.

klammernliga.derive.summaries says from which evening on the games changed. The update resumes
from the latest kept state of the rating (`RatingState`) before that evening: the ratings and
states from the day after it on are deleted, and the evenings from there on are learned again
(scoring.rating.Strengths), which gives exactly what a rebuild from the first evening gives. A
state is kept after the last evening of every month and after every evening of the latest month,
so saving a game of the latest evening learns that evening again and no other. The month- and
year-end flags of the kept player ratings of that month and year are put right afterwards.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator
from itertools import batched, groupby

from django.db import transaction
from django.db.models import OuterRef, Q, Subquery

from klammernliga.bulk import insert_rows
from klammernliga.models import Game, Meld, Player, RatingState
from klammernliga.models import Rating as StoredRating
from scoring.domain import Bid, MeldKind, Side
from scoring.rating import DeclaredGame, Rating, Strengths, contenders

BATCH_SIZE = 2000

# One row a game: evening, date, declarer, playing side, both teams' points, round winner
# (blank unless the game ends a round), team A's and team B's players, Kontra, Re, bid, the game.
_GAME_FIELDS = (
    "match__evening_id",
    "match__evening__date",
    "declarer_id",
    "playing_side",
    "points_a",
    "points_b",
    "round_winner",
    "match__team_a__player_1_id",
    "match__team_a__player_2_id",
    "match__team_b__player_1_id",
    "match__team_b__player_2_id",
    "kontra",
    "re",
    "bid",
    "pk",
)
type GameRow = tuple[
    int, datetime.date, int, str, int, int, str, int, int, int, int, bool, bool, str, int
]
_GAME_ORDER = ("match__evening__date", "match__position", "position", "pk")


# The columns of a stored rating, in the order _learn produces them.
_COLUMNS = (
    "player_id", "evening_id", "date", "month", "month_end", "year_end", "mu", "sigma",
    "mu_before", "rounds", "rounds_evening", "rounds_won_evening",
)  # fmt: skip
type RatingRow = tuple[
    int, int, datetime.date, int, bool, bool, float, float, float, int, int, int
]  # fmt: skip
_STATE_COLUMNS = ("evening_id", "date", "month", "head", "numbers", "boss_id")
type StateRow = tuple[int, datetime.date, int, str, bytes, int | None]


@transaction.atomic(savepoint=False)
def update_ratings(*, since: datetime.date | None) -> int:
    """Rewrite the stored ratings from `since` on (all of them for None). Returns rows written."""
    strengths, resume = _resume(since)
    rounds, latest = _players_before(resume)
    stale, stale_states = StoredRating.objects.all(), RatingState.objects.all()
    if resume is not None:
        stale, stale_states = stale.filter(date__gte=resume), stale_states.filter(date__gte=resume)
    stale.delete()
    stale_states.delete()
    rows, states = _learn(_game_rows(resume), strengths, rounds)
    insert_rows(StoredRating, _COLUMNS, rows)
    insert_rows(RatingState, _STATE_COLUMNS, states)
    if states:
        _keep_month_ends(since=resume, newest=states[-1][2])
    if resume is not None:
        _mark_ends_before(resume, rows, latest)
    return len(rows)


def _month(date: datetime.date) -> int:
    return date.year * 12 + date.month - 1


def _resume(since: datetime.date | None) -> tuple[Strengths[int], datetime.date | None]:
    """The latest kept state before `since` and the day after it (from where to learn again);
    a new state and None (everything) if there is none."""
    if since is None:
        return Strengths(), None
    kept = RatingState.objects.filter(date__lt=since).order_by("-date").first()
    if kept is None:
        return Strengths(), None
    return Strengths.load(kept.head, bytes(kept.numbers)), kept.date + datetime.timedelta(days=1)


type Latest = dict[int, tuple[int, datetime.date]]  # player -> (pk, date) of the last kept row


def _players_before(since: datetime.date | None) -> tuple[dict[int, int], Latest]:
    """Each player's rounds before `since` and his last rating row before it: one query."""
    if since is None:
        return {}, {}
    rounds, latest = {}, {}
    # Per player the latest row before `since`: a walk along the (player, date) index each.
    last = StoredRating.objects.filter(player=OuterRef("pk"), date__lt=since).order_by("-date")
    kept = Player.objects.annotate(latest=Subquery(last.values("pk")[:1])).values("latest")
    rows = StoredRating.objects.filter(pk__in=kept).values_list("player_id", "rounds", "pk", "date")
    for player, count, pk, date in rows:
        rounds[player] = count
        latest[player] = (pk, date)
    return rounds, latest


def _game_rows(since: datetime.date | None) -> Iterator[tuple[GameRow, dict[str, int]]]:
    """The games from `since` on, by evening, each with its teams' counted melds in points (by
    side): the games in one query, their melds a batch of games at a time, by the games' keys (an
    index lookup, whatever the planner thinks of freshly stored tables)."""
    games = Game.objects.all()
    if since is not None:
        games = games.filter(match__evening__date__gte=since)
    rows = games.order_by(*_GAME_ORDER).values_list(*_GAME_FIELDS)
    for batch in batched(rows.iterator(chunk_size=BATCH_SIZE), BATCH_SIZE):
        points: dict[int, dict[str, int]] = {row[-1]: {Side.A: 0, Side.B: 0} for row in batch}
        # In no order: Meld's own (by game) would join the games, matches and evenings again.
        melds = Meld.objects.filter(game_id__in=points).order_by()
        for game, side, kind in melds.values_list("game_id", "side", "kind"):
            points[game][side] += MeldKind(kind).value_points
        for row in batch:
            yield row, points[row[-1]]


def _declared(row: GameRow, melds: dict[str, int]) -> DeclaredGame[int]:
    """What one game tells the rating: who declared with whom against whom, the share of the
    game's points his team took, each team's melds, Kontra, Re and the bid."""
    _evening, _date, declarer, playing, points_a, points_b, _winner, a1, a2, b1, b2 = row[:11]
    kontra, re, bid = row[11:14]
    team, other = ((a1, a2), (b1, b2)) if playing == Side.A else ((b1, b2), (a1, a2))
    points = points_a if playing == Side.A else points_b
    partner = team[1] if team[0] == declarer else team[0]
    return DeclaredGame(
        declarer,
        partner,
        other,
        points / (points_a + points_b),
        melds=melds[playing],
        melds_against=melds[Side(playing).other],
        kontra=kontra,
        re=re,
        bid=Bid(bid),
    )


def _learn(
    rows: Iterable[tuple[GameRow, dict[str, int]]],
    strengths: Strengths[int],
    rounds_so_far: dict[int, int],
) -> tuple[list[RatingRow], list[StateRow]]:
    """Learn the games evening by evening: a rating row for every player who played that
    evening, and the states to keep (month ends, and every evening of the last month).

    `strengths` and `rounds_so_far` hold what was known before the first row; both are brought
    forward.
    """
    result: list[RatingRow] = []
    states: list[StateRow] = []
    evenings = groupby(rows, key=lambda row: (row[0][0], row[0][1]))
    for (evening_id, date), evening_rows in evenings:
        played: dict[int, int] = {}
        won: dict[int, int] = {}
        games = []
        for row, melds in evening_rows:
            for key in row[7:11]:
                played.setdefault(key, 0)
            _count_round(row, played, won)
            games.append(_declared(row, melds))
        before = strengths.ratings()
        strengths.evening(date, games)
        after = strengths.ratings()
        month = _month(date)
        for key, count in played.items():
            rounds_so_far[key] = rounds_so_far.get(key, 0) + count
            mu_before = before[key].mu if key in before else after[key].mu
            result.append((
                key, evening_id, date, month, False, False, after[key].mu, after[key].sigma,
                mu_before, rounds_so_far[key], count, won.get(key, 0),
            ))  # fmt: skip
        head, numbers = strengths.dump()
        states.append((evening_id, date, month, head, numbers, _boss(after)))
    return _mark_month_ends(result), _drop_inside_months(states)


def _count_round(row: GameRow, played: dict[int, int], won: dict[int, int]) -> None:
    """Count a completed round for its four players (`played`) and its winners (`won`)."""
    winner = row[6]
    if winner not in (Side.A, Side.B):
        return
    team_a, team_b = row[7:9], row[9:11]
    for key in (*team_a, *team_b):
        played[key] = played.get(key, 0) + 1
    for key in team_a if winner == Side.A else team_b:
        won[key] = won.get(key, 0) + 1


def _boss(ratings: dict[int, Rating]) -> int | None:
    """The best player who is not provisional (scoring.rating.contenders), or None."""
    return next(iter(contenders(ratings)), None)


def _drop_inside_months(states: list[StateRow]) -> list[StateRow]:
    """The states to keep: each month's last, and every one of the last month."""
    if not states:
        return states
    last_month = states[-1][2]
    return [
        state
        for state, following in zip(states, [*states[1:], None], strict=True)
        if state[2] == last_month or following is None or following[2] != state[2]
    ]


def _keep_month_ends(*, since: datetime.date | None, newest: int) -> None:
    """After an update the months before the newest keep one state each, their last.

    Learning again from `since` (None: from the start) wrote the states from `since` on; only
    their months and that of the state the update resumed from (the day before `since`: until
    now the newest month, which kept every evening's state) can hold more than one."""
    last = RatingState.objects.filter(month=OuterRef("month")).order_by("-date").values("pk")[:1]
    months = RatingState.objects.filter(month__lt=newest)
    if since is not None:
        months = months.filter(month__gte=_month(since - datetime.timedelta(days=1)))
    months.exclude(pk=Subquery(last)).delete()


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
    before `since`: a player's last of them is his month's (year's) end unless the update rated
    him later that month (year).

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
