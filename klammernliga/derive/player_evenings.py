"""Keeps the stored PlayerEvening rows (a player's figures per evening) in step with the games.

Spieler-Info and the player list read these few thousand rows instead of a player's hundred
thousand games. Like the ratings, they are told from which evening on the games changed
(klammernliga.derive.summaries); the rows from that date on are deleted and summed anew from the
games, melds and Participation rows: a handful of plain reads, however many evenings. When one
match changed (its four players are named), only their rows of its evening are rewritten, and
their PlayerGameYear rows gain the difference.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Collection, Iterable
from typing import Any

from django.db import transaction
from django.db.models import Count, Q

from klammernliga.bulk import add_to_rows, insert_rows
from klammernliga.models import Game, Meld, Participation, PlayerEvening, PlayerGameYear
from klammernliga.models.summaries import CALL_FIELDS, DECLARED, GAME_FIGURES, MELD_FIELDS
from scoring import outcomes
from scoring.domain import Side
from scoring.runs import evening_runs

BATCH_SIZE = 2000
PARTICIPATION = (
    "games", "games_won", "rounds_won", "rounds_lost", "large_points", "kalte", "laube",
    "small_points", "small_points_against",
)  # fmt: skip
RUN_FIELDS = ("run_start", "run_end", "run_best")
# Every summed figure of a row, in the order of the model.
FIGURES = (*PARTICIPATION, *DECLARED, *CALL_FIELDS, *MELD_FIELDS, *RUN_FIELDS)
COLUMNS = ("player_id", "evening_id", "date", "year", *FIGURES)
INDEX = {name: i for i, name in enumerate(FIGURES)}
YEAR_COLUMNS = ("player_id", "year", *GAME_FIGURES)


@transaction.atomic(savepoint=False)
def update_player_evenings(
    *, since: datetime.date | None, only: Collection[int] | None = None
) -> int:
    """Rewrite the rows from `since` on (all for None); returns the rows written.

    `only`: just these players' games changed, all on the evening of `since` (one match, see
    klammernliga.derive.summaries): only their rows of that evening are rewritten, and their
    years gain the difference.
    """
    stale = PlayerEvening.objects.all()
    if since is None:
        only = None
    elif only is not None:
        stale = stale.filter(date=since, player_id__in=sorted(only))
    else:
        stale = stale.filter(date__gte=since)
    before = list(stale.values_list("player_id", "year", *GAME_FIGURES)) if only else []
    stale.delete()
    rows = _rows(since, only)
    insert_rows(PlayerEvening, COLUMNS, rows)
    if since is not None and only is not None:
        start = COLUMNS.index(GAME_FIGURES[0])
        after = [(row[0], row[3], *row[start : start + len(GAME_FIGURES)]) for row in rows]
        if _add_to_years(before, after):  # type: ignore[arg-type]
            return len(rows)
    players: set[int] | None = None
    if since is not None:
        if only is not None:
            players = set(only)
        else:
            # Whoever has a year from `since`'s on: their evenings there may be gone entirely.
            years = PlayerGameYear.objects.filter(year__gte=since.year)
            players = set(years.values_list("player_id", flat=True).distinct())
            players.update(row[0] for row in rows)  # type: ignore[misc]
    _update_years(since, players)
    return len(rows)


type YearFigures = tuple[int, int, *tuple[int, ...]]  # (player, year, *GAME_FIGURES)


def _add_to_years(before: list[YearFigures], after: list[YearFigures]) -> bool:
    """Add the difference of an evening's rows to the players' years, when the same players
    had rows there before and after (so each year row exists and stays); False otherwise."""
    if {row[:2] for row in before} != {row[:2] for row in after}:
        return False
    added: dict[tuple[int, int], list[int]] = {row[:2]: [0] * len(GAME_FIGURES) for row in after}
    for sign, rows in ((1, after), (-1, before)):
        for player, year, *figures in rows:
            total = added[(player, year)]
            for i, value in enumerate(figures):
                total[i] += sign * value
    add_to_rows(
        PlayerGameYear,
        GAME_FIGURES,
        ("player_id", "year"),
        [(*figures, *key) for key, figures in added.items() if any(figures)],
    )
    return True


def _update_years(since: datetime.date | None, players: set[int] | None) -> None:
    """Sum the PlayerEvening rows into PlayerGameYear from `since`'s year on, for these players
    (all for None)."""
    evenings = PlayerEvening.objects.all()
    stale = PlayerGameYear.objects.all()
    if since is not None:
        ids = sorted(players or ())
        evenings = evenings.filter(date__gte=since.replace(month=1, day=1), player_id__in=ids)
        stale = stale.filter(year__gte=since.year, player_id__in=ids)
    stale.delete()
    # Read along the date index (in date order, which the index gives) and summed here.
    rows = evenings.order_by("date").values_list("player_id", "year", *GAME_FIGURES)
    sums: dict[tuple[int, int], list[int]] = {}
    for player, year, *figures in rows.iterator(chunk_size=BATCH_SIZE):
        row = sums.get((player, year))
        if row is None:
            sums[(player, year)] = figures
        else:
            for i, value in enumerate(figures):
                row[i] += value
    insert_rows(
        PlayerGameYear, YEAR_COLUMNS, [(*key, *figures) for key, figures in sorted(sums.items())]
    )


type Key = tuple[int, int]  # (player_id, evening_id)
# Where a match was played and who sat there: (evening, date, team A's players, team B's).
type Seats = tuple[int, datetime.date, tuple[int, int], tuple[int, int]]


class _Evenings:
    """The rows being summed: per (player, evening) a list of figures."""

    def __init__(self) -> None:
        self.figures: dict[Key, list[int]] = {}
        self.dates: dict[Key, datetime.date] = {}

    def row(self, key: Key, date: datetime.date) -> list[int]:
        row = self.figures.get(key)
        if row is None:
            row = self.figures[key] = [0] * len(FIGURES)
            self.dates[key] = date
        return row

    def add(self, key: Key, date: datetime.date, name: str, value: int) -> None:
        self.row(key, date)[INDEX[name]] += value


# A game as the rows need it, with its match's evening and seats.
_OWN_FIELDS = (
    "match_id", "declarer_id", "trump", "bid", "playing_side", "winner_side", "kontra", "re",
    "small_a", "small_b", "ends_round", "round_winner",
)  # fmt: skip
_GAME_FIELDS = (
    "match_id", "match__evening_id", "match__evening__date",
    "match__team_a__player_1_id", "match__team_a__player_2_id",
    "match__team_b__player_1_id", "match__team_b__player_2_id", *_OWN_FIELDS[1:],
)  # fmt: skip


def _rows(
    since: datetime.date | None, only: Collection[int] | None = None
) -> list[tuple[object, ...]]:
    """The rows from `since` on (with `only`: of these players, on that evening alone) from
    three plain reads: the participations, the games in the order played, and the melds per
    match and side."""
    rows = _Evenings()

    def dated(path: str) -> Q:
        """On `since` or later; with `only`, on `since` alone."""
        if since is None:
            return Q()
        return Q(**{path if only is not None else f"{path}__gte": since})

    mine = Q(player_id__in=only) if only is not None else Q()
    seated = Participation.objects.filter(mine, dated("date"))
    fields = ("player_id", "evening_id", "date", *PARTICIPATION)
    for player, evening, date, *figures in seated.values_list(*fields).iterator(BATCH_SIZE):
        row = rows.row((player, evening), date)
        for i, value in enumerate(figures):
            row[i] += value

    seats: dict[int, Seats] = {}
    games = (
        Game.objects.filter(dated("match__evening__date"))
        .order_by("match__evening__date", "match__position", "position")
        .values_list(*_GAME_FIELDS)
        .iterator(BATCH_SIZE)
    )
    round_ends: list[tuple[Seats, str]] = []
    for item in games:
        match_id, evening, date, a1, a2, b1, b2, declarer, trump, bid = item[:10]
        playing, winner, kontra, re, small_a, small_b, ends, round_winner = item[10:]
        seat = seats.get(match_id)
        if seat is None:
            seat = seats[match_id] = (evening, date, (a1, a2), (b1, b2))
        key = (declarer, evening)
        won = 1 if winner == playing else 0
        for value in (trump, bid):
            rows.add(key, date, f"declared_{value}", 1)
            rows.add(key, date, f"declared_{value}_won", won)
        if kontra or re:
            for side, team in (("a", seat[2]), ("b", seat[3])):
                names = outcomes.calls_of(Side(side), playing=Side(playing), kontra=kontra, re=re)
                net = small_a - small_b if side == "a" else small_b - small_a
                for player in team:
                    for name in names:
                        rows.add((player, evening), date, f"{name}_games", 1)
                        rows.add((player, evening), date, f"{name}_net", net)
                        if winner == side:
                            rows.add((player, evening), date, f"{name}_won", 1)
        if ends:
            round_ends.append((seat, round_winner))
    _runs(rows, round_ends)

    melds = (
        Meld.objects.filter(dated("game__match__evening__date"))
        .values_list("game__match_id", "side", "kind")
        .annotate(n=Count("id"))
        .order_by()
    )
    for match_id, meld_side, kind, n in melds.iterator(BATCH_SIZE):
        evening, date, team_a, team_b = seats[match_id]
        for side, team in (("a", team_a), ("b", team_b)):
            whose = "own" if meld_side == side else "against"
            for player in team:
                rows.add((player, evening), date, f"{kind}_{whose}", n)

    # In the order of player and date: a player's rows lie together, and are read together.
    kept = [key for key in rows.figures if only is None or key[0] in only]
    ordered = sorted(kept, key=lambda key: (key[0], rows.dates[key]))
    return [
        (player, evening, rows.dates[(player, evening)], rows.dates[(player, evening)].year,
         *rows.figures[(player, evening)])
        for player, evening in ordered
    ]  # fmt: skip


def _runs(
    rows: _Evenings,
    rounds: Iterable[tuple[Seats, str]],
) -> None:
    """Per player and evening his runs of won rounds (scoring.runs.evening_runs); `rounds` in
    the order played."""
    won: dict[Key, list[bool]] = defaultdict(list)
    dates: dict[Key, Any] = {}
    for (evening, date, team_a, team_b), winner in rounds:
        for side, team in (("a", team_a), ("b", team_b)):
            for player in team:
                key = (player, evening)
                won[key].append(winner == side)
                dates[key] = date
    start, end, best = INDEX["run_start"], INDEX["run_end"], INDEX["run_best"]
    for key, evening in won.items():
        runs = evening_runs(evening)
        row = rows.row(key, dates[key])
        row[start], row[end], row[best] = runs.start, runs.end, runs.best
