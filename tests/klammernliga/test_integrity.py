"""Every door into the league applies the same rules (issue 13): the tables equal a recompute,
names and dates follow one rule, broken files get messages, exports are safe in a spreadsheet,
and the login lock counts the real client behind the proxy. One file on purpose: the doors are
checked against the same recompute side by side, so a door left out shows."""

from __future__ import annotations

import csv
import datetime
import io
import json
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db.models import F
from django.test import override_settings
from django.urls import reverse

from klammernliga import services
from klammernliga.backup import export_league
from klammernliga.models import Evening, Game, Participation, Player, PlayerYear, Team
from tests.factories import ScorekeeperFactory
from tests.klammernliga.entry_pages import form_problems

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
HEADER = "date,a1,a2,b1,b2,dealer,declarer,trump,bid,melds_a,melds_b,kontra,re,points_a,points_b"


def row(date: str = "2012-05-01", a1: str = "Anna", a2: str = "Bernd", b1: str = "Clara",
        b2: str = "Dieter", declarer: str = "Anna", points: str = "100,64") -> str:  # fmt: skip
    return f"{date},{a1},{a2},{b1},{b2},,{declarer},herz,rein,,,nein,nein,{points}"


def import_file(tmp_path: Path, text: str | bytes, *args: str) -> str:
    """What import_games prints to stderr; raises CommandError when it stores nothing."""
    path = tmp_path / "spiele.csv"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    err = io.StringIO()
    try:
        call_command("import_games", str(path), *args, stdout=io.StringIO(), stderr=err)
    except CommandError as error:
        raise CommandError(err.getvalue() + str(error)) from error
    return err.getvalue()


def refused(tmp_path: Path, text: str | bytes, *args: str) -> str:
    with pytest.raises(CommandError) as error:
        import_file(tmp_path, text, *args)
    return str(error.value)


def four(names: tuple[str, str, str, str] = ("Anna", "Bernd", "Clara", "Dieter")) -> list[Player]:
    return [Player.objects.get_or_create(name=n)[0] for n in names]


def match_on(day: datetime.date, players: list[Player]):  # type: ignore[no-untyped-def]
    evening, _new = services.open_evening(date=day)
    return services.start_match(
        evening=evening, team_a=(players[0], players[1]), team_b=(players[2], players[3])
    )


def play(match) -> Game:  # type: ignore[no-untyped-def]
    anna = match.team_a.player_1_id
    return services.record_game(
        match=match, declarer=anna, trump="herz", bid="rein", points_a=100, points_b=64
    )


def year_rows() -> list[tuple[str, int, int, int]]:
    return sorted(PlayerYear.objects.values_list("player__name", "year", "evenings", "games"))


# --- 1. an empty Partie counts nowhere, also after a recompute --------------------------------


def test_an_empty_partie_adds_no_evening_after_recompute_backup_or_moving_it(
    tmp_path: Path, admin_client
) -> None:  # type: ignore[no-untyped-def]
    players = four()
    play(match_on(datetime.date(2012, 3, 1), players))
    empty = match_on(datetime.date(2012, 4, 1), players)  # started, no game entered
    match_on(datetime.date(2013, 4, 1), players)
    entered = year_rows()
    assert [r[2] for r in entered] == [1, 1, 1, 1]
    call_command("recompute", stdout=io.StringIO())
    assert year_rows() == entered
    path = tmp_path / "league.json"
    path.write_text(json.dumps(export_league()))
    call_command("import_league", str(path), "--replace", stdout=io.StringIO())
    assert year_rows() == entered
    evening = Evening.objects.get(pk=empty.evening_id)
    response = admin_client.post(
        reverse("admin:klammernliga_evening_change", args=[evening.pk]),
        {"date": "2014-04-01", "place": "", "notes": "", **NO_INLINES},
    )
    assert response.status_code == 302
    assert year_rows() == entered
    assert not Participation.objects.filter(games=0).exists()


NO_INLINES = {"matches-TOTAL_FORMS": "0", "matches-INITIAL_FORMS": "0"}


@pytest.fixture
def admin_client(client):  # type: ignore[no-untyped-def]
    client.force_login(User.objects.create_superuser("chef", password="klammern-geheim-1998"))
    return client


# --- 2. dates within the calendar's reach, at every door --------------------------------------

OUT_OF_REACH = ["9999-12-31", "0001-01-01", "1899-12-31"]


@pytest.mark.parametrize("day", OUT_OF_REACH)
def test_the_entry_form_refuses_a_date_out_of_reach(client, day: str) -> None:  # type: ignore[no-untyped-def]
    client.force_login(ScorekeeperFactory())
    response = client.post(reverse("entry:start"), {"date": day})
    assert response.status_code == 200
    assert "Das Datum muss zwischen dem 01.01.1900 und dem" in response.content.decode()
    assert not Evening.objects.exists()


