"""Malformed input, a thousand cases through the real doors: the entry forms, `import_games` and
`import_league` explain what is wrong and change nothing — never a crash, never half a game or
half a file. The services and the file reader are also driven directly, with fewer cases."""

from __future__ import annotations

import csv
import datetime
import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klammernliga import services
from klammernliga.backup import export_league
from klammernliga.csv_format import HEADER, format_melds, read_games
from klammernliga.models import (
    Evening,
    Game,
    Match,
    Meld,
    Participation,
    Player,
    PlayerYear,
    Team,
    TeamYear,
)
from scoring.domain import Meld as M
from scoring.domain import MeldKind, Rank, Suit
from scoring.rules import InvalidGame, meld_points, total_points
from tests.factories import MatchFactory, PlayerFactory

pytestmark = pytest.mark.django_db

TABLE = ["Anna", "Bernd", "Clara", "Dieter"]
OUTSIDER = "Emil"
SUITS = [s.value for s in Suit]
MANY = settings(
    max_examples=150,  # the services directly; the doors below take the thousand
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# --- valid games, then one to three ways of breaking them ----------------------------------------

VALID_MELDS = [
    ((), ()),
    ((M(MeldKind.BELLE),), ()),
    ((), (M(MeldKind.TERZ, None, Rank.KOENIG),)),
    ((M(MeldKind.FUENFZIG, None, Rank.ASS), M(MeldKind.BELLE)), ()),
    ((M(MeldKind.TERZ),), (M(MeldKind.BELLE),)),
]
BROKEN_MELDS = [
    ((M(MeldKind.TERZ, None, Rank.SEVEN),), ()),  # a Terz cannot end at the 7
    ((), (M(MeldKind.FUENFZIG, None, Rank.NINE),)),  # nor a Fünfzig at the 9
    ((M(MeldKind.BELLE, None, Rank.KOENIG),), ()),  # a Belle has no top card
    ((M(MeldKind.BELLE),), (M(MeldKind.BELLE),)),  # two Belles
    ((M(MeldKind.TERZ),), (M(MeldKind.TERZ),)),  # sequences for both teams
    ((M(MeldKind.BELLE), M(MeldKind.BELLE)), ()),
]
junk = st.one_of(
    st.none(),
    st.text(max_size=12),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.integers(min_value=10**18, max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
)


def not_in(allowed: list[str]) -> st.SearchStrategy[object]:
    return junk.filter(lambda v: str(v).strip().lower() not in allowed)


@st.composite
def valid_game(draw: st.DrawFn) -> dict[str, Any]:
    bid = draw(st.sampled_from(["rein", "klein", "besser"]))
    trump = "kreuz" if bid == "besser" else draw(st.sampled_from(SUITS))
    melds_a, melds_b = draw(st.sampled_from(VALID_MELDS))
    kontra = draw(st.booleans())
    total = total_points(melds_a, melds_b)
    points_a = draw(st.integers(meld_points(melds_a), total - meld_points(melds_b)))
    return {
        "a1": "Anna", "a2": "Bernd", "b1": "Clara", "b2": "Dieter",
        "declarer": draw(st.sampled_from(TABLE)),
        "dealer": draw(st.sampled_from([None, *TABLE])),
        "trump": trump, "bid": bid, "melds_a": melds_a, "melds_b": melds_b,
        "kontra": kontra, "re": kontra and draw(st.booleans()),
        "points_a": points_a, "points_b": total - points_a,
    }  # fmt: skip


def _points_sum(draw: st.DrawFn, game: dict[str, Any]) -> dict[str, Any]:
    # Applied last: off from 164 + the game's melds by a nonzero amount.
    total = total_points(game["melds_a"], game["melds_b"])
    a = draw(st.integers(0, total + 50))
    b = draw(st.integers(0, total + 50).filter(lambda b: a + b != total))
    return {"points_a": a, "points_b": b}


def _own_melds(draw: st.DrawFn, game: dict[str, Any]) -> dict[str, Any]:
    melds = (M(MeldKind.FUENFZIG, None, Rank.ASS),)
    a = draw(st.integers(0, 49))
    return {"melds_a": melds, "melds_b": (), "points_a": a, "points_b": 214 - a}


BREAKERS: dict[str, Any] = {
    "declarer": lambda draw, g: {"declarer": draw(st.sampled_from([None, "", OUTSIDER]))},
    "dealer": lambda draw, g: {"dealer": OUTSIDER},
    "trump": lambda draw, g: {"trump": draw(not_in(SUITS))},
    "bid": lambda draw, g: {"bid": draw(not_in(["rein", "klein", "besser"]))},
    "besser": lambda draw, g: {"bid": "besser", "trump": draw(st.sampled_from(SUITS[1:]))},
    "re": lambda draw, g: {"kontra": False, "re": True},
    "flags": lambda draw, g: {
        draw(st.sampled_from(["kontra", "re"])): draw(junk.filter(lambda v: not isinstance(v, bool)))
    },
    "points_type": lambda draw, g: {
        draw(st.sampled_from(["points_a", "points_b"])): draw(
            junk.filter(lambda v: not isinstance(v, int) or isinstance(v, bool) or v < 0)
        )
    },
    "melds": lambda draw, g: dict(zip(["melds_a", "melds_b"], draw(st.sampled_from(BROKEN_MELDS)), strict=True)),
    "own_melds": _own_melds,
    "points_sum": _points_sum,
}  # fmt: skip
NAME_BREAKERS: dict[str, Any] = {
    "missing": lambda draw: "",
    "twice": lambda draw: "Anna",
    "too long": lambda draw: "X" * draw(st.integers(61, 300)),
    "control": lambda draw: "An" + draw(st.sampled_from(["\x00", "\x01", "\x1b", "\x7f"])) + "na",
}


@st.composite
def malformed_game(draw: st.DrawFn, *, names: bool = False) -> dict[str, Any]:
    """A valid game with one to three of its fields broken (players' names too, if asked)."""
    game = draw(valid_game())
    kinds = list(BREAKERS) + (list(NAME_BREAKERS) if names else [])
    broken = draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=3, unique=True))
    for kind in sorted(broken, key=lambda k: k in ("points_sum", "own_melds")):
        if kind in NAME_BREAKERS:
            game[draw(st.sampled_from(["a2", "b1", "b2"]))] = NAME_BREAKERS[kind](draw)
        else:
            game.update(BREAKERS[kind](draw, game))
    if "own_melds" in broken and "points_sum" in broken:
        game.update(_own_melds(draw, game))
    return game


