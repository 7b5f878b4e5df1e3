"""A player's figures in one match beyond its tally: the games he declared (by trump and bid),
the Kontra and Re his team said or faced, the melds of both teams, and his runs of won rounds.

Derived from the match's games (their results already derived) and melds in the pass that
derives the match (klammernliga.derive.matches), so saving a game reads nothing more. Who said
Kontra or Re is scoring.outcomes' rule, runs are scoring.runs'.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from klammernliga.models import Game, Match
from klammernliga.models.figures import GAME_FIGURES
from scoring import outcomes
from scoring.domain import Bid, MeldKind, Side, Suit
from scoring.runs import stretch_runs

RUN_FIELDS = ("run_start", "run_end", "run_best")
# A player's columns in Participation beyond the tally's, in this order.
MATCH_FIGURES = (*GAME_FIGURES, *RUN_FIELDS)
_AT = {name: i for i, name in enumerate(MATCH_FIGURES)}
# Where a declared trump or bid counts: (games, won).
_DECLARED = {
    key.value: (_AT[f"declared_{key.value}"], _AT[f"declared_{key.value}_won"])
    for key in (*Suit, *Bid)
}
# Where a call counts: (games, won, small points net).
_CALLS = {call: tuple(_AT[f"{call}_{part}"] for part in ("games", "won", "net"))
          for call in outcomes.CALLS}  # fmt: skip
# Where a meld counts: (own, against).
_MELDS = {kind.value: (_AT[f"{kind.value}_own"], _AT[f"{kind.value}_against"]) for kind in MeldKind}
_RUNS = slice(_AT[RUN_FIELDS[0]], _AT[RUN_FIELDS[-1]] + 1)


class MeldRow(Protocol):
    """What a meld tells here: a stored Meld, or its plain row."""

    @property
    def side(self) -> str: ...

    @property
    def kind(self) -> str: ...


def match_figures(
    match: Match, games: Sequence[Game], melds: Iterable[Sequence[MeldRow]]
) -> dict[int, list[int]]:
    """Each of the match's four players' figures, in MATCH_FIGURES' order.

    `games`: the match's games in playing order, with their results derived; `melds`: each
    game's melds, in the same order.
    """
    sides = {side: [0] * len(MATCH_FIGURES) for side in Side}
    declared: dict[int, list[int]] = {}
    round_winners: list[str] = []
    for game, game_melds in zip(games, melds, strict=True):
        won = 1 if game.winner_side == game.playing_side else 0
        row = declared.get(game.declarer_id)
        if row is None:
            row = declared[game.declarer_id] = [0] * len(MATCH_FIGURES)
        for key in (game.trump, game.bid):
            games_at, won_at = _DECLARED[key]
            row[games_at] += 1
            row[won_at] += won
        if game.kontra or game.re:
            playing = Side(game.playing_side)
            for side, figures in sides.items():
                net = game.small_a - game.small_b if side is Side.A else game.small_b - game.small_a
                calls = outcomes.calls_of(side, playing=playing, kontra=game.kontra, re=game.re)
                for call in calls:
                    games_at, won_at, net_at = _CALLS[call]
                    figures[games_at] += 1
                    figures[won_at] += 1 if game.winner_side == side else 0
                    figures[net_at] += net
        for meld in game_melds:
            own_at, against_at = _MELDS[meld.kind]
            for side, figures in sides.items():
                figures[own_at if meld.side == side else against_at] += 1
        if game.ends_round:
            round_winners.append(game.round_winner)
    for side, runs in side_runs(round_winners).items():
        sides[side][_RUNS] = runs
    result = {}
    for side, team in ((Side.A, match.team_a), (Side.B, match.team_b)):
        for player in (team.player_1_id, team.player_2_id):
            figures, own = sides[side], declared.get(player)
            if own is not None:
                figures = [a + b for a, b in zip(figures, own, strict=True)]
            result[player] = figures
    return result


def side_runs(round_winners: Iterable[str]) -> dict[Side, list[int]]:
    """Each side's runs of won rounds over a match (RUN_FIELDS' values), from the winners of its
    rounds in order."""
    winners = list(round_winners)
    result = {}
    for side in Side:
        runs = stretch_runs(winner == side for winner in winners)
        result[side] = [runs.start, runs.end, runs.best]
    return result
