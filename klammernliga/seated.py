"""Games read with their evening and the four players of their match, in plain SQL.

Saving a game brings the read side's summaries along (ratings, player evenings, outcome tallies),
and each reads the games it needs with their evening's date and their match's seats. Django took
longer to build those joined queries than the database took to run them on a save's few rows, so
the statement is written here once per shape (klammernliga.sql; portable SQL: joins, a WHERE,
an ORDER BY), and run with the values of the moment.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Sequence
from typing import Any, Literal

from django.db import connection

from klammernliga.models import Evening, Game, Match, Team
from klammernliga.sql import column, table

# Which games: one (by pk) or one evening's (by date). Bounded on purpose: the rows are fetched
# to the client (a rebuild of every game reads through the ORM's chunked iterator instead).
type Scope = Literal["game", "day"]


@functools.cache
def _statement(fields: tuple[str, ...], scope: Scope, rounds_only: bool) -> str:
    game = [f"g.{column(Game, f)}" for f in fields]
    seats = [f"{t}.{column(Team, p)}" for t in ("ta", "tb") for p in ("player_1", "player_2")]
    where = {
        "game": f"g.{column(Game, 'id')} = %s",
        "day": f"e.{column(Evening, 'date')} = %s",
    }[scope]
    if rounds_only:
        where += f" AND g.{column(Game, 'ends_round')} = %s"
    match, team, evening = (f"m.{column(Match, f)}" for f in ("id", "team_a", "evening"))
    return (
        f"SELECT {', '.join(game)}, e.{column(Evening, 'id')}, e.{column(Evening, 'date')}, "
        f"{', '.join(seats)} FROM {table(Game)} g "
        f"JOIN {table(Match)} m ON {match} = g.{column(Game, 'match')} "
        f"JOIN {table(Evening)} e ON e.{column(Evening, 'id')} = {evening} "
        f"JOIN {table(Team)} ta ON ta.{column(Team, 'id')} = {team} "
        f"JOIN {table(Team)} tb ON tb.{column(Team, 'id')} = m.{column(Match, 'team_b')} "
        f"WHERE {where} "
        f"ORDER BY e.{column(Evening, 'date')}, m.{column(Match, 'position')}, "
        f"g.{column(Game, 'position')}"
    )


def seated_games(
    fields: Sequence[str], scope: Scope, value: int | datetime.date, *, rounds_only: bool = False
) -> list[tuple[Any, ...]]:
    """Games in the order played, each as (*fields, evening id, date, team A's two players,
    team B's two players); `value` is the game's pk or the evening's date."""
    params: list[object] = [
        value if scope == "game" else connection.ops.adapt_datefield_value(value)
    ]
    if rounds_only:
        params.append(True)
    with connection.cursor() as cursor:
        cursor.execute(_statement(tuple(fields), scope, rounds_only), params)
        rows = cursor.fetchall()
    date = len(fields) + 1
    return [
        row
        if isinstance(row[date], datetime.date)  # SQLite may hand over the ISO text
        else (*row[:date], datetime.date.fromisoformat(row[date]), *row[date + 1 :])
        for row in rows
    ]
