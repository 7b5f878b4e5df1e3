"""Sieg-Verteilungen: how rounds and games end, as charts and tables, filterable."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from klammernliga.models import Game
from stats import statistik_charts as charts
from stats.filters import LeagueFilter
from stats.selectors.games import team_side
from stats.selectors.outcomes import Perspective, distributions, tallied_distributions


def distributions_view(request: HttpRequest) -> HttpResponse:
    filterset = LeagueFilter(request.GET or None, queryset=Game.objects.all())
    if filterset.is_bound and not filterset.is_valid():
        dist = distributions(Game.objects.none(), None)
    else:
        chosen = filterset.selection()
        if chosen.team_id is not None:
            # A team's games are few: counted from the games themselves, from its side.
            perspective = Perspective(chosen.team_name, team_side(chosen.team_id))
            dist = distributions(filterset.qs, perspective)
        elif chosen.no_team:
            dist = distributions(Game.objects.none(), None)
        else:
            # The league or a player: summed from the stored tallies of each year.
            player = chosen.player
            dist = tallied_distributions(
                chosen.year,
                player.pk if player else None,
                Perspective(player.name) if player else None,
            )
    context = {
        "filter": filterset,
        "dist": dist,
        "round_chart": charts.round_ends(dist),
        "won_chart": charts.margins(dist, won=True),
        "lost_chart": charts.margins(dist, won=False),
        "kalte_chart": charts.kalte_years(dist),
    }
    return render(request, "stats/outcomes.html", context)
