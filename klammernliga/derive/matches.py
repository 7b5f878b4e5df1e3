"""Deriving a match: its games' rounds and scores, its tally and its four participations (with
each player's figures of klammernliga.derive.game_figures), from its games' inputs as `scoring`
decides them; the year totals follow (klammernliga.derive.years)."""

from __future__ import annotations

import operator
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, make_dataclass
from typing import Any

from klammernliga.bulk import add_to_rows, sync_rows, update_rows
from klammernliga.derive import summaries
from klammernliga.derive.game_figures import MATCH_FIGURES, MeldRow, match_figures
from klammernliga.derive.sheets import seats, sheet_of_row
from klammernliga.derive.years import ROLL_UPS, refresh_year_totals
from klammernliga.models import MATCH_TALLY_FIELDS, Game, Match, Meld, Participation
from scoring import rounds
from scoring.domain import Side
from scoring.figures import FIGURES, match_values
from scoring.rules import GameResult, result


def derive_steps(results: list[GameResult]) -> tuple[list[rounds.RoundStep], rounds.MatchTally]:
    small = [(r.small_a, r.small_b) for r in results]
    steps = rounds.progress(small)
    return steps, rounds.tally(small, steps)


def apply_step(game: Game, step: rounds.RoundStep) -> None:
    game.round_no = step.round_no
    game.score_a = step.score_a
    game.score_b = step.score_b
    game.ends_round = step.ends_round
    game.round_winner = step.round_winner.value if step.round_winner else ""
    game.large_points = step.large_points
    game.kalte = step.kalte


_STEP_FIELDS = ["round_no", "score_a", "score_b", "ends_round", "round_winner", "large_points",
                "kalte", "playing_side", "winner_side", "small_a", "small_b"]  # fmt: skip


# What deriving a stored game reads of it, and writes back (rederive).
_GAME_COLUMNS = ("pk", "match_id", "declarer_id", "dealer_id", "trump", "bid", "kontra", "re",
                 "points_a", "points_b", *_STEP_FIELDS)  # fmt: skip


# A stored game as deriving reads and changes it: a plain row with attributes (a model instance
# per game costs a fifth of a recompute).
_StoredGame = make_dataclass("StoredGame", _GAME_COLUMNS, slots=True)

# A game's derived values, as a tuple in _STEP_FIELDS' order.
_derived_values = operator.attrgetter(*_STEP_FIELDS)


def _write_derived(games: list[Game]) -> None:
    """Store the derived fields of changed games with one prepared UPDATE.

    Django's bulk_update builds a CASE expression per field and row, which costs more than the
    whole recomputation; only the rows that really changed are written.
    """
    update_rows(Game, _STEP_FIELDS, [(*_derived_values(g), g.pk) for g in games])


def apply_tally(match: Match, tally: rounds.MatchTally) -> None:
    """Store the tally's figures in the match's columns, by their names (scoring.figures)."""
    for name, value in match_values(tally.a, tally.b).items():
        setattr(match, name, value)
    match.open_round = tally.open_round


# The tally's figures (a side's, named as in Figures), then each player's own.
PARTICIPATION_COLUMNS = ("match_id", "evening_id", "date", "player_id", "team_id", "opponent_id",
                         "side", "is_first", *FIGURES, *MATCH_FIGURES)  # fmt: skip


def participations_of(
    match: Match,
    tally: rounds.MatchTally,
    games: Sequence[Game],
    melds: Iterable[Sequence[MeldRow]],
) -> list[tuple[Any, ...]]:
    """The match's four Participation rows, as plain values in PARTICIPATION_COLUMNS' order;
    `games` in playing order with their results derived, `melds` each game's."""
    return participation_rows(match, tally, match_figures(match, games, melds))


def participation_rows(
    match: Match, tally: rounds.MatchTally, own: dict[int, list[int]]
) -> list[tuple[Any, ...]]:
    """The match's four Participation rows from its tally and each player's own figures (in
    MATCH_FIGURES' order, klammernliga.derive.game_figures)."""
    rows = []
    for side in Side:
        team, opponent = match.team(side), match.team(side.other)
        figures = tally.side(side)
        values = [getattr(figures, name) for name in FIGURES]
        for player_id in (team.player_1_id, team.player_2_id):
            seat = (match.pk, match.evening_id, match.evening.date, player_id, team.pk, opponent.pk)
            first = player_id == team.player_1_id
            rows.append((*seat, side.value, first, *values, *own[player_id]))
    return rows


def recompute_match(match: Match, *, follow: bool = True) -> None:
    """Rewrite the derived results of one match's games, its tally and its participations.

    With `follow` the year's totals and the stored summaries follow; a caller that recomputes
    many matches passes False and brings both along once at the end.
    """
    match = Match.objects.select_related("team_a", "team_b", "evening").get(pk=match.pk)
    derived = rederive([match])
    if follow:
        follow_year_totals(match, derived.before, derived.after)
        # Only the match's four players' figures changed: the summaries narrow to them.
        players = frozenset(
            pk for t in (match.team_a, match.team_b) for pk in (t.player_1_id, t.player_2_id)
        )
        summaries.follow(since=match.evening.date, players=players)


