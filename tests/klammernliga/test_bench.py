"""The benchmark harness stays honest: its generated games are valid, and its table flags misses."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.generate import build
from bench.report import render
from bench.shapes import LeagueShape
from klammernliga.models import Game, Match, Participation
from stats.selectors.standings import player_standings
from tests.factories import EveningFactory, GameFactory, MatchFactory


@pytest.mark.django_db
def test_the_generated_league_is_stored_through_the_service_with_every_result() -> None:
    shape = LeagueShape("tiny", 300, 6, 2001, 2, 1, (1, 3), (5, 12))
    outcome = build(shape, progress=lambda line: None)
    assert outcome["games"] == Game.objects.count() == 300
    assert Game.objects.filter(ends_round=True).exists()
    assert Participation.objects.exists()
    table = player_standings()
    assert len(table) == 6
    assert sum(s.totals.games for s in table) == 4 * 300


def _page(label: str, cold_p95: float | None, warm_p95: float = 1.0) -> dict[str, object]:
    built = cold_p95 is not None
    return {"label": label, "url": "/", "built": built, "median_ms": warm_p95, "p95_ms": warm_p95,
            "cold_median_ms": cold_p95, "cold_p95_ms": cold_p95, "not_modified_median_ms": 0.5,
            "not_modified_p95_ms": 0.6, "cold_queries": 4 if built else None,
            "queries": 1 if built else None, "main_sql_ms": 1.0, "note": "" if built else "not built"}  # fmt: skip


def test_the_table_says_where_a_target_was_missed_and_what_is_not_built() -> None:
    timing = {"median_ms": 1.0, "p95_ms": 2.0, "samples": 20}
    result = {"games": 10, "players": 4, "years": [2020], "empty_page": timing,
              "save_game": {**timing, "p95_ms": 60.0}, "recompute_s": 1.5}  # fmt: skip
    document = {
        "machine": {
            "date": "2026-01-01",
            "commit": "abc",
            "cores": "2",
            "python": "3.13",
            "sqlite": "3.40",
            "platform": "Linux",
        },
        "builds": {},
        "results": {
            "demo": {**result, "pages": [_page("Home", 12.0), _page("KlammernBoss", None)]},
            "big": {**result, "pages": [_page("Home", 180.0, 9.0), _page("KlammernBoss", None)]},
        },
        "loads": [],
    }
    table = render(document)
    home = next(line for line in table.splitlines() if line.startswith("| Home"))
    # Demo: cold 12 ≤ 30, warm 1 ≤ twice the empty page's 2; big: cold 180 > 100, warm 9 > 4.
    assert home.count("✓") == 2 and "≤ 30.0 ✓" in home and "≤ 4.0 ✓" in home
    assert "**missed** (1,000,000 games: > 100)" in home
    assert "**missed** (1,000,000 games: > 4.0)" in home
    assert "| 1.0 / 1.0 | 12.0 / 12.0 | 0.5 / 0.6 | 4 / 1 |" in home
    assert "| KlammernBoss | not built |" in table
    assert "save one game" in table and "**missed** (1,000,000 games: p95 ≤ 25)" in table
    assert "Not built yet when measured: KlammernBoss." in table


def test_a_warm_page_is_held_against_the_empty_page_measured_in_turn_with_it() -> None:
    timing = {"median_ms": 1.0, "p95_ms": 2.0, "samples": 20}
    result = {"games": 10, "players": 4, "years": [2020], "empty_page": timing}
    steady = {**_page("Home", 12.0, 9.0), "floor_p95_ms": 5.0}  # 9 ≤ twice its own floor's 5
    shaken = {**_page("Ewige Tabelle", 12.0, 9.0), "floor_p95_ms": 4.0}  # 9 > 2 × 4
    document = {
        "machine": {"date": "2026-01-01", "commit": "abc", "cores": "2", "python": "3.13",
                    "sqlite": "3.40", "platform": "Linux"},
        "builds": {},
        "results": {"demo": {**result, "pages": [steady, shaken]}},
        "loads": [],
    }  # fmt: skip
    lines = render(document).splitlines()
    assert "≤ 10.0 ✓" in next(line for line in lines if line.startswith("| Home"))
    assert "**missed** (demo league: > 8.0)" in next(
        line for line in lines if line.startswith("| Ewige Tabelle")
    )


def test_the_load_run_says_whether_it_met_its_target() -> None:
    timing = {"median_ms": 1.0, "p95_ms": 2.0, "samples": 20}
    result = {"games": 10, "players": 4, "years": [2020], "empty_page": timing,
              "pages": [_page("Home", 12.0)]}  # fmt: skip
    machine = {"date": "2026-01-01", "commit": "abc", "cores": "2", "python": "3.13",
               "sqlite": "3.40", "platform": "Linux"}  # fmt: skip
    load = {"dataset": "big", "workers": 2, "clients": 4, "seconds": 30.0, "paths": ["/"],
            "rps": 640.0, "requests": 19_200, "errors": 0, "median_ms": 5.0, "p95_ms": 9.0}  # fmt: skip
    slow = {**load, "rps": 465.6}
    failing = {**load, "errors": 3}

    def table(run: dict[str, object]) -> str:
        document = {"machine": machine, "builds": {}, "results": {"big": result}, "loads": [run]}
        return render(document)

    assert "Target: ≥ 500 requests/s with no errors ✓" in table(load)
    assert "not met in this run" not in table(load)
    for missed in (slow, failing):
        assert "Target **missed** (≥ 500 requests/s with no errors)." in table(missed)
        assert "Targets marked **missed** were not met in this run." in table(missed)


def test_the_http_post_of_a_game_is_held_against_its_target_at_a_million_games() -> None:
    timing = {"median_ms": 1.0, "p95_ms": 2.0, "samples": 20}
    machine = {"date": "2026-01-01", "commit": "abc", "cores": "2", "python": "3.13",
               "sqlite": "3.40", "platform": "Linux"}  # fmt: skip

    def row(p95: float) -> str:
        result = {"games": 10, "players": 4, "years": [2020], "empty_page": timing,
                  "pages": [_page("Home", 12.0)], "post_game": {**timing, "p95_ms": p95}}  # fmt: skip
        document = {"machine": machine, "builds": {}, "results": {"big": result}, "loads": []}
        lines = render(document).splitlines()
        return next(line for line in lines if "HTTP POST to gunicorn" in line)

    assert row(39.0).endswith("| 1.0 / 39.0 | 1,000,000 games: p95 ≤ 40 ✓ |")
    assert "**missed** (1,000,000 games: p95 ≤ 40)" in row(41.0)


def _queries_to_append(match: Match) -> int:
    with CaptureQueriesContext(connection) as queries:
        GameFactory(match=match, lost=True)
    return len(queries)


@pytest.mark.django_db
def test_saving_a_game_costs_the_same_queries_however_long_its_match_is() -> None:
    # The save target holds only without per-game queries: a save derives its match in memory
    # and writes the differences, each kind of row in one statement (32: the rating reads its
    # state and the players' rounds before the evening, the evening's games and their melds,
    # rewrites ratings and states from the evening on and drops the states inside earlier
    # months; and PostgreSQL's writer lock), whether its match is short or long, the latest or
    # on an earlier evening. The evenings lie in months of their own, so a state is kept before
    # each and the rating resumes from it (whatever dates other tests left the factories at).
    GameFactory(match=MatchFactory(evening=EveningFactory(date=datetime.date(2015, 1, 9))))
    short = MatchFactory(evening=EveningFactory(date=datetime.date(2015, 2, 6)))
    GameFactory(match=short)
    latest_short = _queries_to_append(short)
    long = MatchFactory(evening=EveningFactory(date=datetime.date(2015, 3, 6)))
    for _ in range(12):
        GameFactory(match=long)
    latest_long = _queries_to_append(long)
    assert latest_short == latest_long == 32 + (connection.vendor == "postgresql")
    earlier_short = _queries_to_append(short)
    longer = MatchFactory(evening=short.evening)
    for _ in range(12):
        GameFactory(match=longer)
    assert _queries_to_append(longer) == earlier_short == latest_long


def test_cold_pages_over_http_are_held_against_each_size_s_target() -> None:
    timing = {"median_ms": 1.0, "p95_ms": 2.0, "samples": 20}
    machine = {"date": "2026-01-01", "commit": "abc", "cores": "2", "python": "3.13",
               "sqlite": "3.40", "platform": "Linux"}  # fmt: skip
    result = {"games": 10, "players": 4, "years": [2020], "empty_page": timing,
              "pages": [_page("Home", 12.0)]}  # fmt: skip

    def cold(p95: float, errors: int = 0) -> list[dict[str, object]]:
        return [{"label": "Home", "path": "/", "requests": 40, "errors": errors,
                 "median_ms": p95 / 2, "p95_ms": p95}]  # fmt: skip

    document = {"machine": machine, "builds": {}, "results": {"peer": result, "big": result},
                "loads": [], "http_cold": {"peer": cold(49.0), "big": cold(101.0)}}  # fmt: skip
    lines = render(document).splitlines()
    assert any("Cold pages as real HTTP requests to gunicorn" in line for line in lines)
    home = next(line for line in lines if line.startswith("| Home | 24.5 / 49.0"))
    assert "30,000 games: p95 ≤ 50.0 ✓" in home
    assert "**missed** (1,000,000 games: p95 ≤ 100)" in home
    document["http_cold"] = {"peer": cold(20.0, errors=1)}
    home = next(line for line in render(document).splitlines() if "(1 errors)" in line)
    assert "**missed** (30,000 games: p95 ≤ 50.0)" in home
