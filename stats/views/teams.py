"""Teambilanzen: every team's record (sortable, paged), the head-to-head matrix of the teams with
most games, one chosen team against every opponent, and one pairing's page.

Display values are prepared here as strings (stats.display) and the templates draw the cells,
each with its column set's class (`with_sets`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast
from urllib.parse import quote_plus, urlencode

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from klammernliga.models import Team
from scoring.standings import sums_of
from stats import sortable
from stats.display import decimal, number, pair, percent, signed
from stats.selectors import teams as selectors
from stats.selectors.teams import Cell, TeamInfo, TeamRow
from stats.tables import ColumnSets, FigureLine, grouped_sets, record_sets

PER_PAGE = 50
DEFAULT_SORT = "-large_points"


def _per_evening(value: float | None) -> str:
    return decimal(value, 2)


@dataclass(frozen=True, slots=True)
class Column:
    key: str
    label: Promise
    value: Callable[[TeamRow], object]
    text: Callable[[Any], str] = number  # shows the value (a count, a share, …)
    # The year-total sums the value needs (ordering by it needs them for every team).
    sums: tuple[str, ...] = ()


def _column(
    key: str,
    label: Promise,
    *,
    text: Callable[[Any], str] = number,
    figure: str | None = None,
) -> Column:
    """A column of the team's figure `figure` (by default the one named `key`)."""
    name = figure or key
    return Column(key, label, lambda r: getattr(r.figures, name), text, sums_of(name))


# The record table's columns; `key` is the value of ?sort= (as the earlier django-tables2 table).
COLUMNS = (
    _column("evenings", _("Abende")),
    _column("games", _("Spiele")),
    Column("game_share", _("Spiele gewonnen"), lambda r: r.game_share, percent, ("games_won",)),
    _column("rounds_won", _("Runden gewonnen")),
    _column("rounds_lost", _("Runden verloren")),
    _column("round_share", _("Rundenquote"), text=percent),
    _column("large_points", _("Große Punkte")),
    _column("per_evening", _("je Abend"), text=_per_evening, figure="large_points_per_evening"),
    _column("kalte", _("Kalte")),
    _column("small_difference", _("Kleine Punkte ±"), text=signed, figure="small_point_difference"),
)
BY_KEY = {c.key: c for c in COLUMNS}
TeamTable = sortable.table_class("TeamTable", _("Team"), [(c.key, c.label) for c in COLUMNS])
# Short heads of the two shares, so the list fits a phone (the full name stays for readers).
TeamTable.base_columns["game_share"].short = _("Spiele %")
TeamTable.base_columns["round_share"].short = _("Runden %")
SORT_KEYS = {"name": lambda r: (r.team.name.casefold(), r.team.name)} | {
    c.key: c.value for c in COLUMNS
}


def parse_sort(value: str) -> tuple[str, Column | None]:
    """The order asked for ("games", "-games", "name" …) and its column (None: by name);
    anything else means the default order."""
    key = value.removeprefix("-")
    if key == "name":
        return value, None
    if key in BY_KEY:
        return value, BY_KEY[key]
    return DEFAULT_SORT, BY_KEY[DEFAULT_SORT.removeprefix("-")]


Params = dict[str, str]


def _chooser_urls(params: Params) -> Callable[[TeamInfo], str]:
    """The link that shows a team against every opponent, keeping the table's order and page."""
    kept = urlencode({k: v for k, v in params.items() if k not in ("spieler", "partner")})
    prefix = f"?{kept}&" if kept else "?"
    return lambda team: (
        f"{prefix}spieler={quote_plus(team.slugs[0])}&partner={quote_plus(team.slugs[1])}#gegner"
    )


def _record_lines(rows: list[TeamRow], url: Callable[[TeamInfo], str]) -> list[FigureLine]:
    return [
        FigureLine(row.team.name, tuple(c.text(c.value(row)) for c in COLUMNS), url(row.team))
        for row in rows
    ]


def _pair_key(first: str, second: str) -> tuple[str, str]:
    """Two players' slugs in a fixed order: a team is an unordered pair."""
    return (first, second) if first < second else (second, first)


