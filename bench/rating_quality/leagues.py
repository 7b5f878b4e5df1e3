"""Leagues played by the card engine with known strengths, as the rating reads them.

Each league has the demo league's evenings (klammernliga.demo: 1998–2011, about 500 evenings of
15–40 games). Seated as the demo's circle (`circle`) it is the demo league's: four fixed teams
that seldom swap a partner, one table an evening and now and then a second pairing that shares the
evening's games; with the demo's seed and strengths it is the league `seed_demo` stores. Seated
`open`, all eight play every evening at two tables with partners drawn anew, each table a whole
evening's games: far more said about each player an evening, and no partner to be confused with.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from itertools import groupby

from klammernliga import demo
from klammernliga.records import EveningRecord, GameRecord
from scoring.domain import Bid, Side
from scoring.rating import DeclaredGame
from scoring.rounds import progress
from scoring.rules import meld_points, result

type Strengths = dict[str, float]
type Team = tuple[str, str]
# How the eight sit down: the demo's circle, or open tables (the module's docstring).
SEATINGS = ("circle", "open")


@dataclass(frozen=True, slots=True)
class Evening:
    date: datetime.date
    games: list[DeclaredGame[str]]
    # Each completed round: team A, team B, whether team A won it.
    rounds: list[tuple[Team, Team, bool]]
    # The true strengths that evening.
    strengths: Strengths


@dataclass(frozen=True, slots=True)
class League:
    kind: str
    seed: int
    evenings: list[Evening]
    seating: str = "circle"
    # The player whose strength changes (riser leagues) and the first evening after the change.
    riser: str | None = None
    changed_at: int | None = None


def shuffled(seed: int) -> Strengths:
    """The demo's strengths (0.35 to 0.9), shuffled among its players by the seed."""
    values = list(demo.CIRCLE.values())
    random.Random(seed).shuffle(values)
    return dict(zip(demo.CIRCLE, values, strict=True))


def drawn(seed: int) -> Strengths:
    """Strengths drawn from 0.2–0.95 by the seed (near-ties included)."""
    rng = random.Random(seed)
    return {name: round(rng.uniform(0.2, 0.95), 2) for name in demo.CIRCLE}


ALL_YEARS = (demo.FIRST_YEAR, demo.LAST_YEAR)
# The riser's change: from RISER[0] to RISER[1] at the start of CHANGE_YEAR.
RISER = (0.3, 0.9)
CHANGE_YEAR = 2005


def play(
    kind: str, seed: int, years: tuple[int, int] = ALL_YEARS, seating: str = "circle"
) -> League:
    """The league of `years`, seated by `seating`. `static`: shuffled strengths that never change;
    `drawn`: drawn strengths that never change; `replicate`: the demo's own strengths (leagues
    that differ only by the seed); `riser`: one player rises from 0.3 to 0.9 at the start of
    CHANGE_YEAR while the best stays at 0.95 (true rank 2 after it)."""
    if seating not in SEATINGS:
        raise ValueError(f"unknown seating: {seating}")
    if kind in ("static", "drawn"):
        fixed = shuffled(seed) if kind == "static" else drawn(seed)
        return _league(kind, seed, years, seating, lambda _year: fixed)
    if kind == "replicate":
        return _league(kind, seed, years, seating, lambda _year: dict(demo.CIRCLE))
    if kind == "riser":
        rng = random.Random(seed * 7 + 1)
        best, riser = rng.sample(sorted(demo.CIRCLE), 2)
        base = {name: round(rng.uniform(0.2, 0.8), 2) for name in demo.CIRCLE}
        base[best] = 0.95
        league = _league(
            kind, seed, years, seating, lambda year: base | {riser: RISER[year >= CHANGE_YEAR]}
        )
        changed = next(i for i, e in enumerate(league.evenings) if e.date.year >= CHANGE_YEAR)
        return League(kind, seed, league.evenings, seating, riser, changed)
    raise ValueError(f"unknown kind of league: {kind}")


def open_year(
    rng: random.Random, year: int, strengths: Mapping[str, float]
) -> Iterator[EveningRecord]:
    """One year's evenings at open tables: all eight every evening, partners drawn anew, both
    tables a whole evening's games."""
    for date in demo.fridays(rng, year, rng.randint(25, 45)):
        names = sorted(strengths)
        rng.shuffle(names)
        count = rng.randint(15, 40)
        games = [
            *demo.play_table(rng, (names[0], names[1]), (names[2], names[3]), count, strengths),
            *demo.play_table(rng, (names[4], names[5]), (names[6], names[7]), count, strengths),
        ]
        yield EveningRecord(date=date, games=games, place=rng.choice(demo.PLACES))


def _league(
    kind: str,
    seed: int,
    years: tuple[int, int],
    seating: str,
    by_year: Callable[[int], Mapping[str, float]],
) -> League:
    rng = random.Random(seed)
    circle = demo.Circle(rng) if seating == "circle" else None
    evenings = []
    for year in range(years[0], years[1] + 1):
        strengths = dict(by_year(year))
        played = (
            demo.play_year(rng, circle, year, strengths)
            if circle is not None
            else open_year(rng, year, strengths)
        )
        for record in played:
            games: list[DeclaredGame[str]] = []
            rounds: list[tuple[Team, Team, bool]] = []
            for (team_a, team_b), match in groupby(
                record.games, key=lambda g: (g.team_a, g.team_b)
            ):
                records = list(match)
                outcomes = [result(game.sheet()) for game in records]
                games += [_declared(game) for game in records]
                steps = progress((o.small_a, o.small_b) for o in outcomes)
                rounds += [
                    (team_a, team_b, step.round_winner is Side.A)
                    for step in steps
                    if step.round_winner is not None
                ]
            evenings.append(Evening(record.date, games, rounds, strengths))
    return League(kind, seed, evenings, seating)


def _declared(game: GameRecord) -> DeclaredGame[str]:
    a_plays = game.declarer in game.team_a
    team, other = (game.team_a, game.team_b) if a_plays else (game.team_b, game.team_a)
    partner = team[1] if team[0] == game.declarer else team[0]
    points_a, points_b = int(str(game.points_a)), int(str(game.points_b))
    melds_a, melds_b = meld_points(game.melds_a), meld_points(game.melds_b)
    return DeclaredGame(
        game.declarer,
        partner,
        other,
        (points_a if a_plays else points_b) / (points_a + points_b),
        melds=melds_a if a_plays else melds_b,
        melds_against=melds_b if a_plays else melds_a,
        kontra=game.kontra,
        re=game.re,
        bid=Bid(game.bid),
    )
