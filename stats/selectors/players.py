"""Queries of Spieler-Info: the player list and one player's figures, a fixed number of queries."""

from __future__ import annotations

import datetime
import functools
from dataclasses import dataclass

from django.db.models import CharField, Max, Min
from django.db.models.functions import Cast

from klammernliga.models import Participation, Player, PlayerYear, YearTotals
from klammernliga.models.figures import GAME_FIGURES
from scoring.domain import MELD_LABELS, Bid, MeldKind, Suit
from scoring.figures import FIGURES, SideFigures, named
from scoring.runs import Run, StretchRuns, longest_run_of
from scoring.standings import Totals
from stats.display import share
from stats.figures import SUFFIX, add, sums, totals
from stats.selectors import ratings
from stats.selectors.opponents import Opponent, Partner, opponents, partners, sides


@dataclass(frozen=True, slots=True)
class PlayerRow:
    player: Player
    figures: Totals
    # The first and the last year he played.
    first: int | None
    last: int | None

    @property
    def game_share(self) -> float | None:
        return share(self.figures.games_won, self.figures.games)


def player_list() -> list[PlayerRow]:
    """Every player who has played, with his all-time figures, by name; one query over the
    stored year totals."""
    rows = (
        PlayerYear.objects.values("player_id", "player__name", "player__slug")
        .annotate(**sums(), first=Min("year"), last=Max("year"))
        .order_by("player__name")
    )
    result = []
    for row in rows:
        player = Player(pk=row["player_id"], name=row["player__name"], slug=row["player__slug"])
        figures = totals(row, player.slug, player.name, (player.name,))
        result.append(PlayerRow(player, figures, row["first"], row["last"]))
    return result


@dataclass(frozen=True, slots=True)
class DeclarerRow:
    """Games the player declared (by trump or bid), and how many of them he won."""

    key: str
    games: int
    won: int

    @property
    def share(self) -> float | None:
        return self.won / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class CallRow(DeclarerRow):
    """Kontra or Re, said by the player's team or against it, and how it ended for the player:
    games and won as a declarer's, and the small points won less those lost."""

    small_net: int


@dataclass(frozen=True, slots=True)
class MeldRow:
    kind: str
    label: str
    own: int
    against: int


@dataclass(frozen=True, slots=True)
class BestEvening(SideFigures):
    """His figures on the evening he did best."""

    date: datetime.date


@dataclass(frozen=True, slots=True)
class PlayerProfile:
    player: Player
    total: Totals
    years: list[Totals]
    partners: list[Partner]
    # The players he met; the teams he played against are counted here, listed on their own page.
    opponents: list[Opponent]
    opposing_teams: int
    by_trump: list[DeclarerRow]
    by_bid: list[DeclarerRow]
    declared: DeclarerRow
    calls: list[CallRow]
    melds: list[MeldRow]
    longest_run: Run
    best_evening: BestEvening | None
    # The first and the last evening on which he completed a round: his rating's span.
    rated_span: tuple[datetime.date, datetime.date] | None = None

    def _rated_opponents(self) -> list[Opponent]:
        """Opponents with completed rounds, when they differ at all in the share won."""
        rated = [o for o in self.opponents if o.figures.rounds]
        if len({o.figures.round_share for o in rated}) < 2:
            return []
        return rated

    @property
    def best_opponent(self) -> Opponent | None:
        """The Lieblingsgegner: the largest share of rounds won against him."""
        rated = self._rated_opponents()
        return rated[0] if rated else None

    @property
    def worst_opponent(self) -> Opponent | None:
        """The Angstgegner: the smallest share of rounds won against him."""
        rated = self._rated_opponents()
        return rated[-1] if rated else None


def _years(player: Player) -> tuple[list[Totals], dict[str, int]]:
    """The player's stored year totals, in the order of years, and his declared games, Kontra
    and Re, and melds of all years added up; one query."""
    rows = (
        PlayerYear.objects.filter(player=player)
        .order_by("year")
        .values("year", *YearTotals.SUMS, *GAME_FIGURES)
    )
    years, total = [], dict.fromkeys(GAME_FIGURES, 0)
    for row in rows:
        year = row["year"]
        years.append(Totals(year, str(year), row["evenings"], (), **named(row)))
        for name in GAME_FIGURES:
            total[name] += row[name]
    return years, total


def _declarer(total: dict[str, int]) -> tuple[list[DeclarerRow], list[DeclarerRow], DeclarerRow]:
    def row(key: str) -> DeclarerRow:
        return DeclarerRow(key, total[f"declared_{key}"], total[f"declared_{key}_won"])

    by_trump = [row(s.value) for s in Suit if total[f"declared_{s.value}"]]
    by_bid = [row(b.value) for b in Bid if total[f"declared_{b.value}"]]
    declared = DeclarerRow("all", sum(r.games for r in by_trump), sum(r.won for r in by_trump))
    return by_trump, by_bid, declared


