"""One change to the league at a time, in one transaction; the services' exceptions."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction

from klammernliga import generation


class StaleGame(Exception):
    """The game was changed by someone else since the form was opened."""


class AlreadyRecorded(Exception):
    """The form's game was stored once and has been deleted since; a replay stores nothing."""


class TokenConflict(Exception):
    """A form's one-time token came with another game, or from another scorekeeper, than the
    game it stored: nothing is stored, and it is not that game's replay either."""


class CannotRestore(Exception):
    """A deleted game cannot be brought back (already back, or its evening is gone)."""


# Any number: the key of the league's one writer lock on PostgreSQL.
_WRITER_LOCK = 19_980_101


@contextmanager
def writing() -> Iterator[None]:
    """One transaction of a change to the league, and one writer at a time.

    A change brings the stored summaries along in place (year totals, tallies, ratings), so two
    changes at once must not interleave. SQLite's IMMEDIATE transactions queue writers already;
    on PostgreSQL a transaction-wide advisory lock does (held until commit or rollback).
    The league's generation goes up once, in the same transaction: cached pages follow.
    """
    with transaction.atomic():
        if getattr(connection, "_league_writing", False):
            yield  # inside another change: its transaction, lock and generation are this one's
            return
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                # Hand-written: the ORM has no advisory locks.
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_WRITER_LOCK])
        generation.bump()
        connection._league_writing = True  # type: ignore[attr-defined]  # our flag on Django's connection
        try:
            yield
        finally:
            connection._league_writing = False  # type: ignore[attr-defined]  # our flag on Django's connection
