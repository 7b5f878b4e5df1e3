"""The home page: where the league stands."""

from django.views.generic import TemplateView

from stats.selectors import league_years, player_standings


class HomeView(TemplateView):
    template_name = "stats/home.html"

    def get_context_data(self, **kwargs: object) -> dict[str, object]:
        context = super().get_context_data(**kwargs)
        years = league_years()
        context["year"] = years[0] if years else None
        context["standings"] = player_standings(year=years[0])[:5] if years else []
        return context
