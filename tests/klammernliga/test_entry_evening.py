"""A real evening at the table: several Partien at once (two tables, two phones), the same teams
going on with their Partie, a form sent twice, errors that guide, the teams of the last evening
in one tap; and the import following the same rule as the site."""

import datetime
import uuid
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from klammernliga import services
from klammernliga.models import Game, Match
from tests.factories import (
    GameFactory,
    MatchFactory,
    PlayerFactory,
    TeamFactory,
)
from tests.klammernliga.entry_pages import (
    DAY,
    NEW_GAME,
    anna_bernd_vs_carl_dora,
    field_errors,
    form_problems,
    game_data,
    player,
    summary,
)
from tests.markup import squeezed

pytestmark = pytest.mark.django_db

EVENING = reverse("entry:evening", args=[DAY])
NEW_MATCH = reverse("entry:new_match", args=[DAY])


@pytest.fixture
def first():
    return anna_bernd_vs_carl_dora()


@pytest.fixture
def second(first):
    """The second table of the evening: Eva & Fritz against Gerd & Hanna."""
    eva, fritz, gerd, hanna = (PlayerFactory(name=n) for n in ("Eva", "Fritz", "Gerd", "Hanna"))
    return MatchFactory(
        evening=first.evening,
        team_a=TeamFactory(player_1=eva, player_2=fritz),
        team_b=TeamFactory(player_1=gerd, player_2=hanna),
    )


def seats(*names: str) -> dict[str, int]:
    return {
        f"partie-player_{slot}": player(name).pk
        for slot, name in zip(("a1", "a2", "b1", "b2"), names, strict=True)
    }


def score(match: Match) -> list[tuple[int, int]]:
    return list(match.games.order_by("position").values_list("score_a", "score_b"))


# --- several Partien ----------------------------------------------------------------------------


def test_a_game_goes_into_an_earlier_partie_after_a_new_one_was_started(
    scorekeeper, first, second
) -> None:
    page = scorekeeper.get(EVENING + "?partie=1").content.decode()
    assert 'aria-current="true"><strong>Partie 1</strong>' in squeezed(page)
    assert f'<input type="hidden" name="match" value="{first.pk}">' in page
    assert "?partie=2#neues-spiel" in page  # one tap to the other table
    response = scorekeeper.post(NEW_GAME, game_data(first))
    game = Game.objects.get()
    assert (game.match, game.position) == (first, 1)
    page = scorekeeper.get(response.url).content.decode()
    assert "Spiel 1 der Partie 1 gespeichert." in page
    assert "Neues Spiel · Partie 1" in page  # the form stays with this table


def test_two_partien_entered_interleaved_keep_their_own_rounds(scorekeeper, first, second) -> None:
    eva, gerd = player("Eva"), player("Gerd")
    for _ in range(3):
        scorekeeper.post(NEW_GAME, game_data(first))  # Anna wins: 1 point for Anna & Bernd
        scorekeeper.post(NEW_GAME, game_data(second, declarer=gerd.pk, points_a="100"))
    scorekeeper.post(NEW_GAME, game_data(second, declarer=eva.pk, points_a="100"))
    assert score(first) == [(1, 0), (2, 0), (3, 0)]
    # Gerd's team loses three times: 2 points each for Eva & Fritz, a round at 6:0.
    assert score(second) == [(2, 0), (4, 0), (6, 0), (1, 0)]
    second.refresh_from_db()
    assert (second.rounds_a, second.large_a, second.kalte_a) == (1, 2, 1)
    page = scorekeeper.get(EVENING + "?partie=1").content.decode()
    assert "Runde 1:" in page and '<strong class="num">3</strong>' in page


def test_a_closed_partie_takes_no_more_games(scorekeeper, first) -> None:
    GameFactory(match=first)
    mixed = services.begin_match(
        evening=first.evening,
        team_a=(player("Anna"), player("Carl")),
        team_b=(player("Bernd"), player("Dora")),
    )[0]
    GameFactory(match=mixed)
    assert services.open_matches(list(Match.objects.all())) == {mixed.pk}
    response = scorekeeper.post(NEW_GAME, game_data(first))
    assert form_problems(response.content.decode()) == [
        "Partie 1 ist vorbei: einer der vier hat inzwischen in einer anderen Partie gespielt. "
        "Für diese Teams bitte eine neue Partie beginnen."
    ]
    assert first.games.count() == 1


# --- the same teams go on -----------------------------------------------------------------------


