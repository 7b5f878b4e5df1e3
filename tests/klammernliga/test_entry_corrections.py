"""The entry flow after a game is stored: corrections with their version check, deletion and
restoring, and the few queries the entry pages need however long the evening."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from klammernliga import services
from klammernliga.models import Game
from scoring.domain import Meld as MeldValue
from scoring.domain import MeldKind
from tests.factories import GameFactory, MatchFactory
from tests.klammernliga.entry_pages import (
    DAY,
    NEW_GAME,
    anna_bernd_vs_carl_dora,
    field_errors,
    game_data,
    player,
)

pytestmark = pytest.mark.django_db


# --- corrections and the version check ----------------------------------------------------------


def edit_url(game: Game) -> str:
    return reverse("entry:edit_game", args=[DAY, game.pk])


def test_a_game_is_corrected_and_its_match_follows(scorekeeper, match) -> None:
    games = [GameFactory(match=match) for _ in range(5)]
    first = games[0]
    page = scorekeeper.get(edit_url(first)).content.decode()
    assert 'name="version" value="1"' in page
    response = scorekeeper.post(
        edit_url(first),
        game_data(match, version="1", points_a="60", declarer=player("Anna").pk),
    )
    assert response.url == reverse("entry:evening", args=[DAY]) + f"?partie=1#spiel-{first.pk}"
    first.refresh_from_db()
    match.refresh_from_db()
    assert (first.points_a, first.points_b, first.small_b, first.version) == (60, 104, 2, 2)
    assert (match.rounds_a, match.large_a, match.small_b, match.open_round) == (0, 0, 2, True)


def test_editing_keeps_the_details_of_imported_melds(scorekeeper, match) -> None:
    from scoring.domain import Meld as MeldValue
    from scoring.domain import MeldKind, Rank, Suit

    game = GameFactory(
        match=match,
        melds_a=(MeldValue(MeldKind.TERZ, Suit.PIK, Rank.KOENIG),),
        points_a=120,
        points_b=64,
    )
    page = scorekeeper.get(edit_url(game)).content.decode()
    assert '<option value="K" selected>' in page
    scorekeeper.post(
        edit_url(game),
        game_data(match, version="1", terz_a="1", top_a="K", points_a="110", points_b="74"),
    )
    assert list(game.melds.values_list("kind", "suit", "top")) == [("terz", "pik", "K")]


def test_an_out_of_date_form_is_refused_instead_of_overwriting(scorekeeper, client, match) -> None:
    game = GameFactory(match=match)
    # Two scorekeepers open the same game (version 1); the first saves a correction.
    scorekeeper.post(edit_url(game), game_data(match, version="1", points_a="90"))
    response = scorekeeper.post(edit_url(game), game_data(match, version="1", trump="karo"))
    assert response.status_code == 409
    page = response.content.decode()
    assert "Dieses Spiel wurde inzwischen von jemand anderem geändert." in page
    # The current values are shown, with the current version to save against.
    assert 'name="points_a" value="90"' in page
    assert 'name="version" value="2"' in page
    game.refresh_from_db()
    assert (game.trump, game.points_a, game.version) == ("herz", 90, 2)


def test_an_out_of_date_delete_is_refused(scorekeeper, match) -> None:
    game = GameFactory(match=match)
    scorekeeper.post(edit_url(game), game_data(match, version="1", points_a="90"))
    response = scorekeeper.post(reverse("entry:delete_game", args=[DAY, game.pk]), {"version": 1})
    assert response.url == edit_url(game)
    assert Game.objects.filter(pk=game.pk).exists()


@pytest.mark.parametrize("version", [None, "", "abc", "0"])
def test_an_edit_without_a_valid_version_is_a_form_error(scorekeeper, match, version) -> None:
    game = GameFactory(match=match)
    response = scorekeeper.post(edit_url(game), game_data(match, version=version, points_a="90"))
    assert response.status_code == 200
    assert field_errors(response.content.decode(), "version")
    game.refresh_from_db()
    assert game.points_a == 100


def test_an_invalid_correction_is_refused_and_the_game_stays(scorekeeper, match) -> None:
    game = GameFactory(match=match)
    response = scorekeeper.post(
        edit_url(game), game_data(match, version="1", points_a="90", points_b="90")
    )
    assert response.status_code == 200
    assert field_errors(response.content.decode(), "points_b")
    game.refresh_from_db()
    assert (game.points_a, game.version) == (100, 1)


def test_a_deleted_game_leaves_the_match_and_can_be_restored_from_the_evening(
    scorekeeper, match
) -> None:
    games = [GameFactory(match=match) for _ in range(3)]
    confirm = scorekeeper.get(reverse("entry:delete_game", args=[DAY, games[1].pk]))
    assert "Spiel 2 der Partie 1 löschen?" in confirm.content.decode()
    response = scorekeeper.post(
        reverse("entry:delete_game", args=[DAY, games[1].pk]), {"version": 1}, follow=True
    )
    page = response.content.decode()
    assert "Spiel 2 der Partie 1 gelöscht." in page
    assert "Gelöschte Spiele" in page
    assert list(match.games.values_list("position", flat=True)) == [1, 2]
    history_id = games[1].history.latest().history_id
    response = scorekeeper.post(reverse("entry:restore_game", args=[DAY, history_id]), follow=True)
    assert "Spiel 2 der Partie 1 wiederhergestellt." in response.content.decode()
    assert list(match.games.order_by("position").values_list("pk", flat=True)) == [
        g.pk for g in games
    ]


# --- query counts -------------------------------------------------------------------------------


def count_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_evening_page_needs_the_same_few_queries_for_any_number_of_games(
    scorekeeper, match
) -> None:
    url = reverse("entry:evening", args=[DAY])
    GameFactory(match=match)
    few = count_queries(scorekeeper, url)
    for _ in range(11):
        GameFactory(match=match, with_kontra=True)
    services.delete_game(game=match.games.first())
    second = MatchFactory(evening=match.evening, team_a=match.team_b, team_b=match.team_a)
    GameFactory(match=second, melds_a=(MeldValue(MeldKind.BELLE),), points_a=120, points_b=64)
    # 12: one more than before for the one-tap teams of the last evening.
    assert count_queries(scorekeeper, url) == few == 12


def test_the_start_page_needs_the_same_few_queries_for_any_number_of_evenings(scorekeeper) -> None:
    url = reverse("entry:start")
    anna_bernd_vs_carl_dora(datetime.date(2026, 1, 1))
    few = count_queries(scorekeeper, url)
    for day in range(2, 12):
        GameFactory(match=anna_bernd_vs_carl_dora(datetime.date(2026, 1, day)))
    assert count_queries(scorekeeper, url) == few == 6


def test_an_evening_not_yet_begun_needs_the_same_few_queries_however_long_the_league(
    scorekeeper,
) -> None:
    urls = [
        reverse("entry:evening", args=[datetime.date(2026, 2, 1)]),
        reverse("entry:blank_evening"),
    ]
    anna_bernd_vs_carl_dora(datetime.date(2026, 1, 1))
    few = [count_queries(scorekeeper, url) for url in urls]
    for day in range(2, 12):
        GameFactory(match=anna_bernd_vs_carl_dora(datetime.date(2026, 1, day)))
    # The blank page of today needs no lookup of the evening of its date.
    assert [count_queries(scorekeeper, url) for url in urls] == few == [8, 7]


def test_huge_numbers_in_a_request_are_never_a_server_error(scorekeeper, match) -> None:
    big = "9" * 30
    game = GameFactory(match=match)
    responses = [
        scorekeeper.post(NEW_GAME, game_data(match, match=big)),
        scorekeeper.post(NEW_GAME, game_data(match, declarer=big)),
        scorekeeper.post(NEW_GAME, game_data(match, points_a=big)),
        scorekeeper.get(f"/erfassen/abend/2026-03-12/spiel/{big}/"),
        scorekeeper.post(edit_url(game), game_data(match, version=big)),
        scorekeeper.post(reverse("entry:delete_game", args=[DAY, game.pk]), {"version": big}),
        scorekeeper.post(f"/erfassen/abend/2026-03-12/verlauf/{big}/wiederherstellen/"),
        scorekeeper.post(reverse("entry:new_match", args=[DAY]), {"partie-player_a1": big}),
        scorekeeper.get(reverse("entry:evening", args=[DAY]) + f"?neu={big}"),
    ]
    assert [r.status_code for r in responses] == [404, 200, 200, 404, 409, 302, 404, 200, 200]
    game.refresh_from_db()
    assert (Game.objects.count(), game.version, game.points_a) == (1, 1, 100)


def test_the_edit_and_delete_pages_need_a_few_queries_however_long_the_match(
    scorekeeper, match
) -> None:
    game = GameFactory(match=match, melds_a=(MeldValue(MeldKind.BELLE),), points_a=120)
    pages = [edit_url(game), reverse("entry:delete_game", args=[DAY, game.pk])]
    few = [count_queries(scorekeeper, url) for url in pages]
    for _ in range(8):
        GameFactory(match=match)
    assert [count_queries(scorekeeper, url) for url in pages] == few == [8, 8]


def test_a_number_in_a_message_is_never_taken_for_the_player_with_that_id() -> None:
    from klammernliga.entry.problems import problem_text
    from scoring.rules import Problem

    # On PostgreSQL ids keep counting across tests: a player may well have the id 164.
    names = {164: "Anna", 7: "Bernd"}
    total = Problem("points_b", "Zusammen %(total)d Punkte.", {"total": 164})
    who = Problem("declarer", "%(player)s sitzt nicht am Tisch.", {"player": 7})
    assert problem_text(total, names) == "Zusammen 164 Punkte."
    assert problem_text(who, names) == "Bernd sitzt nicht am Tisch."
