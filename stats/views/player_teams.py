"""Spieler-Info, a player's figures against every team he played: a page of its own, linked from
his page (a long league has hundreds of such teams), sortable and paged like the site's other
long lists (stats.sortable, django-tables2); at first from Lieblingsgegner to Angstgegner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy

from klammernliga.models import Player
from stats import sortable
from stats.display import share
from stats.selectors import opponents as selectors
from stats.selectors.opponents import Opponent
from stats.tables import FigureLine, figure_sets
from stats.views.players import figure_cells

PER_PAGE = 50


@dataclass(frozen=True, slots=True)
class Column:
    """A column of figure_cells: its ?sort= key, its head (and short head), its sort value."""

    key: str
    header: object
    value: Callable[[Opponent], object]
    short: object = ""


COLUMNS = (
    Column("evenings", gettext_lazy("Abende"), lambda o: o.figures.evenings),
    Column("games", gettext_lazy("Spiele"), lambda o: o.figures.games),
    Column("game_share", gettext_lazy("Spiele gewonnen"),
           lambda o: share(o.figures.games_won, o.figures.games), gettext_lazy("Spiele %")),
    # Rounds won–lost: the better balance first.
    Column("rounds", gettext_lazy("Runden"),
           lambda o: o.figures.rounds_won - o.figures.rounds_lost),
    Column("round_share", gettext_lazy("Rundenquote"), lambda o: o.figures.round_share,
           gettext_lazy("Runden %")),
    Column("large_points", gettext_lazy("Große Punkte"), lambda o: o.figures.large_points,
           gettext_lazy("GP")),
    Column("kalte", gettext_lazy("Kalte"), lambda o: o.figures.kalte),
    Column("small_points", gettext_lazy("Kleine Punkte"),
           lambda o: o.figures.small_point_difference, gettext_lazy("KP")),
)  # fmt: skip
OpponentTeamTable = sortable.table_class(
    "OpponentTeamTable", gettext_lazy("Gegner"), [(c.key, c.header) for c in COLUMNS]
)
for column in COLUMNS:
    OpponentTeamTable.base_columns[column.key].short = column.short
SORT_KEYS = {
    "name": lambda o: (o.name.casefold(), o.name),
    **{c.key: c.value for c in COLUMNS},
}


def opponent_teams(request: HttpRequest, slug: str) -> HttpResponse:
    player = get_object_or_404(Player, slug=slug)
    teams = selectors.opposing_teams(selectors.sides(player, own=False, evenings=True).opposing)
    sort = request.GET.get("sort")
    table = sortable.sorted_table(OpponentTeamTable, teams, SORT_KEYS, sort)
    sortable.paginate(table, request, PER_PAGE)
    page = table.page
    context = {
        "player": player,
        "table": table,
        "page": page,
        # Unsorted, the teams come from the best balance to the worst.
        "by_balance": not any(bound.is_ordered for bound in table.columns),
        "lines": [FigureLine(o.name, figure_cells(o.figures)) for o in page.object_list],
        "sets": figure_sets("gegnerteams-spalten"),
    }
    return render(request, "stats/player_teams.html", context)
