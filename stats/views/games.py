"""Alle Spiele: every game, filtered, sorted, paginated and exportable; and one evening's games."""

from __future__ import annotations

import datetime

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django_filters.views import FilterView
from django_tables2 import RequestConfig, SingleTableMixin
from django_tables2.export.export import TableExport
from django_tables2.export.views import ExportMixin

from klammernliga.models import Game
from stats.filters import GameFilter
from stats.selectors_games import evening_games, games
from stats.tables_games import EveningGamesTable, GamesTable


class CsvExport(TableExport):
    """Only CSV: other formats would need libraries we do not ship."""

    @classmethod
    def is_valid_format(cls, export_format: str | None) -> bool:
        return export_format == cls.CSV


class GameListView(ExportMixin, SingleTableMixin, FilterView):
    model = Game
    table_class = GamesTable
    filterset_class = GameFilter
    template_name = "stats/games.html"
    table_pagination = {"per_page": 50}
    export_name = "spiele"
    export_formats = ("csv",)
    export_class = CsvExport

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return games()


def evening(request: HttpRequest, date: str) -> HttpResponse:
    """All matches of one evening with all their games, in the order played."""
    try:
        day = datetime.date.fromisoformat(date)
    except ValueError:
        raise Http404 from None
    found = evening_games(day)
    if found is None:
        raise Http404
    tables = []
    for item in found.matches:
        table = EveningGamesTable(item.games, prefix=f"m{item.match.position}-")
        RequestConfig(request, paginate=False).configure(table)
        tables.append((item.match, table))
    return render(request, "stats/evening.html", {"evening": found, "tables": tables})
