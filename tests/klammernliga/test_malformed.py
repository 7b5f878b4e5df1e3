"""Malformed input driven straight into the services and the league-file reader: they refuse it
with reasons and store nothing (the doors themselves: test_malformed_doors.py)."""

from __future__ import annotations

import csv
import datetime
import io
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klammernliga import services
from klammernliga.csv_format import HEADER, read_games
from klammernliga.models import (
    Game,
    Player,
)
from scoring.rules import InvalidGame
from tests.klammernliga.malformed import (
    MANY,
    csv_values,
    malformed_game,
    malformed_row,
    row_counts,
    valid_game,
)

pytestmark = pytest.mark.django_db


@given(game=malformed_game())
@MANY
def test_the_entry_service_refuses_malformed_games_and_stores_nothing(table, game) -> None:
    before = row_counts()
    with transaction.atomic(), pytest.raises(InvalidGame) as refused:
        services.record_game(
            match=table["match"],
            declarer=table[game["declarer"]],
            dealer=table[game["dealer"]],
            **{k: game[k] for k in ("trump", "bid", "melds_a", "melds_b", "kontra", "re", "points_a", "points_b")},
        )  # fmt: skip
    assert refused.value.problems and all(p.text for p in refused.value.problems)
    assert row_counts() == before


def record(game: dict[str, Any]) -> services.GameRecord:
    return services.GameRecord(
        team_a=(game["a1"], game["a2"]),
        team_b=(game["b1"], game["b2"]),
        **{k: game[k] for k in ("declarer", "dealer", "trump", "bid", "melds_a", "melds_b", "kontra", "re", "points_a", "points_b")},
    )  # fmt: skip


good_rows = st.lists(valid_game(), max_size=3)


@given(broken=malformed_game(names=True), before_rows=good_rows, after_rows=good_rows)
@MANY
def test_storing_evenings_with_one_malformed_game_stores_none_of_them(
    table, broken, before_rows, after_rows
) -> None:
    before = row_counts()
    games = [record(g) for g in [*before_rows, broken, *after_rows]]
    with transaction.atomic():
        summary = services.store_evenings(
            [services.EveningRecord(datetime.date(2015, 6, 1), games)]
        )
        transaction.set_rollback(True)  # keep examples independent, whatever happened
    assert summary.problems and not summary.ok
    assert all(p.message for p in summary.problems)
    assert row_counts() == before


@given(broken=malformed_row(), before_rows=good_rows, after_rows=good_rows)
@MANY
def test_a_league_file_with_one_malformed_row_names_it_and_stores_nothing(
    table, broken, before_rows, after_rows
) -> None:
    before = row_counts()
    rows = [csv_values(g) for g in before_rows] + [broken] + [csv_values(g) for g in after_rows]
    stream = io.StringIO()
    writer = csv.writer(stream)
    writer.writerow(HEADER)
    writer.writerows(rows)
    stream.seek(0)
    evenings, problems = read_games(stream)
    if not problems:
        with transaction.atomic():
            problems = services.store_evenings(evenings).problems
            transaction.set_rollback(True)  # keep examples independent, whatever happened
    assert problems
    # The line where the broken row ends (a quoted field may hold line breaks).
    head = io.StringIO()
    csv.writer(head).writerows([HEADER, *rows[: len(before_rows) + 1]])
    broken_line = head.getvalue().count("\n")
    assert any(p.line in (broken_line, None) or p.field in ("row", "header") for p in problems)
    assert all(p.message for p in problems)
    assert row_counts() == before


def test_the_generators_make_games_the_rules_accept_when_unbroken(table) -> None:
    # Guards the property tests above: without breaking, the same games are stored.
    @given(games=st.lists(valid_game(), min_size=1, max_size=5))
    @settings(
        max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
    )
    def stores(games: list[dict[str, Any]]) -> None:
        with transaction.atomic():
            summary = services.store_evenings(
                [services.EveningRecord(datetime.date(2016, 1, 1), [record(g) for g in games])]
            )
            assert summary.ok, summary.problems
            assert Game.objects.filter(match__evening__date="2016-01-01").count() == len(games)
            transaction.set_rollback(True)

    stores()


def test_a_name_that_grows_when_made_into_a_slug_still_gets_one_that_fits(table) -> None:
    name = "\u01c4" * 60  # "DŽ" as one character: two letters and a caron in a slug
    evening = services.EveningRecord(
        datetime.date(2015, 7, 1),
        [services.GameRecord(team_a=(name, "Anna"), team_b=("Clara", "Dieter"), declarer="Anna",
                             trump="herz", bid="rein", points_a=100, points_b=64)],
    )  # fmt: skip
    assert services.store_evenings([evening]).ok
    slug = Player.objects.get(name=name).slug
    assert 0 < len(slug) <= Player._meta.get_field("slug").max_length
