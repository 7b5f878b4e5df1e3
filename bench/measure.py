"""Measure one dataset in-process: `python -m bench.measure NAME` with BENCH_DB set.

For every main page, through Django's test client: median and p95 of the page requested again
(warm: from the page cache), of the first request after a change (cold: the league's generation
raised before each sample, so the page is made anew), and of a repeat visit that sends the page's
ETag back (304); the query counts, and the time of the cold page's slowest ("main") query alone.
Then the floors (an empty page through the whole middleware stack), the time to save one game
through the entry service and to enter it through the form's POST, and a full recompute. Prints
one JSON document.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

import django

WARMUP = 3
SQL_REPEAT = 15
# A very slow page gets fewer samples: sampling stops after this many seconds (at least 5).
PAGE_BUDGET_S = 60.0
# Saving and entering a game: samples after a warm-up.
SAVE_SAMPLES = 200
# A page from the page cache (warm), each sample followed by one of the empty page (the floor):
# both see the machine of the same moment, and a p95 of 200 samples moves less than one of 60.
WARM_SAMPLES = 200
EMPTY_URL = "/__bench__/empty/"


@dataclass
class PageResult:
    label: str
    url: str | None
    status: int | None = None
    built: bool = False
    median_ms: float | None = None
    p95_ms: float | None = None
    queries: int | None = None
    cold_median_ms: float | None = None
    cold_p95_ms: float | None = None
    cold_queries: int | None = None
    not_modified_median_ms: float | None = None
    not_modified_p95_ms: float | None = None
    floor_median_ms: float | None = None
    floor_p95_ms: float | None = None
    main_sql_ms: float | None = None
    main_sql: str = ""
    note: str = ""


@dataclass
class Timing:
    median_ms: float
    p95_ms: float
    samples: int


@dataclass
class Result:
    dataset: str
    games: int
    players: int
    years: list[int]
    pages: list[PageResult] = field(default_factory=list)
    empty_page: Timing | None = None
    save_game: Timing | None = None
    enter_game: Timing | None = None
    recompute_s: float | None = None
    vendor: str = ""


def timing(samples: list[float]) -> Timing:
    ms = [s * 1000 for s in samples]
    p95 = statistics.quantiles(ms, n=100, method="inclusive")[94] if len(ms) > 1 else ms[0]
    return Timing(round(statistics.median(ms), 2), round(p95, 2), len(ms))


@contextmanager
def recording() -> Iterator[list[tuple[str, Any, float]]]:
    """Every query the block runs, with its parameters and its time."""
    from django.db import connection

    queries: list[tuple[str, Any, float]] = []

    def wrapper(execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            queries.append((sql, params, time.perf_counter() - started))

    with connection.execute_wrapper(wrapper):
        yield queries


def time_sql(sql: str, params: Any) -> float:
    from django.db import connection

    samples: list[float] = []
    with connection.cursor() as cursor:
        while len(samples) < SQL_REPEAT and (len(samples) < 3 or sum(samples) < 10):
            started = time.perf_counter()
            cursor.execute(sql, params)
            cursor.fetchall()
            samples.append(time.perf_counter() - started)
    return round(statistics.median(samples) * 1000, 2)


class _FormFields(HTMLParser):
    """The first GET form's select fields and their option values."""

    def __init__(self) -> None:
        super().__init__()
        self.selects: dict[str, list[str]] = {}
        self._current: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "select" and a.get("name"):
            self._current = a["name"]
            self.selects[self._current] = []
        elif tag == "option" and self._current and a.get("value"):
            self.selects[self._current].append(a["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._current = None


def filtered_query(html: str, player_slug: str, player_pk: int, year: int) -> dict[str, str]:
    """A realistic filter of the games list: one player in one year, by the page's own form."""
    form = _FormFields()
    form.feed(html)
    query: dict[str, str] = {}
    for name, options in form.selects.items():
        lowered = name.lower()
        if "player" in lowered or "spieler" in lowered:
            wanted = [v for v in options if v in (player_slug, str(player_pk))]
            query[name] = wanted[0] if wanted else (options[0] if options else player_slug)
        elif "year" in lowered or "jahr" in lowered:
            query[name] = str(year) if str(year) in options else (options[0] if options else "")
    return query


def measure_page(client: Any, label: str, url: str | None, requests: int) -> PageResult:
    page = PageResult(label, url)
    if url is None:
        page.note = "not built"
        return page
    response = client.get(url)
    page.status = response.status_code
    if response.status_code == 404:
        page.note = "not built"
        return page
    if response.status_code != 200:
        page.note = f"HTTP {response.status_code}"
        return page
    page.built = True
    for _ in range(WARMUP - 1):
        client.get(url)
    cold = _samples(requests, lambda: client.get(url), before=_new_generation)
    if len(cold) < requests:
        page.note = f"{len(cold)} requests"
    t = timing(cold)
    page.cold_median_ms, page.cold_p95_ms = t.median_ms, t.p95_ms
    _new_generation()
    with recording() as queries:
        etag = client.get(url)["ETag"]
    page.cold_queries = len(queries)
    if queries:
        sql, params, _seconds = max(queries, key=lambda q: q[2])
        page.main_sql = " ".join(sql.split())[:300]
        page.main_sql_ms = time_sql(sql, params)
    warm, floor = _warm_and_floor(client, url)
    page.median_ms, page.p95_ms = warm.median_ms, warm.p95_ms
    page.floor_median_ms, page.floor_p95_ms = floor.median_ms, floor.p95_ms
    with recording() as queries:
        client.get(url)
    page.queries = len(queries)

    def revalidate() -> None:
        assert client.get(url, headers={"If-None-Match": etag}).status_code == 304

    t = timing(_samples(requests, revalidate))
    page.not_modified_median_ms, page.not_modified_p95_ms = t.median_ms, t.p95_ms
    return page


def _warm_and_floor(client: Any, url: str) -> tuple[Timing, Timing]:
    """The page requested again and the empty page, in turn: WARM_SAMPLES of each."""
    warm: list[float] = []
    floor: list[float] = []
    for _ in range(WARM_SAMPLES):
        for target, samples in ((url, warm), (EMPTY_URL, floor)):
            started = time.perf_counter()
            client.get(target)
            samples.append(time.perf_counter() - started)
    return timing(warm), timing(floor)


def _new_generation() -> None:
    """What a change does to the pages, without the change: the league's generation goes up."""
    from django.db import transaction

    from klammernliga import generation

    with transaction.atomic():
        generation.bump()


def _samples(
    count: int, request: Callable[[], object], before: Callable[[], None] | None = None
) -> list[float]:
    samples: list[float] = []
    while len(samples) < count and (len(samples) < 5 or sum(samples) < PAGE_BUDGET_S):
        if before:
            before()
        started = time.perf_counter()
        request()
        samples.append(time.perf_counter() - started)
    return samples


def pages(client: Any, year: int | None, player: Any) -> list[tuple[str, str | None]]:
    from django.urls import NoReverseMatch, reverse

    def url(name: str, *args: object) -> str | None:
        try:
            return reverse(name, args=args)
        except NoReverseMatch:
            return None

    games = url("stats:games")
    filtered = None
    if games and player is not None and year is not None:
        response = client.get(games)
        if response.status_code == 200:
            query = filtered_query(response.content.decode(), player.slug, player.pk, year)
            filtered = f"{games}?{urlencode(query)}" if query else None
    return [
        ("Home", url("stats:home")),
        ("Ewige Tabelle", url("stats:table_all")),
        (f"Jahrestabelle {year}", url("stats:table_year", year) if year else None),
        ("KlammernBoss", url("stats:boss")),
        ("Alle Spiele, erste Seite", games),
        ("Alle Spiele, gefiltert", filtered),
        ("Spieler-Info", url("stats:player", player.slug) if player else None),
        ("Teambilanzen", url("stats:teams")),
        ("Sieg-Verteilungen", url("stats:outcomes")),
    ]


SAVE_WARMUP = 20


def _latest_match() -> Any:
    from klammernliga.models import Match

    return (
        Match.objects.select_related("team_a__player_1", "team_b", "evening")
        .order_by("-evening__date", "-position")
        .first()
    )


def measure_save(samples: int) -> Timing | None:
    """`services.record_game` of the next game of the latest Partie, each undone afterwards."""
    from django.db import transaction

    from klammernliga import services

    match = _latest_match()
    if match is None:
        return None
    times = []
    for sample in range(SAVE_WARMUP + samples):
        with transaction.atomic():
            started = time.perf_counter()
            services.record_game(
                match=match,
                declarer=match.team_a.player_1,
                trump="herz",
                bid="rein",
                points_a=100,
                points_b=64,
            )
            if sample >= SAVE_WARMUP:
                times.append(time.perf_counter() - started)
            transaction.set_rollback(True)
    return timing(times)


def measure_entry(samples: int) -> Timing | None:
    """The scorekeeper's whole form-and-save path: the new-game form's POST (with its one-time
    token) through every middleware, the form, the save and the redirect; each undone."""
    from django.contrib.auth.models import User
    from django.db import transaction
    from django.test import Client
    from django.urls import reverse

    from klammernliga.entry.access import ensure_scorekeeper_group

    match = _latest_match()
    if match is None:
        return None
    times = []
    with transaction.atomic():
        keeper = User.objects.create_user("bench-schriftfuehrer")
        keeper.groups.add(ensure_scorekeeper_group())
        client = Client()
        client.force_login(keeper)
        url = reverse("entry:new_game", args=[match.evening.date])
        data = {"match": match.pk, "declarer": match.team_a.player_1_id, "trump": "herz",
                "bid": "rein", "points_a": "100"}  # fmt: skip
        for sample in range(SAVE_WARMUP + samples):
            undo = transaction.savepoint()
            started = time.perf_counter()
            response = client.post(url, {**data, "token": str(uuid.uuid4())})
            elapsed = time.perf_counter() - started
            transaction.savepoint_rollback(undo)
            if response.status_code != 302:
                raise RuntimeError(f"entering a game answered {response.status_code}")
            if sample >= SAVE_WARMUP:
                times.append(elapsed)
        transaction.set_rollback(True)
    return timing(times)


def run(name: str, requests: int, recompute: bool, log: Callable[[str], None]) -> Result:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")
    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.db.models import Count
    from django.test import Client

    from klammernliga import services
    from klammernliga.models import Game, Player
    from stats.selectors.standings import league_years

    # A dataset built by an older checkout gets the newer tables (e.g. ratings) first.
    call_command("migrate", verbosity=0, interactive=False)
    # A reused dataset may predate its newest tables and indexes: give the planner statistics.
    services.refresh_planner_statistics()
    years = league_years()
    result = Result(name, Game.objects.count(), Player.objects.count(), years)
    result.vendor = f"{connection.vendor} {getattr(connection.Database, 'sqlite_version', '')}"
    if recompute:
        log(f"  {name}: full recompute …")
        started = time.perf_counter()
        services.recompute_all()
        result.recompute_s = round(time.perf_counter() - started, 2)
        log(f"  {name}: recompute took {result.recompute_s} s")
    else:
        # Without a recompute, still let the stored summaries (ratings) catch up.
        from klammernliga.derive import summaries
        from klammernliga.models import Evening

        first = Evening.objects.order_by("date").values_list("date", flat=True).first()
        started = time.perf_counter()
        summaries.follow(since=first)
        log(f"  {name}: the summaries took {time.perf_counter() - started:.1f} s")
    year = years[0] if years else None
    player = (
        Player.objects.annotate(n=Count("participations")).order_by("-n", "name").first()
        if years
        else None
    )
    client = Client()
    result.empty_page = None
    empty = [client.get(EMPTY_URL) for _ in range(WARMUP)]
    assert all(r.status_code == 200 for r in empty)
    samples = []
    for _ in range(200):
        started = time.perf_counter()
        client.get(EMPTY_URL)
        samples.append(time.perf_counter() - started)
    result.empty_page = timing(samples)
    for label, url in pages(client, year, player):
        page = measure_page(client, label, url, requests)
        log(f"  {name}: {label}: warm {page.median_ms} / {page.p95_ms} ms, cold "
            f"{page.cold_median_ms} / {page.cold_p95_ms} ms, 304 {page.not_modified_p95_ms} ms, "
            f"{page.cold_queries} / {page.queries} queries {page.note}")  # fmt: skip
        result.pages.append(page)
    result.save_game = measure_save(SAVE_SAMPLES)
    result.enter_game = measure_entry(SAVE_SAMPLES)
    return result


if __name__ == "__main__":
    dataset, requests, recompute = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
    outcome = run(dataset, requests, recompute, lambda line: print(line, file=sys.stderr))
    print(json.dumps(asdict(outcome)))