CALLS = ("kontra_said", "kontra_against", "re_said", "re_against")


def _calls(total: dict[str, int]) -> list[CallRow]:
    """Kontra is said by the defenders, Re by the playing team (docs/rules.md "Kontra and Re")."""
    return [
        CallRow(key, total[f"{key}_games"], total[f"{key}_won"], total[f"{key}_net"])
        for key in CALLS
    ]


def _melds(total: dict[str, int]) -> list[MeldRow]:
    return [
        MeldRow(
            kind.value,
            MELD_LABELS[kind],
            total[f"{kind.value}_own"],
            total[f"{kind.value}_against"],
        )
        for kind in MeldKind
    ]


@dataclass(frozen=True, slots=True)
class Evenings:
    """What a player's evenings one by one tell: his longest run, his best evening, and the
    first and last evening on which he completed a round (the span of his rating)."""

    longest_run: Run
    best_evening: BestEvening | None
    rated_span: tuple[datetime.date, datetime.date] | None


# A match's runs are a few small numbers, a few dozen different ones in a long league: each is
# made once and shared (they are frozen), not made anew for each of thousands of matches.
_stretch = functools.lru_cache(maxsize=1024)(StretchRuns)


def _evenings(player: Player) -> Evenings:
    """One pass over his matches in playing order (a few thousand in a long league), which come
    evening by evening: a run is put together from each match's won rounds at its start, at its
    end and in between (scoring.runs); the best evening has the most large points, then the best
    small-point balance, then the earliest date; the first and last evening with a completed
    round span his rating. Then the best evening's figures: two queries.

    The evenings are ranked on the way, not grouped and sorted in a scan of their own (at
    1,000,000 games that scan took about 10 ms, three more columns in this one about 2 ms).
    """
    # The date as text: only the few dates shown are made dates, not one for every match.
    rows = (
        Participation.objects.filter(player=player)
        .order_by("date", "match__position")
        .annotate(day=Cast("date", CharField()))
        .values_list(
            "day",
            "rounds_lost",
            "run_start",
            "run_end",
            "run_best",
            "large_points",
            "small_points",
            "small_points_against",
            named=True,
        )
    )
    played: list[tuple[str, StretchRuns]] = []
    evenings: list[tuple[int, int, str]] = []  # large points, small points ±, date
    evening, points, net = "", 0, 0
    for row in rows:
        date = row.day
        if date != evening:
            evenings.append((points, net, evening))
            evening, points, net = date, 0, 0
        points, net = points + row.large_points, net + row.small_points - row.small_points_against
        # A completed round: he lost one, or won the first (a match without one adds nothing).
        lost, start = row.rounds_lost, row.run_start
        if lost or start:
            played.append((date, _stretch(start, row.run_end, row.run_best, lost > 0)))
    evenings.append((points, net, evening))
    # The most large points, then the best balance, then the earliest (the first of equals).
    best = max(evenings[1:], key=lambda e: e[:2], default=None)
    run = longest_run_of(played)
    day = datetime.date.fromisoformat
    return Evenings(
        longest_run=Run(
            run.length,
            day(run.start) if run.start else None,
            day(run.end) if run.end else None,
        ),
        best_evening=_evening(player, day(best[2])) if best else None,
        rated_span=(day(played[0][0]), day(played[-1][0])) if played else None,
    )


def _evening(player: Player, date: datetime.date) -> BestEvening:
    """His figures on one evening; one query."""
    row = Participation.objects.filter(player=player, date=date).aggregate(**sums(FIGURES))
    return BestEvening(date, **named(row, SUFFIX))


def player_profile(player: Player) -> PlayerProfile:
    """Everything Spieler-Info shows about one player: four queries, however many games."""
    years, total = _years(player)
    teams = sides(player)
    by_trump, by_bid, declared = _declarer(total)
    evenings = _evenings(player)
    return PlayerProfile(
        player=player,
        total=add(years, player.slug, player.name),
        years=years,
        partners=partners(player, teams.own),
        opponents=opponents(teams.opposing),
        opposing_teams=len(teams.opposing),
        by_trump=by_trump,
        by_bid=by_bid,
        declared=declared,
        calls=_calls(total),
        melds=_melds(total),
        longest_run=evenings.longest_run,
        best_evening=evenings.best_evening,
        rated_span=evenings.rated_span,
    )


def rating_points(player: Player, period: str) -> list[tuple[datetime.date, float]]:
    """His rating after each evening, or at each month's or year's end (`period`): see
    stats.selectors.ratings.rating_points."""
    return ratings.rating_points(player.pk, period)
