"""The CSV import answers a broken file with messages naming each line, never a traceback,
and every problem of a file at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from klammernliga.models import Game
from tests.klammernliga.doors import HEADER, import_file, refused, row

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("text", ["", f"{HEADER}\n", f"{HEADER}\n,,,,,,,,,,,,,,\n"])
def test_an_empty_or_header_only_file_is_refused_with_a_message(tmp_path: Path, text: str) -> None:
    import_file(tmp_path, f"{HEADER}\n{row()}\n")
    assert "keine Spiele" in refused(tmp_path, text)
    assert Game.objects.count() == 1


def test_a_field_longer_than_the_csv_module_reads_names_its_line(tmp_path: Path) -> None:
    errors = refused(tmp_path, f"{HEADER}\n{row()}\n{row(a1='A' * 140_000)}\n")
    assert "line 3: row:" in errors
    assert not Game.objects.exists()


def test_an_encoding_error_names_its_line(tmp_path: Path) -> None:
    text = f"{HEADER}\n{row()}\n".encode() + row(a1="J\xf6rn").encode("latin-1") + b"\n"
    assert "line 3: not UTF-8" in refused(tmp_path, text)


def test_format_problems_do_not_hide_the_rule_problems_of_other_rows(tmp_path: Path) -> None:
    lines = [
        HEADER,
        row(),
        row(points="100,65"),  # line 3: points do not add up (a rule)
        row(date="2012-13-01"),  # line 4: no date (the format)
        row(declarer="Emil"),  # line 5: not at the table (a rule)
        row(points="x,64"),  # line 6: not a number (a rule: points must be whole numbers)
        "2012-05-01,Anna",  # line 7: a row cut short (the format)
    ]
    errors = refused(tmp_path, "\n".join(lines) + "\n")
    lines_named = [int(line.split(":")[0].split()[1]) for line in errors.splitlines()
                   if line.startswith("line ")]  # fmt: skip
    assert {3, 4, 5, 6, 7} <= set(lines_named)
    assert lines_named == sorted(lines_named)
