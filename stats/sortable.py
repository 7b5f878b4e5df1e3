"""Sortable, paged lists of the statistics pages as django-tables2 tables (the site's one table
system): django-tables2 reads `?sort=`, makes the sort links with aria-sort and the page links.

Its own sort of a list compares rows pair by pair through accessors, slow for hundreds of rows;
a `KeyedListData` is sorted by a plain key per column instead, rows without a value last.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import django_tables2 as tables
from django.core.paginator import Paginator
from django.http import HttpRequest
from django_tables2.data import TableListData

from stats.tables import NameColumn, NumberColumn

type Key = Callable[[Any], object]


class KeyedListData(TableListData):
    data: list[Any]  # set by TableListData, which has no types

    def __init__(self, data: Iterable[object], keys: Mapping[str, Key]) -> None:
        super().__init__(list(data))
        self.keys = keys

    def order_by(self, aliases: Iterable[str]) -> None:
        # Least significant first: each sort is stable.
        for alias in reversed(list(aliases)):
            key = self.keys[alias.removeprefix("-")]
            present = [row for row in self.data if key(row) is not None]
            missing = [row for row in self.data if key(row) is None]
            present.sort(key=key, reverse=alias.startswith("-"))  # type: ignore[arg-type]  # no None left
            self.data = present + missing


def table_class(name: str, label: object, columns: Sequence[tuple[str, object]]) -> type[Any]:
    """A table of a name column and figure columns (key, label), all sortable."""
    attrs: dict[str, object] = {"name": NameColumn(verbose_name=label)}
    attrs |= {key: NumberColumn(verbose_name=header) for key, header in columns}
    attrs["Meta"] = type("Meta", (), {"orderable": True, "attrs": {"class": "table"}})
    return type(name, (tables.Table,), attrs)


def sorted_table(
    table: type[Any], rows: Iterable[object], keys: Mapping[str, Key], sort: str | None
) -> Any:
    """The table over `rows` in the order `sort` names (a column unknown to it is ignored)."""
    return table(KeyedListData(rows, keys), order_by=sort or None)


def paginate(table: Any, request: HttpRequest, per_page: int) -> None:
    """A page of the sorted rows; a missing, broken or too large number gives the first or last."""
    paginator = Paginator(list(table.data), per_page)
    table.paginator = paginator
    table.page = paginator.get_page(request.GET.get(table.prefixed_page_field))
