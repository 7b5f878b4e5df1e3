"""Keeps the stored outcome tallies of Sieg-Verteilungen in step with the games, year by year.

`klammernliga.signals.league_changed` says from which evening on the games changed; the tallies
of that evening's year and every later year are counted again from the stored games (a few
grouped queries a year). The migration that creates the table fills it with the same code.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from typing import Any

from django.db import transaction
from django.db.models import Case, Count, F, IntegerField, Max, Min, When

# The band of a margin of points: 0, 1–10, 11–20, …, 91–100, over 100.
BAND = 10
LAST_BAND_FROM = 101


def band_of(distance: int) -> int:
    """The low end of the band a margin of points falls into."""
    if distance == 0:
        return 0
    if distance >= LAST_BAND_FROM:
        return LAST_BAND_FROM
    return (distance - 1) // BAND * BAND + 1


def on_league_changed(sender: object, since: datetime.date | None = None, **kwargs: object) -> None:
    update_tallies(since=since)


def _models() -> tuple[Any, Any, Any]:
    from klammernliga.models import Evening, Game
    from stats.models import OutcomeTally

    return Evening, Game, OutcomeTally


@transaction.atomic
def update_tallies(
    *, since: datetime.date | None, models: tuple[Any, Any, Any] | None = None
) -> int:
    """Count the tallies of `since`'s year and later again (all for None). Returns rows written."""
    evening_model, game_model, tally_model = models or _models()
    stale = tally_model.objects.all()
    if since is not None:
        stale = stale.filter(year__gte=since.year)
    stale.delete()
    span = evening_model.objects.aggregate(first=Min("date"), last=Max("date"))
    if span["first"] is None:
        return 0
    first = span["first"].year if since is None else max(since.year, span["first"].year)
    rows: list[Any] = []
    for year in range(first, span["last"].year + 1):
        games = game_model.objects.filter(
            match__evening__date__gte=datetime.date(year, 1, 1),
            match__evening__date__lt=datetime.date(year + 1, 1, 1),
        )
        rows += [tally_model(year=year, **fields) for fields in _year_tallies(games)]
    tally_model.objects.bulk_create(rows, batch_size=2000)
    return len(rows)


_SEAT = "match__participations__player_id"
_SIDE = "match__participations__side"


def _year_tallies(games: Any) -> list[dict[str, Any]]:
    """One year's tallies: for the league (player None) and for each player who sat in a game."""
    out: list[dict[str, Any]] = []
    rounds = games.filter(ends_round=True)
    league: dict[tuple[int, int, bool], int] = defaultdict(int)
    for r in rounds.values("score_a", "score_b", "round_winner", "kalte").annotate(n=Count("id")):
        league[_round_key(r)] += r["n"]
    out += [_round(None, key, n, 0) for key, n in league.items()]

    # Each game joined to its match's four Participation rows: one row per seat.
    seats: dict[tuple[int, tuple[int, int, bool]], list[int]] = defaultdict(lambda: [0, 0])
    per_seat = rounds.values(_SEAT, _SIDE, "score_a", "score_b", "round_winner", "kalte")
    for r in per_seat.annotate(n=Count("id")).order_by():
        counts = seats[(r[_SEAT], _round_key(r))]
        counts[0] += r["n"]
        if r["round_winner"] == r[_SIDE]:
            counts[1] += r["n"]
    out += [_round(player, key, n, won) for (player, key), (n, won) in seats.items()]

    margin = Case(
        When(playing_side="a", then=F("points_a") - F("points_b")),
        default=F("points_b") - F("points_a"),
        output_field=IntegerField(),
    )
    won = Case(When(winner_side=F("playing_side"), then=1), default=0, output_field=IntegerField())
    marked = games.annotate(margin=margin, won=won)
    bands: dict[tuple[int | None, int], list[int]] = defaultdict(lambda: [0, 0])
    for r in marked.values("margin", "won").annotate(n=Count("id")).order_by():
        counts = bands[(None, band_of(abs(r["margin"])))]
        counts[0] += r["n"]
        counts[1] += r["n"] * r["won"]
    for r in marked.values(_SEAT, "margin", "won").annotate(n=Count("id")).order_by():
        counts = bands[(r[_SEAT], band_of(abs(r["margin"])))]
        counts[0] += r["n"]
        counts[1] += r["n"] * r["won"]
    out += [
        {"player_id": player, "kind": "m", "a": low, "n": n, "won": won_}
        for (player, low), (n, won_) in bands.items()
    ]
    return out


def _round_key(row: dict[str, Any]) -> tuple[int, int, bool]:
    """A round's end as winner's score, loser's score and Kalte."""
    a, b = row["score_a"], row["score_b"]
    winner, loser = (a, b) if row["round_winner"] == "a" else (b, a)
    return winner, loser, row["kalte"]


def _round(player: int | None, key: tuple[int, int, bool], n: int, won: int) -> dict[str, Any]:
    winner, loser, kalte = key
    return {"player_id": player, "kind": "r", "a": winner, "b": loser, "kalte": kalte, "n": n,
            "won": won}  # fmt: skip
