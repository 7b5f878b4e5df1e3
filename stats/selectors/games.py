"""Queries of Alle Spiele and the evening page: stored games with everything a row shows."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import cast

from django.db.models import Case, Q, QuerySet, Sum, Value, When

from klammernliga.models import (
    Evening,
    Game,
    Match,
    Meld,
    Player,
    PlayerYear,
    Team,
    TeamYear,
)

_TEAMS = (
    "team_a__player_1", "team_a__player_2", "team_b__player_1", "team_b__player_2",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class PlayerName:
    pk: int
    name: str
    slug: str


def league_players() -> list[PlayerName]:
    """Every player by name: the filters' choices and the names of a page's rows, one query."""
    rows = Player.objects.order_by("name").values_list("pk", "name", "slug")
    return [PlayerName(*row) for row in rows]


def team_players(team: object) -> tuple[int, int] | None:
    """The two players' ids of a team given by its id (as text or number); None if unknown."""
    try:
        pk = int(str(team))
    except ValueError:
        return None
    return Team.objects.filter(pk=pk).values_list("player_1_id", "player_2_id").first()


def games() -> QuerySet[Game]:
    """Every game, unordered: the filters narrow it, the page orders and slices it."""
    return Game.objects.all()


# Sort keys of Alle Spiele (the `sort` parameter, "-" for descending) and their orderings.
SORTS: dict[str, tuple[str, ...]] = {
    "date": ("match__evening__date", "match__position", "position"),
    "declarer": ("declarer__name", "match__evening__date", "match__position", "position"),
    "trump": ("trump", "match__evening__date", "match__position", "position"),
    "bid": ("bid", "match__evening__date", "match__position", "position"),
    "kontra_re": ("kontra", "re", "match__evening__date", "match__position", "position"),
}
DEFAULT_SORT = "-date"


def ordering(sort: str) -> tuple[str, ...]:
    """The order_by of a sort key ("-date" newest first); unknown keys sort newest first."""
    key = sort.removeprefix("-")
    fields = SORTS.get(key) or SORTS["date"]
    descending = sort.startswith("-") if key in SORTS else True
    return tuple(f"-{f}" for f in fields) if descending else fields


# What a row of games shows, read as plain values (no model instances: a page has 50 rows).
ROW_FIELDS = (
    "id", "match_id", "position", "match__evening__date", "match__team_a__player_1_id",
    "match__team_a__player_2_id", "match__team_b__player_1_id", "match__team_b__player_2_id",
    "declarer_id", "trump", "bid", "kontra", "re", "points_a", "points_b", "playing_side",
    "winner_side", "small_a", "small_b", "score_a", "score_b", "ends_round", "kalte",
)  # fmt: skip


@dataclass(slots=True)
class GameRow:
    id: int
    match_id: int
    position: int
    date: datetime.date
    team_a: tuple[int, int]
    team_b: tuple[int, int]
    declarer_id: int
    trump: str
    bid: str
    kontra: bool
    re: bool
    points_a: int
    points_b: int
    playing_side: str
    winner_side: str
    small_a: int
    small_b: int
    score_a: int
    score_b: int
    ends_round: bool
    kalte: bool
    melds_a: list[tuple[str, str]] = field(default_factory=list)
    melds_b: list[tuple[str, str]] = field(default_factory=list)


def _row(values: tuple) -> GameRow:
    i, m, pos, date, a1, a2, b1, b2, *rest = values
    return GameRow(i, m, pos, date, (a1, a2), (b1, b2), *rest)


def game_rows(queryset: QuerySet[Game]) -> list[GameRow]:
    """The rows of an ordered, sliced set of games with their melds: two queries."""
    rows = [_row(values) for values in queryset.values_list(*ROW_FIELDS)]
    add_melds(rows)
    return rows


def page_rows(ordered: QuerySet[Game], start: int, stop: int, count: int) -> list[GameRow]:
    """Rows `start` to `stop` of `count` ordered games. A page past the middle is read from the
    other end (the orderings are total): a database skips rows one by one to reach an offset,
    and the last pages of a million games would skip nearly all of them."""
    if start <= count - stop:
        return game_rows(ordered[start:stop])
    rows = game_rows(ordered.reverse()[count - stop : count - start])
    rows.reverse()
    return rows


def game_row_chunks(queryset: QuerySet[Game], size: int = 2000) -> Iterator[list[GameRow]]:
    """All rows of an ordered set of games, read in chunks (an export of a million games)."""
    chunk: list[GameRow] = []
    for values in queryset.values_list(*ROW_FIELDS).iterator(chunk_size=size):
        chunk.append(_row(values))
        if len(chunk) == size:
            add_melds(chunk)
            yield chunk
            chunk = []
    if chunk:
        add_melds(chunk)
        yield chunk


def add_melds(rows: list[GameRow]) -> None:
    """Each row's counted melds (kind, top card) per side, in the order entered: one query."""
    if not rows:
        return
    by_id = {row.id: row for row in rows}
    melds = (
        Meld.objects.filter(game_id__in=list(by_id))
        .order_by("game_id", "side", "id")
        .values_list("game_id", "side", "kind", "top")
    )
    for game_id, side, kind, top in melds:
        row = by_id[game_id]
        (row.melds_a if side == "a" else row.melds_b).append((kind, top))


def games_count(year: int | None, player_id: int | None, team_id: int | None) -> int:
    """How many games a year, player or team has: the league's from its matches' tallies, a
    player's or team's from their stored years (not a COUNT of games)."""
    if team_id is not None or player_id is not None:
        years = (
            TeamYear.objects.filter(team_id=team_id)
            if team_id is not None
            else PlayerYear.objects.filter(player_id=cast(int, player_id))
        )
        if year is not None:
            years = years.filter(year=year)
        return years.aggregate(n=Sum("games"))["n"] or 0
    matches = Match.objects.all()
    if year is not None:
        matches = matches.filter(evening__date__range=_year_range(year))
    return matches.aggregate(n=Sum("games_count"))["n"] or 0


def _year_range(year: int) -> tuple[datetime.date, datetime.date]:
    return datetime.date(year, 1, 1), datetime.date(year, 12, 31)


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
    games: list[GameRow]


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
    """One evening's matches with all their games in order; six queries, None if no evening."""
    evening = Evening.objects.filter(date=date).first()
    if evening is None:
        return None
    dates = Evening.objects.values_list("date", flat=True)
    previous = dates.filter(date__lt=date).order_by("-date").first()
    following = dates.filter(date__gt=date).order_by("date").first()
    matches = list(
        Match.objects.filter(evening=evening).select_related(*_TEAMS).order_by("position")
    )
    by_match: dict[int, list[GameRow]] = {m.pk: [] for m in matches}
    rows = game_rows(
        Game.objects.filter(match__evening=evening).order_by("match__position", "position")
    )
    for row in rows:
        by_match[row.match_id].append(row)
    return EveningGames(
        evening=evening,
        matches=[EveningMatch(m, by_match[m.pk]) for m in matches],
        previous=previous,
        next=following,
    )
