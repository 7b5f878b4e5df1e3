"""Sieg-Verteilungen: how rounds and games end, as charts and tables, filterable."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from klammernliga.models import Game
from stats import statistik_charts as charts
from stats.filters import LeagueFilter, Selection
from stats.selectors_games import player_side, team_side
from stats.selectors_siege import Perspective, distributions


def _perspective(chosen: Selection) -> Perspective | None:
    """A chosen team, else a chosen player: whose rounds are split into won and lost."""
    if chosen.team_id is not None:
        return Perspective(chosen.team_name, team_side(chosen.team_id))
    if chosen.player is not None:
        return Perspective(chosen.player.name, player_side(chosen.player.pk))
    return None


def distributions_view(request: HttpRequest) -> HttpResponse:
    filterset = LeagueFilter(request.GET or None, queryset=Game.objects.all())
    perspective = None
    if not filterset.is_bound:
        games = filterset.qs
    elif filterset.is_valid():
        games = filterset.qs
        perspective = _perspective(filterset.selection())
    else:
        games = Game.objects.none()
    dist = distributions(games, perspective)
    context = {
        "filter": filterset,
        "dist": dist,
        "round_chart": charts.round_ends(dist),
        "won_chart": charts.margins(dist, won=True),
        "lost_chart": charts.margins(dist, won=False),
        "kalte_chart": charts.kalte_years(dist),
    }
    return render(request, "stats/siege.html", context)
