"""Melds that cannot fit the cards are refused at every door that writes games: the entry form,
the CSV import and the backup import (the admin writes no games; it links to the entry page)."""

from __future__ import annotations

from pathlib import Path

import pytest

from klammernliga.models import Game
from tests.klammernliga.doors import HEADER, league_document, load, refused, row
from tests.klammernliga.entry_pages import NEW_GAME, field_errors, game_data

pytestmark = pytest.mark.django_db

TOO_MANY = "Team A: 4 Terz und 2 Fünfzig sind 6 Folgen; eine Hand hält höchstens zwei, "


def test_the_entry_form_refuses_four_terz_two_fuenfzig_and_a_belle(scorekeeper, match) -> None:
    data = game_data(match, terz_a="4", fuenfzig_a="2", belle_a="on", points_a="300",
                     points_b="64")  # fmt: skip
    response = scorekeeper.post(NEW_GAME, data)
    assert response.status_code == 200
    errors = field_errors(response.content.decode(), "melds_a")
    assert [e for e in errors if e.startswith(TOO_MANY)], errors
    assert not Game.objects.exists()


def test_the_csv_import_refuses_melds_that_need_more_than_two_hands(tmp_path: Path) -> None:
    melds = "terz+terz+terz+terz+fuenfzig+fuenfzig"
    line = row(points="344,0").replace("rein,,,", f"rein,{melds},,")
    message = refused(tmp_path, f"{HEADER}\n{line}\n")
    assert "6 Folgen" in message, message
    assert not Game.objects.exists()


def test_the_csv_import_stores_two_terz_up_to_koenig_without_suits(tmp_path: Path) -> None:
    # Without suits two Terz up to K may lie in two suits: the game fits and is stored.
    line = row(points="204,0").replace("rein,,,", "rein,terz:K+terz:K,,")
    assert refused_or_none(tmp_path, line) is None
    assert Game.objects.get().points_a == 204


def refused_or_none(tmp_path: Path, line: str) -> str | None:
    from tests.klammernliga.doors import import_file

    try:
        import_file(tmp_path, f"{HEADER}\n{line}\n")
    except Exception as error:
        return str(error)
    return None


def test_the_backup_import_refuses_melds_that_need_more_than_two_hands(tmp_path: Path) -> None:
    document = league_document()
    game = document["games"][0]  # type: ignore[index]
    melds = [{"id": 900 + n, "game": game["id"], "side": "a", "kind": kind, "suit": "", "top": ""}
             for n, kind in enumerate(["fuenfzig"] * 4 + ["terz"])]  # fmt: skip
    document["melds"] = melds  # type: ignore[index]
    game["points_a"], game["points_b"] = 0, 164 + 220  # type: ignore[index]
    Game.objects.all().delete()
    err = load(tmp_path, document, "--replace")
    assert "Team A: 1 Terz und 4 Fünfzig sind 5 Folgen" in err, err