# --- the database must not change ----------------------------------------------------------------

COUNTED = [Player, Team, Evening, Match, Game, Meld, Participation, PlayerYear, TeamYear]
COUNTED += [Player.history.model, Evening.history.model, Game.history.model, Meld.history.model]
# One query for all tables: a thousand examples stay cheap.
COUNT_SQL = "SELECT " + ", ".join(
    f"(SELECT COUNT(*) FROM {connection.ops.quote_name(m._meta.db_table)})" for m in COUNTED
)


def row_counts() -> tuple[int, ...]:
    with connection.cursor() as cursor:
        cursor.execute(COUNT_SQL)
        return tuple(cursor.fetchone())


@pytest.fixture
def table() -> dict[str | None, object]:
    """A match of Anna & Bernd against Clara & Dieter with one game, and Emil beside the table."""
    players = {name: PlayerFactory(name=name) for name in [*TABLE, OUTSIDER]}
    match = MatchFactory(
        team_a=Team.objects.for_players(players["Anna"], players["Bernd"]),
        team_b=Team.objects.for_players(players["Clara"], players["Dieter"]),
    )
    services.record_game(
        match=match, declarer=players["Anna"], trump="herz", bid="rein", points_a=100, points_b=64
    )
    return {"match": match, None: None, "": None, **players}


@given(game=malformed_game())
@MANY
def test_the_entry_service_refuses_malformed_games_and_stores_nothing(table, game) -> None:  # type: ignore[no-untyped-def]
    before = row_counts()
    with transaction.atomic(), pytest.raises(InvalidGame) as refused:
        services.record_game(
            match=table["match"],
            declarer=table[game["declarer"]],
            dealer=table[game["dealer"]],
            **{k: game[k] for k in ("trump", "bid", "melds_a", "melds_b", "kontra", "re", "points_a", "points_b")},
        )  # fmt: skip
    assert refused.value.problems and all(p.text for p in refused.value.problems)
    assert row_counts() == before


def record(game: dict[str, Any]) -> services.GameRecord:
    return services.GameRecord(
        team_a=(game["a1"], game["a2"]),
        team_b=(game["b1"], game["b2"]),
        **{k: game[k] for k in ("declarer", "dealer", "trump", "bid", "melds_a", "melds_b", "kontra", "re", "points_a", "points_b")},
    )  # fmt: skip


good_rows = st.lists(valid_game(), max_size=3)


@given(broken=malformed_game(names=True), before_rows=good_rows, after_rows=good_rows)
@MANY
def test_storing_evenings_with_one_malformed_game_stores_none_of_them(
    table, broken, before_rows, after_rows
) -> None:  # type: ignore[no-untyped-def]
    before = row_counts()
    games = [record(g) for g in [*before_rows, broken, *after_rows]]
    with transaction.atomic():
        summary = services.store_evenings(
            [services.EveningRecord(datetime.date(2015, 6, 1), games)]
        )
        transaction.set_rollback(True)  # keep examples independent, whatever happened
    assert summary.problems and not summary.ok
    assert all(p.message for p in summary.problems)
    assert row_counts() == before


# --- the same through the league file -----------------------------------------------------------


def csv_values(game: dict[str, Any], date: str = "2015-06-01") -> list[str]:
    def text(value: object) -> str:
        return "" if value is None else str(value)

    def flag(value: object) -> str:
        if isinstance(value, bool):
            return "ja" if value else "nein"
        return text(value)

    return [
        date, game["a1"], game["a2"], game["b1"], game["b2"], text(game["dealer"]),
        text(game["declarer"]), text(game["trump"]), text(game["bid"]),
        format_melds(game["melds_a"]), format_melds(game["melds_b"]),
        flag(game["kontra"]), flag(game["re"]), text(game["points_a"]), text(game["points_b"]),
    ]  # fmt: skip


