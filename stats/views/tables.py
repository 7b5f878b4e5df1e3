"""The year tables and the ewige Tabelle, for players and for teams, with a CSV export."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView
from django_tables2 import SingleTableMixin

from scoring.domain import LAUBE_SCORE, ROUND_TARGET
from scoring.rounds import large_points_for
from stats.context_processors import league_years_for
from stats.export import asks_for_csv, csv_response
from stats.selectors.standings import player_standings, team_standings
from stats.tables import (
    StandingsTable,
    standing_rows,
    standing_sets,
    with_links,
)
from stats.templatetags.league_format import cell_class


class StandingsView(SingleTableMixin, TemplateView):
    """`/tabelle/ewig/`, `/tabelle/<year>/` and their `teams/` pages; `?_export=csv`."""

    template_name = "stats/table.html"
    table_class = StandingsTable
    # A large league has hundreds of teams: a page of them at a time, ranks counted over all.
    table_pagination = {"per_page": 100}
    teams = False

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.year: int | None = kwargs.get("year")
        # A year past 9999 is no date at all; one without games has no table.
        if self.year is not None and not 1 <= self.year <= 9999:
            raise Http404
        select = team_standings if self.teams else player_standings
        self.rows = standing_rows(select(year=self.year))
        if self.year is not None and not self.rows:
            raise Http404
        if asks_for_csv(request.GET):  # no page context needed
            values = iter(self.get_table().as_values())
            return csv_response(self.export_filename(), next(values), values)
        return super().get(request, *args, **kwargs)

    def get_table_data(self) -> list[dict[str, Any]]:
        return self.rows

    def get_table(self, **kwargs: Any) -> Any:
        table = super().get_table(**kwargs)
        table.caption = self.heading()
        return table

    def heading(self) -> str:
        if self.year is None:
            return _("Ewige Tabelle der Teams") if self.teams else _("Ewige Tabelle der Spieler")
        if self.teams:
            return _("Tabelle %(year)s der Teams") % {"year": self.year}
        return _("Tabelle %(year)s der Spieler") % {"year": self.year}

    def export_filename(self) -> str:
        period = f"tabelle-{self.year}" if self.year is not None else "ewige-tabelle"
        return f"{period}-{'teams' if self.teams else 'spieler'}.csv"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        table = context["table"]
        page = getattr(table, "page", None)
        shown = [row.record for row in page.object_list] if page else list(table.data)
        sets = standing_sets()
        context["rows"] = with_links(shown, link_players=not self.teams)
        context["sets"] = sets
        # Each figure cell's class (its column set on a narrow screen), in column order.
        context["css"] = [cell_class(group) for group in sets.cells]
        context.update(
            year=self.year,
            teams=self.teams,
            caption=self.heading(),
            round_target=ROUND_TARGET,
            laube_score=LAUBE_SCORE,
            round_large=large_points_for(ROUND_TARGET, 1),
            kalte_large=large_points_for(ROUND_TARGET, 0),
        )
        if self.year is not None:
            years = league_years_for(self.request)
            at = years.index(self.year)
            context["newer_year"] = years[at - 1] if at > 0 else None
            context["older_year"] = years[at + 1] if at + 1 < len(years) else None
        return context
