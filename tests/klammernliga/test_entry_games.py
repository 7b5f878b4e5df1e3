"""The entry flow: an evening, its teams, game after game; one test per rule of docs/rules.md
"Recording a game" showing the message next to the field and that nothing was stored."""

import datetime

import pytest
from django.urls import reverse

from klammernliga.models import Evening, Game, Match, Meld, Player
from tests.factories import GameFactory
from tests.klammernliga.entry_pages import (
    DAY,
    NEW_GAME,
    anna_bernd_vs_carl_dora,
    field_errors,
    form_problems,
    game_data,
    player,
)

pytestmark = pytest.mark.django_db


def refused(response, field: str) -> list[str]:
    """The page came back with the form (nothing stored), and the messages at `field`."""
    assert response.status_code == 200
    assert Game.objects.count() == 0
    assert Meld.objects.count() == 0
    page = response.content.decode()
    assert "Nicht gespeichert" in page
    return field_errors(page, field)


# --- starting an evening and a match ------------------------------------------------------------


def test_starting_an_evening_opens_its_page(scorekeeper) -> None:
    page = scorekeeper.get(reverse("entry:start")).content.decode()
    assert f'value="{datetime.date.today().isoformat()}"' in page or 'type="date"' in page
    response = scorekeeper.post(reverse("entry:start"), {"date": "2026-03-12", "place": "Kiel"})
    assert response.url == reverse("entry:evening", args=[DAY]) + "#neues-spiel"
    evening = Evening.objects.get()
    assert (evening.date, evening.place) == (DAY, "Kiel")
    page = scorekeeper.get(response.url).content.decode()
    assert "Partie beginnen" in page


def test_starting_an_evening_for_a_date_that_exists_opens_that_evening(scorekeeper, match) -> None:
    response = scorekeeper.post(reverse("entry:start"), {"date": "2026-03-12", "place": ""})
    assert response.url == reverse("entry:evening", args=[DAY]) + "#neues-spiel"
    assert Evening.objects.count() == 1
    page = scorekeeper.get(response.url).content.decode()
    assert "Diesen Abend gibt es schon" in page
    assert "Anna &amp; Bernd" in page


def test_an_evening_without_a_valid_date_is_refused(scorekeeper) -> None:
    response = scorekeeper.post(reverse("entry:start"), {"date": "30.02.2026"})
    assert response.status_code == 200
    assert field_errors(response.content.decode(), "date")
    assert Evening.objects.count() == 0


def test_a_match_is_started_with_known_players_and_new_ones_added_on_the_spot(
    scorekeeper, match
) -> None:
    response = scorekeeper.post(
        reverse("entry:new_match", args=[DAY]),
        {
            "partie-player_a1": player("Anna").pk,
            "partie-player_a2": player("Carl").pk,
            "partie-new_b1": "Eva",
            "partie-new_b2": " bernd ",  # a known name in other case means that player
        },
    )
    assert response.url == reverse("entry:evening", args=[DAY]) + "?partie=2#neues-spiel"
    second = Match.objects.get(position=2)
    assert (second.team_a.name, second.team_b.name) == ("Anna & Carl", "Bernd & Eva")
    assert Player.objects.filter(name="Eva").exists()
    page = scorekeeper.get(response.url).content.decode()
    assert "Neues Spiel · Partie 2" in page


def test_rule_four_different_players_a_match_with_a_player_twice_is_refused(
    scorekeeper, match
) -> None:
    response = scorekeeper.post(
        reverse("entry:new_match", args=[DAY]),
        {
            "partie-player_a1": player("Anna").pk,
            "partie-player_a2": player("Bernd").pk,
            "partie-player_b1": player("Carl").pk,
            "partie-new_b2": "anna",
        },
    )
    assert response.status_code == 200
    assert form_problems(response.content.decode()) == [
        "Vier verschiedene Spieler sind nötig: Anna steht doppelt."
    ]
    assert Match.objects.count() == 1


def test_a_seat_needs_exactly_one_player(scorekeeper, match) -> None:
    response = scorekeeper.post(
        reverse("entry:new_match", args=[DAY]),
        {
            "partie-player_a1": player("Anna").pk,
            "partie-new_a1": "Eva",
            "partie-player_a2": "999999",
            "partie-player_b1": player("Carl").pk,
        },
    )
    page = response.content.decode()
    assert field_errors(page, "partie-new_a1") == [
        "Entweder einen Spieler wählen oder einen neuen eintragen."
    ]
    assert field_errors(page, "partie-player_a2")  # not a player
    assert field_errors(page, "partie-player_b2") == [
        "Bitte einen Spieler wählen oder einen neuen eintragen."
    ]
    assert Match.objects.count() == 1
    assert not Player.objects.filter(name="Eva").exists()


# --- entering games -----------------------------------------------------------------------------


