"""Games and evenings as a file (or the demo league) states them, before they are stored."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from scoring.domain import Meld as MeldValue
from scoring.rules import GameSheet


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as a file (or the demo league) states it, with players by name."""

    team_a: tuple[str, str]
    team_b: tuple[str, str]
    declarer: str
    trump: str
    bid: str
    points_a: object
    points_b: object
    melds_a: tuple[MeldValue, ...] = ()
    melds_b: tuple[MeldValue, ...] = ()
    kontra: bool = False
    re: bool = False
    dealer: str | None = None
    line: int | None = None

    def sheet(self) -> GameSheet:
        return GameSheet(
            team_a=self.team_a,
            team_b=self.team_b,
            declarer=self.declarer,
            dealer=self.dealer or None,
            trump=self.trump,
            bid=self.bid,
            melds_a=self.melds_a,
            melds_b=self.melds_b,
            kontra=self.kontra,
            re=self.re,
            points_a=self.points_a,
            points_b=self.points_b,
        )

    def swapped(self) -> GameRecord:
        """The same game with the sides exchanged."""
        return GameRecord(
            team_a=self.team_b,
            team_b=self.team_a,
            declarer=self.declarer,
            trump=self.trump,
            bid=self.bid,
            points_a=self.points_b,
            points_b=self.points_a,
            melds_a=self.melds_b,
            melds_b=self.melds_a,
            kontra=self.kontra,
            re=self.re,
            dealer=self.dealer,
            line=self.line,
        )


@dataclass(frozen=True, slots=True)
class EveningRecord:
    date: datetime.date
    games: list[GameRecord]
    place: str = ""


@dataclass(frozen=True, slots=True)
class ImportProblem:
    line: int | None
    field: str
    message: str


@dataclass
class StoreSummary:
    evenings: int = 0
    matches: int = 0
    games: int = 0
    new_players: list[str] = field(default_factory=list)
    replaced_evenings: int = 0
    problems: list[ImportProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems
