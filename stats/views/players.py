"""Spieler-Info: the list of players with their key figures, and one player's page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from klammernliga.models import Player
from stats import selectors_players as selectors
from stats import statistik_charts as charts
from stats.charts.lines import LineChart
from stats.ratings.chart import rating_chart as ratings_chart
from stats.ratings.selectors import rating_history
from stats.tables_records import PlayersTable


def player_list(request: HttpRequest) -> HttpResponse:
    rows = [row for row in selectors.player_list() if row.figures.games]
    table = PlayersTable(rows, order_by="name")
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "stats/players.html", {"table": table})


def rating_chart(player: Player) -> LineChart | None:
    """The player's KlammernBoss rating after every evening, or None before the first round."""
    history = rating_history(player_ids=[player.pk])
    if not history or not history[0].points:
        return None
    return ratings_chart(history, title=_("KlammernBoss-Wertung"), chart_id="player-rating")


def player_detail(request: HttpRequest, slug: str) -> HttpResponse:
    player = get_object_or_404(Player, slug=slug)
    profile = selectors.player_profile(player)
    context = {
        "player": player,
        "profile": profile,
        "partner_chart": charts.partner_rounds(profile),
        "trump_chart": charts.declarer_by_trump(profile),
        "bid_chart": charts.declarer_by_bid(profile),
        "rating_chart": rating_chart(player),
    }
    return render(request, "stats/player.html", context)
