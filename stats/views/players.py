"""Spieler-Info: the list of players with their key figures, and one player's page.

Both pages hand the templates rows of display strings (stats.display): each row's cells are
drawn by the template (`with_sets` gives each its column set's class).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Func, OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from klammernliga.models import Player
from scoring.standings import Totals
from stats import sortable
from stats import statistik_charts as charts
from stats.charts.bars import BarChart, bar_chart
from stats.charts.lines import PALETTE_SIZE, LineChart, Series
from stats.display import decimal, number, pair, percent, share, signed
from stats.ratings.chart import rating_series_chart
from stats.selectors import players as selectors
from stats.selectors.ratings import history_period
from stats.tables import ColumnSets, FigureLine, figure_sets, record_sets

# The partner chart draws the most frequent partners; the table above it lists them all.
PARTNERS_IN_CHART = 12


def figure_cells(t: Totals) -> tuple[str, ...]:
    """The cells under FIGURE_HEADS, for one row of figures."""
    return (
        number(t.evenings),
        number(t.games),
        percent(share(t.games_won, t.games)),
        pair(t.rounds_won, t.rounds_lost, "–"),
        percent(t.round_share),
        number(t.large_points),
        number(t.kalte),
        pair(t.small_points, t.small_points_against),
    )


def opponent_cells(t: Totals) -> tuple[str, ...]:
    return (
        number(t.games),
        pair(t.rounds_won, t.rounds_lost, "–"),
        percent(t.round_share),
        number(t.large_points),
        pair(t.small_points, t.small_points_against),
    )


# --- the player list ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ListColumn:
    key: str
    header: object
    value: Callable[[selectors.PlayerRow], object]
    text: Callable[[selectors.PlayerRow], str]


def _per_evening(row: selectors.PlayerRow) -> str:
    return decimal(row.figures.large_points_per_evening, 2)


# The columns after the name, as the list showed them with django-tables2 (same sort keys).
LIST_COLUMNS = (
    ListColumn("evenings", gettext_lazy("Abende"), lambda r: r.figures.evenings,
               lambda r: number(r.figures.evenings)),
    ListColumn("games", gettext_lazy("Spiele"), lambda r: r.figures.games,
               lambda r: number(r.figures.games)),
    ListColumn("game_share", gettext_lazy("Spiele gewonnen"), lambda r: r.game_share,
               lambda r: percent(r.game_share)),
    ListColumn("rounds_won", gettext_lazy("Runden gewonnen"), lambda r: r.figures.rounds_won,
               lambda r: number(r.figures.rounds_won)),
    ListColumn("rounds_lost", gettext_lazy("Runden verloren"), lambda r: r.figures.rounds_lost,
               lambda r: number(r.figures.rounds_lost)),
    ListColumn("round_share", gettext_lazy("Rundenquote"), lambda r: r.figures.round_share,
               lambda r: percent(r.figures.round_share)),
    ListColumn("large_points", gettext_lazy("Große Punkte"), lambda r: r.figures.large_points,
               lambda r: number(r.figures.large_points)),
    ListColumn("per_evening", gettext_lazy("je Abend"),
               lambda r: r.figures.large_points_per_evening, _per_evening),
    ListColumn("kalte", gettext_lazy("Kalte"), lambda r: r.figures.kalte,
               lambda r: number(r.figures.kalte)),
    ListColumn("small_difference", gettext_lazy("Kleine Punkte ±"),
               lambda r: r.figures.small_point_difference,
               lambda r: signed(r.figures.small_point_difference)),
    ListColumn("first", gettext_lazy("seit"), lambda r: r.first,
               lambda r: str(r.first) if r.first else "–"),
)  # fmt: skip
PlayerListTable = sortable.table_class(
    "PlayerListTable", gettext_lazy("Spieler"), [(c.key, c.header) for c in LIST_COLUMNS]
)
# Short heads of the two shares, so the list fits a phone (the full name stays for readers).
PlayerListTable.base_columns["game_share"].short = gettext_lazy("Spiele %")
PlayerListTable.base_columns["round_share"].short = gettext_lazy("Runden %")
SORT_KEYS = {
    "name": lambda r: (r.player.name.casefold(), r.player.name),
    **{c.key: c.value for c in LIST_COLUMNS},
}


def player_list(request: HttpRequest) -> HttpResponse:
    rows = sorted(
        (row for row in selectors.player_list() if row.figures.games),
        key=lambda r: (r.player.name.casefold(), r.player.name),
    )
    table = sortable.sorted_table(PlayerListTable, rows, SORT_KEYS, request.GET.get("sort"))
    ordered = list(table.data)
    base = reverse("stats:players")
    lines = [
        FigureLine(
            row.player.name, tuple(c.text(row) for c in LIST_COLUMNS), f"{base}{row.player.slug}/"
        )
        for row in ordered
    ]
    context = {
        "rows": ordered,
        "lines": lines,
        "table": table,
        "sets": record_sets("spieler-spalten", since=True),
    }
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
        [Series(player.name, points, key=player.slug, colour=colour(player))],
        title=_("KlammernBoss-Wertung"),
        chart_id="player-rating",
        period=period,
    )


def colour(player: Player) -> int:
    """The player's colour on every chart: his id's rank among all players (colours_by_order),
    counted in the query that reads him (`earlier`, see player_detail)."""
    return int(player.earlier) % PALETTE_SIZE  # type: ignore[attr-defined]  # annotated by the query


# How many players have a lower id: read with the player, not in a query of its own.
EARLIER = Subquery(
    Player.objects.filter(pk__lt=OuterRef("pk")).order_by().values(n=Func("pk", function="COUNT"))
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


# The columns of figure_cells: the table heads of the years, partners and opposing teams, each
# with a short label (or "") that lets the table fit a phone.
FIGURE_HEADS = (
    (gettext_lazy("Abende"), ""), (gettext_lazy("Spiele"), ""),
    (gettext_lazy("Spiele gewonnen"), gettext_lazy("Spiele %")), (gettext_lazy("Runden"), ""),
    (gettext_lazy("Rundenquote"), gettext_lazy("Runden %")),
    (gettext_lazy("Große Punkte"), gettext_lazy("GP")), (gettext_lazy("Kalte"), ""),
    (gettext_lazy("Kleine Punkte"), gettext_lazy("KP")),
)  # fmt: skip


def _calls(profile: selectors.PlayerProfile) -> list[tuple[str, str, str, str, str]]:
    """The Kontra and Re table's rows: label, games, won, share, small points ±."""
    labels = {
        "kontra_said": _("Kontra gesagt"),
        "kontra_against": _("Kontra bekommen"),
        "re_said": _("Re gesagt"),
        "re_against": _("Re bekommen"),
    }
    return [
        (labels[c.key], number(c.games), number(c.won), percent(c.share), signed(c.small_net))
        for c in profile.calls
    ]


