"""The KlammernBoss's queries: ranking, boss, rating history, prediction. One query each."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from operator import itemgetter
from typing import Any

from django.db.models import OuterRef, Q, QuerySet, Subquery

from klammernliga.models import Player
from klammernliga.models import Rating as StoredRating
from scoring.rating import Rating, initial_advantage, initial_rating, win_chance
from scoring.standings import team_name


@dataclass(frozen=True, slots=True)
class BossRank:
    """A line of the KlammernBoss ranking: a player's current rating and its trend."""

    rank: int
    player: Player
    ordinal: float
    mu: float
    sigma: float
    rounds: int
    # The ordinal's change over the last evening the player completed a round.
    change: float
    last_date: datetime.date
    # The declarers' advantage stored with this rating (scoring.rating): the newest line's is the
    # model's current one, which a prediction needs.
    advantage: Rating = field(default_factory=initial_advantage)

    @property
    def is_boss(self) -> bool:
        return self.rank == 1

    @property
    def trend(self) -> str:
        """ "up", "down" or "same": the change rounded as it is shown (one decimal)."""
        shown = round(self.change, 1)
        return "up" if shown > 0 else "down" if shown < 0 else "same"

    @property
    def change_size(self) -> float:
        return abs(self.change)


@dataclass(frozen=True, slots=True)
class Boss:
    """The player on top of the ranking."""

    player: Player
    ordinal: float
    # The evening of the boss's latest rating.
    last_date: datetime.date | None = None


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    date: datetime.date
    ordinal: float
    mu: float
    sigma: float
    rounds: int


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    """A player's rating after each evening on which they completed a round."""

    player: Player
    points: list[HistoryPoint] = field(default_factory=list)

    @property
    def current(self) -> float:
        return self.points[-1].ordinal if self.points else 0.0


@dataclass(frozen=True, slots=True)
class Prediction:
    """Each team's chance to win a round against the other, from the current ratings."""

    team_a: tuple[Player, ...]
    team_b: tuple[Player, ...]
    chance_a: float
    chance_b: float

    @property
    def name_a(self) -> str:
        return team_name(*(p.name for p in self.team_a))

    @property
    def name_b(self) -> str:
        return team_name(*(p.name for p in self.team_b))

    @property
    def percent_a(self) -> int:
        return round(self.chance_a * 100)

    @property
    def percent_b(self) -> int:
        return 100 - self.percent_a


def _current() -> QuerySet[StoredRating]:
    """Each player's latest rating row: per player one step along the (player, date) index."""
    latest = (
        StoredRating.objects.filter(player_id=OuterRef("pk")).order_by("-date").values("pk")[:1]
    )
    return StoredRating.objects.filter(
        pk__in=Player.objects.annotate(latest=Subquery(latest)).values("latest")
    )


_RANK_COLUMNS = ("player__name", "player__slug", "player__nickname")
_RANK_FIGURES = (
    "ordinal", "mu", "sigma", "rounds", "ordinal_before", "date", "advantage_mu", "advantage_sigma",
)  # fmt: skip


def ranking() -> list[BossRank]:
    """Players by current ordinal, best first (equals by name); one query."""
    rows = (
        _current()
        .order_by("-ordinal", "player__name")
        .values_list("player_id", *_RANK_COLUMNS, *_RANK_FIGURES)
    )
    return [_boss_rank(rank, row) for rank, row in enumerate(rows, 1)]


def _boss_rank(rank: int, row: tuple[Any, ...]) -> BossRank:
    """A ranking line from a row of `player_id`, the `_RANK_COLUMNS` and the `_RANK_FIGURES`."""
    pk, name, slug, nickname, ordinal, mu, sigma, rounds, before, date, *advantage = row
    player = Player(pk=pk, name=name, slug=slug, nickname=nickname)
    change = ordinal - before
    return BossRank(rank, player, ordinal, mu, sigma, rounds, change, date, Rating(*advantage))


def current_boss() -> Boss | None:
    """The KlammernBoss (the player on top of the ranking) or None before any round; one query."""
    row = _current().select_related("player").order_by("-ordinal", "player__name").first()
    return Boss(player=row.player, ordinal=row.ordinal, last_date=row.date) if row else None


PERIODS = ("evening", "month", "year")


def history_period(first: datetime.date, last: datetime.date) -> str:
    """How finely a chart over these dates needs the history: a few hundred points at most."""
    years = (last - first).days / 365.25
    return "evening" if years <= 2 else "month" if years <= 40 else "year"


