import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from klammernliga import services
from klammernliga.models import Game, Match, Participation
from scoring.rules import InvalidGame
from tests.factories import GameFactory, MatchFactory

pytestmark = pytest.mark.django_db


def test_recording_a_game_stores_its_derived_result() -> None:
    game = GameFactory(with_kontra=True, lost=True)
    assert (game.playing_side, game.winner_side, game.small_a, game.small_b) == ("a", "b", 0, 4)
    assert (game.score_a, game.score_b, game.round_no, game.ends_round) == (0, 4, 1, False)


def test_an_invalid_game_is_refused_and_nothing_is_stored() -> None:
    match = MatchFactory()
    with pytest.raises(InvalidGame) as error:
        GameFactory(match=match, points_a=100, points_b=10, re=True)
    assert {p.field for p in error.value.problems} == {"re", "points_b"}
    assert Game.objects.count() == 0


def test_changing_a_game_recomputes_its_match_and_the_tables() -> None:
    match = MatchFactory()
    games = [GameFactory(match=match) for _ in range(5)]
    match.refresh_from_db()
    assert (match.rounds_a, match.large_a) == (1, 2)
    services.update_game(game=games[0], version=games[0].version, declarer=games[0].declarer,
                         trump="pik", bid="rein", points_a=64, points_b=100)  # fmt: skip
    match.refresh_from_db()
    assert (match.rounds_a, match.large_a, match.small_b, match.open_round) == (0, 0, 2, True)
    assert Participation.objects.get(match=match, player=games[0].declarer).small_points == 4


def test_a_stale_version_is_refused() -> None:
    game = GameFactory()
    services.update_game(game=game, version=1, declarer=game.declarer, trump="pik", bid="rein",
                         points_a=100, points_b=64)  # fmt: skip
    with pytest.raises(services.StaleGame):
        services.update_game(game=game, version=1, declarer=game.declarer, trump="karo",
                             bid="rein", points_a=100, points_b=64)  # fmt: skip
    game.refresh_from_db()
    assert game.trump == "pik"


def test_deleting_a_game_renumbers_and_recomputes_its_match() -> None:
    match = MatchFactory()
    games = [GameFactory(match=match) for _ in range(3)]
    services.delete_game(game=games[0])
    match.refresh_from_db()
    assert list(match.games.values_list("position", "score_a")) == [(1, 1), (2, 2)]
    assert match.games_count == 2


def test_saving_a_game_touches_only_its_own_match() -> None:
    first, second = MatchFactory(), MatchFactory()
    GameFactory(match=first)
    GameFactory(match=second)
    with CaptureQueriesContext(connection) as queries:
        GameFactory(match=second)
    touched = " ".join(q["sql"] for q in queries.captured_queries)
    assert f'"match_id" = {first.pk}' not in touched.replace("%s", "")


def test_recompute_is_idempotent(league) -> None:
    before = list(Game.objects.values_list("small_a", "small_b", "score_a", "score_b",
                                           "ends_round", "large_points", "kalte"))  # fmt: skip
    Game.objects.update(score_a=0, score_b=0, ends_round=False)
    Match.objects.update(large_a=0)
    out = io.StringIO()
    call_command("recompute", stdout=out)
    call_command("recompute", stdout=out)
    after = list(Game.objects.values_list("small_a", "small_b", "score_a", "score_b",
                                          "ends_round", "large_points", "kalte"))  # fmt: skip
    assert before == after
    assert "Recomputed 3 matches." in out.getvalue()
