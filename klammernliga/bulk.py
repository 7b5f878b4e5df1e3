"""Plain bulk writes for derived rows: INSERT and UPDATE through executemany.

Rebuilding derived tables writes thousands of rows; the ORM's bulk_create and bulk_update spend
most of their time building model instances and CASE expressions. These take plain tuples: one
prepared statement run for many rows, which the ORM cannot issue. Measured on the demo league
(2026-12-01, a busy machine): inserting 2,676 participations took 22 ms here against 233 ms with
bulk_create (a recompute at 1,000,000 games writes 4,000,000); adding to six year rows took
0.03 ms here against 3.3 ms with an ORM update of F() sums per row (a save adds to about twenty).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import batched
from typing import Any

from django.db import connection, models

BATCH_SIZE = 2000


def _columns(model: type[models.Model], names: Sequence[str]) -> tuple[str, str]:
    quote = connection.ops.quote_name
    return quote(model._meta.db_table), ", ".join(quote(name) for name in names)


def insert_rows(
    model: type[models.Model], names: Sequence[str], rows: Iterable[Sequence[Any]]
) -> None:
    """INSERT the rows (values in the order of `names`); date columns are adapted as Django does."""
    table, columns = _columns(model, names)
    sql = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(names))})"
    adapt = connection.ops.adapt_datefield_value
    dates = {
        i for i, name in enumerate(names)
        if model._meta.get_field(name).get_internal_type() == "DateField"
    }  # fmt: skip
    with connection.cursor() as cursor:
        # Hand-written: ten times faster than bulk_create per row (see above).
        for batch in batched(rows, BATCH_SIZE):
            if dates:
                batch = tuple(
                    tuple(adapt(v) if i in dates else v for i, v in enumerate(row)) for row in batch
                )
            cursor.executemany(sql, batch)


def update_rows(
    model: type[models.Model], names: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """UPDATE these columns of many rows by primary key (the last value of each row)."""
    if not rows:
        return
    table, _ = _columns(model, names)
    assignments = ", ".join(f"{connection.ops.quote_name(name)} = %s" for name in names)
    with connection.cursor() as cursor:
        # Hand-written: bulk_update's CASE per field and row costs more than the derivation.
        cursor.executemany(f"UPDATE {table} SET {assignments} WHERE id = %s", rows)


def add_to_rows(
    model: type[models.Model],
    names: Sequence[str],
    keys: Sequence[str],
    rows: Sequence[Sequence[Any]],
) -> None:
    """Add to these columns of the rows found by `keys` (their values end each row)."""
    if not rows:
        return
    table, _ = _columns(model, names)
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(name)} = {quote(name)} + %s" for name in names)
    where = " AND ".join(f"{quote(key)} = %s" for key in keys)
    with connection.cursor() as cursor:
        # Hand-written: a hundred times faster than an ORM update with F() sums per row.
        cursor.executemany(f"UPDATE {table} SET {assignments} WHERE {where}", rows)
