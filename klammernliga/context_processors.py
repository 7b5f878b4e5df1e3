"""The menu of every page: the years that have games, newest first."""

from django.http import HttpRequest
from django.urls import get_resolver, get_script_prefix
from django.utils.functional import SimpleLazyObject

from stats.selectors import league_years


def league_years_for(request: HttpRequest) -> list[int]:
    """The league's years, read at most once per request: the menu and the pages share them."""
    years: list[int] | None = getattr(request, "_league_years", None)
    if years is None:
        years = league_years()
        request._league_years = years  # type: ignore[attr-defined]
    return years


# Which menu group a page belongs to, by its URL name (namespace stats).
SECTIONS = {
    "wertungen": {"boss", "table_all", "table_all_teams", "table_year", "table_year_teams"},
    "statistik": {"games", "players", "player", "teams", "pairing", "siege"},
    "regeln": {"rules"},
}


def menu_section(request: HttpRequest) -> str:
    match = getattr(request, "resolver_match", None)
    if match is None or match.namespace != "stats":
        return ""
    return next((name for name, urls in SECTIONS.items() if match.url_name in urls), "")


def entry_url() -> str:
    """Where game entry starts (`/erfassen/`), or "" while the entry app is not installed."""
    namespace = get_resolver().namespace_dict.get("entry")
    return f"{get_script_prefix()}{namespace[0]}" if namespace else ""


def site_menu(request: HttpRequest) -> dict[str, object]:
    # Lazy: a page that never shows the menu (a CSV export) never asks the database.
    return {
        "menu_years": SimpleLazyObject(lambda: league_years_for(request)),
        "menu_section": menu_section(request),
        "entry_url": entry_url(),
    }