# Damage only a file can carry: text where numbers, dates and flags belong, rows cut short.
TEXT_BREAKERS: dict[str, Any] = {
    "date": lambda draw: {0: draw(st.text(max_size=12).filter(lambda t: not _is_date(t)))},
    "melds": lambda draw: {9: draw(st.sampled_from(["quart", "terz:Z", "belle:K", "terz:7", "+:", "fuenfzig:9"]))},
    "flag": lambda draw: {draw(st.sampled_from([11, 12])): draw(st.text(max_size=6).filter(lambda t: t.strip().lower() not in ("ja", "nein")))},
    "points": lambda draw: {draw(st.sampled_from([13, 14])): draw(st.sampled_from(["", "1e2", "-4", "١٢", "²", "9" * 5000, "100.0", " 0x64"]))},
    "short": lambda draw: {"cut": draw(st.integers(1, 14))},
}  # fmt: skip


def _is_date(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text.strip())
    except ValueError:
        return False
    return True


@st.composite
def malformed_row(draw: st.DrawFn) -> list[str]:
    if draw(st.booleans()):
        return csv_values(draw(malformed_game(names=True)))
    values = csv_values(draw(valid_game()))
    damage = draw(st.sampled_from(list(TEXT_BREAKERS)))
    for index, value in TEXT_BREAKERS[damage](draw).items():
        if index == "cut":
            values = values[:value]
        else:
            values[index] = value
    return values


@given(broken=malformed_row(), before_rows=good_rows, after_rows=good_rows)
@MANY
def test_a_league_file_with_one_malformed_row_names_it_and_stores_nothing(
    table, broken, before_rows, after_rows
) -> None:  # type: ignore[no-untyped-def]
    before = row_counts()
    rows = [csv_values(g) for g in before_rows] + [broken] + [csv_values(g) for g in after_rows]
    stream = io.StringIO()
    writer = csv.writer(stream)
    writer.writerow(HEADER)
    writer.writerows(rows)
    stream.seek(0)
    evenings, problems = read_games(stream)
    if not problems:
        with transaction.atomic():
            problems = services.store_evenings(evenings).problems
            transaction.set_rollback(True)  # keep examples independent, whatever happened
    assert problems
    # The line where the broken row ends (a quoted field may hold line breaks).
    head = io.StringIO()
    csv.writer(head).writerows([HEADER, *rows[: len(before_rows) + 1]])
    broken_line = head.getvalue().count("\n")
    assert any(p.line in (broken_line, None) or p.field in ("row", "header") for p in problems)
    assert all(p.message for p in problems)
    assert row_counts() == before


def test_the_generators_make_games_the_rules_accept_when_unbroken(table) -> None:  # type: ignore[no-untyped-def]
    # Guards the property tests above: without breaking, the same games are stored.
    @given(games=st.lists(valid_game(), min_size=1, max_size=5))
    @settings(
        max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
    )
    def stores(games: list[dict[str, Any]]) -> None:
        with transaction.atomic():
            summary = services.store_evenings(
                [services.EveningRecord(datetime.date(2016, 1, 1), [record(g) for g in games])]
            )
            assert summary.ok, summary.problems
            assert Game.objects.filter(match__evening__date="2016-01-01").count() == len(games)
            transaction.set_rollback(True)

    stores()


def test_a_name_that_grows_when_made_into_a_slug_still_gets_one_that_fits(table) -> None:  # type: ignore[no-untyped-def]
    name = "\u01c4" * 60  # "DŽ" as one character: two letters and a caron in a slug
    evening = services.EveningRecord(
        datetime.date(2015, 7, 1),
        [services.GameRecord(team_a=(name, "Anna"), team_b=("Clara", "Dieter"), declarer="Anna",
                             trump="herz", bid="rein", points_a=100, points_b=64)],
    )  # fmt: skip
    assert services.store_evenings([evening]).ok
    slug = Player.objects.get(name=name).slug
    assert 0 < len(slug) <= Player._meta.get_field("slug").max_length


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


def through_the_door(client, table, tmp: Path, door: tuple[Any, ...]) -> tuple[bool, str]:  # type: ignore[no-untyped-def]
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
            day = re.search(r"/(\d{4}-\d\d-\d\d)/", response["Location"]).group(1)  # type: ignore[union-attr]
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
) -> None:  # type: ignore[no-untyped-def]
    # Every example starts from the same database (each is rolled back): one dump serves all.
    before = table.setdefault("dump before", dump())
    with transaction.atomic():
        accepted, message = through_the_door(scorekeeper, table, tmp_path, door)
        if not accepted:
            assert message.strip(), door
            assert dump() == before, door
        transaction.set_rollback(True)  # keep examples independent
