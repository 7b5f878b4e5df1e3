"""Generators of malformed input for the malformed-input tests: valid games and one to three ways
of breaking them, rows of a league file, and the row counts that must not change."""

from __future__ import annotations

import datetime
from typing import Any

from django.apps import apps
from django.db import connection
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from klammernliga.csv_format import format_melds
from scoring.domain import Meld as M
from scoring.domain import MeldKind, Rank, Suit
from scoring.rules import meld_points, total_points

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

# Every table of the league: the records, their history and all that is derived from them.
COUNTED = list(apps.get_app_config("klammernliga").get_models())
# One query for all tables: a thousand examples stay cheap.
COUNT_SQL = "SELECT " + ", ".join(
    f"(SELECT COUNT(*) FROM {connection.ops.quote_name(m._meta.db_table)})" for m in COUNTED
)


def row_counts() -> tuple[int, ...]:
    with connection.cursor() as cursor:
        cursor.execute(COUNT_SQL)
        return tuple(cursor.fetchone())


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
