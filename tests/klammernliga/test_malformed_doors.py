"""Malformed input, a thousand cases through the real doors: the entry forms, `import_games` and
`import_league` explain what is wrong and change nothing — never a crash, never half a game or
half a file. The services and the file reader are driven directly in test_malformed.py."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klammernliga.backup import export_league
from klammernliga.csv_format import HEADER
from klammernliga.models import (
    Evening,
    Game,
    Match,
    Player,
)
from tests.klammernliga.malformed import OUTSIDER, csv_values, junk, malformed_row, valid_game

pytestmark = pytest.mark.django_db

# --- the same through the phone's entry form ------------------------------------------------------


FORM_FIELDS = [
    "declarer", "dealer", "trump", "bid", "kontra", "re", "points_a", "points_b",
    *[f"{kind}_{side}" for kind in ("terz", "fuenfzig", "belle", "top") for side in "ab"],
]  # fmt: skip
form_value = st.one_of(
    junk.map(lambda v: "" if v is None else str(v)),
    st.sampled_from(["herz", "pik", "kreuz", "karo", "rein", "klein", "besser", "on", "1", "2",
                     "A", "K", "7", "0", "-1", "164", "100", "64", "1e3", "\x00", "٣"]),
)  # fmt: skip


# --- a thousand cases through the real doors ------------------------------------------------------

# Names no door may take as new players' (invisible, control, too long, blank), and near misses.
BAD_NAMES = ["", "   ", "An\u202ena", "An\u200bna", "\u2800", "An\x00na", "An\x07na", "X" * 61,
             "Anna\nBernd", "\ufeffAnna", "anna", "ANNA ", "Clara", "Emil", " Emil  "]  # fmt: skip
name_text = st.one_of(st.sampled_from(BAD_NAMES), st.text(max_size=70))
BAD_DATES = ["9999-12-31", "0001-01-01", "1899-12-31", "2015-02-30", "31.12.2015", "", "2015-6-1",
             "2015-06-01\x00", "+2015-06-01", "10000-01-01"]  # fmt: skip


@st.composite
def game_post(draw: st.DrawFn) -> dict[str, Any]:
    posted = draw(st.dictionaries(st.sampled_from(FORM_FIELDS), form_value, max_size=8))
    return {
        "posted": posted,
        "declarer": draw(st.sampled_from([None, "Anna", "Clara", OUTSIDER, "junk"])),
    }


@st.composite
def match_post(draw: st.DrawFn) -> dict[str, Any]:
    seats = {}
    for slot in ("a1", "a2", "b1", "b2"):
        choice = draw(
            st.sampled_from([None, "Anna", "Bernd", "Clara", "Dieter", "x", "99999", "-1"])
        )
        if choice is not None:
            seats[f"player_{slot}"] = choice
        if choice is None or draw(st.booleans()):
            seats[f"new_{slot}"] = draw(name_text)
    return seats


evening_post = st.fixed_dictionaries(
    {"date": st.one_of(st.sampled_from(BAD_DATES), st.text(max_size=12))},
    optional={"place": st.one_of(st.text(max_size=20), st.just("x" * 101), st.just("Kneipe\x00"))},
)

# File damage beyond broken rows: bytes that are no UTF-8, NUL, a field too long for the csv
# module, an open quote, a wrong header, a byte-order mark, nothing at all.
FILE_DAMAGE = [None, "latin1", "nul", "huge", "quote", "header", "bom", "empty", "header only"]


@st.composite
def csv_file(draw: st.DrawFn) -> bytes:
    rows = [csv_values(g) for g in draw(st.lists(valid_game(), max_size=3))]
    rows += draw(st.lists(malformed_row(), min_size=1, max_size=3))
    rows = draw(st.permutations(rows))
    stream = io.StringIO()
    csv.writer(stream).writerows([HEADER, *rows])
    data = stream.getvalue().encode()
    damage = draw(st.sampled_from(FILE_DAMAGE))
    at = draw(st.integers(0, len(data)))
    if damage == "latin1":
        data = data[:at] + b"\xf6\xff" + data[at:]
    elif damage == "nul":
        data = data[:at] + b"\x00" + data[at:]
    elif damage == "huge":
        data += (
            b"2015-06-01,"
            + b"A" * 140_000
            + b",Bernd,Clara,Dieter,,Anna,herz,rein,,,nein,nein,100,64\n"
        )
    elif damage == "quote":
        data = data[:at] + b'"' + data[at:]
    elif damage == "header":
        data = (
            b",".join(h.encode() for h in draw(st.permutations(HEADER))) + data[data.index(b"\n") :]
        )
    elif damage == "bom":
        data = b"\xef\xbb\xbf" + data
    elif damage == "empty":
        data = b""
    elif damage == "header only":
        data = data[: data.index(b"\n") + 1]
    return data


BACKUP_TABLES = ["players", "teams", "evenings", "matches", "games", "melds"]
# Raw JSON text, put in place of one value: what json.dumps would never write, and what it would.
BACKUP_JUNK = ["null", '""', '"x"', "-1", "0", "82.7", "1e400", "-Infinity", "Infinity", "NaN",
               "true", "[]", "{}", "[2015, 6, 1]", "20150601", str(2**63), str(-(2**63) - 1),
               str(10**40), '"9999-12-31"', '"0001-01-01"', '"2015-02-30"', '"An\\u202ena"',
               '"An\\u0000na"', '" Anna "', '"anna"', '"' + "X" * 70 + '"', "[" * 3000 + "]" * 3000,
               '"rot"', '"z"', "1"]  # fmt: skip
MARKER = "@@junk@@"


@st.composite
def backup_change(draw: st.DrawFn) -> tuple[str, ...]:
    kind = draw(
        st.sampled_from(["value", "value", "value", "drop", "unknown", "twice", "top", "group"])
    )
    return (kind, draw(st.sampled_from(BACKUP_TABLES)), draw(st.sampled_from(BACKUP_JUNK)),
            draw(st.sampled_from(["version", "format", "users", "history", "groups"])),
            str(draw(st.integers(0, 40))))  # fmt: skip


def broken_document(document: dict[str, Any], changes: list[tuple[str, ...]]) -> str:
    """The document as text with each change made; junk values go in as raw JSON text."""
    junk_texts = []
    for kind, table, junk_text, top, pick in changes:
        rows = document[table]
        if kind == "top":
            document[top] = MARKER
        elif kind == "group":
            users = document["users"]
            if not isinstance(users, list) or not users or not isinstance(users[0], dict):
                continue  # an earlier change replaced the users already
            users[0]["groups"] = [MARKER]
        elif not rows:
            continue
        elif kind == "twice":
            rows.append(dict(rows[int(pick) % len(rows)]))
            continue
        else:
            row = rows[int(pick) % len(rows)]
            key = sorted(row)[int(pick) % len(row)]
            if kind == "drop":
                del row[key]
                continue
            row[key if kind == "value" else "surprise"] = MARKER
        junk_texts.append(junk_text)
    text = json.dumps(document)
    for junk_text in junk_texts:
        text = text.replace(json.dumps(MARKER), junk_text, 1)
    return text


DOORS = st.one_of(
    st.tuples(st.just("game form"), game_post()),
    st.tuples(st.just("match form"), match_post()),
    st.tuples(st.just("evening form"), evening_post),
    st.tuples(st.just("import_games"), csv_file(), st.booleans()),
    st.tuples(st.just("import_games"), csv_file(), st.booleans()),
    st.tuples(st.just("import_league"), st.lists(backup_change(), min_size=1, max_size=3)),
    st.tuples(st.just("import_league"), st.lists(backup_change(), min_size=1, max_size=3)),
)


def dump() -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table (users, history, summaries, ratings …), for byte-for-byte equality."""
    return {
        model._meta.label: list(model._base_manager.order_by("pk").values_list())
        for model in apps.get_models()
    }


