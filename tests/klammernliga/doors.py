"""What the tests of the league's doors share: a CSV row, running import_games and
import_league, a Partie with one game, the year rows they are checked against."""

from __future__ import annotations

import datetime
import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from klammernliga import services
from klammernliga.backup import export_league
from klammernliga.models import Game, Player, PlayerYear

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


def match_on(day: datetime.date, players: list[Player]):
    evening, _new = services.open_evening(date=day)
    return services.start_match(
        evening=evening, team_a=(players[0], players[1]), team_b=(players[2], players[3])
    )


def play(match) -> Game:
    anna = match.team_a.player_1_id
    return services.record_game(
        match=match, declarer=anna, trump="herz", bid="rein", points_a=100, points_b=64
    )


def year_rows() -> list[tuple[str, int, int, int]]:
    return sorted(PlayerYear.objects.values_list("player__name", "year", "evenings", "games"))


NO_INLINES = {"matches-TOTAL_FORMS": "0", "matches-INITIAL_FORMS": "0"}


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
