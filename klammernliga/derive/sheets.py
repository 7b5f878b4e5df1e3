"""Between the stored rows and `scoring`: a game's GameSheet from a match and inputs or from its
stored row and melds, and back (the inputs and melds a sheet stores)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import cast

from klammernliga.models import Game, Match, Meld, Player
from scoring.domain import Meld as MeldValue
from scoring.domain import MeldKind, Rank, Side, Suit
from scoring.rules import GameResult, GameSheet


def game_sheet(
    match: Match,
    *,
    declarer: Player | int | None,
    trump: object,
    bid: object,
    points_a: object,
    points_b: object,
    melds_a: Sequence[MeldValue] = (),
    melds_b: Sequence[MeldValue] = (),
    kontra: bool = False,
    re: bool = False,
    dealer: Player | int | None = None,
) -> GameSheet:
    team_a, team_b = seats(match)
    return GameSheet(
        team_a=team_a,
        team_b=team_b,
        declarer=pk_of(declarer),
        dealer=pk_of(dealer),
        trump=trump,  # type: ignore[arg-type]  # any value: scoring checks it
        bid=bid,  # type: ignore[arg-type]  # any value: scoring checks it
        melds_a=tuple(melds_a),
        melds_b=tuple(melds_b),
        kontra=kontra,
        re=re,
        points_a=points_a,
        points_b=points_b,
    )


def pk_of(player: Player | int | None) -> int | None:
    return player.pk if isinstance(player, Player) else player


def meld_rows(game: Game, sheet: GameSheet) -> list[Meld]:
    return [
        Meld(
            game=game,
            side=side.value,
            kind=meld.kind.value,
            suit=meld.suit.value if meld.suit else "",
            top=meld.top.value if meld.top else "",
        )
        for side in Side
        for meld in sheet.melds(side)
    ]


def apply_inputs(game: Game, sheet: GameSheet, outcome: GameResult) -> None:
    # The sheet holds what was entered; scoring has checked it before a game is stored.
    game.declarer_id = cast(int, sheet.declarer)
    game.dealer_id = cast(int | None, sheet.dealer)
    game.trump = Suit(cast(str, sheet.trump)).value
    game.bid = str(sheet.bid)
    game.kontra = sheet.kontra
    game.re = sheet.re
    game.points_a = cast(int, sheet.points_a)
    game.points_b = cast(int, sheet.points_b)
    game.playing_side = outcome.playing_side.value
    game.winner_side = outcome.winner.value
    game.small_a = outcome.small_a
    game.small_b = outcome.small_b


def meld_key(melds: Iterable[Meld]) -> list[tuple[str, str, str, str]]:
    return sorted((m.side, m.kind, m.suit, m.top) for m in melds)


def stored_sheet(game: Game, match: Match, melds: Iterable[Meld]) -> GameSheet:
    return sheet_of_row(game, seats(match), melds)


def seats(match: Match) -> tuple[tuple[int, int], tuple[int, int]]:
    """Team A's and team B's players, as a GameSheet names them."""
    a, b = match.team_a, match.team_b
    return (a.player_1_id, a.player_2_id), (b.player_1_id, b.player_2_id)


def sheet_of_row(
    game: Game, teams: tuple[tuple[int, int], tuple[int, int]], melds: Iterable[Meld]
) -> GameSheet:
    """A stored game's sheet from its row, its match's `seats` and its melds (a recompute reads
    a million of them: the seats are looked up once a match)."""
    by_side: dict[str, list[MeldValue]] = {"a": [], "b": []}
    for meld in melds:
        by_side[meld.side].append(meld_value(meld))
    return GameSheet(
        team_a=teams[0],
        team_b=teams[1],
        declarer=game.declarer_id,
        dealer=game.dealer_id,
        trump=game.trump,
        bid=game.bid,
        melds_a=tuple(by_side["a"]),
        melds_b=tuple(by_side["b"]),
        kontra=game.kontra,
        re=game.re,
        points_a=game.points_a,
        points_b=game.points_b,
    )


def meld_value(meld: Meld) -> MeldValue:
    return _meld_value(meld.kind, meld.suit, meld.top)


@cache
def _meld_value(kind: str, suit: str, top: str) -> MeldValue:
    """A stored meld's value; there are only a few hundred, and a recompute reads millions."""
    return MeldValue(MeldKind(kind), Suit(suit) if suit else None, Rank(top) if top else None)
