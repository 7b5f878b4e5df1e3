"""Helpers for the entry tests: a match of Anna & Bernd against Carl & Dora, and reading a page's
error messages the way a user sees them (next to the field)."""

from __future__ import annotations

import datetime
import html
import re

from django.urls import reverse

from klammernliga.models import Match, Player
from tests.factories import MatchFactory, PlayerFactory, TeamFactory

DAY = datetime.date(2026, 3, 12)
# Where a game of that evening is entered.
NEW_GAME = reverse("entry:new_game", args=[DAY])


def anna_bernd_vs_carl_dora(day: datetime.date = DAY) -> Match:
    anna, bernd, carl, dora = (PlayerFactory(name=n) for n in ("Anna", "Bernd", "Carl", "Dora"))
    return MatchFactory(
        evening__date=day,
        team_a=TeamFactory(player_1=anna, player_2=bernd),
        team_b=TeamFactory(player_1=carl, player_2=dora),
    )


def player(name: str) -> Player:
    return Player.objects.get(name=name)


def game_data(match: Match, /, **fields: object) -> dict[str, object]:
    """A POST of the new-game form: Anna plays Herz rein and wins 100:64, unless changed."""
    data: dict[str, object] = {
        "match": match.pk,
        "declarer": player("Anna").pk,
        "trump": "herz",
        "bid": "rein",
        "points_a": "100",
    }
    data.update(fields)
    return {key: value for key, value in data.items() if value is not None}


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def field_errors(page: str, field: str) -> list[str]:
    """The messages shown next to a field (or a team's melds: melds_a, melds_b)."""
    found = re.search(rf'<ul class="field-errors"\s+id="err-{field}">(.*?)</ul>', page, re.S)
    return (
        [_text(li) for li in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)] if found else []
    )


def form_problems(page: str) -> list[str]:
    """The messages above a form that concern no single field."""
    found = re.search(r'<div class="form-problems"[^>]*>(.*?)</div>', page, re.S)
    return (
        [_text(li) for li in re.findall(r'<li class="general">(.*?)</li>', found.group(1), re.S)]
        if found
        else []
    )


def summary(page: str) -> list[tuple[str, str]]:
    """The summary above a form: each message with the id of the input it links to."""
    found = re.search(r'<div class="form-problems"[^>]*>(.*?)</div>', page, re.S)
    links = (
        re.findall(r'<li>\s*<a href="#([^"]+)">(.*?)</a>\s*</li>', found.group(1), re.S)
        if found
        else []
    )
    return [(_text(text), anchor) for anchor, text in links]
