"""The whole league at once: emptied, replaced by the demo league or a backup, derived anew.

Each is one change (`writing`): every check runs before the first row is deleted, so a refused
replacement leaves the league exactly as it was, and the generation goes up with the change.
"""

from __future__ import annotations

from django.db import connection, models

from klammernliga.derive import summaries
from klammernliga.derive.matches import recompute_match
from klammernliga.derive.years import refresh_year_totals
from klammernliga.models import (
    Evening,
    Game,
    LeagueOutcome,
    Match,
    Meld,
    Participation,
    Player,
    PlayerOutcome,
    PlayerYear,
    Rating,
    RatingState,
    Team,
    TeamYear,
)
from scoring.rules import InvalidGame

# Records before what they refer to is gone: derived rows first, then the games and upwards.
_DERIVED: list[type[models.Model]] = [
    Participation,
    PlayerYear,
    TeamYear,
    RatingState,
    Rating,
    LeagueOutcome,
    PlayerOutcome,
]
_RECORDS: list[type[models.Model]] = [Meld, Game, Match, Evening, Team, Player]


class LeagueRefused(Exception):
    """A change of the whole league was refused before anything was written."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def league_is_empty() -> bool:
    return not (Player.objects.exists() or Evening.objects.exists() or Game.objects.exists())


def _histories() -> list[type[models.Model]]:
    found = []
    for model in _RECORDS:
        history = getattr(model, "history", None)
        if history is not None:
            found.append(history.model)
    return found


def clear_league() -> None:
    """Delete every league record, its history and every row derived from it, inside the
    caller's change (`writing`): the players, teams, evenings, matches, games and melds go.
    Accounts and groups stay."""
    if not getattr(connection, "_league_writing", False):
        raise RuntimeError("clear_league runs inside services.writing()")
    with connection.cursor() as cursor:
        for model in [*_DERIVED, *_RECORDS, *_histories()]:
            # Hand-written: QuerySet.delete() would collect every row's cascade in Python first,
            # and the history would gain a row for every deleted record.
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(model._meta.db_table)}")


def derive_league() -> list[str]:
    """Derive every match anew from its games' inputs, inside the caller's change, after the
    league's records were loaded as they are (a backup): each match that breaks a rule is a
    problem, and the caller rolls back when there are any."""
    problems: list[str] = []
    for match in Match.objects.select_related("evening").order_by("evening__date", "position"):
        try:
            recompute_match(match, follow=False)
        except InvalidGame as error:
            problems.append(f"match {match.evening.date} #{match.position}: {error}")
    refresh_year_totals()
    summaries.follow(since=None)
    return problems