def test_the_same_teams_go_on_with_their_partie_and_its_round_to_a_kalte(
    scorekeeper, first
) -> None:
    carl = player("Carl")
    for _ in range(2):  # Carl's team loses: 2 points each for Anna & Bernd
        scorekeeper.post(NEW_GAME, game_data(first, declarer=carl.pk))
    # Neue Partie with the same teams, sides swapped, tapped twice.
    for _ in range(2):
        response = scorekeeper.post(NEW_MATCH, seats("Dora", "Carl", "Bernd", "Anna"))
        assert response.url == EVENING + "?partie=1#neues-spiel"
    assert Match.objects.count() == 1
    page = scorekeeper.get(response.url).content.decode()
    assert "Partie 1 geht weiter: Anna &amp; Bernd gegen Carl &amp; Dora" in page
    assert '<strong class="num">4</strong> <span class="badge badge-laube">Laube</span>' in page
    response = scorekeeper.post(NEW_GAME, game_data(first))
    assert score(first)[-1] == (5, 0)
    first.refresh_from_db()
    assert (first.large_a, first.kalte_a) == (2, 1)
    assert "Kalte! Runde an Anna &amp; Bernd: 5:0" in scorekeeper.get(response.url).content.decode()


def test_the_same_teams_start_anew_once_one_of_them_played_in_another_partie(first) -> None:
    anna, bernd, carl, dora = (player(n) for n in ("Anna", "Bernd", "Carl", "Dora"))
    GameFactory(match=first)
    mixed, going_on = services.begin_match(
        evening=first.evening, team_a=(anna, carl), team_b=(bernd, dora)
    )
    GameFactory(match=mixed)
    again, going_on = services.begin_match(
        evening=first.evening, team_a=(anna, bernd), team_b=(carl, dora)
    )
    assert (going_on, again.position) == (False, 3)


def test_the_same_teams_go_on_while_another_table_plays(first, second) -> None:
    GameFactory(match=first)
    GameFactory(match=second)
    again, going_on = services.begin_match(
        evening=first.evening,
        team_a=(player("Carl"), player("Dora")),
        team_b=(player("Anna"), player("Bernd")),
    )
    assert (again, going_on) == (first, True)


def test_a_new_partie_takes_the_teams_of_the_last_evening_in_one_tap(scorekeeper, first) -> None:
    last_week = anna_bernd_vs_carl_dora(DAY - datetime.timedelta(days=7))
    eva = PlayerFactory(name="Eva")
    MatchFactory(
        evening=last_week.evening,
        team_a=TeamFactory(player_1=player("Anna"), player_2=eva),
        team_b=TeamFactory(player_1=player("Carl"), player_2=player("Bernd")),
    )
    page = scorekeeper.get(EVENING).content.decode()
    assert page.count('class="button button-quiet suggestion"') == 2  # Anna & Bernd once
    assert 'Anna &amp; Eva <span class="versus">gegen</span> Bernd &amp; Carl' in page
    response = scorekeeper.post(NEW_MATCH, seats("Anna", "Eva", "Carl", "Bernd"))
    assert response.url == EVENING + "?partie=2#neues-spiel"
    assert Match.objects.get(evening__date=DAY, position=2).team_a.name == "Anna & Eva"


# --- a form sent twice --------------------------------------------------------------------------


def test_a_replayed_game_form_stores_nothing_and_shows_the_stored_game(scorekeeper, first) -> None:
    page = scorekeeper.get(EVENING).content.decode()
    assert 'type="hidden" name="token"' in page
    data = game_data(first, token=str(uuid.uuid4()))
    first_response = scorekeeper.post(NEW_GAME, data)
    game = Game.objects.get()
    again = scorekeeper.post(NEW_GAME, data)
    assert again.url == first_response.url == EVENING + f"?neu={game.pk}#neues-spiel"
    assert Game.objects.count() == 1
    first.refresh_from_db()
    assert (first.games_count, first.small_a) == (1, 1)
    page = scorekeeper.get(again.url).content.decode()
    assert "Dieses Spiel ist schon gespeichert; es wurde nicht noch einmal gespeichert." in page
    assert "Spiel 1 der Partie 1 gespeichert." in page


def test_a_replay_of_a_game_deleted_since_stores_nothing(scorekeeper, first) -> None:
    data = game_data(first, token=str(uuid.uuid4()))
    scorekeeper.post(NEW_GAME, data)
    services.delete_game(game=Game.objects.get())
    response = scorekeeper.post(NEW_GAME, data)
    assert Game.objects.count() == 0
    assert "inzwischen gelöscht" in scorekeeper.get(response.url).content.decode()


def test_a_mangled_token_is_a_form_error_not_a_server_error(scorekeeper, first) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(first, token="nicht-eins"))
    assert response.status_code == 200
    assert Game.objects.count() == 0


