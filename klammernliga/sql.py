"""Names for SQL written by hand: a model's table and its fields' columns, quoted.

Where Django takes longer to build a query than the database to run it (a save's few rows, a
page's one statement), the statement is written once per process from these names, so it
follows the models and is quoted for whichever database runs it (a column may be named "date").
"""

from __future__ import annotations

from django.db import connection, models


def table(model: type[models.Model]) -> str:
    """A model's table, quoted."""
    return connection.ops.quote_name(model._meta.db_table)


def column(model: type[models.Model], field: str) -> str:
    """A field's column, quoted."""
    found = model._meta.get_field(field)
    assert isinstance(found, models.Field) and found.column  # a concrete field, not a relation
    return connection.ops.quote_name(found.column)


def columns(model: type[models.Model], *fields: str) -> list[str]:
    """The fields' columns, quoted, in order."""
    return [column(model, field) for field in fields]