def shown_problems(page: str) -> str:
    """What a refused form tells the user: the alert above it and the messages by the fields."""
    found = re.findall(
        r'class="form-problems"[^>]*>(.*?)</div>|class="field-errors"[^>]*>(.*?)</ul>', page, re.S
    )
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", a + b)) for a, b in found).strip()


def run_command(name: str, *args: str) -> tuple[bool, str]:
    """Accepted?, and what the command said; any exception but CommandError escapes (and fails)."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(name, *args, stdout=out, stderr=err)
    except CommandError as error:
        return False, f"{err.getvalue()}{error}"
    return True, out.getvalue()


def through_the_door(client, table, tmp: Path, door: tuple[Any, ...]) -> tuple[bool, str]:
    """Sends one input through its door: (accepted, the message a user reads)."""
    kind, payload = door[0], door[1]
    match = table["match"]
    if kind == "game form":
        data = {**payload["posted"], "match": match.pk}
        if table.get(payload["declarer"]) is not None:
            data["declarer"] = str(table[payload["declarer"]].pk)
        elif payload["declarer"]:
            data["declarer"] = payload["declarer"]
        games = Game.objects.count()
        response = client.post(reverse("entry:new_game", args=[match.evening.date]), data)
        if response.status_code == 302:
            assert Game.objects.count() == games + 1  # the whole game, with its derived rows
            return True, ""
        assert response.status_code == 200
        return False, shown_problems(response.content.decode())
    if kind == "match form":
        data = {}
        for key, value in payload.items():
            value = str(table[value].pk) if table.get(value) is not None else value
            data[f"partie-{key}"] = value
        matches = Match.objects.count()
        response = client.post(reverse("entry:new_match", args=[match.evening.date]), data)
        if response.status_code == 302:
            assert Match.objects.count() == matches + 1
            return True, ""
        assert response.status_code == 200
        return False, shown_problems(response.content.decode())
    if kind == "evening form":
        response = client.post(reverse("entry:start"), payload)
        if response.status_code == 302:
            # The evening of the date as read (German forms also read 31.12.2015), opened whole.
            day = re.search(r"/(\d{4}-\d\d-\d\d)/", response["Location"]).group(1)
            assert Evening.objects.filter(date=day).exists()
            return True, ""
        assert response.status_code == 200
        return False, shown_problems(response.content.decode())
    if kind == "import_games":
        path = tmp / "spiele.csv"
        path.write_bytes(payload)
        games = Game.objects.count()
        accepted, said = run_command("import_games", str(path), *(["--replace"] if door[2] else []))
        if accepted:
            stored = int(said.split()[1])  # "Stored N games …"
            assert Game.objects.count() >= stored > 0
        return accepted, said
    path = tmp / "league.json"
    path.write_text(broken_document(export_league(), payload))
    accepted, said = run_command("import_league", str(path), "--replace")
    if accepted:
        document = json.loads(path.read_text())
        assert Game.objects.count() == len(document["games"])
        assert Player.objects.count() == len(document["players"])
    return accepted, said


@given(door=DOORS)
@settings(
    max_examples=1000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                           HealthCheck.data_too_large],
)  # fmt: skip
def test_no_door_lets_malformed_input_through_or_changes_anything_when_it_refuses(
    table, scorekeeper, tmp_path, door
) -> None:
    # Every example starts from the same database (each is rolled back): one dump serves all.
    before = table.setdefault("dump before", dump())
    with transaction.atomic():
        accepted, message = through_the_door(scorekeeper, table, tmp_path, door)
        if not accepted:
            assert message.strip(), door
            assert dump() == before, door
        transaction.set_rollback(True)  # keep examples independent