@pytest.mark.parametrize("day", OUT_OF_REACH)
def test_the_csv_import_refuses_a_date_out_of_reach(tmp_path: Path, day: str) -> None:
    errors = refused(tmp_path, f"{HEADER}\n{row(date=day)}\n")
    assert "line 2: date: Das Datum muss zwischen dem 01.01.1900" in errors
    assert not Evening.objects.exists()


def league_document() -> dict[str, object]:
    play(match_on(datetime.date(2012, 3, 1), four()))
    return export_league()


def load(tmp_path: Path, document: object, *args: str) -> str:
    path = tmp_path / "league.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_league", str(path), *args, stdout=io.StringIO(), stderr=err)
    return err.getvalue()


@pytest.mark.parametrize("day", OUT_OF_REACH)
def test_the_backup_import_refuses_a_date_out_of_reach(tmp_path: Path, day: str) -> None:
    document = league_document()
    document["evenings"][0]["date"] = day  # type: ignore[index]
    assert "evenings[0].date: Das Datum muss zwischen" in load(tmp_path, document, "--replace")
    assert Evening.objects.get().date == datetime.date(2012, 3, 1)


def test_the_admin_refuses_a_date_out_of_reach(admin_client) -> None:  # type: ignore[no-untyped-def]
    evening = match_on(datetime.date(2012, 3, 1), four()).evening
    response = admin_client.post(
        reverse("admin:klammernliga_evening_change", args=[evening.pk]),
        {"date": "9999-12-31", "place": "", "notes": "", **NO_INLINES},
    )
    assert response.status_code == 200
    assert "Das Datum muss zwischen" in response.content.decode()
    evening.refresh_from_db()
    assert evening.date == datetime.date(2012, 3, 1)


# --- 3. the admin goes through the rules ------------------------------------------------------


def test_a_teams_players_cannot_be_changed_in_the_admin(admin_client) -> None:  # type: ignore[no-untyped-def]
    players = four()
    play(match_on(datetime.date(2012, 3, 1), players))
    team = Team.objects.get(player_1=players[0])
    url = reverse("admin:klammernliga_team_change", args=[team.pk])
    admin_client.post(url, {"player_1": players[2].pk, "player_2": players[3].pk, "nickname": "X"})
    team.refresh_from_db()
    assert (team.player_1_id, team.player_2_id, team.nickname) == (
        players[0].pk,
        players[1].pk,
        "X",
    )
    assert admin_client.get(reverse("admin:klammernliga_team_add")).status_code == 403
    call_command("recompute", stdout=io.StringIO())  # every game still valid


def test_reverting_an_evenings_date_in_the_admin_history_moves_its_results_back(
    admin_client,
) -> None:  # type: ignore[no-untyped-def]
    evening = match_on(datetime.date(2012, 3, 1), four()).evening
    play(evening.matches.get())
    url = reverse("admin:klammernliga_evening_change", args=[evening.pk])
    admin_client.post(url, {"date": "2013-03-01", "place": "", "notes": "", **NO_INLINES})
    assert {r[1] for r in year_rows()} == {2013}
    first = evening.history.earliest()
    revert = reverse(
        "admin:klammernliga_evening_simple_history", args=[evening.pk, first.history_id]
    )
    response = admin_client.post(
        revert, {"date": "2012-03-01", "place": "", "notes": "", **NO_INLINES}
    )
    assert response.status_code == 302
    assert set(Participation.objects.values_list("date", flat=True)) == {datetime.date(2012, 3, 1)}
    assert {r[1] for r in year_rows()} == {2012}


# --- 4. the CSV import answers with messages, never a traceback --------------------------------


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


# --- 5. the backup import answers with messages, never a traceback -----------------------------


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
    document[table][0][key] = marker  # type: ignore[index]
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


# --- 6. every problem of a file at once ---------------------------------------------------------


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


# --- 7. one name rule at every door --------------------------------------------------------------


