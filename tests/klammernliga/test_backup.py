"""Backup and restore: the league leaves as a file and comes back identical."""

import io
import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission, User
from django.core.management import CommandError, call_command
from django.test import RequestFactory
from simple_history.models import HistoricalRecords

from klammernliga import services
from klammernliga.backup import FORMAT, export_league, import_league
from klammernliga.entry.access import ensure_scorekeeper_group
from klammernliga.models import (
    Evening,
    Game,
    LeagueOutcome,
    Match,
    Meld,
    Participation,
    Player,
    PlayerOutcome,
    PlayerYear,
    Rating,
    RatingState,
    Team,
    TeamYear,
)
from tests.conftest import DATA
from tests.derived import agree
from tests.factories import GameFactory, MatchFactory

PERIODS = [[], ["--year", "2010"], ["--year", "2011"], ["--year", "2012"]]


def standings() -> list[object]:
    """Every table the league shows: players and teams, each year and all time."""
    tables = []
    for period in PERIODS:
        for teams in ([], ["--teams"]):
            out = io.StringIO()
            call_command("standings", "--json", *period, *teams, stdout=out)
            tables.append(json.loads(out.getvalue()))
    return tables


def derived_tables() -> dict[str, list[tuple[object, ...]]]:
    """The rows of every table derived from the games: participations and the stored summaries
    (the KlammernBoss ratings among them), without their own ids."""
    models = [
        Participation,
        PlayerYear,
        TeamYear,
        LeagueOutcome,
        PlayerOutcome,
        Rating,
        RatingState,
    ]
    result = {}
    for model in models:
        names = [f.attname for f in model._meta.concrete_fields if not f.primary_key]
        rows = model._base_manager.values_list(*names)
        result[model._meta.label] = sorted(tuple(_comparable(v) for v in row) for row in rows)
    return result


def _comparable(value: object) -> object:
    """Floats to 9 places; a rating state's numbers as bytes (PostgreSQL gives a memoryview)."""
    if isinstance(value, float):
        return round(value, 9)
    return bytes(value) if isinstance(value, memoryview) else value


@contextmanager
def acting_as(user: User) -> Iterator[None]:
    """Changes made inside are recorded in the history as this user's."""
    request = RequestFactory().get("/")
    request.user = user
    HistoricalRecords.context.request = request
    try:
        yield
    finally:
        del HistoricalRecords.context.request


def enter_changes() -> None:
    """What a season of use leaves behind: users, groups, entered, changed and deleted games."""
    scorekeepers = ensure_scorekeeper_group()
    scorekeepers.permissions.add(Permission.objects.get(codename="change_game"))
    keeper = User.objects.create_user(
        "hauke", "hauke@example.org", "geheim-123", first_name="Hauke"
    )
    keeper.groups.add(scorekeepers)
    User.objects.create_superuser("admin", "admin@example.org", "auch-geheim-456")
    anna, bernd, clara, dieter = (
        Player.objects.get(name=n) for n in ["Anna", "Bernd", "Clara", "Dieter"]
    )
    with acting_as(keeper):
        evening = Evening.objects.create(date="2012-02-03", place="Bei Anna")
        match = Match.objects.create(
            evening=evening,
            position=1,
            team_a=Team.objects.for_players(anna, bernd),
            team_b=Team.objects.for_players(clara, dieter),
        )
        first = services.record_game(
            match=match, declarer=anna, trump="herz", bid="rein", points_a=100, points_b=64
        )
        services.record_game(
            match=match,
            declarer=clara,
            trump="kreuz",
            bid="besser",
            points_a=40,
            points_b=124,
            kontra=True,
        )
        services.update_game(
            game=first, version=first.version, declarer=anna, trump="herz", bid="rein",
            points_a=60, points_b=104, kontra=True, re=True, dealer=dieter,
        )  # fmt: skip
        gone = services.record_game(
            match=match, declarer=bernd, trump="pik", bid="klein", points_a=90, points_b=74
        )
        services.delete_game(game=gone)
        anna.nickname = "Die Chefin"
        anna.save()


