"""Exports are safe in a spreadsheet, and import_games reads them back unchanged."""

from __future__ import annotations

import csv
import datetime
import io
import re
from pathlib import Path

import pytest
from django.core.management import call_command

from klammernliga.models import Game, Player
from tests.klammernliga.doors import four, match_on, play

pytestmark = pytest.mark.django_db

FORMULAS = ('=HYPERLINK("http://example.org","x")', "@SUM(1+1)", "+1+2", "-A1", "'Olli")


def formula_league() -> None:
    play(match_on(datetime.date(2012, 3, 1), four(FORMULAS[:4])))
    play(match_on(datetime.date(2012, 3, 8), four(("Anna", "Bernd", "Clara", FORMULAS[4]))))


def formula_cells(text: str) -> list[str]:
    """Cells a spreadsheet would run as a formula (plain numbers aside)."""
    cells = [cell for line in csv.reader(io.StringIO(text)) for cell in line]
    return [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")
            and not re.fullmatch(r"[+-]?\d+([.,]\d+)?", c)]  # fmt: skip


@pytest.mark.parametrize(
    "url",
    ["/tabelle/ewig/?_export=csv", "/tabelle/ewig/teams/?_export=csv", "/spiele/?_export=csv"],
)
def test_the_page_exports_show_formula_like_names_as_text(client, url: str) -> None:
    formula_league()
    response = client.get(url)
    text = b"".join(response.streaming_content if response.streaming else [response.content])
    assert "'=HYPERLINK" in text.decode()
    assert formula_cells(text.decode()) == []


def test_export_games_neutralises_formulas_and_import_games_reads_them_back(tmp_path: Path) -> None:
    formula_league()
    path = tmp_path / "spiele.csv"
    call_command("export_games", str(path), stdout=io.StringIO())
    assert formula_cells(path.read_text()) == []
    names = sorted(Player.objects.values_list("name", flat=True))
    # Read back, every name is the player's again: no look-alike player is created.
    call_command("import_games", str(path), "--replace", stdout=io.StringIO())
    assert sorted(Player.objects.values_list("name", flat=True)) == names
    assert Game.objects.count() == 2
