"""The page cache's validators: an ETag names one address's page in one language on one day, is
checked only for pages the cache serves, and logged-in pages are kept by no cache."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from tests.factories import GameFactory, ScorekeeperFactory
from tests.klammernliga.entry_pages import anna_bernd_vs_carl_dora


@pytest.fixture
def match(db):
    match = anna_bernd_vs_carl_dora()
    GameFactory(match=match)
    return match


def test_the_home_pages_etag_gets_no_304_anywhere_else(client, match) -> None:
    etag = client.get("/")["ETag"]
    assert client.get("/", headers={"If-None-Match": etag}).status_code == 304
    for url in ("/nope/", "/erfassen/", "/anmelden/", "/admin/", "/regeln/", "/spiele/?page=2"):
        response = client.get(url, headers={"If-None-Match": etag})
        assert response.status_code != 304, url
    # A star matches any version of a page, but only of a page the cache serves.
    assert client.get("/nope/", headers={"If-None-Match": "*"}).status_code == 404
    later = "Fri, 31 Dec 2100 23:59:59 GMT"
    assert client.get("/anmelden/", headers={"If-Modified-Since": later}).status_code == 200


def test_each_address_has_its_own_etag(client, match) -> None:
    etags = {client.get(url)["ETag"] for url in ("/", "/regeln/", "/spiele/", "/spiele/?sort=-d")}
    assert len(etags) == 4


def test_the_live_flag_is_not_kept_past_its_day(client, match, monkeypatch) -> None:
    day = match.evening.date
    url = f"/spiele/abend/{day.isoformat()}/"
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: day)
    live = client.get(url)
    assert "data-live=" in live.content.decode()
    etag = live["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    # Three days later nothing changed in the league, but the page is made anew: not live.
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: day + datetime.timedelta(days=3))
    later = client.get(url, headers={"If-None-Match": etag})
    assert later.status_code == 200
    assert later["ETag"] != etag
    assert "data-live=" not in later.content.decode()


def test_logged_in_pages_are_private_and_not_stored(client, match) -> None:
    client.force_login(ScorekeeperFactory())
    for url in ("/", "/spiele/", "/erfassen/", "/tabelle/ewig/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == "private, no-store", url
    visitor = Client()
    assert visitor.get("/")["Cache-Control"] == "no-cache"