def history_counts() -> dict[str, int]:
    return {model.__name__: model.history.count() for model in (Player, Evening, Game, Meld)}


@pytest.mark.django_db(transaction=True)
def test_a_league_exported_and_imported_into_an_empty_database_is_the_same_league(
    league, tmp_path: Path
) -> None:
    enter_changes()
    before = {
        "standings": standings(),
        "derived": derived_tables(),
        "history": history_counts(),
        "document": export_league(),
    }
    path = tmp_path / "league.json"
    call_command("export_league", str(path), stdout=io.StringIO())

    call_command("flush", "--noinput")
    assert Game.objects.count() == 0 and User.objects.count() == 0
    out = io.StringIO()
    call_command("import_league", str(path), stdout=out)

    assert "Imported 6 players" in out.getvalue()
    assert standings() == before["standings"]
    assert agree(before["derived"], derived_tables())
    assert history_counts() == before["history"]
    again = export_league()
    for document in (again, before["document"]):
        document.pop("exported_at")
    assert again == before["document"]
    keeper = User.objects.get(username="hauke")
    assert keeper.check_password("geheim-123")
    assert keeper.has_perm("klammernliga.change_game")
    assert Game.history.filter(history_user=keeper).count() == 5  # 3 new, 1 change, 1 deletion
    assert Game.history.filter(history_type="-").count() == 1


@pytest.mark.django_db
def test_games_entered_after_a_restore_get_new_ids_and_history(league, tmp_path: Path) -> None:
    document = export_league()
    call_command("import_league", write(tmp_path, document), "--replace", stdout=io.StringIO())
    match = Match.objects.order_by("-pk").first()
    game = services.record_game(
        match=match,
        declarer=match.team_a.player_1,
        trump="karo",
        bid="rein",
        points_a=100,
        points_b=64,
    )
    assert game.pk > max(g["id"] for g in document["games"])
    assert game.history.count() == 1
    assert Player.objects.create(name="Neu").pk > 6


@pytest.mark.django_db
def test_a_game_sent_again_after_a_restore_is_not_stored_twice(league, tmp_path: Path) -> None:
    """A phone that kept a game's form (offline, or a reply that never came) sends it again with
    its one-time token, also after the league was restored: the token came back with the game,
    and with the history for a game deleted before the backup."""
    match = Match.objects.order_by("-pk").first()
    inputs = {"declarer": match.team_a.player_1, "trump": "karo", "bid": "rein",
              "points_a": 100, "points_b": 64}  # fmt: skip
    kept, deleted = uuid.uuid4(), uuid.uuid4()
    stored, _ = services.record_game_once(match=match, token=kept, **inputs)
    gone, _ = services.record_game_once(match=match, token=deleted, **inputs)
    services.delete_game(game=gone)
    call_command(
        "import_league", write(tmp_path, export_league()), "--replace", stdout=io.StringIO()
    )
    games = Game.objects.count()

    again, new = services.record_game_once(
        match=Match.objects.get(pk=match.pk), token=kept, **inputs
    )
    assert (again.pk, new) == (stored.pk, False)
    with pytest.raises(services.AlreadyRecorded):
        services.record_game_once(match=Match.objects.get(pk=match.pk), token=deleted, **inputs)
    assert Game.objects.count() == games


