"""The home page: who is the KlammernBoss, the top of this year's table, the last evening."""

from __future__ import annotations

from typing import Any

from django.views.generic import TemplateView

from klammernliga.models import Evening, Match
from stats.selectors.ratings import current_boss
from stats.selectors.standings import player_standings
from stats.views.games import is_live

TOP = 5


def latest_evening() -> tuple[Evening | None, list[Match]]:
    """The last evening with its matches and their teams' players: two queries."""
    evening = Evening.objects.filter(matches__isnull=False).order_by("-date").first()
    if evening is None:
        return None, []
    matches = (
        Match.objects.filter(evening=evening)
        .select_related(
            "team_a__player_1", "team_a__player_2", "team_b__player_1", "team_b__player_2"
        )
        .order_by("position")
    )
    return evening, list(matches)


class HomeView(TemplateView):
    template_name = "stats/home.html"

    def get_context_data(self, **kwargs: object) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        evening, matches = latest_evening()
        year = evening.date.year if evening else None
        standings = player_standings(year=year) if year else []
        context.update(
            boss=current_boss(),
            evening=evening,
            evening_live=evening is not None and is_live(evening.date),
            matches=matches,
            year=year,
            standings=standings[:TOP],
            more_in_table=len(standings) > TOP,
        )
        return context
