"""An empty Partie counts nowhere: not after a recompute, a restore or moving its evening."""

from __future__ import annotations

import datetime
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from klammernliga.backup import export_league
from klammernliga.models import Evening, Participation
from tests.klammernliga.doors import NO_INLINES, four, match_on, play, year_rows

pytestmark = pytest.mark.django_db


def test_an_empty_partie_adds_no_evening_after_recompute_backup_or_moving_it(
    tmp_path: Path, admin_client
) -> None:
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
