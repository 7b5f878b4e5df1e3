"""How well the KlammernBoss finds the best player: leagues played by the card engine with known
strengths, rated in memory as the site rates stored games (`manage.py rating_quality`).

The league is the demo league's (klammernliga.demo: same circle, evenings and seating); with the
demo's seed and strengths it is exactly the league `seed_demo` stores. Each round is predicted
from the ratings as they stood before its evening, as the KlammernBoss page would have then.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from klammernliga import demo
from klammernliga.records import GameRecord
from scoring.rating import Rated, RatedGame, RatedRound, Rating, initial_rating, replay, win_chance
from scoring.rounds import progress
from scoring.rules import result

# The favourite's predicted chance, in steps of this size from 50 %: the reliability table.
BIN_WIDTH = 0.05

type Team = tuple[str, str]
# A completed round: its pairing (team A, team B) and whether team A won it.
type RoundOutcome = tuple[tuple[Team, Team], bool]


@dataclass(frozen=True, slots=True)
class Bin:
    """Rounds whose favourite was given a chance in [low, high): predicted and observed share."""

    low: float
    high: float
    rounds: int
    predicted: float
    observed: float
    brier: float
    # The true chances' Brier score on the same rounds (`reliability` given them).
    bound: float | None = None


@dataclass(frozen=True, slots=True)
class Quality:
    seed: int
    strengths: dict[str, float]
    ratings: dict[str, Rating]
    spearman: float
    brier: float
    games: int
    reliability: list[Bin]
    # Each predicted round: the chance given to team A, and (the pairing, whether team A won).
    predictions: list[tuple[float, bool]]
    outcomes: list[RoundOutcome]

    @property
    def rounds(self) -> int:
        """The predicted rounds: every completed round."""
        return len(self.predictions)

    @property
    def ranking(self) -> list[tuple[str, Rating]]:
        """Best first, as the KlammernBoss page orders them (ordinal, then name)."""
        return sorted(self.ratings.items(), key=lambda item: (-item[1].ordinal, item[0]))


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties get their mean rank)."""
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    spread = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / spread if spread else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            ranks[order[position]] = (start + end) / 2
        start = end + 1
    return ranks


def _evenings(
    seed: int, strengths: Mapping[str, float], years: tuple[int, int]
) -> Iterator[list[tuple[GameRecord, RatedGame[str], RoundOutcome | None]]]:
    """The league's evenings, each game with what the rating reads from it."""
    rng = random.Random(seed)
    circle = demo.Circle(rng, strengths)
    for year in range(years[0], years[1] + 1):
        for evening in demo.play_year(rng, circle, year, strengths):
            games = []
            for _teams, match in groupby(evening.games, key=lambda g: (g.team_a, g.team_b)):
                records = list(match)
                outcomes = [result(record.sheet()) for record in records]
                steps = progress((o.small_a, o.small_b) for o in outcomes)
                for record, outcome, step in zip(records, outcomes, steps, strict=True):
                    defenders = record.team_b if record.declarer in record.team_a else record.team_a
                    rated = RatedGame(record.declarer, defenders, outcome.playing_side_won)
                    ended = (
                        ((record.team_a, record.team_b), step.round_winner.value == "a")
                        if step.round_winner is not None
                        else None
                    )
                    games.append((record, rated, ended))
            yield games


def measure(
    seed: int = 1998,
    strengths: Mapping[str, float] | None = None,
    years: tuple[int, int] = (demo.FIRST_YEAR, demo.LAST_YEAR),
) -> Quality:
    """Play a league with these strengths (the demo's by default), rate it, and measure."""
    strengths = dict(strengths or demo.CIRCLE)
    ratings: dict[str, Rating] = {}
    advantage: Rating | None = None
    predictions: list[tuple[float, bool]] = []
    outcomes: list[RoundOutcome] = []
    games = 0
    fresh = initial_rating()
    for evening in _evenings(seed, strengths, years):
        events: list[Rated[str]] = []
        chances: dict[tuple[Team, Team], float] = {}
        for _record, rated, ended in evening:
            events.append(rated)
            games += 1
            if ended is None:
                continue
            key, a_won = ended
            team_a, team_b = key
            if key not in chances:
                chances[key] = win_chance(
                    [ratings.get(name, fresh) for name in team_a],
                    [ratings.get(name, fresh) for name in team_b],
                    advantage,
                )[0]
            predictions.append((chances[key], a_won))
            outcomes.append(ended)
            winners, losers = (team_a, team_b) if a_won else (team_b, team_a)
            events.append(RatedRound(winners, losers))
        ratings, advantage = replay(events, ratings, advantage)
    names = sorted(strengths)
    return Quality(
        seed=seed,
        strengths=strengths,
        ratings=ratings,
        spearman=spearman([ratings[n].ordinal for n in names], [strengths[n] for n in names]),
        brier=brier(predictions),
        games=games,
        reliability=reliability(predictions),
        predictions=predictions,
        outcomes=outcomes,
    )


def brier(predictions: Sequence[tuple[float, bool]]) -> float:
    """The mean squared error of the predicted chances (a coin scores 0.25)."""
    if not predictions:
        return 0.0
    return sum((p - won) ** 2 for p, won in predictions) / len(predictions)


def bin_index(p: float) -> int:
    """The reliability bin of a predicted chance, seen from the favourite (0: 50 % to 55 %)."""
    return min(int((max(p, 1 - p) - 0.5) / BIN_WIDTH), round(0.5 / BIN_WIDTH) - 1)


def reliability(
    predictions: Sequence[tuple[float, bool]], truth: Sequence[tuple[float, bool]] | None = None
) -> list[Bin]:
    """Predicted against observed, by the favourite's predicted chance (the non-empty bins); with
    `truth` (the true chances of the same rounds) also their Brier score in each bin."""
    bins: dict[int, list[tuple[float, bool, float]]] = {}
    for index, (p, won) in enumerate(predictions):
        # Seen from the favourite: a prediction and its mirror image fall in the same bin.
        favourite, favourite_won = (p, won) if p >= 0.5 else (1 - p, not won)
        true = (truth[index][0] - won) ** 2 if truth is not None else 0.0
        bins.setdefault(bin_index(p), []).append((favourite, favourite_won, true))
    return [
        Bin(
            low=0.5 + index * BIN_WIDTH,
            high=0.5 + (index + 1) * BIN_WIDTH,
            rounds=len(rows),
            predicted=sum(p for p, _w, _t in rows) / len(rows),
            observed=sum(won for _p, won, _t in rows) / len(rows),
            brier=sum((p - won) ** 2 for p, won, _t in rows) / len(rows),
            bound=None if truth is None else sum(t for _p, _w, t in rows) / len(rows),
        )
        for index, rows in sorted(bins.items())
    ]
