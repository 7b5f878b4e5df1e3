"""The menu of every page: the years that have games, newest first."""

from django.http import HttpRequest

from stats.selectors import league_years


def site_menu(request: HttpRequest) -> dict[str, object]:
    return {"menu_years": league_years}
