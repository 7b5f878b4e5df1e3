"""Melds that cannot fit the cards are refused at every door that stores a game: the entry form,
the CSV import and the backup import, each with the message that says why, and nothing stored."""

import datetime
from pathlib import Path

import pytest

from klammernliga.backup import export_league
from klammernliga.models import Game, Meld
from tests.klammernliga.doors import HEADER, four, match_on, play, refused
from tests.klammernliga.entry_pages import NEW_GAME, field_errors, game_data
from tests.klammernliga.test_backup import refused as refused_backup
from tests.klammernliga.test_backup import write

pytestmark = pytest.mark.django_db

SIX_SEQUENCES = (
    "Mannschaft A hat 6 Folgen (Terz und Fünfzig) gemeldet: in zwei Händen zu je 8 Karten "
    "haben höchstens vier Platz."
)


def test_the_entry_form_refuses_melds_that_do_not_fit_at_the_melds(scorekeeper, match) -> None:
    # 4 Terz, 2 Fünfzig and the Belle: 80 + 100 + 20 = 200 points of melds for team A.
    data = game_data(match, terz_a="4", fuenfzig_a="2", belle_a="on", points_a="300", points_b="64")
    response = scorekeeper.post(NEW_GAME, data)
    assert response.status_code == 200
    assert field_errors(response.content.decode(), "melds_a") == [SIX_SEQUENCES]
    assert Game.objects.count() == Meld.objects.count() == 0


def test_the_csv_import_refuses_melds_that_do_not_fit(tmp_path: Path) -> None:
    melds = "+".join(["terz"] * 4 + ["fuenfzig"] * 2 + ["belle"])
    line = f"2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,{melds},,nein,nein,300,64"
    message = refused(tmp_path, f"{HEADER}\n{line}\n")
    assert f"line 2: melds_a: {SIX_SEQUENCES}" in message
    assert Game.objects.count() == 0


def test_the_backup_import_refuses_melds_that_do_not_fit(tmp_path: Path) -> None:
    game = play(match_on(datetime.date(2012, 3, 1), four()))
    document = export_league()
    kinds = ["terz"] * 4 + ["fuenfzig"] * 2 + ["belle"]
    document["melds"] = [
        {"id": number, "game": game.pk, "side": "a", "kind": kind, "suit": "", "top": ""}
        for number, kind in enumerate(kinds, start=1)
    ]
    (row,) = document["games"]
    row["points_a"], row["points_b"] = 300, 64
    errors = refused_backup(write(tmp_path, document), "--replace")
    assert SIX_SEQUENCES in errors
    # Nothing changed: the league is as it was, with its one game and no melds.
    assert list(Game.objects.values_list("points_a", "points_b")) == [(100, 64)]
    assert Meld.objects.count() == 0
