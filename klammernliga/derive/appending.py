"""A game appended at the end of its match, derived from what is stored instead of deriving
the match again: the common save of an evening's entry (klammernliga.services.entry.record_game).

Appending changes no earlier game's result or step (`scoring.rounds.progress` runs forward), so
only what the new game adds is written:
- the game's own step, computed before it is stored (from the earlier games' small points, one
  read);
- the match's tally;
- the four participations and the year totals, each by the difference the game makes: its own
  figures, and the tally's and the runs' change (two statements);
- the ratings, continued from the evening's stored rows when the game is the league's latest
  (klammernliga.derive.ratings.append_game), replayed from its evening otherwise;
- the outcome tallies, by the game's own counts.

The match's first game derives the match (its four participations are new, and perhaps its
players' rows of the evening and year); its summaries follow the same way.
tests/klammernliga/test_appending.py shows that every save stores exactly what deriving
everything anew stores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from klammernliga.bulk import add_to_rows, update_rows
from klammernliga.derive import summaries
from klammernliga.derive.game_figures import MATCH_FIGURES, RUN_FIELDS, match_figures, side_runs
from klammernliga.derive.matches import (
    PARTICIPATION_COLUMNS,
    apply_step,
    apply_tally,
    follow_year_totals,
    participation_rows,
    rederive,
    tally_values,
)
from klammernliga.models import MATCH_TALLY_FIELDS, Game, Match, Meld, Participation
from klammernliga.models.figures import FIGURES
from scoring import rounds
from scoring.domain import Side

# A participation's columns that a game changes: the tally's, then the player's own.
_CHANGED = (*FIGURES, *MATCH_FIGURES)
_AT = [PARTICIPATION_COLUMNS.index(name) for name in _CHANGED]
_PLAYER = PARTICIPATION_COLUMNS.index("player_id")
_OWN = len(MATCH_FIGURES) - len(RUN_FIELDS)


@dataclass(frozen=True, slots=True)
class Appended:
    """A new game at the end of its match, its step derived, and the match's tally and round
    winners without and with it."""

    match: Match
    game: Game
    before: rounds.MatchTally
    after: rounds.MatchTally
    winners_before: list[str]
    winners_after: list[str]
    # No later match of the evening has games: the game is its evening's last.
    last_of_evening: bool

    @property
    def first(self) -> bool:
        """The match's first game."""
        return self.before.a.games == 0


def append(match: Match, game: Game) -> Appended:
    """Place `game` (its inputs and result applied, not stored) at the end of `match` (teams and
    evening loaded) and derive its step: one read of the earlier games' small points, and of
    whether a later match of the evening has games."""
    rows = list(
        Game.objects.filter(
            match__evening_id=match.evening_id, match__position__gte=match.position
        ).values_list("match_id", "position", "small_a", "small_b", "match__evening__date")
    )
    # The match as stored now: its evening may have moved since `match` was read (a Partie's
    # first game reads it again, as no game carries the date).
    if not rows or rows[0][-1] != match.evening.date:
        match = Match.objects.select_related("team_a", "team_b", "evening").get(pk=match.pk)
    earlier = sorted(row[1:4] for row in rows if row[0] == match.pk)
    game.position = earlier[-1][0] + 1 if earlier else 1
    small = [(a, b) for _position, a, b in earlier]
    small.append((game.small_a, game.small_b))
    steps = rounds.progress(small)
    apply_step(game, steps[-1])
    return Appended(
        match,
        game,
        before=rounds.tally(small[:-1], steps[:-1]),
        after=rounds.tally(small, steps),
        winners_before=_winners(steps[:-1]),
        winners_after=_winners(steps),
        last_of_evening=len(earlier) == len(rows),
    )


def _winners(steps: Sequence[rounds.RoundStep]) -> list[str]:
    return [step.round_winner.value for step in steps if step.round_winner]


def follow(appended: Appended, melds: Sequence[Meld]) -> None:
    """Bring the match's tally, participations, year totals and summaries along after the
    appended game was stored with its `melds`."""
    match, game = appended.match, appended.game
    if appended.first:
        # Its four participations are new, and perhaps its players' evening and year too.
        derived = rederive([match])
        follow_year_totals(match, derived.before, derived.after)
    else:
        _add_difference(appended, melds)
    summaries.follow_appended(match, game, last_of_evening=appended.last_of_evening)


def _add_difference(appended: Appended, melds: Sequence[Meld]) -> None:
    """The match's tally, participations and year totals gain what the game changed."""
    match = appended.match
    apply_tally(match, appended.after)
    update_rows(Match, MATCH_TALLY_FIELDS, [(*tally_values(match), match.pk)])
    before, after = _participations(appended, melds)
    differences: list[tuple[Any, ...]] = []
    for was, now in zip(before, after, strict=True):
        differences.append((*(now[i] - was[i] for i in _AT), match.pk, now[_PLAYER]))
    add_to_rows(Participation, _CHANGED, ("match_id", "player_id"), differences)
    follow_year_totals(match, before, after)


def _participations(
    appended: Appended, melds: Sequence[Meld]
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The match's participations without and with the game, up to the figures that earlier
    games gave each player: those are the same in both and left out (zero), so the two differ
    by exactly what the game changes."""
    match = appended.match
    own = match_figures(match, [appended.game], [melds])
    runs_before, runs_after = side_runs(appended.winners_before), side_runs(appended.winners_after)
    without, with_game = {}, {}
    for side in Side:
        team = match.team(side)
        for player in (team.player_1_id, team.player_2_id):
            without[player] = [0] * _OWN + runs_before[side]
            with_game[player] = own[player][:_OWN] + runs_after[side]
    return (
        participation_rows(match, appended.before, without),
        participation_rows(match, appended.after, with_game),
    )
