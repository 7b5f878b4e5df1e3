"""The league file format: a hand-checked league, and broken files that store nothing."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from klammernliga.models import Evening, Game, Match, Meld, Participation, Player
from tests.conftest import DATA

HEADER = "date,a1,a2,b1,b2,dealer,declarer,trump,bid,melds_a,melds_b,kontra,re,points_a,points_b"
GOOD = "2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,,,nein,nein,100,64"
KEYS = ["rank", "name", "evenings", "games", "rounds_won", "rounds_lost", "large_points",
        "kalte", "small_points", "small_points_against"]  # fmt: skip


def standings(*args: str) -> list[dict[str, object]]:
    out = io.StringIO()
    call_command("standings", "--json", *args, stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["players", "teams"])
@pytest.mark.parametrize("period", ["2010", "2011", "all"])
def test_the_imported_league_gives_the_hand_checked_standings(league, kind, period) -> None:
    # league.csv covers a tie (82:82), a Fünfzig (Beet 107), Kontra, Re, a Kalte, a round that
    # ends 12:1 and an open round at a match's end; the expectation was tallied by hand.
    expected = json.loads((DATA / "league_expected.json").read_text())[kind][period]
    args = ([] if period == "all" else ["--year", period]) + (
        ["--teams"] if kind == "teams" else []
    )
    rows = standings(*args)
    assert [{k: row[k] for k in KEYS} for row in rows] == expected
    if kind == "teams":
        assert all(row["players"] == sorted(row["players"]) for row in rows)


@pytest.mark.django_db
def test_the_import_reports_what_it_stored(league_file: Path) -> None:
    out = io.StringIO()
    call_command("import_games", str(league_file), stdout=out)
    assert "Stored 22 games in 3 matches on 2 evenings" in out.getvalue()
    assert Game.objects.count() == 22
    assert Meld.objects.count() == 3
    assert Participation.objects.count() == 12


@pytest.mark.django_db
def test_importing_the_same_file_twice_is_refused_and_does_not_double(league) -> None:
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_games", str(league), stderr=err)
    assert "line 2: date:" in err.getvalue()
    assert Game.objects.count() == 22


@pytest.mark.django_db
def test_replace_swaps_the_evenings_of_the_file(league, tmp_path: Path) -> None:
    call_command("import_games", str(league), "--replace", stdout=io.StringIO())
    assert Game.objects.count() == 22
    assert Evening.objects.count() == 2
    assert standings("--year", "2011")[0]["name"] == "Anna"


@pytest.mark.django_db
def test_an_empty_league_prints_an_empty_list() -> None:
    assert standings() == []


@pytest.mark.django_db
def test_the_open_round_and_kalte_are_stored_with_the_games(league) -> None:
    first = Match.objects.get(evening__date="2010-03-05", position=1)
    assert first.open_round and first.games_count == 11
    ends = list(first.games.filter(ends_round=True).values_list("score_a", "score_b", "kalte"))
    assert ends == [(5, 2, False), (0, 5, True), (1, 12, False)]
    tie = first.games.get(position=2)
    assert (tie.winner_side, tie.small_a, tie.small_b) == ("a", 2, 0)


def write(tmp_path: Path, *rows: str) -> Path:
    path = tmp_path / "games.csv"
    path.write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    return path


def import_errors(path: Path) -> str:
    err = io.StringIO()
    with pytest.raises(CommandError, match="nothing was stored"):
        call_command("import_games", str(path), stderr=err, stdout=io.StringIO())
    return err.getvalue()


BROKEN = {
    "four different players": ("2012-05-01,Anna,Bernd,Anna,Dieter,,Anna,herz,rein,,,nein,nein,100,64", "players"),
    "declarer at the table": ("2012-05-01,Anna,Bernd,Clara,Dieter,,Emil,herz,rein,,,nein,nein,100,64", "declarer"),
    "dealer at the table": ("2012-05-01,Anna,Bernd,Clara,Dieter,Emil,Anna,herz,rein,,,nein,nein,100,64", "dealer"),
    "trump a suit": ("2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,rot,rein,,,nein,nein,100,64", "trump"),
    "bid known": ("2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,grand,,,nein,nein,100,64", "bid"),
    "besser is kreuz": ("2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,besser,,,nein,nein,100,64", "trump"),
    "re after kontra": ("2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,,,nein,ja,100,64", "re"),
    "sequences one team": ("2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,terz,terz,nein,nein,110,94", "melds_b"),
    "one belle": ("2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,belle,belle,nein,nein,110,94", "melds_b"),
    "whole points": ("2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,,,nein,nein,10x,64", "points_a"),
    "points not negative": ("2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,,,nein,nein,-4,168", "points_a"),
    "own melds": ("2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,fuenfzig,,nein,nein,40,174", "points_a"),
    "sum 164 plus melds": ("2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,,,nein,nein,100,60", "points_b"),
}  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("rule", list(BROKEN))
def test_a_row_breaking_a_rule_is_named_and_nothing_is_stored(tmp_path: Path, rule: str) -> None:
    row, field = BROKEN[rule]
    errors = import_errors(write(tmp_path, GOOD, row, GOOD))
    assert f"line 3: {field}: " in errors
    assert "line 2" not in errors and "line 4" not in errors
    assert Game.objects.count() == 0 and Player.objects.count() == 0


@pytest.mark.django_db
def test_every_broken_line_is_named_at_once(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "2012-13-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,,,nein,nein,100,64",
        GOOD,
        "2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,quart,,nein,nein,100,64",
        "2012-05-01,Anna,Bernd,Clara,Dieter,,Anna,herz,rein,,,vielleicht,nein,100,64",
        "2012-05-01,Anna,Bernd,Clara",
    )
    errors = import_errors(path).splitlines()
    assert [e.split(":")[0] for e in errors] == ["line 2", "line 4", "line 5", "line 6"]
    assert errors[0].startswith("line 2: date:")
    assert errors[1].startswith("line 4: melds_a:")
    assert errors[2].startswith("line 5: kontra:")
    assert errors[3].startswith("line 6: row:")
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_a_wrong_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.csv"
    path.write_text("datum,a,b\n" + GOOD + "\n")
    assert import_errors(path).startswith("line 1: header:")


@pytest.mark.django_db
def test_an_import_refreshes_the_planner_statistics(league) -> None:
    # Without them SQLite sorts Alle Spiele by scanning every game (seconds at a million games).
    from django.db import connection

    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'klammernliga_game'")
        else:
            cursor.execute("SELECT reltuples FROM pg_class WHERE relname = 'klammernliga_game'")
        assert cursor.fetchone()[0] >= 1
