"""Teambilanzen: every team's record, the head-to-head matrix, and one pairing's page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from klammernliga.models import Team
from stats import selectors_teams as selectors
from stats.tables_records import TeamsTable


def team_list(request: HttpRequest) -> HttpResponse:
    matrix = selectors.head_to_head()
    table = TeamsTable(matrix.teams, order_by=("-large_points",))
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "stats/teams.html", {"table": table, "matrix": matrix})


def pairing(request: HttpRequest, team_a: int, team_b: int) -> HttpResponse:
    teams = Team.objects.select_related("player_1", "player_2")
    first = get_object_or_404(teams, pk=team_a)
    second = get_object_or_404(teams, pk=team_b)
    return render(request, "stats/pairing.html", {"pairing": selectors.pairing(first, second)})
