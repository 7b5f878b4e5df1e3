"""The admin goes through the same rules as the entry pages."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from klammernliga.models import Participation, Team
from tests.klammernliga.doors import NO_INLINES, four, match_on, play, year_rows

pytestmark = pytest.mark.django_db


def test_a_teams_players_cannot_be_changed_in_the_admin(admin_client) -> None:
    players = four()
    play(match_on(datetime.date(2012, 3, 1), players))
    team = Team.objects.get(player_1=players[0])
    url = reverse("admin:klammernliga_team_change", args=[team.pk])
    admin_client.post(url, {"player_1": players[2].pk, "player_2": players[3].pk, "nickname": "X"})
    team.refresh_from_db()
    assert (team.player_1_id, team.player_2_id, team.nickname) == (
        players[0].pk,
        players[1].pk,
        "X",
    )
    assert admin_client.get(reverse("admin:klammernliga_team_add")).status_code == 403
    call_command("recompute", stdout=io.StringIO())  # every game still valid


def test_reverting_an_evenings_date_in_the_admin_history_moves_its_results_back(
    admin_client,
) -> None:
    evening = match_on(datetime.date(2012, 3, 1), four()).evening
    play(evening.matches.get())
    url = reverse("admin:klammernliga_evening_change", args=[evening.pk])
    admin_client.post(url, {"date": "2013-03-01", "place": "", "notes": "", **NO_INLINES})
    assert {r[1] for r in year_rows()} == {2013}
    first = evening.history.earliest()
    revert = reverse(
        "admin:klammernliga_evening_simple_history", args=[evening.pk, first.history_id]
    )
    response = admin_client.post(
        revert, {"date": "2012-03-01", "place": "", "notes": "", **NO_INLINES}
    )
    assert response.status_code == 302
    assert set(Participation.objects.values_list("date", flat=True)) == {datetime.date(2012, 3, 1)}
    assert {r[1] for r in year_rows()} == {2012}
