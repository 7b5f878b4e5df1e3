"""The demo league: a fictional circle whose every game is dealt and played by the card engine.

The games are stored through the same service as an import, with the same validation and
derived results.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterable, Iterator, Mapping

from klammernliga.records import EveningRecord, GameRecord
from scoring.simulate import PlayedGame, play_games

# Eight friends and how well they play (0 weak … 1 strong).
CIRCLE: dict[str, float] = {
    "Anke": 0.85,
    "Bernd": 0.55,
    "Claus": 0.7,
    "Dörte": 0.9,
    "Heiko": 0.35,
    "Inge": 0.65,
    "Jens": 0.45,
    "Karin": 0.75,
}
FIRST_YEAR, LAST_YEAR = 1998, 2011
PLACES = ["bei Anke", "bei Claus", "bei Dörte", "bei Inge", "Gasthof Krone", "bei Karin"]


def parse_years(text: str) -> tuple[int, int]:
    """`1998-2011` or `2005` → (first, last)."""
    first, _sep, last = text.partition("-")
    start, end = int(first), int(last or first)
    if not 1900 <= start <= end <= 2100:
        raise ValueError(f"invalid year range: {text}")
    return start, end


def fridays(rng: random.Random, year: int, count: int) -> list[datetime.date]:
    """`count` Fridays of `year`, drawn by `rng`, in order."""
    day = datetime.date(year, 1, 1)
    day += datetime.timedelta(days=(4 - day.weekday()) % 7)
    every = []
    while day.year == year:
        every.append(day)
        day += datetime.timedelta(days=7)
    return sorted(rng.sample(every, min(count, len(every))))


class Circle:
    """Who plays with whom: four fixed teams that now and then swap a partner."""

    def __init__(self, rng: random.Random, names: Iterable[str] = CIRCLE) -> None:
        self.rng = rng
        names = list(names)
        rng.shuffle(names)
        self.teams = [(names[i], names[i + 1]) for i in range(0, 8, 2)]

    def maybe_change(self) -> None:
        # Teams stay together for long stretches; a swap happens a few times a decade.
        if self.rng.random() < 0.012:
            first, second = self.rng.sample(range(4), 2)
            (a1, a2), (b1, b2) = self.teams[first], self.teams[second]
            self.teams[first], self.teams[second] = (a1, b2), (b1, a2)

    def pairings(self) -> list[tuple[tuple[str, str], tuple[str, str]]]:
        """The matches of one evening: one table, sometimes a second pairing later on."""
        first, second = self.rng.sample(self.teams, 2)
        matches = [(first, second)]
        if self.rng.random() < 0.35:
            others = [t for t in self.teams if t not in (first, second)]
            third = self.rng.choice(others)
            stays = self.rng.choice([first, second])
            matches.append((stays, third))
        return matches


def _record(game: PlayedGame, seats: tuple[str, str, str, str]) -> GameRecord:
    # Seats 0 and 2 are team A, 1 and 3 team B.
    return GameRecord(
        team_a=(seats[0], seats[2]),
        team_b=(seats[1], seats[3]),
        declarer=seats[game.declarer],
        dealer=seats[game.dealer],
        trump=game.trump.value,
        bid=game.bid.value,
        melds_a=game.melds_a,
        melds_b=game.melds_b,
        kontra=game.kontra,
        re=game.re,
        points_a=game.points_a,
        points_b=game.points_b,
    )


def play_table(
    rng: random.Random,
    team_a: tuple[str, str],
    team_b: tuple[str, str],
    count: int,
    strengths: Mapping[str, float],
) -> list[GameRecord]:
    """`count` games of one table, team A's players on seats 0 and 2, the first dealer drawn."""
    seats = (team_a[0], team_b[0], team_a[1], team_b[1])
    skills = [strengths[name] for name in seats]
    dealer = rng.randrange(4)
    return [_record(g, seats) for g in play_games(rng, skills, count, dealer)]


def play_year(
    rng: random.Random, circle: Circle, year: int, strengths: Mapping[str, float] = CIRCLE
) -> Iterator[EveningRecord]:
    """One year's evenings; `strengths` other than the circle's let a league be played again
    with other players' strengths (bench.rating_quality)."""
    for date in fridays(rng, year, rng.randint(25, 45)):
        circle.maybe_change()
        total = rng.randint(15, 40)
        pairings = circle.pairings()
        records: list[GameRecord] = []
        for index, (team_a, team_b) in enumerate(pairings):
            count = (
                total if len(pairings) == 1 else (total // 2 if index == 0 else total - total // 2)
            )
            records += play_table(rng, team_a, team_b, count, strengths)
        yield EveningRecord(date=date, games=records, place=rng.choice(PLACES))
