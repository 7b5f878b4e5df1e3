"""The read side's queries: standings come from stored derived results, a few aggregates each."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from klammernliga.models import PlayerYear, Team, TeamYear, YearTotals
from scoring.standings import Standing, rank, team_name
from stats.figures import sums, totals


def _years[T: YearTotals](model: type[T], year: int | None) -> QuerySet[T]:
    rows = model._default_manager.all()
    return rows.filter(year=year) if year is not None else rows


def player_standings(*, year: int | None = None) -> list[Standing]:
    """Players ranked as docs/rules.md "Tables" says; one aggregate over the stored year totals.

    An evening lies in one year, so the evenings of all years add up like the other figures.
    """
    rows = (
        _years(PlayerYear, year)
        .values("player_id", "player__name", "player__slug")
        .annotate(**sums())
        .order_by()
    )
    return rank(
        totals(row, row["player__slug"], row["player__name"], (row["player__name"],))
        for row in rows
    )


def team_standings(*, year: int | None = None) -> list[Standing]:
    """Teams ranked as docs/rules.md "Tables" says: one aggregate over the stored year totals, and
    the teams' names in a second query (joining names into a grouping of every year's row
    costs more than both)."""
    rows = _years(TeamYear, year).values("team_id").annotate(**sums()).order_by()
    names = {
        pk: tuple(sorted(pair))
        for pk, *pair in Team.objects.values_list("pk", "player_1__name", "player_2__name")
    }
    return rank(
        totals(row, row["team_id"], team_name(*names[row["team_id"]]), names[row["team_id"]])
        for row in rows
    )


def league_years() -> list[int]:
    """Years with at least one game, newest first: an index walk over the year totals."""
    return list(PlayerYear.objects.values_list("year", flat=True).distinct().order_by("-year"))


def league_facts() -> dict[str, object]:
    """How the league plays: shares of wins, Kontra, Re, bids, trumps; rounds and Kalte.

    Three aggregate queries over the stored games.
    """
    from django.db.models import F, Q

    from klammernliga.models import Game

    games = Game.objects.aggregate(
        games=Count("id"),
        playing_won=Count("id", filter=Q(winner_side=F("playing_side"))),
        kontra=Count("id", filter=Q(kontra=True)),
        re=Count("id", filter=Q(re=True)),
        rounds=Count("id", filter=Q(ends_round=True)),
        kalte=Count("id", filter=Q(kalte=True)),
    )
    total = games["games"] or 0

    def share(count: int) -> float:
        return count / total if total else 0.0

    bids = dict(Game.objects.values_list("bid").annotate(n=Count("id")).order_by())
    trumps = dict(Game.objects.values_list("trump").annotate(n=Count("id")).order_by())
    rounds = games["rounds"] or 0
    return {
        "games": total,
        "playing_team_wins": share(games["playing_won"]),
        "kontra": share(games["kontra"]),
        "re": share(games["re"]),
        "bids": {bid: share(n) for bid, n in sorted(bids.items())},
        "trumps": {trump: share(n) for trump, n in sorted(trumps.items())},
        "completed_rounds": rounds,
        "games_per_round": total / rounds if rounds else 0.0,
        "kalte_rate": games["kalte"] / rounds if rounds else 0.0,
    }
