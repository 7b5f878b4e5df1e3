"""Errors where the scorekeeper looks: a sum that does not add up at the points typed last, a
player chosen twice together with the other problems of the form."""

import pytest
from django.urls import reverse

from klammernliga.models import Game, Match
from tests.klammernliga.entry_pages import (
    DAY,
    NEW_GAME,
    field_errors,
    form_problems,
    game_data,
    player,
    summary,
)

pytestmark = pytest.mark.django_db

SUM = "Die Punkte ergeben zusammen 200, es müssen 164 sein (164 plus Meldungen)."


@pytest.mark.parametrize(("last", "other"), [("points_a", "points_b"), ("points_b", "points_a")])
def test_a_sum_that_does_not_add_up_is_reported_at_the_points_typed_last(
    scorekeeper, match, last: str, other: str
) -> None:
    data = game_data(match, points_a="100", points_b="100", last_typed=last)
    page = scorekeeper.post(NEW_GAME, data).content.decode()
    assert field_errors(page, last) == [SUM]
    assert field_errors(page, other) == []
    assert Game.objects.count() == 0


def test_without_the_script_the_sum_is_reported_at_team_bs_points(scorekeeper, match) -> None:
    page = scorekeeper.post(NEW_GAME, game_data(match, points_b="100")).content.decode()
    assert field_errors(page, "points_b") == [SUM]


def test_too_many_points_for_one_team_are_reported_at_that_team(scorekeeper, match) -> None:
    page = scorekeeper.post(NEW_GAME, game_data(match, points_a="99999")).content.decode()
    assert field_errors(page, "points_b") == []
    (message,) = field_errors(page, "points_a")
    assert message.startswith("Zu viele Punkte: zusammen sind es 164")


def test_a_player_chosen_twice_is_reported_with_the_other_problems(scorekeeper, match) -> None:
    response = scorekeeper.post(
        reverse("entry:new_match", args=[DAY]),
        {
            "partie-player_a1": player("Anna").pk,
            "partie-player_a2": player("Anna").pk,
            "partie-player_b1": player("Carl").pk,
            # no fourth player yet
        },
    )
    page = response.content.decode()
    assert "Vier verschiedene Spieler sind nötig: Anna steht doppelt." in form_problems(page)
    assert "Bitte einen Spieler wählen oder einen neuen eintragen." in page
    assert Match.objects.count() == 1


def test_each_message_in_the_summary_names_its_field_once(scorekeeper, match) -> None:
    data = game_data(match, declarer=None, points_a="100", points_b="100", last_typed="points_a")
    entries = [text for text, _anchor in summary(scorekeeper.post(NEW_GAME, data).content.decode())]
    assert "Wer hat gespielt? Bitte einen Namen antippen." in entries
    assert not any(text.startswith("Wer hat gespielt: Wer hat gespielt") for text in entries)
    assert f"Punkte Anna & Bernd: {SUM}" in entries
    assert len(entries) == len(set(entries))
