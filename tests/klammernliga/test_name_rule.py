"""One rule for players' names at every door: entry form, import and admin."""

from __future__ import annotations

import datetime
import unicodedata
from pathlib import Path

import pytest
from django.urls import reverse

from klammernliga import services
from klammernliga.models import Player
from tests.factories import ScorekeeperFactory
from tests.klammernliga.doors import HEADER, four, import_file, refused, row
from tests.klammernliga.entry_pages import form_problems

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("bad", ["An\u202ena", "An\u200bna", "An\x07na", "\u2800"])
def test_the_entry_form_refuses_invisible_and_control_characters_in_new_names(
    client, bad: str
) -> None:
    client.force_login(ScorekeeperFactory())
    players = four()
    evening, _new = services.open_evening(date=datetime.date(2012, 3, 1))
    data = {"partie-player_a1": players[0].pk, "partie-player_b1": players[2].pk,
            "partie-player_b2": players[3].pk, "partie-new_a2": bad}  # fmt: skip
    response = client.post(reverse("entry:new_match", args=[evening.date]), data)
    assert response.status_code == 200
    assert "unsichtbaren Zeichen" in " ".join(form_problems(response.content.decode()))
    assert Player.objects.count() == 4


def test_the_import_matches_names_as_the_form_does(tmp_path: Path) -> None:
    four(("Anke", "Bernd", "Clara", "Dörte"))
    decomposed = unicodedata.normalize("NFD", "Dörte")
    import_file(tmp_path, f"{HEADER}\n{row(a1='anke', b2=decomposed, declarer='ANKE ')}\n")
    assert sorted(Player.objects.values_list("name", flat=True)) == [
        "Anke",
        "Bernd",
        "Clara",
        "Dörte",
    ]
    errors = refused(tmp_path, f"{HEADER}\n{row(date='2012-06-01', a1='Anke', a2='anke ')}\n")
    assert "line 2: players: Vier verschiedene Spieler sind nötig: Anke steht doppelt." in errors


def test_the_entry_form_finds_an_existing_player_whatever_the_case(client) -> None:
    client.force_login(ScorekeeperFactory())
    players = four(("Anna", "Bernd", "Clara", "Dörte"))
    evening, _new = services.open_evening(date=datetime.date(2012, 3, 1))
    data = {"partie-player_a1": players[0].pk, "partie-player_a2": players[1].pk,
            "partie-player_b1": players[2].pk, "partie-new_b2": "  DÖRTE "}  # fmt: skip
    response = client.post(reverse("entry:new_match", args=[evening.date]), data)
    assert response.status_code == 302
    assert Player.objects.count() == 4


def test_the_admin_applies_the_name_rule(admin_client) -> None:
    four()
    url = reverse("admin:klammernliga_player_add")
    for bad in ("ANNA", "Zoe\u200b"):
        response = admin_client.post(url, {"name": bad, "slug": "neu", "nickname": ""})
        assert response.status_code == 200
    assert Player.objects.count() == 4
