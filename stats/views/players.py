"""Spieler-Info: the list of players with their key figures, and one player's page.

Both pages hand the templates prepared display strings, with no template tag or filter per cell
(a long league has hundreds of cells per page): the list as rows for a plain loop, a player's page
its tables' bodies and charts as escaped HTML made here, which the template prints at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape

from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from klammernliga.models import Player
from scoring.standings import Totals
from stats import selectors_players as selectors
from stats import statistik_charts as charts
from stats.charts.bars import BarChart, bar_chart
from stats.charts.bars_html import render_bar_chart
from stats.charts.lines import LineChart, Series, colour_of
from stats.charts.lines_html import render_line_chart
from stats.display import num_cells, percent_text, share
from stats.ratings.chart import rating_series_chart
from stats.ratings.selectors import history_period

# The partner chart draws the most frequent partners; the table above it lists them all.
PARTNERS_IN_CHART = 12
# Opposing teams per page: a long league has hundreds of them.
OPPONENT_TEAMS_PER_PAGE = 25
OPPONENT_TEAMS_PAGE = "gegnerteams"


@dataclass(frozen=True, slots=True)
class Line:
    """A table row: its heading (a link when `url` is set) and its cells as display strings."""

    label: str
    cells: tuple[str, ...]
    url: str = ""

    @property
    def cells_html(self) -> SafeString:
        """The row's number cells: one template variable a row instead of one a cell (a long
        league's page has over a thousand cells)."""
        return num_cells(self.cells)


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def share_text(value: float | None) -> str:
    """display.percent_text of a share (at most 1): a whole percent up to 100 has no separator
    to localise, so this skips number_format's lookups (a long league's page has hundreds)."""
    return "–" if value is None else f"{round(value * 100)}\u00a0%"


def figure_cells(t: Totals) -> tuple[str, ...]:
    """The cells under FIGURE_HEADS, for one row of figures."""
    return (
        str(t.evenings),
        str(t.games),
        share_text(share(t.games_won, t.games)),
        f"{t.rounds_won}–{t.rounds_lost}",
        share_text(t.round_share),
        str(t.large_points),
        str(t.kalte),
        f"{t.small_points}:{t.small_points_against}",
    )


def opponent_cells(t: Totals) -> tuple[str, ...]:
    return (
        str(t.games),
        f"{t.rounds_won}–{t.rounds_lost}",
        share_text(t.round_share),
        str(t.large_points),
        f"{t.small_points}:{t.small_points_against}",
    )


# --- the player list ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ListColumn:
    key: str
    header: object
    value: Callable[[selectors.PlayerRow], object]
    text: Callable[[selectors.PlayerRow], str]


def _per_evening(row: selectors.PlayerRow) -> str:
    value = row.figures.large_points_per_evening
    return number_format(value, 2) if value is not None else "–"


# The columns after the name, as the list showed them with django-tables2 (same sort keys).
LIST_COLUMNS = (
    ListColumn("evenings", gettext_lazy("Abende"), lambda r: r.figures.evenings,
               lambda r: str(r.figures.evenings)),
    ListColumn("games", gettext_lazy("Spiele"), lambda r: r.figures.games,
               lambda r: str(r.figures.games)),
    ListColumn("game_share", gettext_lazy("Spiele gewonnen"), lambda r: r.game_share,
               lambda r: percent_text(r.game_share)),
    ListColumn("rounds_won", gettext_lazy("Runden gewonnen"), lambda r: r.figures.rounds_won,
               lambda r: str(r.figures.rounds_won)),
    ListColumn("rounds_lost", gettext_lazy("Runden verloren"), lambda r: r.figures.rounds_lost,
               lambda r: str(r.figures.rounds_lost)),
    ListColumn("round_share", gettext_lazy("Rundenquote"), lambda r: r.figures.round_share,
               lambda r: percent_text(r.figures.round_share)),
    ListColumn("large_points", gettext_lazy("Große Punkte"), lambda r: r.figures.large_points,
               lambda r: str(r.figures.large_points)),
    ListColumn("per_evening", gettext_lazy("je Abend"),
               lambda r: r.figures.large_points_per_evening, _per_evening),
    ListColumn("kalte", gettext_lazy("Kalte"), lambda r: r.figures.kalte,
               lambda r: str(r.figures.kalte)),
    ListColumn("small_difference", gettext_lazy("Kleine Punkte ±"),
               lambda r: r.figures.small_point_difference,
               lambda r: signed(r.figures.small_point_difference)),
    ListColumn("first", gettext_lazy("seit"), lambda r: r.first,
               lambda r: str(r.first) if r.first else "–"),
)  # fmt: skip
SORT_KEYS = {c.key: c for c in LIST_COLUMNS}


