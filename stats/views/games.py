"""Alle Spiele: every game, filtered, sorted, paginated and exportable; and one evening's games."""

from __future__ import annotations

import datetime
import hashlib

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import get_language
from django.views.decorators.http import condition

from klammernliga import generation
from klammernliga.models import Game
from stats.export import asks_for_csv, csv_stream
from stats.filters import GameFilter
from stats.selectors.games import (
    DEFAULT_SORT,
    SORTS,
    PlayerName,
    evening_games,
    game_row_chunks,
    games,
    games_count,
    league_players,
    ordering,
    page_rows,
)
from stats.tables_games import GamesTable, Labels, csv_header, csv_rows, table_rows

PER_PAGE = 50


def _sort_of(request: HttpRequest) -> str:
    sort = request.GET.get("sort", "")
    return sort if sort.removeprefix("-") in SORTS else DEFAULT_SORT


def game_list(request: HttpRequest) -> HttpResponse | StreamingHttpResponse:
    players = league_players()
    filterset = GameFilter(request.GET or None, queryset=games(), players=players)
    valid = not filterset.is_bound or filterset.is_valid()
    sort = _sort_of(request)
    found = filterset.qs.order_by(*ordering(sort)) if valid else Game.objects.none()
    labels = Labels(players)
    if asks_for_csv(request.GET):
        return _export(found, labels)

    if not valid:
        count = 0
    elif filterset.is_bound and filterset.on_games:
        count = found.count()
    else:
        # Year, player or team alone: the stored tallies know the count (no COUNT of 1M games).
        chosen = filterset.selection()
        if chosen.no_team:
            count = 0
        else:
            player = chosen.player.pk if chosen.player else None
            count = games_count(chosen.year, player, chosen.team_id)
    paginator = Paginator(found, PER_PAGE)
    paginator.count = count  # cached_property: set, not counted again
    page = paginator.get_page(request.GET.get("page"))
    rows = page_rows(found, page.start_index() - 1, page.end_index(), count) if count else []

    table = GamesTable(table_rows(rows, labels), sort=sort)
    # The table's page: the rows the query read for it (not a slice of every row).
    table.paginator, table.page = paginator, Page(list(table.rows), page.number, paginator)
    query = {k: str(v) for k, v in request.GET.items() if k not in ("page", "_export")}
    context = {
        "filter": filterset,
        "games": rows,
        "table": table,
        "count": count,
        "page": page,
        "export_url": _link(query, _export="csv"),
    }
    return render(request, "stats/games.html", context)


def _link(query: dict[str, str], **changes: str | int) -> str:
    return "?" + urlencode({**query, **changes})


def _export(found: QuerySet[Game], labels: Labels) -> StreamingHttpResponse:
    """The filtered games as CSV, streamed: an export of every game is a million lines."""
    return csv_stream("spiele.csv", csv_header(), csv_rows(game_row_chunks(found), labels))


def evening(request: HttpRequest, date: str) -> HttpResponse:
    """All matches of one evening with all their games, in the order played."""
    return _evening(request, _day(date), "stats/evening.html")


def is_live(day: datetime.date) -> bool:
    """Whether the evening of `day` is being played: today's or yesterday's (an evening may run
    past midnight). Its page then updates itself. Cached pages are kept per day, so this is
    never frozen from the day before."""
    return day >= timezone.localdate() - datetime.timedelta(days=1)


def _live_etag(request: HttpRequest, date: str) -> str:
    """The league's generation names the answer (as for the cached pages): a poll while nothing
    changed costs one query and a 304, logged in or not. The day is in it: the live flag is."""
    day = timezone.localdate().isoformat()
    address = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:16]
    return f'W/"{generation.current().token}-{get_language()}-{day}-{address}"'


@condition(etag_func=_live_etag)
def evening_live(request: HttpRequest, date: str) -> HttpResponse:
    """The evening's games alone, for the live page's polling."""
    return _evening(request, _day(date), "stats/evening.html#games")


def _day(date: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(date)
    except ValueError:
        raise Http404 from None


def _evening(request: HttpRequest, day: datetime.date, template: str) -> HttpResponse:
    found = evening_games(day)
    if found is None:
        raise Http404
    # Every declarer sat in the evening's matches: their players name the rows (no query).
    players = {
        player.pk: PlayerName(player.pk, player.name, player.slug)
        for item in found.matches
        for team in (item.match.team_a, item.match.team_b)
        for player in team.players
    }
    labels = Labels(players.values())
    tables = [
        (item.match, GamesTable(table_rows(item.games, labels), evening=True))
        for item in found.matches
    ]
    context = {"evening": found, "tables": tables, "live": is_live(day)}
    return render(request, template, context)