# --- errors that guide --------------------------------------------------------------------------


def test_the_summary_names_each_wrong_field_and_links_to_it(scorekeeper, first) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(first, trump=None, points_a="200"))
    page = response.content.decode()
    assert summary(page) == [
        ("Trumpf: Welcher Trumpf? Bitte eine Farbe antippen.", "id_trump_0"),
        (
            "Punkte Anna & Bernd: Zu viele Punkte: zusammen sind es 164, "
            "für Carl & Dora blieben -36.",
            "id_points_a",
        ),
    ]
    assert 'id="fehler" role="alert" tabindex="-1"' in page
    assert "#fehler" in page  # the form comes back scrolled to the summary


def test_an_empty_form_gets_one_message_per_empty_field(scorekeeper, first) -> None:
    page = scorekeeper.post(NEW_GAME, {"match": first.pk}).content.decode()
    assert [anchor for _text, anchor in summary(page)] == [
        "id_declarer_0", "id_trump_0", "id_bid_0", "id_points_a",
    ]  # fmt: skip
    assert field_errors(page, "points_a") == [
        "Bitte die Punkte einer Mannschaft eintragen; die anderen ergeben sich."
    ]
    assert field_errors(page, "points_b") == []
    assert "„“" not in page


def test_saving_a_game_someone_deleted_meanwhile_says_so(scorekeeper, first) -> None:
    game = GameFactory(match=first)
    url = reverse("entry:edit_game", args=[DAY, game.pk])
    data = {**game_data(first, points_a="90"), "version": 1}
    services.delete_game(game=game)
    response = scorekeeper.post(url, data)
    assert response.url == EVENING + "#geloescht"
    assert (
        "Dieses Spiel wurde inzwischen gelöscht." in scorekeeper.get(response.url).content.decode()
    )
    assert (
        scorekeeper.post(reverse("entry:delete_game", args=[DAY, game.pk]), {"version": 1}).url
        == EVENING + "#geloescht"
    )


def test_the_notice_after_a_save_offers_to_change_that_game(scorekeeper, first) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(first))
    game = Game.objects.get()
    page = scorekeeper.get(response.url).content.decode()
    edit = reverse("entry:edit_game", args=[DAY, game.pk])
    assert f'<a class="notice-edit" href="{edit}">Spiel 1 ändern</a>' in squeezed(page)


def test_the_form_comes_before_the_games_and_the_skip_link_lands_on_it(scorekeeper, first) -> None:
    GameFactory(match=first)
    page = scorekeeper.get(EVENING).content.decode()
    assert 'class="skip-link" href="#neues-spiel"' in page
    assert page.index('id="neues-spiel"') < page.index('class="game-link"')
    form = page[page.index('class="game-form"') :]
    # Kontra and Re stand in the save bar, after the melds, beside the save button.
    order = [form.index(f'name="{name}"') for name in ("declarer", "trump", "bid", "points_a",
                                                       "terz_a", "kontra")]  # fmt: skip
    assert order == sorted(order)


# --- import: rows of one date that are not consecutive ------------------------------------------

HEADER = "date,a1,a2,b1,b2,dealer,declarer,trump,bid,melds_a,melds_b,kontra,re,points_a,points_b"


def import_rows(tmp_path: Path, *tables: str) -> None:
    rows = [
        f"2012-05-01,{table},,{table.split(',')[0]},herz,rein,,,nein,nein,100,64"
        for table in tables
    ]
    path = tmp_path / "abend.csv"
    path.write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    call_command("import_games", str(path), stdout=open("/dev/null", "w"))  # noqa: SIM115


def test_import_rows_of_two_tables_interleaved_go_on_with_their_matches(tmp_path) -> None:
    ab_cd, ef_gh, dc_ba = "Anna,Bernd,Carl,Dora", "Eva,Fritz,Gerd,Hanna", "Dora,Carl,Bernd,Anna"
    import_rows(tmp_path, ab_cd, ef_gh, ab_cd, ef_gh, dc_ba)
    matches = Match.objects.order_by("position")
    assert [m.games_count for m in matches] == [3, 2]
    # The swapped row counts for Dora's team, the side it was written for.
    assert list(matches[0].games.values_list("score_a", "score_b")) == [(1, 0), (2, 0), (2, 1)]


def test_import_rows_of_the_same_teams_after_one_played_elsewhere_are_a_new_match(tmp_path) -> None:
    import_rows(tmp_path, "Anna,Bernd,Carl,Dora", "Anna,Carl,Bernd,Dora", "Anna,Bernd,Carl,Dora")
    assert [m.games_count for m in Match.objects.order_by("position")] == [1, 1, 1]