@pytest.mark.parametrize("bad", ["An\u202ena", "An\u200bna", "An\x07na", "\u2800"])
def test_the_entry_form_refuses_invisible_and_control_characters_in_new_names(
    client, bad: str
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(ScorekeeperFactory())
    players = four()
    evening, _new = services.open_evening(date=datetime.date(2012, 3, 1))
    data = {"partie-player_a1": players[0].pk, "partie-player_b1": players[2].pk,
            "partie-player_b2": players[3].pk, "partie-new_a2": bad}  # fmt: skip
    response = client.post(reverse("entry:new_match", args=[evening.date]), data)
    assert response.status_code == 200
    assert "unsichtbaren Zeichen" in " ".join(form_problems(response.content.decode()))
    assert Player.objects.count() == 4


def test_the_import_matches_names_as_the_form_does(tmp_path: Path) -> None:
    four(("Anke", "Bernd", "Clara", "Dörte"))
    decomposed = unicodedata.normalize("NFD", "Dörte")
    import_file(tmp_path, f"{HEADER}\n{row(a1='anke', b2=decomposed, declarer='ANKE ')}\n")
    assert sorted(Player.objects.values_list("name", flat=True)) == [
        "Anke",
        "Bernd",
        "Clara",
        "Dörte",
    ]
    errors = refused(tmp_path, f"{HEADER}\n{row(date='2012-06-01', a1='Anke', a2='anke ')}\n")
    assert "line 2: players: Vier verschiedene Spieler sind nötig: Anke steht doppelt." in errors


def test_the_entry_form_finds_an_existing_player_whatever_the_case(client) -> None:  # type: ignore[no-untyped-def]
    client.force_login(ScorekeeperFactory())
    players = four(("Anna", "Bernd", "Clara", "Dörte"))
    evening, _new = services.open_evening(date=datetime.date(2012, 3, 1))
    data = {"partie-player_a1": players[0].pk, "partie-player_a2": players[1].pk,
            "partie-player_b1": players[2].pk, "partie-new_b2": "  DÖRTE "}  # fmt: skip
    response = client.post(reverse("entry:new_match", args=[evening.date]), data)
    assert response.status_code == 302
    assert Player.objects.count() == 4


def test_the_admin_applies_the_name_rule(admin_client) -> None:  # type: ignore[no-untyped-def]
    four()
    url = reverse("admin:klammernliga_player_add")
    for bad in ("ANNA", "Zoe\u200b"):
        response = admin_client.post(url, {"name": bad, "slug": "neu", "nickname": ""})
        assert response.status_code == 200
    assert Player.objects.count() == 4


# --- 8. exports are safe in a spreadsheet, and import_games reads them back ---------------------

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
def test_the_page_exports_show_formula_like_names_as_text(client, url: str) -> None:  # type: ignore[no-untyped-def]
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


# --- 9. the login lock behind the proxy ---------------------------------------------------------


def login(client, password: str, address: str, username: str = "anna"):  # type: ignore[no-untyped-def]
    return client.post(
        "/anmelden/",
        {"username": username, "password": password},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_FORWARDED_FOR=f"10.9.9.9, {address}",  # the left entry is the client's own claim
    )


@override_settings(AXES_CLIENT_IP_CALLABLE="klammernliga.proxy.client_ip", AXES_FAILURE_LIMIT=5)
def test_behind_the_proxy_one_client_cannot_lock_out_another(client) -> None:  # type: ignore[no-untyped-def]
    ScorekeeperFactory(username="anna")
    for attempt in range(6):
        login(client, "falsch", "203.0.113.9", f"gast{attempt}")
    assert login(client, "klammern-geheim-1998", "203.0.113.9").status_code == 429
    other = type(client)()
    assert login(other, "klammern-geheim-1998", "198.51.100.7").status_code == 302


@override_settings(AXES_FAILURE_LIMIT=5)
def test_tries_during_the_lock_do_not_restart_it(client) -> None:  # type: ignore[no-untyped-def]
    ScorekeeperFactory(username="anna")
    login(client, "falsch", "203.0.113.9", "gast")
    AccessAttempt.objects.update(failures_since_start=4)
    login(client, "falsch", "203.0.113.9", "gast")  # the fifth failure: locked
    attempts = AccessAttempt.objects.all()
    attempts.update(attempt_time=F("attempt_time") - datetime.timedelta(minutes=14))
    for _attempt in range(3):
        assert login(client, "falsch", "203.0.113.9").status_code == 429
    attempts.update(attempt_time=F("attempt_time") - datetime.timedelta(minutes=2))
    assert login(client, "klammern-geheim-1998", "203.0.113.9").status_code == 302


def test_behind_proxy_makes_axes_read_the_forwarded_address() -> None:
    env = {k: os.environ[k] for k in ("PATH", "HOME") if k in os.environ}
    code = "import klammernliga.settings as s; print(s.AXES_CLIENT_IP_CALLABLE)"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**env, "DEBUG": "1", "BEHIND_PROXY": "1"}, timeout=60)  # fmt: skip
    assert run.stdout.strip() == "klammernliga.proxy.client_ip", run.stderr