def player_detail(request: HttpRequest, slug: str) -> HttpResponse:
    player = get_object_or_404(Player.objects.annotate(earlier=EARLIER), slug=slug)
    profile = selectors.player_profile(player)
    base = reverse("stats:players")
    context = {
        "player": player,
        "profile": profile,
        "figure_heads": FIGURE_HEADS,
        # On a phone each long table shows a set of its columns at a time.
        "year_sets": figure_sets("jahre-spalten"),
        "partner_sets": figure_sets("partner-spalten"),
        "opponent_sets": ColumnSets(
            "gegner-spalten",
            (_("Spiele & große Punkte"), _("Kleine Punkte")),
            # Gegner Spiele Runden Quote GP KP
            (0, 1, 0, 0, 1, 2),
        ),
        # ("%" in a template's translate tag is looked up doubled.)
        "rounds_share_short": _("Runden %"),
        "total_cells": figure_cells(profile.total),
        "years": [FigureLine(t.name, figure_cells(t)) for t in profile.years],
        "partners": [
            FigureLine(p.partner.name, figure_cells(p.figures), f"{base}{p.partner.slug}/")
            for p in profile.partners
        ],
        "opponents": [
            FigureLine(o.name, opponent_cells(o.figures), f"{base}{o.person.slug}/")  # type: ignore[union-attr]  # a person
            for o in profile.opponents
        ],
        "calls": _calls(profile),
        "melds": [(_(m.label), m.own, m.against) for m in profile.melds],
        "partner_chart": partner_chart(profile),
        "trump_chart": charts.declarer_by_trump(profile),
        "bid_chart": charts.declarer_by_bid(profile),
        "rating_chart": rating_chart(profile),
    }
    return render(request, "stats/player.html", context)
