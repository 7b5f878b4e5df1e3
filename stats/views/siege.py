"""Sieg-Verteilungen: how rounds and games end, as charts and tables, filterable."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from klammernliga.models import Game, Team
from stats import statistik_charts as charts
from stats.filters import LeagueFilter
from stats.selectors_games import player_side, team_side
from stats.selectors_siege import Perspective, distributions


def _perspective(data: dict[str, object]) -> Perspective | None:
    """A chosen team, else a chosen player: whose rounds are split into won and lost."""
    if data.get("team"):
        team = Team.objects.select_related("player_1", "player_2").get(pk=int(data["team"]))  # type: ignore[call-overload]
        return Perspective(team.name, team_side(team.pk))
    if player := data.get("spieler"):
        return Perspective(player.name, player_side(player.pk))  # type: ignore[attr-defined]
    return None


def distributions_view(request: HttpRequest) -> HttpResponse:
    filterset = LeagueFilter(request.GET or None, queryset=Game.objects.all(), request=request)
    perspective = None
    if not filterset.is_bound:
        games = filterset.qs
    elif filterset.is_valid():
        games = filterset.qs
        perspective = _perspective(filterset.form.cleaned_data)
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
