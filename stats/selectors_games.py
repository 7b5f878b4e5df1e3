"""Queries of Alle Spiele and the evening page: stored games with everything a row shows."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Case, Q, QuerySet, Value, When

from klammernliga.models import Evening, Game, Match

_TEAMS = (
    "team_a__player_1", "team_a__player_2", "team_b__player_1", "team_b__player_2",
)  # fmt: skip


def games() -> QuerySet[Game]:
    """Every game, newest first, with its match, teams, declarer and melds in three queries."""
    return (
        Game.objects.select_related(
            "match__evening", "declarer", *(f"match__{team}" for team in _TEAMS)
        )
        .prefetch_related("melds")
        .order_by("-match__evening__date", "-match__position", "-position")
    )


def took_part(player_id: int, prefix: str = "") -> Q:
    """Games (or rows reached through `prefix`) in which the player sat on either team."""
    return Q(*(Q(**{f"{prefix}match__{team}_id": player_id}) for team in _TEAMS), _connector=Q.OR)


def team_played(team_id: int, prefix: str = "") -> Q:
    return Q(**{f"{prefix}match__team_a_id": team_id}) | Q(**{f"{prefix}match__team_b_id": team_id})


def player_side(player_id: int, prefix: str = "") -> Case:
    """The side ("a" or "b") the player sat on in a game; "" if he did not play it."""
    return Case(
        When(
            Q(**{f"{prefix}match__team_a__player_1_id": player_id})
            | Q(**{f"{prefix}match__team_a__player_2_id": player_id}),
            then=Value("a"),
        ),
        When(
            Q(**{f"{prefix}match__team_b__player_1_id": player_id})
            | Q(**{f"{prefix}match__team_b__player_2_id": player_id}),
            then=Value("b"),
        ),
        default=Value(""),
    )


def team_side(team_id: int, prefix: str = "") -> Case:
    """The side ("a" or "b") the team sat on in a game; "" if it did not play it."""
    return Case(
        When(**{f"{prefix}match__team_a_id": team_id}, then=Value("a")),
        When(**{f"{prefix}match__team_b_id": team_id}, then=Value("b")),
        default=Value(""),
    )


@dataclass(frozen=True, slots=True)
class EveningMatch:
    match: Match
    games: list[Game]


@dataclass(frozen=True, slots=True)
class EveningGames:
    evening: Evening
    matches: list[EveningMatch]
    previous: datetime.date | None
    next: datetime.date | None

    @property
    def games_count(self) -> int:
        return sum(len(m.games) for m in self.matches)


def evening_games(date: datetime.date) -> EveningGames | None:
    """One evening's matches with all their games in order; five queries, None if no evening."""
    evening = Evening.objects.filter(date=date).first()
    if evening is None:
        return None
    dates = Evening.objects.values_list("date", flat=True)
    previous = dates.filter(date__lt=date).order_by("-date").first()
    following = dates.filter(date__gt=date).order_by("date").first()
    matches = list(
        Match.objects.filter(evening=evening).select_related(*_TEAMS).order_by("position")
    )
    by_match: dict[int, list[Game]] = {m.pk: [] for m in matches}
    rows = (
        Game.objects.filter(match__evening=evening)
        .select_related("declarer")
        .prefetch_related("melds")
        .order_by("match__position", "position")
    )
    for game in rows:
        by_match[game.match_id].append(game)
    for match in matches:
        match.evening = evening
        # The games' match is the one already loaded, with its teams.
        for game in by_match[match.pk]:
            game.match = match
    return EveningGames(
        evening=evening,
        matches=[EveningMatch(m, by_match[m.pk]) for m in matches],
        previous=previous,
        next=following,
    )