@dataclass(frozen=True, slots=True)
class Header:
    label: object
    css: str
    href: str
    aria_sort: str  # "ascending", "descending" or ""


def _order(rows: list[selectors.PlayerRow], sort: str) -> tuple[list[selectors.PlayerRow], str]:
    """Rows in the order of `?sort=` (a column's key, "-" first for descending); by name when
    the parameter is missing or unknown. Returns the order actually used."""
    key = sort.removeprefix("-")
    descending = sort.startswith("-")
    if key == "name":
        ordered = sorted(rows, key=lambda r: r.player.name.casefold(), reverse=descending)
        return ordered, sort
    column = SORT_KEYS.get(key)
    if column is None:
        return sorted(rows, key=lambda r: r.player.name.casefold()), "name"
    # Empty values (no rounds yet) go last either way, like django-tables2 left them.
    present = [r for r in rows if column.value(r) is not None]
    missing = [r for r in rows if column.value(r) is None]
    present.sort(key=column.value, reverse=descending)  # type: ignore[arg-type]
    return present + missing, sort


def _headers(order: str) -> list[Header]:
    headers = []
    for key, label, css in (
        ("name", _("Spieler"), "name"),
        *((c.key, c.header, "num") for c in LIST_COLUMNS),
    ):
        active = order.removeprefix("-") == key
        descending = order.startswith("-")
        next_order = key if not active or descending else f"-{key}"
        aria = ("descending" if descending else "ascending") if active else ""
        css_class = f"{css} orderable" + (f" {'desc' if descending else 'asc'}" if active else "")
        headers.append(Header(label, css_class, f"?sort={next_order}", aria))
    return headers


def player_list(request: HttpRequest) -> HttpResponse:
    rows = [row for row in selectors.player_list() if row.figures.games]
    ordered, order = _order(rows, request.GET.get("sort", "name"))
    base = reverse("stats:players")
    lines = [
        Line(row.player.name, tuple(c.text(row) for c in LIST_COLUMNS), f"{base}{row.player.slug}/")
        for row in ordered
    ]
    context = {"rows": ordered, "lines": lines, "headers": _headers(order)}
    return render(request, "stats/players.html", context)


# --- one player -----------------------------------------------------------------------------


def rating_chart(profile: selectors.PlayerProfile) -> LineChart | None:
    """The player's KlammernBoss rating over time, or None before his first completed round.

    A long history is drawn from month (or year) ends: the chart has no room for more.
    """
    if profile.rated_span is None:
        return None
    player = profile.player
    period = history_period(*profile.rated_span)
    points = selectors.rating_points(player, period)
    if not points:
        return None
    return rating_series_chart(
        [Series(player.name, points, key=player.slug, colour=colour_of(player.pk))],
        title=_("KlammernBoss-Wertung"),
        chart_id="player-rating",
        period=period,
    )


def partner_chart(profile: selectors.PlayerProfile) -> BarChart:
    """Rounds won and lost with each partner; in a long league only the most frequent ones."""
    if len(profile.partners) <= PARTNERS_IN_CHART:
        return charts.partner_rounds(profile)
    return bar_chart(
        key="partner-runden",
        title=_("Runden mit den %(count)d häufigsten Partnern: gewonnen und verloren")
        % {"count": PARTNERS_IN_CHART},
        label_header=_("Partner"),
        series=(charts.WON, charts.LOST),
        rows=[
            (p.partner.name, (p.figures.rounds_won, p.figures.rounds_lost))
            for p in profile.partners[:PARTNERS_IN_CHART]
        ],
        label_width=96,
    )


def _page(request: HttpRequest, items: Sequence[object]) -> Page:
    paginator = Paginator(items, OPPONENT_TEAMS_PER_PAGE)
    # get_page turns a missing, broken or too large number into the first or last page.
    return paginator.get_page(request.GET.get(OPPONENT_TEAMS_PAGE))