class TeamChooser(forms.Form):
    """Pick a team by its two players: two short lists instead of one list of every team."""

    spieler = forms.ChoiceField(label=_("Spieler"))
    partner = forms.ChoiceField(label=_("Partner"))

    def __init__(self, data: Params | None, teams: dict[tuple[str, str], TeamInfo]) -> None:
        super().__init__(data)
        self.teams = teams
        players = sorted(
            {pair for t in teams.values() for pair in zip(t.slugs, t.players, strict=True)},
            key=lambda p: (p[1].casefold(), p[1]),
        )
        choices = [("", "–"), *players]
        for name in ("spieler", "partner"):
            cast(forms.ChoiceField, self.fields[name]).choices = choices
        self.team: TeamInfo | None = None

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        first, second = data.get("spieler"), data.get("partner")
        if first and second:
            team = self.teams.get(_pair_key(first, second))
            if first == second:
                raise forms.ValidationError(gettext("Ein Team sind zwei verschiedene Spieler."))
            if team is None:
                raise forms.ValidationError(
                    gettext("Diese beiden haben noch nicht als Team gespielt.")
                )
            self.team = team
        return data


def _pairing_urls() -> Callable[[int, int], str]:
    """The URL of a pairing's page; one reverse() for all of them (the matrix has many)."""
    prefix = reverse("stats:pairing", args=[1, 2]).removesuffix("1/2/")
    return lambda row, column: f"{prefix}{row}/{column}/"


@dataclass(frozen=True, slots=True)
class MatrixCell:
    """One cell of the matrix: it links to its pairing, coloured by who won more rounds."""

    url: str
    title: str
    rounds: str
    large_points: str
    css: str


def _matrix_cells(
    cells: list[Cell | None], url: Callable[[int, int], str]
) -> list[MatrixCell | None]:
    shown: list[MatrixCell | None] = []
    for cell in cells:
        if cell is None:
            shown.append(None)
            continue
        f = cell.figures
        won, lost = f.rounds_won, f.rounds_lost
        css = "cell-plus" if won > lost else "cell-minus" if won < lost else "cell-even"
        shown.append(
            MatrixCell(
                url(cell.row.pk, cell.column.pk),
                f"{cell.row.name} – {cell.column.name}",
                pair(won, lost, "–"),
                number(f.large_points),
                css,
            )
        )
    return shown


def _opponent_lines(cells: list[Cell]) -> list[FigureLine]:
    url = _pairing_urls()
    return [
        FigureLine(
            c.column.name,
            (
                number(f.evenings),
                number(f.matches),
                number(f.games),
                pair(f.rounds_won, f.rounds_lost, "–"),
                pair(f.large_points, f.large_points_against),
                pair(f.kalte, f.kalte_against),
                pair(f.small_points, f.small_points_against),
            ),
            url(c.row.pk, c.column.pk),
        )
        for c in cells
        for f in [c.figures]
    ]


# Opponents of the matrix a phone shows at a time.
MATRIX_SET_SIZE = 4


def matrix_sets(teams: int) -> ColumnSets:
    """On a phone the matrix shows four opponents at a time: columns 1–4, 5–8 …"""
    return grouped_sets("matrix-spalten", [str(n) for n in range(1, teams + 1)], MATRIX_SET_SIZE)


