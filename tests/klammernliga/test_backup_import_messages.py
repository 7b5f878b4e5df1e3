"""The backup import answers a broken document with messages, never a traceback."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from klammernliga.models import Game
from tests.klammernliga.doors import league_document, load

pytestmark = pytest.mark.django_db


def test_a_deeply_nested_document_is_refused_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "league.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CommandError, match="nested too deeply"):
        call_command("import_league", str(path), stdout=io.StringIO())


@pytest.mark.parametrize(
    ("table", "key", "value", "message"),
    [
        ("games", "points_a", "Infinity", "games[0].points_a: a whole number is expected"),
        ("games", "points_a", "1e400", "games[0].points_a: a whole number is expected"),
        ("games", "points_a", "82.7", "games[0].points_a: a whole number is expected"),
        ("games", "id", str(2**63), "games[0].id: a whole number from"),
        ("players", "id", str(2**64), "players[0].id: a whole number from"),
        ("evenings", "date", "20120301", "evenings[0].date: a text is expected"),
        ("evenings", "date", "[2012, 3, 1]", "evenings[0].date: a text is expected"),
    ],
)
def test_a_backup_with_a_value_of_the_wrong_kind_is_refused(
    tmp_path: Path, table: str, key: str, value: str, message: str
) -> None:
    document = league_document()
    marker = "@@VALUE@@"
    document[table][0][key] = marker
    text = json.dumps(document).replace(json.dumps(marker), value)
    assert message in load(tmp_path, text, "--replace")
    assert Game.objects.get().points_a == 100


def test_a_backup_with_an_unknown_group_or_version_true_is_refused(tmp_path: Path) -> None:
    document = league_document()
    document["users"] = [{"username": "zoe", "password": "!", "groups": ["Geheimbund"]}]
    assert "users[0].groups: unknown group 'Geheimbund'" in load(tmp_path, document, "--replace")
    assert not User.objects.filter(username="zoe").exists()
    document["users"] = []
    document["version"] = True
    assert "document version True is not supported" in load(tmp_path, document, "--replace")
