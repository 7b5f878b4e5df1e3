"""Dates within the calendar's reach (1900-01-01 to a year after today) at every door."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.urls import reverse

from klammernliga.models import Evening
from tests.factories import ScorekeeperFactory
from tests.klammernliga.doors import (
    HEADER,
    NO_INLINES,
    four,
    league_document,
    load,
    match_on,
    refused,
    row,
)

pytestmark = pytest.mark.django_db

OUT_OF_REACH = ["9999-12-31", "0001-01-01", "1899-12-31"]


@pytest.mark.parametrize("day", OUT_OF_REACH)
def test_the_entry_form_refuses_a_date_out_of_reach(client, day: str) -> None:
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


@pytest.mark.parametrize("day", OUT_OF_REACH)
def test_the_backup_import_refuses_a_date_out_of_reach(tmp_path: Path, day: str) -> None:
    document = league_document()
    document["evenings"][0]["date"] = day
    assert "evenings[0].date: Das Datum muss zwischen" in load(tmp_path, document, "--replace")
    assert Evening.objects.get().date == datetime.date(2012, 3, 1)


def test_the_admin_refuses_a_date_out_of_reach(admin_client) -> None:
    evening = match_on(datetime.date(2012, 3, 1), four()).evening
    response = admin_client.post(
        reverse("admin:klammernliga_evening_change", args=[evening.pk]),
        {"date": "9999-12-31", "place": "", "notes": "", **NO_INLINES},
    )
    assert response.status_code == 200
    assert "Das Datum muss zwischen" in response.content.decode()
    evening.refresh_from_db()
    assert evening.date == datetime.date(2012, 3, 1)