def rating_history(
    player_ids: Iterable[int] | None = None,
    *,
    period: str = "evening",
    players: Iterable[Player] | None = None,
) -> list[PlayerHistory]:
    """Per player the rating after each evening they played, best current rating first.

    All players, or those of `player_ids`; one query. With `period` "month" or "year" only the
    rating at the end of each month or year the player played in (for long histories). A caller
    that has the `players` already saves joining them to every row.
    """
    if period not in PERIODS:
        raise ValueError(f"period must be one of {PERIODS}, not {period!r}")
    rows = StoredRating.objects.order_by("player_id", "date")
    if player_ids is not None:
        rows = rows.filter(player_id__in=list(player_ids))
    if period == "month":
        rows = rows.filter(month_end=True)
    elif period == "year":
        rows = rows.filter(year_end=True)
    point = ("date", "ordinal", "mu", "sigma", "rounds")
    known = {p.pk: p for p in players} if players is not None else None
    # Plain values: a long history has many rows, each player is built once.
    if known is not None:
        values = rows.values_list("player_id", *point)
    else:
        values = rows.values_list(
            "player_id", "player__name", "player__slug", "player__nickname", *point
        )
    histories: dict[int, PlayerHistory] = {}
    for pk, *rest in values:
        history = histories.get(pk)
        if history is None:
            if known is not None:
                player = known.get(pk) or Player(pk=pk, name="?", slug="")
            else:
                name, slug, nickname = rest[:3]
                player = Player(pk=pk, name=name, slug=slug, nickname=nickname)
            history = histories[pk] = PlayerHistory(player)
        history.points.append(HistoryPoint(*rest[-5:]))
    return sorted(histories.values(), key=lambda h: (-h.current, h.player.name))


type Line = tuple[Player, list[tuple[datetime.date, float]]]


def rating_lines(period: str, players: Iterable[Player]) -> list[Line]:
    """rating_history for a chart: per player only (date, ordinal), in the same order; one query
    of the three columns a chart draws, read without building a model or a point per row."""
    if period not in PERIODS:
        raise ValueError(f"period must be one of {PERIODS}, not {period!r}")
    known = {p.pk: p for p in players}
    rows = _lines(period).values_list("player_id", "date", "ordinal")
    # The rows come by player: each player's run of rows is his line.
    lines = {
        pk: [(date, ordinal) for _pk, date, ordinal in run]
        for pk, run in groupby(rows, key=itemgetter(0))
    }
    return sorted(
        (
            (known.get(pk) or Player(pk=pk, name="?", slug=""), points)
            for pk, points in lines.items()
        ),
        key=lambda line: (-line[1][-1][1], line[0].name),
    )


def rating_points(player_id: int, period: str) -> list[tuple[datetime.date, float]]:
    """One player's rating (ordinal) after each evening he completed a round, in date order;
    with `period` "month" or "year" only at the end of each month or year he played in. One
    query of the two columns a chart draws (the statement of rating_lines, for one player)."""
    if period not in PERIODS:
        raise ValueError(f"period must be one of {PERIODS}, not {period!r}")
    return list(_lines(period).filter(player_id=player_id).values_list("date", "ordinal"))


_PERIOD_ENDS = {"month": "month_end", "year": "year_end"}


def _lines(period: str) -> QuerySet[StoredRating]:
    """The rating rows a chart of `period` draws, by player and date."""
    rows = StoredRating.objects.order_by("player_id", "date")
    if period in _PERIOD_ENDS:
        rows = rows.filter(**{_PERIOD_ENDS[period]: True})
    return rows


def rating_span(player_id: int | None = None) -> tuple[datetime.date, datetime.date] | None:
    """The first and the last date with a stored rating (of one player, or of anyone).

    One query: two single steps along an index (MIN and MAX together would scan it).
    """
    rows = StoredRating.objects.all()
    if player_id is not None:
        rows = rows.filter(player_id=player_id)
    dates = list(_span(rows))
    return (min(dates), max(dates)) if dates else None


def _span(rows: QuerySet[StoredRating]) -> QuerySet[StoredRating, datetime.date]:
    first = rows.order_by("date").values("pk")[:1]
    last = rows.order_by("-date").values("pk")[:1]
    return StoredRating.objects.filter(Q(pk=Subquery(first)) | Q(pk=Subquery(last))).values_list(
        "date", flat=True
    )


def current_ratings(player_ids: Iterable[int]) -> dict[int, Rating]:
    """The current ratings of some players (new players: the initial rating); one query."""
    ids = list(player_ids)
    found = {
        pk: Rating(mu, sigma)
        for pk, mu, sigma in _current()
        .filter(player_id__in=ids)
        .values_list("player_id", "mu", "sigma")
    }
    return {pk: found.get(pk, initial_rating()) for pk in ids}


def current_advantage(ranks: Sequence[BossRank]) -> Rating:
    """The declarers' advantage as it stands: the one stored on the latest evening rated."""
    if not ranks:
        return initial_advantage()
    # Dates compare as stored (SQLite may give ISO text): the newest line is the latest state.
    return max(ranks, key=lambda r: str(r.last_date)).advantage


def predict(
    team_a: Sequence[Player], team_b: Sequence[Player], ranks: Sequence[BossRank] | None = None
) -> Prediction:
    """Each team's chance to win a round against the other; one query (the ranking), none when
    the ranking (every rated player's current rating) is at hand."""
    if ranks is None:
        ranks = ranking()
    known = {r.player.pk: Rating(r.mu, r.sigma) for r in ranks}
    ratings = {p.pk: known.get(p.pk, initial_rating()) for p in (*team_a, *team_b)}
    chance_a, chance_b = win_chance(
        [ratings[p.pk] for p in team_a],
        [ratings[p.pk] for p in team_b],
        current_advantage(ranks),
    )
    return Prediction(tuple(team_a), tuple(team_b), chance_a, chance_b)


def players_to_pick() -> list[Player]:
    """Every player, by name: the choices of the prediction form; one query."""
    return list(Player.objects.order_by("name"))
