"""Backups with values out of range: ids, positions and every number are checked against what
the databases hold and the document's own size, names against their columns, nested values
against their types, duplicate keys refused. Each refusal is a message; nothing changes; and
afterwards a new player and a new Partie are still stored (SQLite and PostgreSQL alike)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.core.management import CommandError, call_command

from klammernliga.backup import export_league
from klammernliga.models import Game, Match, Player

pytestmark = pytest.mark.django_db


def refused(tmp_path: Path, document: object, text: str | None = None) -> str:
    path = tmp_path / "league.json"
    path.write_text(text if text is not None else json.dumps(document), encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("import_league", str(path), "--replace", stderr=err, stdout=io.StringIO())
    return err.getvalue() + str(raised.value)


def unchanged(before: tuple[int, int, int, int]) -> bool:
    return (Player.objects.count(), Game.objects.count(), Match.objects.count(),
            Group.objects.count()) == before  # fmt: skip


def counts() -> tuple[int, int, int, int]:
    return (
        Player.objects.count(),
        Game.objects.count(),
        Match.objects.count(),
        Group.objects.count(),
    )


def still_writable() -> None:
    """A new player gets a new id after the league's (the sequence has room)."""
    highest = max(Player.objects.values_list("pk", flat=True))
    assert Player.objects.create(name="Neuer Spieler").pk > highest


@pytest.mark.parametrize(
    ("table", "field", "value", "says"),
    [
        ("players", "id", 2**63 - 1, "players[0].id: a whole number from 1 to 2147483647"),
        ("games", "id", 2**63 - 1, "games[0].id: a whole number from 1 to 2147483647"),
        ("games", "match", 2**31, "games[0].match: a whole number from 1 to 2147483647"),
        ("matches", "position", 2**31 - 1, "matches[0].position: 2147483647 is more than 100000"),
        ("games", "position", 2**31 - 1, "games[0].position: 2147483647 is more than 100000"),
        ("games", "points_a", 2**31, "games[0].points_a: a whole number from 0 to 2147483647"),
        ("games", "small_a", 40_000, "games[0].small_a: a whole number from 0 to 32767"),
        ("games", "version", -1, "games[0].version: a whole number from 0 to 2147483647"),
    ],
)
def test_a_number_out_of_range_is_refused_and_nothing_changes(
    league, tmp_path, table, field, value, says
) -> None:
    document = export_league()
    document[table][0][field] = value
    before = counts()
    assert says in refused(tmp_path, document)
    assert unchanged(before)
    still_writable()


def test_a_group_name_longer_than_its_column_is_refused(league, tmp_path) -> None:
    document = export_league()
    document["groups"].append({"name": "g" * 151, "permissions": []})
    before = counts()
    assert "groups[" in refused(tmp_path, document)
    assert "150" in refused(tmp_path, document)
    assert unchanged(before)
    assert not Group.objects.filter(name="g" * 151).exists()


def test_a_user_name_longer_than_its_column_is_refused_before_anything_is_written(
    league, tmp_path
) -> None:
    document = export_league()
    document["users"].append({"username": "u" * 151, "password": "!", "groups": []})
    before = counts()
    assert "users[" in refused(tmp_path, document)
    assert unchanged(before)


@pytest.mark.parametrize(
    "permissions", [[["auth", ["nested"]]], "auth.change_user", [["auth"]], [[1, 2]], {"a": 1}]
)
def test_permissions_of_another_shape_are_refused_without_a_traceback(
    league, tmp_path, permissions
) -> None:
    document = export_league()
    document["groups"].append({"name": "Kasse", "permissions": permissions})
    before = counts()
    assert "groups[" in refused(tmp_path, document) and "[app, codename]" in refused(
        tmp_path, document
    )
    assert unchanged(before)


def test_duplicate_keys_are_refused_not_taken_last_wins(league, tmp_path) -> None:
    text = json.dumps(export_league())
    doubled = text.replace('"format":', '"version": 1, "format":', 1)
    before = counts()
    assert "the key 'version' appears twice in one object" in refused(tmp_path, None, doubled)
    assert unchanged(before)


def test_the_league_still_loads_as_exported(league, tmp_path) -> None:
    path = tmp_path / "league.json"
    path.write_text(json.dumps(export_league()), encoding="utf-8")
    call_command("import_league", str(path), "--replace", stdout=io.StringIO())
    assert Game.objects.count() == 22
    still_writable()