# The columns of figure_cells: the table heads of the years, partners and opposing teams.
FIGURE_HEADS = (
    gettext_lazy("Abende"), gettext_lazy("Spiele"), gettext_lazy("Spiele gewonnen"),
    gettext_lazy("Runden"), gettext_lazy("Rundenquote"), gettext_lazy("Große Punkte"),
    gettext_lazy("Kalte"), gettext_lazy("Kleine Punkte"),
)  # fmt: skip


def _heads(labels: Iterable[object]) -> SafeString:
    return mark_safe("".join(f'<th scope="col" class="num">{escape(str(h))}</th>' for h in labels))


def _cells(values: Iterable[str]) -> str:
    return "".join(f'<td class="num">{escape(v)}</td>' for v in values)


def _rows(lines: Iterable[tuple[str, tuple[str, ...], str]]) -> SafeString:
    """A table's body: per line (label, cells, url) a row headed by the label, a link when
    `url` is set. Made here, at once: the template engine takes far longer per cell."""
    return mark_safe(
        "".join(
            f'<tr><th scope="row"><a href="{escape(url)}">{escape(label)}</a></th>'
            f"{_cells(cells)}</tr>"
            if url
            else f'<tr><th scope="row">{escape(label)}</th>{_cells(cells)}</tr>'
            for label, cells, url in lines
        )
    )


def _page_links(page: Page) -> SafeString:
    """The links to each page of the opposing teams (a long league has dozens of pages)."""
    current = ' aria-current="page"'
    return mark_safe(
        "".join(
            f'<li><a href="?{OPPONENT_TEAMS_PAGE}={n}#gegnerteams"'
            f"{current if n == page.number else ''}>{n}</a></li>"
            for n in page.paginator.page_range
        )
    )


def _calls(profile: selectors.PlayerProfile) -> list[tuple[str, int, int, str, str]]:
    """The Kontra and Re table's rows: label, games, won, share, small points ±."""
    labels = {
        "kontra_said": _("Kontra gesagt"),
        "kontra_against": _("Kontra bekommen"),
        "re_said": _("Re gesagt"),
        "re_against": _("Re bekommen"),
    }
    return [
        (labels[c.key], c.games, c.won, share_text(c.share), signed(c.small_net))
        for c in profile.calls
    ]


def player_detail(request: HttpRequest, slug: str) -> HttpResponse:
    player = get_object_or_404(Player, slug=slug)
    profile = selectors.player_profile(player)
    base = reverse("stats:players")
    teams_page = _page(request, profile.opponent_teams)
    context = {
        "player": player,
        "profile": profile,
        "figure_heads": _heads(FIGURE_HEADS),
        "total_cells": mark_safe(_cells(figure_cells(profile.total))),
        "years": _rows((t.name, figure_cells(t), "") for t in profile.years),
        "partners": _rows(
            (p.partner.name, figure_cells(p.figures), f"{base}{p.partner.slug}/")
            for p in profile.partners
        ),
        "opponents": _rows(
            (o.name, opponent_cells(o.figures), f"{base}{o.person.slug}/")  # type: ignore[union-attr]
            for o in profile.opponents
        ),
        "opponent_teams": _rows((o.name, figure_cells(o.figures), "") for o in teams_page),
        "teams_page": teams_page,
        "teams_page_param": OPPONENT_TEAMS_PAGE,
        "teams_page_links": _page_links(teams_page) if teams_page.paginator.num_pages > 1 else "",
        "teams_open": OPPONENT_TEAMS_PAGE in request.GET,
        "calls": _calls(profile),
        "melds": [(_(m.label), m.own, m.against) for m in profile.melds],
        # Drawn in Python (stats/charts/bars_html.py, lines_html.py), the same markup as
        # bar_chart.html and line_chart.html.
        "partner_chart": render_bar_chart(partner_chart(profile)),
        "trump_chart": render_bar_chart(charts.declarer_by_trump(profile)),
        "bid_chart": render_bar_chart(charts.declarer_by_bid(profile)),
        "rating_chart": render_line_chart(chart) if (chart := rating_chart(profile)) else None,
    }
    return render(request, "stats/player.html", context)
