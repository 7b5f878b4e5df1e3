"""Two scorekeepers saving at the same moment, on a database that lets them (PostgreSQL)."""

import datetime
import threading

import pytest
from django.db import connection

from klammernliga import services
from klammernliga.models import Game, Match
from tests.stats.test_summaries_follow_changes import rebuilt, stored

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_tables_entering_games_at_once_lose_nothing_and_keep_every_summary_exact() -> None:
    evening, _new = services.open_evening(date=datetime.date(2012, 3, 2))
    tables = [
        services.start_match(evening=evening, team_a=("Anna", "Bernd"), team_b=("Clara", "Dieter")),
        services.start_match(evening=evening, team_a=("Eva", "Frank"), team_b=("Gerd", "Hanna")),
    ]
    start = threading.Barrier(len(tables))
    errors: list[BaseException] = []

    def scorekeeper(match: Match) -> None:
        try:
            match = Match.objects.select_related("team_a", "team_b").get(pk=match.pk)
            start.wait()
            for points_a in (100, 64, 120, 30, 100, 82, 150, 64):  # rounds end, and are rated
                services.record_game(
                    match=match, declarer=match.team_a.player_1_id, trump="herz", bid="rein",
                    kontra=points_a < 82, points_a=points_a, points_b=164 - points_a,
                )  # fmt: skip
        except BaseException as error:  # reported by the assertion below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=scorekeeper, args=(match,)) for match in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert Game.objects.count() == 16
    assert stored() == rebuilt()
