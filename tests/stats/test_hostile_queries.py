"""Every page of the site answers any query string with a page or a 404, never a server error:
each address (every URL name, with arguments from the test league) is asked with hostile paging
and parameter values, by a visitor and by a scorekeeper."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from klammernliga.models import Game, Team
from tests.factories import ScorekeeperFactory
from tests.stats.helpers import examples

pytestmark = pytest.mark.django_db

HOSTILE = [
    "per_page=-1",
    "per_page=-5&page=2",
    "per_page=0",
    "per_page=" + "9" * 400,
    "page=" + "9" * 400,
    "page=-3",
    "page=abc",
    "page=1.5",
    "per_page=abc&page=%00",
    "per_page=%00",
    "sort=%00&page=2",
    "sort=-nix&per_page=1&page=99999",
    "per_page=1&page=2&per_page=-1",
    "per_page=%EF%BC%91",  # a full-width digit one
    "year=" + "9" * 400,
    "spieler=%00&von=-1&bis=abc",
    "_export=csv&per_page=-1",
]


def _addresses(patterns: list[URLPattern | URLResolver], prefix: str = "") -> Iterator[str]:
    """The route of every page outside the admin (the admin is walked below), as a template."""
    for pattern in patterns:
        route = str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            if route.startswith("admin/"):
                continue
            yield from _addresses(pattern.url_patterns, prefix + route)
        else:
            yield prefix + route


def _filled(route: str) -> str:
    sample = examples()
    game = Game.objects.first()
    teams = list(Team.objects.values_list("pk", flat=True)[:2])
    values = {
        "<int:year>": str(sample.year),
        "<str:date>": sample.evening.date.isoformat(),
        "<isodate:date>": sample.evening.date.isoformat(),
        "<slug:slug>": sample.player.slug,
        "<int:pk>": str(game.pk if game else 1),
        "<int:team_a>": str(teams[0]),
        "<int:team_b>": str(teams[1]),
        "<int:history_id>": "1",
    }
    for placeholder, value in values.items():
        route = route.replace(placeholder, value)
    assert "<" not in route, route
    return "/" + route


def _admin_addresses() -> list[str]:
    return ["/admin/"] + [
        f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
        for model in admin.site._registry
    ]


def _walk(client: Client, addresses: list[str]) -> list[str]:
    failures = []
    for address in addresses:
        for query in HOSTILE:
            response = client.get(f"{address}?{query}")
            if response.status_code not in (200, 302, 403, 404, 405):
                failures.append(f"{response.status_code} {address}?{query[:40]}")
    return failures


def test_every_page_answers_hostile_queries_for_a_visitor(league) -> None:
    addresses = [_filled(route) for route in _addresses(get_resolver().url_patterns)]
    assert "/tabelle/ewig/" in addresses and len(addresses) > 20
    client = Client(raise_request_exception=False)
    assert _walk(client, addresses) == []
    # The standings pages answer with a page, not just "no server error".
    for query in HOSTILE[:5]:
        assert client.get(f"/tabelle/ewig/?{query}").status_code == 200


def test_every_page_answers_hostile_queries_for_a_scorekeeper(league) -> None:
    addresses = [_filled(route) for route in _addresses(get_resolver().url_patterns)]
    client = Client(raise_request_exception=False)
    user = ScorekeeperFactory()
    user.is_staff = user.is_superuser = True
    user.save()
    client.force_login(user)
    assert _walk(client, addresses + _admin_addresses()) == []


def test_a_clamped_page_shows_rows(league) -> None:
    client = Client()
    html = client.get("/tabelle/ewig/?per_page=-1").content.decode()
    assert ">Anna<" in html  # the standings' rows, not an empty page
    huge = client.get("/tabelle/ewig/?per_page=" + "9" * 400)
    assert huge.status_code == 200
    assert huge.content.decode().count("<tr") >= 3
