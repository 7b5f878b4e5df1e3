"""A deterministic league of any size, stored through the import service (bulk, fast)."""

from __future__ import annotations

import datetime
import random

from klammernliga import services
from scoring.domain import Meld, MeldKind, Rank

NAMES = ("Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda")
SUITS = ("kreuz", "pik", "herz", "karo")


def _game(
    rng: random.Random, team_a: tuple[str, str], team_b: tuple[str, str]
) -> services.GameRecord:
    players = (*team_a, *team_b)
    declarer = rng.choice(players)
    playing_a = declarer in team_a
    bid = rng.choice(("rein", "rein", "rein", "klein", "besser"))
    trump = "kreuz" if bid == "besser" else rng.choice(SUITS)
    melds: tuple[Meld, ...] = ()
    total = 164
    if rng.random() < 0.15:
        melds, total = (Meld(MeldKind.TERZ, None, Rank.KOENIG),), 184
    playing_points = rng.choice((0, 40, 64, 70, 82, 88, 92, 100, 110, 120, 130, 164))
    playing_points = min(max(playing_points, 20 if melds else 0), total)
    kontra = rng.random() < 0.2
    re = kontra and rng.random() < 0.3
    points_a = playing_points if playing_a else total - playing_points
    points_b = total - points_a
    return services.GameRecord(
        team_a=team_a,
        team_b=team_b,
        declarer=declarer,
        trump=trump,
        bid=bid,
        points_a=points_a,
        points_b=points_b,
        melds_a=melds if playing_a else (),
        melds_b=() if playing_a else melds,
        kontra=kontra,
        re=re,
    )


def evenings(
    count: int,
    *,
    games_per_match: int = 12,
    seed: int = 7,
    start: datetime.date = datetime.date(2010, 1, 8),
) -> list[services.EveningRecord]:
    """`count` evenings every two months from `start`, each with two matches of three teams."""
    rng = random.Random(seed)
    result = []
    for n in range(count):
        date = start + datetime.timedelta(days=61 * n)
        names = list(NAMES)
        rng.shuffle(names)
        teams = [(names[0], names[1]), (names[2], names[3]), (names[4], names[5])]
        pairings = [(teams[0], teams[1]), (teams[1], teams[2])]
        games = [_game(rng, a, b) for a, b in pairings for _ in range(games_per_match)]
        result.append(services.EveningRecord(date=date, games=games))
    return result


def store(count: int, **kwargs: object) -> services.StoreSummary:
    summary = services.store_evenings(evenings(count, **kwargs))
    assert summary.ok, summary.problems
    return summary
