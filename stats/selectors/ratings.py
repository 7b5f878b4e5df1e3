"""The KlammernBoss's queries: ranking, boss, rating history, prediction."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import groupby
from operator import itemgetter

from django.db.models import OuterRef, Q, QuerySet, Subquery

from klammernliga.models import Player, RatingState
from klammernliga.models import Rating as StoredRating
from scoring.rating import Rating, Strengths, contenders
from scoring.standings import team_name


@dataclass(frozen=True, slots=True)
class BossRank:
    """A line of the KlammernBoss ranking: a player's current rating and its trend."""

    rank: int
    player: Player
    mu: float
    sigma: float
    rounds: int
    # The rating's change over the last evening the player played.
    change: float
    last_date: datetime.date
    # Crowned: the best player who is not provisional.
    is_boss: bool = False

    @property
    def provisional(self) -> bool:
        return Rating(self.mu, self.sigma).provisional

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
    """The player on top of the ranking who is not provisional."""

    player: Player
    rating: float
    # The evening of the latest rating.
    last_date: datetime.date | None = None
    # The best other established player, and the chance that the KlammernBoss plays stronger.
    runner_up: Player | None = None
    chance: float | None = None


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    date: datetime.date
    mu: float
    sigma: float
    rounds: int


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    """A player's rating after each evening on which he played, as it was known then."""

    player: Player
    points: list[HistoryPoint] = field(default_factory=list)

    @property
    def current(self) -> float:
        return self.points[-1].mu if self.points else 0.0


@dataclass(frozen=True, slots=True)
class Prediction:
    """Each team's chance to win a round against the other, from the current ratings."""

    team_a: tuple[Player, ...]
    team_b: tuple[Player, ...]
    chance_a: float
    chance_b: float
    # Each player as declarer: the chance that his team wins the game he declares.
    games: tuple[tuple[Player, float], ...] = ()

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

    @property
    def game_percents(self) -> list[tuple[str, int]]:
        """Each declarer's name and his team's chance to win the game he declares, in percent."""
        return [(player.name, round(chance * 100)) for player, chance in self.games]


def strengths() -> Strengths[int]:
    """What the rating knows now (after the latest evening); one query."""
    state = RatingState.objects.order_by("-date").only("head", "numbers").first()
    if state is None:
        return Strengths()
    return Strengths.load(state.head, bytes(state.numbers))


def _current() -> QuerySet[StoredRating]:
    """Each player's latest rating row: per player one step along the (player, date) index."""
    latest = (
        StoredRating.objects.filter(player_id=OuterRef("pk")).order_by("-date").values("pk")[:1]
    )
    return StoredRating.objects.filter(
        pk__in=Player.objects.annotate(latest=Subquery(latest)).values("latest")
    )


_RANK_COLUMNS = ("player__name", "player__slug", "player__nickname")
_RANK_FIGURES = ("rounds", "mu", "mu_before", "date")


def ranking(known: Strengths[int] | None = None) -> list[BossRank]:
    """Players by current rating, best first, the provisional ones after the others; the best
    player who is not provisional crowned. Two queries (one with `known`, the current strengths)."""
    now = (known if known is not None else strengths()).ratings()
    rows = _current().values_list("player_id", *_RANK_COLUMNS, *_RANK_FIGURES)
    lines = []
    for pk, name, slug, nickname, rounds, mu, mu_before, date in rows:
        rating = now.get(pk)
        if rating is None:
            continue
        player = Player(pk=pk, name=name, slug=slug, nickname=nickname)
        lines.append((player, rating, rounds, mu - mu_before, date))
    # The established players first, in the order of scoring.rating.contenders (the first is
    # crowned), then the provisional ones by estimate: a lucky first evening does not put a
    # newcomer on top.
    established = {key: place for place, key in enumerate(contenders(now))}
    lines.sort(key=lambda line: (established.get(line[0].pk, len(now)), -line[1].mu, line[0].pk))
    crowned = next((line[0].pk for line in lines if line[0].pk in established), None)
    return [
        BossRank(rank, player, r.mu, r.sigma, rounds, change, date, player.pk == crowned)
        for rank, (player, r, rounds, change, date) in enumerate(lines, 1)
    ]


def current_boss() -> Boss | None:
    """The KlammernBoss (the best player who is not provisional) with the runner-up and the
    chance that the KlammernBoss plays stronger, or None; two queries (one without a boss or
    without a runner-up)."""
    state = (
        RatingState.objects.select_related("boss")
        .order_by("-date")
        .only("date", "head", "numbers", "boss")
        .first()
    )
    if state is None or state.boss is None:
        return None
    known = Strengths.load(state.head, bytes(state.numbers))
    ratings = known.ratings()
    boss = Boss(player=state.boss, rating=ratings[state.boss.pk].mu, last_date=state.date)
    second = next((key for key in contenders(ratings) if key != boss.player.pk), None)
    if second is None:
        return boss
    return replace(
        boss,
        runner_up=Player.objects.only("name", "slug", "nickname").get(pk=second),
        chance=known.stronger_chance(boss.player.pk, second),
    )


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
    point = ("date", "mu", "sigma", "rounds")
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
        history.points.append(HistoryPoint(*rest[-4:]))
    return sorted(histories.values(), key=lambda h: (-h.current, h.player.name))


type Line = tuple[Player, list[tuple[datetime.date, float]]]


def rating_lines(period: str, players: Iterable[Player]) -> list[Line]:
    """rating_history for a chart: per player only (date, rating), in the same order; one query
    of the three columns a chart draws, read without building a model or a point per row."""
    if period not in PERIODS:
        raise ValueError(f"period must be one of {PERIODS}, not {period!r}")
    known = {p.pk: p for p in players}
    rows = _lines(period).values_list("player_id", "date", "mu")
    # The rows come by player: each player's run of rows is his line.
    lines = {
        pk: [(date, mu) for _pk, date, mu in run] for pk, run in groupby(rows, key=itemgetter(0))
    }
    return sorted(
        (
            (known.get(pk) or Player(pk=pk, name="?", slug=""), points)
            for pk, points in lines.items()
        ),
        key=lambda line: (-line[1][-1][1], line[0].name),
    )


def rating_points(player_id: int, period: str) -> list[tuple[datetime.date, float]]:
    """One player's rating after each evening he played, in date order;
    with `period` "month" or "year" only at the end of each month or year he played in. One
    query of the two columns a chart draws (the statement of rating_lines, for one player)."""
    if period not in PERIODS:
        raise ValueError(f"period must be one of {PERIODS}, not {period!r}")
    return list(_lines(period).filter(player_id=player_id).values_list("date", "mu"))


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


def predict(
    team_a: Sequence[Player], team_b: Sequence[Player], known: Strengths[int] | None = None
) -> Prediction:
    """Each team's chance to win a round against the other, and each player's to win a game he
    declares; one query, none with `known` (the current strengths). A player who has not played
    yet counts as a new player."""
    state = known if known is not None else strengths()
    a, b = [p.pk for p in team_a], [p.pk for p in team_b]
    chance_a, chance_b = state.win_chance(a, b)
    games = tuple(
        (player, state.game_chance(player.pk, partner.pk, other))
        for team, other in ((team_a, b), (team_b, a))
        for player, partner in ((team[0], team[1]), (team[1], team[0]))
    )
    return Prediction(tuple(team_a), tuple(team_b), chance_a, chance_b, games)


def players_to_pick() -> list[Player]:
    """Every player, by name: the choices of the prediction form; one query."""
    return list(Player.objects.order_by("name"))
