"""The sizes of the benchmark leagues (no Django here: the orchestrator reads them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LeagueShape:
    """How big a synthetic league is."""

    name: str
    games: int
    players: int
    first_year: int
    years: int
    tables_per_evening: int
    matches_per_table: tuple[int, int]
    games_per_match: tuple[int, int]
    seed: int = 1998

    @property
    def games_per_evening(self) -> float:
        matches = sum(self.matches_per_table) / 2
        return self.tables_per_evening * matches * sum(self.games_per_match) / 2


DEMO = LeagueShape("demo", 20_000, 10, 1998, 28, 1, (2, 4), (8, 22))
BIG = LeagueShape("big", 1_000_000, 40, 1966, 60, 3, (2, 4), (8, 26))
# The size at which saving a game was compared with a public peer (ZipLeague): 30,000 games.
PEER = LeagueShape("peer", 30_000, 16, 1998, 28, 1, (2, 4), (8, 22))
SHAPES = {shape.name: shape for shape in (DEMO, PEER, BIG)}
# The league file `import_games` reads in the benchmark (its size is set by --import-rows).
IMPORT = LeagueShape("import", 100_000, 24, 1990, 20, 2, (2, 4), (8, 22))
