"""Malformed games, a thousand at a time: the entry service and the import path explain what is
wrong and store nothing — never a crash, never half a game or half a file."""

from __future__ import annotations

import csv
import datetime
import io
from typing import Any

import pytest
from django.db import connection, transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klammernliga import services
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
from tests.factories import MatchFactory, PlayerFactory, ScorekeeperFactory

pytestmark = pytest.mark.django_db

TABLE = ["Anna", "Bernd", "Clara", "Dieter"]
OUTSIDER = "Emil"
SUITS = [s.value for s in Suit]
MANY = settings(
    max_examples=1000,
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


@pytest.fixture
def scorekeeper(client):  # type: ignore[no-untyped-def]
    client.force_login(ScorekeeperFactory())
    return client


FORM_FIELDS = [
    "declarer", "dealer", "trump", "bid", "kontra", "re", "points_a", "points_b",
    *[f"{kind}_{side}" for kind in ("terz", "fuenfzig", "belle", "top") for side in "ab"],
]  # fmt: skip
form_value = st.one_of(
    junk.map(lambda v: "" if v is None else str(v)),
    st.sampled_from(["herz", "pik", "kreuz", "karo", "rein", "klein", "besser", "on", "1", "2",
                     "A", "K", "7", "0", "-1", "164", "100", "64", "1e3", "\x00", "٣"]),
)  # fmt: skip


@given(
    posted=st.dictionaries(st.sampled_from(FORM_FIELDS), form_value, max_size=len(FORM_FIELDS)),
    declarer=st.sampled_from([None, "Anna", "Clara", OUTSIDER, "junk"]),
)
@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_the_entry_form_answers_any_post_without_a_server_error_or_half_a_game(
    table, scorekeeper, posted, declarer
) -> None:  # type: ignore[no-untyped-def]
    match = table["match"]
    data = {**posted, "match": match.pk}
    if table.get(declarer) is not None:
        data["declarer"] = str(table[declarer].pk)
    elif declarer:
        data["declarer"] = declarer
    before = row_counts()
    games = Game.objects.count()
    with transaction.atomic():
        url = reverse("entry:new_game", args=[match.evening.date])
        response = scorekeeper.post(url, data)
        stored = Game.objects.count() - games
        changed = row_counts() != before
        transaction.set_rollback(True)  # keep examples independent
    if response.status_code == 302:
        assert stored == 1  # accepted: the whole game, with its derived rows
    else:
        assert response.status_code == 200
        assert "Nicht gespeichert" in response.content.decode()
        assert not changed