def write(tmp_path: Path, document: object, name: str = "league.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def refused(path: str, *args: str) -> str:
    err = io.StringIO()
    with pytest.raises(CommandError, match="nothing was imported"):
        call_command("import_league", path, *args, stderr=err, stdout=io.StringIO())
    return err.getvalue()


@pytest.mark.django_db
def test_importing_into_a_database_that_holds_a_league_is_refused_unless_replacing(
    league, tmp_path: Path
) -> None:
    document = export_league()
    path = write(tmp_path, document)
    services.record_game(
        match=Match.objects.first(), declarer=Player.objects.get(name="Anna"), trump="herz",
        bid="rein", points_a=100, points_b=64,
    )  # fmt: skip
    assert "already holds a league (6 players, 23 games)" in refused(path)
    assert Game.objects.count() == 23

    call_command("import_league", path, "--replace", stdout=io.StringIO())
    assert Game.objects.count() == 22
    assert Game.history.count() == 22
    expected = json.loads((DATA / "league_expected.json").read_text())["players"]["all"]
    assert [row["name"] for row in standings()[0]] == [row["name"] for row in expected]


@pytest.mark.django_db
def test_a_document_of_another_kind_or_version_is_refused(tmp_path: Path) -> None:
    assert "not a Klammernliga league document" in refused(write(tmp_path, {"format": "x"}))
    newer = {"format": FORMAT, "version": 99}
    assert "version 99 is not supported" in refused(write(tmp_path, newer))
    path = tmp_path / "broken.json"
    path.write_text("{ not json", encoding="utf-8")
    with pytest.raises(CommandError, match="not a JSON document"):
        call_command("import_league", str(path))
    assert Player.objects.count() == 0


@pytest.mark.django_db
def test_a_document_with_broken_records_names_each_problem_and_stores_nothing(
    league, tmp_path: Path
) -> None:
    document = export_league()
    document["games"][3]["match"] = 999
    document["games"][4]["trump"] = "rot"
    document["melds"][0]["kind"] = "quart"
    document["players"][1]["name"] = "x" * 61
    document["history"]["games"][0]["history_user"] = "niemand"
    document["teams"][0]["surprise"] = 1
    errors = refused(write(tmp_path, document))
    assert "games[3].match: matches id 999 does not exist" in errors
    assert "games[4].trump: " in errors and "'rot'" in errors
    assert "melds[0].kind: " in errors
    assert "players[1].name: " in errors
    assert "history.games[0].history_user: unknown user 'niemand'" in errors
    assert "teams[0]: unknown field 'surprise'" in errors
    assert Game.objects.count() == 22 and Game.history.count() == 22


@pytest.mark.django_db
def test_a_game_that_breaks_the_rules_is_named_and_the_old_league_stays(
    league, tmp_path: Path
) -> None:
    before = standings()
    document = export_league()
    document["games"][0]["points_b"] = 60
    errors = refused(write(tmp_path, document), "--replace")
    assert "match 2010-03-05 #1: " in errors and "164" in errors
    assert standings() == before
    assert Game.objects.count() == 22 and Game.history.count() == 22


@pytest.mark.django_db
def test_exported_games_are_the_import_format_in_order_of_play(league, tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    out = io.StringIO()
    call_command("export_games", str(path), stdout=out)
    assert "Exported 22 games" in out.getvalue()
    # The hand-written league file comes back line for line.
    assert path.read_text(encoding="utf-8") == league.read_text(encoding="utf-8")


@pytest.mark.django_db(transaction=True)
def test_exported_games_imported_into_an_empty_database_reproduce_the_league(
    league, tmp_path: Path
) -> None:
    enter_changes()
    before = standings()
    first, second = tmp_path / "first.csv", tmp_path / "second.csv"
    call_command("export_games", str(first), stdout=io.StringIO())

    call_command("flush", "--noinput")
    call_command("import_games", str(first), stdout=io.StringIO())

    assert standings() == before
    call_command("export_games", str(second), stdout=io.StringIO())
    assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")
    assert Game.objects.filter(match__evening__date="2012-02-03").count() == 2


@pytest.mark.django_db
def test_a_league_with_a_deleted_first_partie_is_restored_with_its_numbers() -> None:
    # Deleting an evening's first Partie leaves its second numbered 2: a gap the restore takes.
    first = MatchFactory()
    second = MatchFactory(evening=first.evening)
    GameFactory(match=first)
    GameFactory(match=second)
    services.delete_match(first)
    document = export_league()
    summary = import_league(json.loads(json.dumps(document)), replace=True)
    assert summary.counts["matches"] == 1
    assert list(Match.objects.values_list("position", flat=True)) == [2]
