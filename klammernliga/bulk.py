"""Plain bulk writes for derived rows: INSERT, UPDATE and DELETE through executemany.

Rebuilding derived tables writes thousands of rows; the ORM's bulk_create and bulk_update spend
most of their time building model instances and CASE expressions. These take plain tuples.
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
        cursor.executemany(f"UPDATE {table} SET {assignments} WHERE {where}", rows)


def delete_rows(model: type[models.Model], pks: Sequence[int]) -> None:
    """DELETE rows by primary key."""
    if not pks:
        return
    table, _ = _columns(model, ())
    with connection.cursor() as cursor:
        cursor.executemany(f"DELETE FROM {table} WHERE id = %s", [(pk,) for pk in pks])