def test_a_game_is_stored_and_the_other_teams_points_are_filled_in(scorekeeper, match) -> None:
    response = scorekeeper.post(
        NEW_GAME, game_data(match, points_a=None, points_b="64", terz_a="1")
    )
    game = Game.objects.get()
    assert response.url == reverse("entry:evening", args=[DAY]) + f"?neu={game.pk}#neues-spiel"
    assert (game.points_a, game.points_b) == (120, 64)  # 164 + 20 - 64
    assert list(game.melds.values_list("side", "kind")) == [("a", "terz")]
    page = scorekeeper.get(response.url).content.decode()
    assert "Spiel 1 der Partie 1 gespeichert." in page
    assert "Stand 1:0" in page


def test_after_each_game_the_running_score_and_the_laube_are_shown(scorekeeper, match) -> None:
    for _game in range(2):
        scorekeeper.post(NEW_GAME, game_data(match, declarer=player("Carl").pk, points_a="100"))
    page = scorekeeper.get(reverse("entry:evening", args=[DAY])).content.decode()
    assert '<strong class="num">4</strong> <span class="badge badge-laube">Laube</span>' in page


def test_a_round_end_is_announced_with_winner_large_points_and_kalte(scorekeeper, match) -> None:
    for _game in range(4):
        scorekeeper.post(NEW_GAME, game_data(match))
    response = scorekeeper.post(NEW_GAME, game_data(match), follow=True)
    page = response.content.decode()
    assert "Kalte! Runde an Anna &amp; Bernd: 5:0 – 2 große Punkte" in page
    assert 'class="badge badge-kalte"' in page
    match.refresh_from_db()
    assert (match.rounds_a, match.large_a, match.kalte_a) == (1, 2, 1)


def test_a_round_won_against_points_brings_one_large_point(scorekeeper, match) -> None:
    scorekeeper.post(NEW_GAME, game_data(match, declarer=player("Carl").pk, points_a="100"))
    scorekeeper.post(NEW_GAME, game_data(match, declarer=player("Carl").pk))  # 4:0, Laube
    scorekeeper.post(NEW_GAME, game_data(match, points_a="64", kontra="on"))  # 4:4
    response = scorekeeper.post(
        NEW_GAME, game_data(match, declarer=player("Carl").pk, points_a="82"), follow=True
    )  # tie: A +2
    assert "Runde an Anna &amp; Bernd: 6:4 – 1 großer Punkt" in response.content.decode()


def test_a_game_form_shows_all_problems_at_once(scorekeeper, match) -> None:
    response = scorekeeper.post(
        NEW_GAME, game_data(match, declarer=None, trump=None, re="on", points_a="90", points_b="90")
    )
    page = response.content.decode()
    assert refused(response, "declarer") == ["Wer hat gespielt? Bitte einen Namen antippen."]
    assert field_errors(page, "trump") == ["Welcher Trumpf? Bitte eine Farbe antippen."]
    assert field_errors(page, "re") == ["Re geht nur nach einem Kontra."]
    assert field_errors(page, "points_b") == [
        "Die Punkte ergeben zusammen 180, es müssen 164 sein (164 plus Meldungen)."
    ]


def test_rule_the_declarer_is_one_of_the_four(scorekeeper, match) -> None:
    eva = Player.objects.create(name="Eva")
    response = scorekeeper.post(NEW_GAME, game_data(match, declarer=eva.pk))
    assert refused(response, "declarer") == ["Der Spieler Eva sitzt nicht an diesem Tisch."]


def test_rule_the_dealer_if_given_is_one_of_the_four(scorekeeper, match) -> None:
    eva = Player.objects.create(name="Eva")
    response = scorekeeper.post(NEW_GAME, game_data(match, dealer=eva.pk))
    assert refused(response, "dealer") == ["Der Geber Eva sitzt nicht an diesem Tisch."]


def test_rule_trump_is_one_of_the_four_suits(scorekeeper, match) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(match, trump="hearts"))
    assert refused(response, "trump") == [
        "Trumpf muss Kreuz, Pik, Herz oder Karo sein, nicht „hearts“."
    ]


def test_rule_besser_means_trump_kreuz(scorekeeper, match) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(match, bid="besser", trump="herz"))
    assert refused(response, "trump") == ["Bei „besser“ ist Kreuz Trumpf."]


def test_the_bid_is_rein_klein_or_besser(scorekeeper, match) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(match, bid="gross"))
    assert refused(response, "bid") == [
        "Das Spiel muss rein, klein oder besser sein, nicht „gross“."
    ]


def test_rule_re_only_after_kontra(scorekeeper, match) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(match, re="on"))
    assert refused(response, "re") == ["Re geht nur nach einem Kontra."]


def test_rule_terz_and_fuenfzig_count_for_one_team_only(scorekeeper, match) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(match, terz_a="1", fuenfzig_b="1"))
    assert refused(response, "melds_b") == [
        "Terz und Fünfzig zählen nur für eine Mannschaft (die höchste Meldung)."
    ]