def team_list(request: HttpRequest) -> HttpResponse:
    # The last value of each parameter, as links and forms send them.
    params: Params = request.GET.dict()
    sort, column = parse_sort(params.get("sort", DEFAULT_SORT))
    rows = selectors.team_index(column.sums if column else ())
    table = sortable.sorted_table(TeamTable, rows, SORT_KEYS, sort)
    sortable.paginate(table, request, PER_PAGE)
    page = table.page
    page.object_list = selectors.with_figures(page.object_list)
    matrix = selectors.head_to_head(selectors.most_games(rows, selectors.MATRIX_SIZE))
    url, chooser_url = _pairing_urls(), _chooser_urls(params)
    grid = [(row, chooser_url(row), _matrix_cells(cells, url)) for row, cells in matrix.grid()]
    teams = {_pair_key(*r.team.slugs): r.team for r in rows}
    bound = "spieler" in params or "partner" in params
    chooser = TeamChooser(params if bound else None, teams)
    chosen, opponents = None, []
    if bound and chooser.is_valid() and chooser.team:
        chosen = chooser.team
        opponents = _opponent_lines(selectors.opponents(chosen, {r.team.pk: r.team for r in rows}))
    context = {
        "records": _record_lines(page.object_list, chooser_url),
        "sets": record_sets("teams-spalten"),
        "matrix_sets": matrix_sets(len(matrix.teams)),
        "opponent_sets": ColumnSets(
            "gegner-spalten",
            (_("Abende & Partien"), _("Kalte"), _("Kleine Punkte")),
            # Gegner Abende Partien Spiele Runden GP Kalte KP
            (0, 1, 1, 0, 0, 0, 2, 3),
        ),
        "table": table,
        "page": page,
        "teams_count": len(rows),
        "matrix": matrix,
        "grid": grid,
        "matrix_size": selectors.MATRIX_SIZE,
        "chooser": chooser,
        # Each select's options placed by templates/stats/_options.html.
        "selects": [
            (
                field.html_name,
                field.label,
                field.id_for_label,
                field.field.choices,  # type: ignore[attr-defined]  # a ChoiceField; the stubs say Field
                field.value() or "",
                field.errors,
            )
            for field in chooser
        ],
        "chooser_bound": bound,
        "chosen": chosen,
        "opponents": opponents,
    }
    return render(request, "stats/teams.html", context)


@dataclass(frozen=True, slots=True)
class MatchLine:
    """A match of a pairing: its date, the link to it, its figures as printed."""

    date: str
    url: str
    cells: tuple[str, ...]
    # A match's rounds (with a badge while the round is open) and the figures after them.
    rounds: str = ""
    open_round: bool = False
    more: tuple[str, ...] = ()


# The largest id a database stores (BigAutoField); a larger number in the URL names no team.
MAX_ID = 2**63 - 1


def pairing(request: HttpRequest, team_a: int, team_b: int) -> HttpResponse:
    if max(team_a, team_b) > MAX_ID:
        raise Http404
    found = {
        t.pk: t for t in Team.objects.select_related("player_1", "player_2").filter(
            pk__in=(team_a, team_b))
    }  # fmt: skip
    if team_a not in found or team_b not in found:
        raise Http404
    # Two teams that share a player (a team and itself among them) can never have met.
    if {found[team_a].player_1_id, found[team_a].player_2_id} & {
        found[team_b].player_1_id,
        found[team_b].player_2_id,
    }:
        raise Http404
    data = selectors.pairing(found[team_a], found[team_b])
    # One reverse() for every row: the evening pages differ only by their date.
    evening_url = reverse("stats:evening", args=["-"]).removesuffix("-/")
    dates = {m.date: date_format(m.date, "SHORT_DATE_FORMAT") for m in data.matches}
    evenings = [
        FigureLine(
            dates[e.date],
            (number(e.matches), number(e.games), pair(*e.rounds), pair(*e.large), pair(*e.small)),
            f"{evening_url}{e.date.isoformat()}/",
        )
        for e in data.evenings
    ]
    matches = [
        MatchLine(
            dates[m.date],
            f"{evening_url}{m.date.isoformat()}/#match-{m.position}",
            (number(m.position), number(m.games)),
            pair(*m.rounds),
            m.open_round,
            (pair(*m.large), pair(*m.kalte), pair(*m.small)),
        )
        for m in data.matches
    ]
    context = {
        "pairing": data,
        "evening_sets": ColumnSets(
            "abende-spalten",
            (_("Partien & Spiele"), _("Kleine Punkte")),
            # Abend Partien Spiele Runden GP KP
            (0, 1, 1, 0, 0, 2),
        ),
        "match_sets": ColumnSets(
            "partien-spalten",
            (_("Partie & Spiele"), _("Kalte & kleine Punkte")),
            # Abend Partie Spiele | Runden | GP Kalte KP
            (0, 1, 1, 0, 0, 2, 2),
        ),
        "evenings_count": len(evenings),
        "evenings": evenings,
        "matches": matches,
    }
    return render(request, "stats/pairing.html", context)