# Where a participation's values hold its date, player and first seat, and for each roll-up
# its figures and its owner.
_DATE, _PLAYER, _FIRST = (PARTICIPATION_COLUMNS.index(c) for c in
                          ("date", "player_id", "is_first"))  # fmt: skip
_ROLL_UPS_AT = [
    (r, [PARTICIPATION_COLUMNS.index(n) for n in r.figures], PARTICIPATION_COLUMNS.index(r.key))
    for r in ROLL_UPS
]


def follow_year_totals(
    match: Match, before: list[tuple[Any, ...]], after: list[tuple[Any, ...]]
) -> None:
    """Bring the year totals along after one match was derived anew from its participations
    `before` and `after`: when it had them both times on the same date, its evening counted
    already and only the difference is added; otherwise its players and teams are summed anew."""
    year = match.evening.date.year
    old = {row[_PLAYER]: row for row in before if row[_DATE] == match.evening.date}
    if len(old) != len(before) or set(old) != {row[_PLAYER] for row in after}:
        refresh_year_totals([year], match=match)
        return
    for roll_up, at, key in _ROLL_UPS_AT:
        rows = []
        for row in after:
            if roll_up.first_only and not row[_FIRST]:
                continue
            was = old[row[_PLAYER]]
            added = [row[i] - was[i] for i in at]
            if any(added):
                rows.append((*added, row[key], year))
        add_to_rows(roll_up.model, roll_up.figures, (roll_up.key, "year"), rows)


@dataclass(frozen=True, slots=True)
class Derived:
    """What deriving matches changed: the games whose derived values changed, and the matches'
    participations before and after (values in PARTICIPATION_COLUMNS' order)."""

    changed: set[int]
    before: list[tuple[Any, ...]]
    after: list[tuple[Any, ...]]


# A participation's identity among its match's: the match and the player.
_seat = operator.itemgetter(PARTICIPATION_COLUMNS.index("match_id"),
                            PARTICIPATION_COLUMNS.index("player_id"))  # fmt: skip


def rederive(matches: list[Match], *, validated: bool = False) -> Derived:
    """Derive these matches (with teams and evening loaded) anew in a handful of queries.

    Only games, tallies and participations that really changed are written.
    `validated`: every game was checked on its way in (a full recompute: entry, import and
    restore all validate before or while storing), so its sheet is not checked again; a restore
    relies on the check here.
    """
    games_of: dict[int, list[Any]] = defaultdict(list)
    # By key: a lookup with model instances prepares each of them anew for every query.
    keys = [match.pk for match in matches]
    rows = Game.objects.filter(match_id__in=keys).order_by("match_id", "position")
    for row in rows.values_list(*_GAME_COLUMNS):
        game = _StoredGame(*row)
        games_of[game.match_id].append(game)
    # Melds as plain rows: a related manager per game costs more than deriving the game.
    melds_of: dict[int, list[Any]] = defaultdict(list)
    melds = Meld.objects.filter(game__match_id__in=keys).order_by("game_id", "side", "pk")
    for meld in melds.values_list("game_id", "side", "kind", "suit", "top", named=True):
        melds_of[meld.game_id].append(meld)
    changed: list[Any] = []
    tallies: list[Match] = []
    participations: list[tuple[Any, ...]] = []
    for match in matches:
        games = games_of[match.pk]
        teams = seats(match)
        sheets = [sheet_of_row(g, teams, melds_of[g.pk]) for g in games]
        results = [result(sheet, validated=validated) for sheet in sheets]
        steps, tally = derive_steps(results)
        for game, outcome, step in zip(games, results, steps, strict=True):
            derived_before = _derived_values(game)
            game.playing_side = outcome.playing_side.value
            game.winner_side = outcome.winner.value
            game.small_a, game.small_b = outcome.small_a, outcome.small_b
            apply_step(game, step)
            if _derived_values(game) != derived_before:
                changed.append(game)
        before = tally_values(match)
        apply_tally(match, tally)
        if tally_values(match) != before:
            tallies.append(match)
        if games:  # a Partie without games is no evening of its players
            game_melds = [melds_of[g.pk] for g in games]
            participations.extend(participations_of(match, tally, games, game_melds))
    _write_derived(changed)
    # The match's history keeps teams and place only, not the derived tally: a plain UPDATE.
    update_rows(Match, MATCH_TALLY_FIELDS, [(*tally_values(m), m.pk) for m in tallies])
    stored = Participation.objects.filter(match_id__in=keys).values_list(
        "pk", *PARTICIPATION_COLUMNS
    )
    stored_rows = {_seat(row[1:]): (row[0], row[1:]) for row in stored}
    sync_rows(Participation, PARTICIPATION_COLUMNS, stored_rows, participations, key=_seat)
    return Derived(
        {game.pk for game in changed},
        [values for _pk, values in stored_rows.values()],
        participations,
    )


def tally_values(match: Match) -> tuple[object, ...]:
    return tuple(getattr(match, name) for name in MATCH_TALLY_FIELDS)
