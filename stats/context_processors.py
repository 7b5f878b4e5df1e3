"""The menu of every page: the years that have games, newest first."""

from dataclasses import dataclass

from django.http import HttpRequest
from django.urls import get_resolver, get_script_prefix, reverse
from django.utils.functional import SimpleLazyObject

from stats.selectors.standings import league_years


def league_years_for(request: HttpRequest) -> list[int]:
    """The league's years, read at most once per request: the menu and the pages share them."""
    years: list[int] | None = getattr(request, "_league_years", None)
    if years is None:
        years = league_years()
        request._league_years = years  # type: ignore[attr-defined]  # kept on the request for this request
    return years


@dataclass(frozen=True, slots=True)
class MenuYear:
    """A year's link in the menu: its table's URL and whether it is the page shown."""

    label: str
    url: str
    current: bool


# A year no league reaches: where the year goes in the reversed URL.
_YEAR_SLOT = 987654321


def menu_year_links(request: HttpRequest) -> list[MenuYear]:
    """The menu's year links: one URL lookup for all of them, as the year is the only part of
    the URL that varies (a lookup per year cost every page a few tenths of a millisecond)."""
    head, tail = reverse("stats:table_year", args=[_YEAR_SLOT]).rsplit(str(_YEAR_SLOT), 1)
    path = request.path
    links = []
    for year in league_years_for(request):
        url = f"{head}{year:d}{tail}"
        links.append(MenuYear(f"{year:d}", url, url == path))
    return links


# Which menu group a page belongs to, by its URL name (namespace stats).
SECTIONS = {
    "wertungen": {"boss", "table_all", "table_all_teams", "table_year", "table_year_teams"},
    "statistik": {"games", "players", "player", "teams", "pairing", "outcomes"},
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
        "menu_year_links": SimpleLazyObject(lambda: menu_year_links(request)),
        "menu_section": menu_section(request),
        "entry_url": entry_url(),
    }