def test_rule_at_most_one_belle(scorekeeper, match) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(match, belle_a="on", belle_b="on"))
    assert refused(response, "melds_b") == ["Es gibt höchstens eine Belle im Spiel."]


def test_a_top_card_too_low_for_the_meld_is_refused(scorekeeper, match) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(match, terz_a="1", top_a="8"))
    assert refused(response, "melds_a") == ["Eine Terz kann nicht bis 8 gehen."]


def test_rule_points_are_whole_numbers_not_below_zero(scorekeeper, match) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(match, points_a="-5", points_b="169"))
    assert refused(response, "points_a") == [
        "Die Punkte müssen eine ganze Zahl ab 0 sein, nicht „-5“."
    ]
    response = scorekeeper.post(NEW_GAME, game_data(match, points_a="zehn"))
    assert refused(response, "points_a") == ["Bitte eine ganze Zahl eingeben."]


def test_rule_too_many_points_for_one_team_leave_the_other_below_zero(scorekeeper, match) -> None:
    # The message stands at the points typed (team A), not at the filled-in ones.
    response = scorekeeper.post(NEW_GAME, game_data(match, points_a="200"))
    assert refused(response, "points_a") == [
        "Zu viele Punkte: zusammen sind es 164, für Carl & Dora blieben -36."
    ]
    assert field_errors(response.content.decode(), "points_b") == []
    assert 'value="-36"' in response.content.decode()  # the filled-in value is shown


def test_rule_each_team_has_at_least_its_own_melds(scorekeeper, match) -> None:
    response = scorekeeper.post(
        NEW_GAME, game_data(match, fuenfzig_b="1", points_a="184", points_b="30")
    )
    assert refused(response, "points_b") == [
        "Die Mannschaft hat mindestens ihre Meldungen: 50 Punkte."
    ]


def test_rule_the_points_add_up_to_164_plus_all_melds(scorekeeper, match) -> None:
    response = scorekeeper.post(
        NEW_GAME, game_data(match, belle_a="on", points_a="100", points_b="64")
    )
    assert refused(response, "points_b") == [
        "Die Punkte ergeben zusammen 164, es müssen 184 sein (164 plus Meldungen)."
    ]


def test_the_points_of_one_team_are_needed(scorekeeper, match) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(match, points_a=""))
    assert refused(response, "points_a") == [
        "Bitte die Punkte einer Mannschaft eintragen; die anderen ergeben sich."
    ]


# --- mangled requests: a form error or 404, never a server error --------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {"declarer": "abc"},
        {"declarer": "999999"},
        {"dealer": "x"},
        {"terz_a": "x"},
        {"fuenfzig_b": "9"},
        {"top_a": "Z"},
        {"trump": "x" * 500},
        {"points_b": "1e9"},
        {"points_a": "", "points_b": ""},
    ],
)
def test_a_mangled_game_post_gives_a_form_error(scorekeeper, match, changes) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(match, **changes))
    assert response.status_code == 200
    assert "Nicht gespeichert" in response.content.decode()
    assert Game.objects.count() == 0


def test_a_post_with_only_the_match_asks_for_everything(scorekeeper, match) -> None:
    response = scorekeeper.post(NEW_GAME, {"match": match.pk})
    page = response.content.decode()
    for field in ("declarer", "trump", "bid", "points_a"):
        assert field_errors(page, field), field
    assert Game.objects.count() == 0


@pytest.mark.parametrize("match_id", ["", "abc", "999999", "other"])
def test_a_game_for_a_match_that_is_not_of_this_evening_is_not_found(
    scorekeeper, match, match_id
) -> None:
    if match_id == "other":
        match_id = anna_bernd_vs_carl_dora(datetime.date(2026, 4, 2)).pk
    response = scorekeeper.post(NEW_GAME, game_data(match, match=match_id))
    assert response.status_code == 404
    assert Game.objects.count() == 0


def test_pages_of_an_impossible_date_are_not_found(scorekeeper) -> None:
    assert scorekeeper.get("/erfassen/abend/1899-03-13/").status_code == 404  # before any league
    assert scorekeeper.get("/erfassen/abend/2126-03-13/").status_code == 404  # beyond next year
    assert scorekeeper.get("/erfassen/abend/2026-03-13/verlauf/").status_code == 404  # not begun
    assert scorekeeper.get("/erfassen/abend/2026-02-30/").status_code == 404
    assert scorekeeper.get("/erfassen/abend/heute/").status_code == 404


def test_a_game_of_another_evening_is_not_found(scorekeeper, match) -> None:
    other = GameFactory(match=anna_bernd_vs_carl_dora(datetime.date(2026, 4, 2)))
    GameFactory(match=match)
    assert scorekeeper.get(reverse("entry:edit_game", args=[DAY, other.pk])).status_code == 404
    response = scorekeeper.post(reverse("entry:delete_game", args=[DAY, other.pk]), {"version": 1})
    assert response.status_code == 404
    assert Game.objects.filter(pk=other.pk).exists()
