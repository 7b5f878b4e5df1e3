"""Synthetic leagues for benchmarks: random but rule-abiding games, stored through the service.

The generator only proposes games; `scoring` (through `services.store_evenings`) still
validates every one and derives its result, exactly as for an imported file.
"""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Callable, Iterator

from bench.shapes import LeagueShape
from klammernliga import services
from klammernliga.services import EveningRecord, GameRecord
from scoring.domain import Bid, Meld, MeldKind, Rank, Suit
from scoring.rules import meld_points, total_points

FIRST_NAMES = [
    "Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Gesa", "Hauke", "Ilse", "Jens",
    "Karin", "Lars", "Meike", "Nils", "Ole", "Piet", "Rieke", "Sönke", "Telse", "Uwe",
    "Vera", "Wiebke", "Xaver", "Yvonne", "Zacharias", "Antje", "Broder", "Catrin", "Detlef",
    "Elke", "Fiete", "Gunda", "Heino", "Imke", "Jörn", "Kerstin", "Lüder", "Maren", "Nele",
    "Okke",
]  # fmt: skip

# Tops a sequence may reach (a Terz needs at least the 9 on top, a Fünfzig the 10).
_TERZ_TOPS = [Rank.NINE, Rank.TEN, Rank.BUBE, Rank.DAME, Rank.KOENIG, Rank.ASS]
_FUENFZIG_TOPS = [Rank.TEN, Rank.BUBE, Rank.DAME, Rank.KOENIG, Rank.ASS]
_PAIRINGS = [((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))]


def player_names(count: int) -> list[str]:
    names = FIRST_NAMES[:count]
    n = 2
    while len(names) < count:
        names += [f"{name} {n}" for name in FIRST_NAMES][: count - len(names)]
        n += 1
    return names


def _melds(rng: random.Random) -> tuple[tuple[Meld, ...], tuple[Meld, ...]]:
    """Counted melds of both teams: sequences for at most one team, at most one Belle."""
    roll = rng.random()
    sequences: tuple[Meld, ...] = ()
    if roll < 0.20:
        sequences = (Meld(MeldKind.TERZ, None, rng.choice(_TERZ_TOPS)),)
    elif roll < 0.24:
        sequences = (Meld(MeldKind.FUENFZIG, None, rng.choice(_FUENFZIG_TOPS)),)
    elif roll < 0.25:
        sequences = (
            Meld(MeldKind.TERZ, None, rng.choice(_TERZ_TOPS)),
            Meld(MeldKind.TERZ, None, rng.choice(_TERZ_TOPS)),
        )
    sides: list[list[Meld]] = [[], []]
    sides[rng.randrange(2)].extend(sequences)
    if rng.random() < 0.18:
        sides[rng.randrange(2)].append(Meld(MeldKind.BELLE))
    return tuple(sides[0]), tuple(sides[1])


def random_game(rng: random.Random, team_a: tuple[str, str], team_b: tuple[str, str]) -> GameRecord:
    seats = [*team_a, *team_b]
    declarer = rng.choice(seats)
    bid = rng.choices([Bid.REIN, Bid.KLEIN, Bid.BESSER], weights=[6, 3, 1])[0]
    trump = Suit.KREUZ if bid is Bid.BESSER else rng.choice(list(Suit))
    melds_a, melds_b = _melds(rng)
    total = total_points(melds_a, melds_b)
    playing_a = declarer in team_a
    own, other = (melds_a, melds_b) if playing_a else (melds_b, melds_a)
    low, high = meld_points(own), total - meld_points(other)
    playing_points = min(high, max(low, round(rng.gauss(total * 0.55, 28))))
    points_a = playing_points if playing_a else total - playing_points
    kontra = rng.random() < 0.1
    return GameRecord(
        team_a=team_a,
        team_b=team_b,
        declarer=declarer,
        dealer=rng.choice(seats) if rng.random() < 0.7 else None,
        trump=trump.value,
        bid=bid.value,
        melds_a=melds_a,
        melds_b=melds_b,
        kontra=kontra,
        re=kontra and rng.random() < 0.25,
        points_a=points_a,
        points_b=total - points_a,
    )


def evenings(shape: LeagueShape) -> Iterator[list[EveningRecord]]:
    """The league year by year, exactly `shape.games` games in all."""
    rng = random.Random(shape.seed)
    names = player_names(shape.players)
    per_year = max(1, round(shape.games / shape.years / shape.games_per_evening))
    left = shape.games
    year = shape.first_year
    while left > 0:
        start = datetime.date(year, 1, 1)
        days = (datetime.date(year + 1, 1, 1) - start).days
        count = min(per_year, days)
        # The last years take up what is left, so the total is exact.
        if year >= shape.first_year + shape.years - 1:
            count = days
        dates = sorted(start + datetime.timedelta(d) for d in rng.sample(range(days), count))
        chunk = []
        for date in dates:
            games = _evening_games(rng, names, shape)[:left]
            left -= len(games)
            chunk.append(EveningRecord(date=date, games=games))
            if left <= 0:
                break
        yield chunk
        year += 1


def _evening_games(rng: random.Random, names: list[str], shape: LeagueShape) -> list[GameRecord]:
    present = rng.sample(names, min(len(names), 4 * shape.tables_per_evening))
    games: list[GameRecord] = []
    for table in range(len(present) // 4):
        four = present[4 * table : 4 * table + 4]
        pairings = rng.sample(_PAIRINGS, 3)
        for m in range(rng.randint(*shape.matches_per_table)):
            (a1, a2), (b1, b2) = pairings[m % 3]
            team_a, team_b = (four[a1], four[a2]), (four[b1], four[b2])
            for _ in range(rng.randint(*shape.games_per_match)):
                games.append(random_game(rng, team_a, team_b))
    return games


def build(shape: LeagueShape, progress: Callable[[str], None] = print) -> dict[str, float]:
    """Store the league through `services.store_evenings`, one year per call."""
    started = time.perf_counter()
    stored = 0
    for chunk in evenings(shape):
        summary = services.store_evenings(chunk)
        if summary.problems:
            raise RuntimeError(f"generated games were refused: {summary.problems[:3]}")
        stored += summary.games
        elapsed = time.perf_counter() - started
        progress(f"  {shape.name}: {chunk[0].date.year}: {stored:,} games stored, {elapsed:,.0f} s")
    seconds = time.perf_counter() - started
    return {"games": stored, "seconds": seconds, "games_per_second": stored / seconds}
