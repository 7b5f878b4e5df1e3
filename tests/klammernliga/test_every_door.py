"""Every door that changes the whole league, an evening or derived rows goes through the services:
one change each, checked before anything is deleted, with the generation raised, and leaving the
derived tables exactly as a recompute would."""

import datetime
import io
import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from klammernliga import generation
from klammernliga.backup import export_league
from klammernliga.models import Evening, Game, Participation, Player, PlayerYear, TeamYear
from tests.stats.test_summaries_follow_changes import derived

pytestmark = pytest.mark.django_db


def seed(*args: str) -> str:
    out = io.StringIO()
    call_command("seed_demo", *args, stdout=out)
    return out.getvalue()


def recomputed() -> dict[str, list[tuple[object, ...]]]:
    call_command("recompute", stdout=io.StringIO())
    return derived()


def league() -> dict[str, object]:
    """The records and every derived row, to tell that nothing changed."""
    return {
        "derived": derived(),
        "games": sorted(Game.objects.values_list("pk", "points_a", "points_b")),
        "evenings": sorted(Evening.objects.values_list("pk", "date", "place")),
        "players": sorted(Player.objects.values_list("pk", "name")),
    }


def test_seed_demo_replace_over_other_years_leaves_every_table_as_a_recompute_would() -> None:
    seed("--years", "2000-2001")
    seed("--replace", "--years", "2005")
    assert {d.year for d in Evening.objects.values_list("date", flat=True)} == {2005}
    assert set(PlayerYear.objects.values_list("year", flat=True)) == {2005}
    assert set(TeamYear.objects.values_list("year", flat=True)) == {2005}
    # A player's games in the year table are her games in the league, nothing left over.
    for player in Player.objects.all():
        played = sum(Participation.objects.filter(player=player).values_list("games", flat=True))
        listed = sum(PlayerYear.objects.filter(player=player).values_list("games", flat=True))
        assert listed == played, player.name
    before = derived()
    assert recomputed() == before


def test_a_refused_seed_demo_replace_changes_nothing_and_says_why() -> None:
    seed("--years", "2001")
    before, stamp = league(), generation.current()
    with pytest.raises(CommandError) as refused:
        seed("--replace", "--years", "2026-2030")  # beyond the calendar's reach
    assert "Nothing was changed" in str(refused.value)
    assert "Das Datum muss zwischen" in str(refused.value)
    assert league() == before
    assert generation.current() == stamp


def test_seed_demo_without_replace_refuses_a_league_that_is_there() -> None:
    seed("--years", "2001")
    before = league()
    with pytest.raises(CommandError, match="--replace"):
        seed("--years", "2002")
    assert league() == before


def _backup(tmp_path: Path, document: object) -> str:
    path = tmp_path / "league.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def test_import_league_replace_leaves_every_table_as_a_recompute_would(tmp_path: Path) -> None:
    seed("--years", "2003")
    document = json.loads(json.dumps(export_league()))
    seed("--replace", "--years", "2000-2001")
    call_command("import_league", _backup(tmp_path, document), "--replace", stdout=io.StringIO())
    assert {d.year for d in Evening.objects.values_list("date", flat=True)} == {2003}
    assert set(PlayerYear.objects.values_list("year", flat=True)) == {2003}
    before = derived()
    assert recomputed() == before


def test_a_refused_import_league_replace_changes_nothing(tmp_path: Path) -> None:
    seed("--years", "2003")
    document = json.loads(json.dumps(export_league()))
    document["games"][-1]["points_a"] = 500  # the sum of the last game no longer adds up
    seed("--replace", "--years", "2001")
    before, stamp = league(), generation.current()
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command(
            "import_league", _backup(tmp_path, document), "--replace",
            stdout=io.StringIO(), stderr=err,
        )  # fmt: skip
    assert league() == before
    assert generation.current() == stamp


def test_an_evenings_place_change_shows_on_the_next_anonymous_request(
    scorekeeper: Client,
) -> None:
    day = datetime.date(2010, 11, 5)
    Evening.objects.create(date=day, place="Zur Linde")
    page = reverse("stats:evening", args=[day.isoformat()])
    visitor = Client()
    first = visitor.get(page)
    assert "Zur Linde" in first.text
    response = scorekeeper.post(
        reverse("entry:start"), {"date": day.isoformat(), "place": "Bei Karin"}
    )
    assert response.status_code == 302
    again = visitor.get(page, headers={"if-none-match": first.headers.get("ETag", "")})
    assert again.status_code == 200
    assert "Bei Karin" in again.text
    assert "Zur Linde" not in again.text


def test_opening_an_evening_as_it_is_writes_nothing(scorekeeper: Client) -> None:
    day = datetime.date(2010, 11, 5)
    Evening.objects.create(date=day, place="Zur Linde")
    stamp = generation.current()
    scorekeeper.post(reverse("entry:start"), {"date": day.isoformat(), "place": ""})
    assert generation.current() == stamp
    assert Evening.objects.get(date=day).place == "Zur Linde"


def test_the_admin_cannot_add_change_or_delete_derived_rows() -> None:
    seed("--years", "2001")
    admin = Client()
    admin.force_login(User.objects.create_superuser("chef", password="x-geheim-1998"))
    row = Participation.objects.first()
    assert row is not None
    count = Participation.objects.count()
    changelist = reverse("admin:klammernliga_participation_changelist")
    page = admin.get(changelist)
    assert page.status_code == 200
    assert "delete_selected" not in page.text
    refused = admin.post(changelist, {"action": "delete_selected", "_selected_action": [row.pk]})
    assert refused.status_code in (200, 302)
    delete = reverse("admin:klammernliga_participation_delete", args=[row.pk])
    assert admin.post(delete, {"post": "yes"}).status_code == 403
    change = reverse("admin:klammernliga_participation_change", args=[row.pk])
    assert admin.post(change, {"games": 99}).status_code == 403
    assert admin.get(reverse("admin:klammernliga_participation_add")).status_code == 403
    assert Participation.objects.count() == count
    assert Participation.objects.get(pk=row.pk).games == row.games
