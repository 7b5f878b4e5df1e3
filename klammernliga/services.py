"""The write side: every game enters the league through here, validated and with its derived
results, in one transaction. `scoring` decides; this module only stores what it decided."""

from __future__ import annotations

import dataclasses
import datetime
import uuid
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, models, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext
from simple_history.utils import bulk_create_with_history

from klammernliga import generation
from klammernliga.bulk import add_to_rows, insert_rows, update_rows
from klammernliga.models import (
    MATCH_TALLY_FIELDS,
    Evening,
    Game,
    Match,
    Meld,
    Participation,
    Player,
    PlayerYear,
    Team,
    TeamYear,
    YearTotals,
)
from klammernliga.signals import league_changed
from klammernliga.validation import BadName, clean_name, date_problem, name_key
from scoring import rounds
from scoring.domain import Meld as MeldValue
from scoring.domain import MeldKind, Rank, Side, Suit
from scoring.matches import goes_on, pairing, split_matches
from scoring.rules import GameResult, GameSheet, InvalidGame, Problem, result, validate

__all__ = [
    "AlreadyRecorded",
    "CannotRestore",
    "EveningRecord",
    "GameRecord",
    "ImportProblem",
    "InvalidGame",
    "StaleGame",
    "StoreSummary",
    "begin_match",
    "delete_evening",
    "delete_game",
    "delete_match",
    "game_problems",
    "open_evening",
    "open_matches",
    "recompute_all",
    "recompute_evening",
    "recompute_match",
    "record_game",
    "record_game_once",
    "refresh_year_totals",
    "restore_game",
    "save_evening",
    "start_match",
    "store_evenings",
    "team_problems",
    "update_game",
]


class StaleGame(Exception):
    """The game was changed by someone else since the form was opened."""


class AlreadyRecorded(Exception):
    """The form's game was stored once and has been deleted since; a replay stores nothing."""


class CannotRestore(Exception):
    """A deleted game cannot be brought back (already back, or its evening is gone)."""


# --- single games: the entry flow -------------------------------------------------------------


# Any number: the key of the league's one writer lock on PostgreSQL.
_WRITER_LOCK = 19_980_101


@contextmanager
def writing() -> Iterator[None]:
    """One transaction of a change to the league, and one writer at a time.

    A change brings the stored summaries along in place (year totals, tallies, ratings), so two
    changes at once must not interleave. SQLite's IMMEDIATE transactions queue writers already;
    on PostgreSQL a transaction-wide advisory lock does (held until commit or rollback).
    The league's generation goes up once, in the same transaction: cached pages follow.
    """
    with transaction.atomic():
        if getattr(connection, "_league_writing", False):
            yield  # inside another change: its transaction, lock and generation are this one's
            return
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_WRITER_LOCK])
        generation.bump()
        connection._league_writing = True  # type: ignore[attr-defined]
        try:
            yield
        finally:
            connection._league_writing = False  # type: ignore[attr-defined]


def _sheet(
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
    a, b = match.team_a, match.team_b
    return GameSheet(
        team_a=(a.player_1_id, a.player_2_id),
        team_b=(b.player_1_id, b.player_2_id),
        declarer=_pk(declarer),
        dealer=_pk(dealer),
        trump=trump,  # type: ignore[arg-type]
        bid=bid,  # type: ignore[arg-type]
        melds_a=tuple(melds_a),
        melds_b=tuple(melds_b),
        kontra=kontra,
        re=re,
        points_a=points_a,
        points_b=points_b,
    )


def _pk(player: Player | int | None) -> int | None:
    return player.pk if isinstance(player, Player) else player


def _meld_rows(game: Game, sheet: GameSheet) -> list[Meld]:
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


def _apply_inputs(game: Game, sheet: GameSheet, outcome: GameResult) -> None:
    game.declarer_id = sheet.declarer
    game.dealer_id = sheet.dealer
    game.trump = Suit(sheet.trump).value
    game.bid = str(sheet.bid)
    game.kontra = sheet.kontra
    game.re = sheet.re
    game.points_a = sheet.points_a
    game.points_b = sheet.points_b
    game.playing_side = outcome.playing_side.value
    game.winner_side = outcome.winner.value
    game.small_a = outcome.small_a
    game.small_b = outcome.small_b


def _save_at(obj: models.Model, at: datetime.datetime, **kwargs: object) -> None:
    """Save with its history record dated `at`, so a game and its melds share one moment."""
    obj._history_date = at  # type: ignore[attr-defined]
    try:
        obj.save(**kwargs)  # type: ignore[arg-type]
    finally:
        del obj._history_date  # type: ignore[attr-defined]


def _delete_at(obj: models.Model, at: datetime.datetime) -> None:
    obj._history_date = at  # type: ignore[attr-defined]
    obj.delete()


def _store_melds(game: Game, sheet: GameSheet, at: datetime.datetime) -> None:
    rows = _meld_rows(game, sheet)
    if rows:
        bulk_create_with_history(rows, Meld, default_date=at)


def _meld_key(melds: Iterable[Meld]) -> list[tuple[str, str, str, str]]:
    return sorted((m.side, m.kind, m.suit, m.top) for m in melds)


def game_problems(*, match: Match, **inputs: object) -> list[Problem]:
    """Every problem of a game as it would be recorded in `match`; nothing is stored."""
    return validate(_sheet(match, **inputs))  # type: ignore[arg-type]


@writing()
def record_game(*, match: Match, token: uuid.UUID | None = None, **inputs: object) -> Game:
    """Validate and store a new game at the end of its match; recompute the match."""
    sheet = _sheet(match, **inputs)  # type: ignore[arg-type]
    outcome = result(sheet)  # raises InvalidGame with every problem
    position = (match.games.aggregate(last=Max("position"))["last"] or 0) + 1
    game = Game(match=match, position=position, entry_token=token)
    _apply_inputs(game, sheet, outcome)
    at = timezone.now()
    _save_at(game, at)
    _store_melds(game, sheet, at)
    recompute_match(match, appended=game.pk)
    game.refresh_from_db()
    return game


@writing()
def update_game(*, game: Game, version: int, **inputs: object) -> Game:
    """Change a game if nobody else changed it since `version` was read."""
    match = Match.objects.select_related("team_a", "team_b", "evening").get(pk=game.match_id)
    sheet = _sheet(match, **inputs)  # type: ignore[arg-type]
    outcome = result(sheet)
    # Optimistic check: only the holder of the current version may write.
    if not Game.objects.filter(pk=game.pk, version=version).update(version=version + 1):
        raise StaleGame
    game.refresh_from_db()
    _apply_inputs(game, sheet, outcome)
    at = timezone.now()
    _save_at(game, at)
    old_melds = list(game.melds.all())
    # Melds are replaced only when they changed, so the history shows real changes only.
    if _meld_key(old_melds) != _meld_key(_meld_rows(game, sheet)):
        for meld in old_melds:
            _delete_at(meld, at)
        _store_melds(game, sheet, at)
    recompute_match(match)
    game.refresh_from_db()
    return game


@writing()
def delete_game(*, game: Game, version: int | None = None) -> None:
    """Delete a game (its history keeps it restorable) and renumber its match."""
    current = Game.objects.select_for_update().filter(pk=game.pk).first()
    if current is None or (version is not None and current.version != version):
        raise StaleGame
    match = Match.objects.select_related("team_a", "team_b", "evening").get(pk=current.match_id)
    # The game and its melds leave the same moment in history: restore_game finds them so.
    at = timezone.now()
    for meld in current.melds.all():
        _delete_at(meld, at)
    _delete_at(current, at)
    if not match.games.exists():
        evening = match.evening
        _delete_at(match, at)
        refresh_year_totals([evening.date.year], match=match)
        league_changed.send(sender=Game, since=evening.date)
        return
    for position, pk in enumerate(match.games.order_by("position").values_list("pk", flat=True), 1):
        Game.objects.filter(pk=pk).update(position=position)
    recompute_match(match, rounds_changed=current.ends_round)


# Moves later games out of the way in two steps, as positions are unique per match.
_SHIFT = 1_000_000


def _restore_match(match_id: int, at: datetime.datetime) -> Match:
    """Bring back a match that was deleted together with its last game."""
    gone = (
        Match.history.filter(id=match_id, history_type="-").order_by("-history_date").first()  # type: ignore[attr-defined]
    )
    if gone is None or not Evening.objects.filter(pk=gone.evening_id).exists():
        raise CannotRestore(gettext("Die Partie dieses Spiels gibt es nicht mehr."))
    position = gone.position
    taken = Match.objects.filter(evening_id=gone.evening_id)
    if taken.filter(position=position).exists():
        position = (taken.aggregate(last=Max("position"))["last"] or 0) + 1
    match = Match(
        pk=match_id,
        evening_id=gone.evening_id,
        position=position,
        team_a_id=gone.team_a_id,
        team_b_id=gone.team_b_id,
    )
    _save_at(match, at, force_insert=True)
    return match


def _melds_before_deletion(deleted: object) -> list[object]:
    """A game's melds as they were when it was deleted, replayed from the melds' history.
    Meld deletions after the game's last change belong to its deletion (directly or by cascade)
    and are not replayed; those of a correction share the correction's moment."""
    game_history = Game.history.filter(id=deleted.id)  # type: ignore[attr-defined]
    last_change = (
        game_history.filter(history_date__lt=deleted.history_date)  # type: ignore[attr-defined]
        .order_by("-history_date")
        .values_list("history_date", flat=True)
        .first()
    )
    alive: dict[int, object] = {}
    records = Meld.history.filter(  # type: ignore[attr-defined]
        game_id=deleted.id,
        history_date__lte=deleted.history_date,  # type: ignore[attr-defined]
    ).order_by("history_date", "history_id")
    for meld in records:
        if meld.history_type != "-":
            alive[meld.id] = meld
        elif last_change is not None and meld.history_date <= last_change:
            alive.pop(meld.id, None)
    return list(alive.values())


@writing()
def restore_game(history_id: int) -> Game:
    """Bring back a deleted game from its history record: at its old place in its match (later
    games move one down; at the end if the match got shorter meanwhile), with its melds as they
    were when it was deleted. The match is recomputed and the league notified."""
    record = Game.history.filter(history_id=history_id).first()  # type: ignore[attr-defined]
    if record is None or record.history_type != "-":
        raise CannotRestore(gettext("Dieses Spiel wurde nicht gelöscht."))
    latest = Game.history.filter(id=record.id).order_by("-history_date", "-history_id").first()  # type: ignore[attr-defined]
    if latest.history_id != record.history_id or Game.objects.filter(pk=record.id).exists():
        raise CannotRestore(gettext("Dieses Spiel ist schon wiederhergestellt."))
    at = timezone.now()
    match = Match.objects.filter(pk=record.match_id).first() or _restore_match(record.match_id, at)
    match = Match.objects.select_related("team_a", "team_b", "evening").get(pk=match.pk)
    sheet = _stored_sheet(record, match, _melds_before_deletion(record))
    outcome = result(sheet)
    position = min(record.position, match.games.count() + 1)
    later = Game.objects.filter(match=match, position__gte=position)
    later.update(position=F("position") + _SHIFT)
    later.update(position=F("position") - _SHIFT + 1)
    # A version above any the game had, so a form opened before the deletion stays stale.
    version = Game.history.filter(id=record.id).count() + 1  # type: ignore[attr-defined]
    game = Game(pk=record.id, match=match, position=position, version=version)
    _apply_inputs(game, sheet, outcome)
    _save_at(game, at, force_insert=True)
    _store_melds(game, sheet, at)
    recompute_match(match)
    game.refresh_from_db()
    return game


# --- evenings and matches: the entry flow ------------------------------------------------------


@writing()
def open_evening(*, date: datetime.date, place: str = "") -> tuple[Evening, bool]:
    """The evening of a date, created when new (one evening a date); a given place is kept."""
    evening, created = Evening.objects.get_or_create(date=date, defaults={"place": place})
    if not created and place and place != evening.place:
        evening.place = place
        evening.save(update_fields=["place"])
    return evening, created


def _players_by_key() -> dict[str, Player]:
    return {name_key(p.name): p for p in Player.objects.only("pk", "name", "slug")}


def _resolve_player(ref: Player | str, known: dict[str, Player]) -> Player | str:
    """A player, or a new player's name as stored (validation.clean_name, which raises BadName);
    a name that is taken (in any case or spacing) means that player."""
    if isinstance(ref, Player):
        return ref
    if not ref.strip():
        return ""
    name = clean_name(ref)
    return known.get(name_key(name)) or name


def team_problems(team_a: tuple[Player | str, Player | str],
                  team_b: tuple[Player | str, Player | str]) -> list[Problem]:  # fmt: skip
    """The name rule for new names, then scoring's rule for the four players, asked with a
    placeholder game of these four (two spellings of one new name are one player)."""
    known = _players_by_key()
    names: list[str] = []
    problems = []
    for ref in (*team_a, *team_b):
        try:
            resolved = _resolve_player(ref, known)
        except BadName as error:
            problems.append(Problem("players", str(error)))
            continue
        name = resolved.name if isinstance(resolved, Player) else resolved
        first = next((n for n in names if n and name_key(n) == name_key(name)), name)
        names.append(first)
    if problems:
        return problems
    sheet = GameSheet(
        team_a=(names[0], names[1]),
        team_b=(names[2], names[3]),
        declarer=names[0],
        trump=None,
        bid=None,
        points_a=None,
        points_b=None,
    )
    return [p for p in validate(sheet) if p.field == "players"]


@writing()
def start_match(
    *,
    evening: Evening,
    team_a: tuple[Player | str, Player | str],
    team_b: tuple[Player | str, Player | str],
) -> Match:
    """Start the evening's next match of two teams; a name instead of a player is a new player."""
    problems = team_problems(team_a, team_b)
    if problems:
        raise InvalidGame(problems)
    players = []
    known = _players_by_key()
    for ref in (*team_a, *team_b):
        resolved = _resolve_player(ref, known)
        players.append(
            resolved if isinstance(resolved, Player) else Player.objects.create(name=resolved)
        )
    position = (evening.matches.aggregate(last=Max("position"))["last"] or 0) + 1
    return Match.objects.create(
        evening=evening,
        position=position,
        team_a=Team.objects.for_players(players[0], players[1]),
        team_b=Team.objects.for_players(players[2], players[3]),
    )


# --- several tables at once: which match a game or a new match belongs to ---------------------


def _last_matches(evening: Evening) -> tuple[dict[int, int], dict[int, frozenset[frozenset[int]]]]:
    """Per player, the match of the evening he played in last (games in the order entered),
    and the teams of every match with games."""
    rows = (
        Game.objects.filter(match__evening=evening)
        .order_by("pk")
        .values_list(
            "match_id",
            "match__team_a__player_1_id",
            "match__team_a__player_2_id",
            "match__team_b__player_1_id",
            "match__team_b__player_2_id",
        )
    )
    last: dict[int, int] = {}
    pairings: dict[int, frozenset[frozenset[int]]] = {}
    for match_id, *players in rows:
        pairings[match_id] = pairing(players[:2], players[2:])
        last.update(dict.fromkeys(players, match_id))
    return last, pairings


def _players(match: Match) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = match.team_a, match.team_b
    return (a.player_1_id, a.player_2_id), (b.player_1_id, b.player_2_id)


def open_matches(loaded: Sequence[Match]) -> set[int]:
    """The matches of one evening that can take the next game (their games prefetched): a match
    without games, or one whose four players have not played in another match since."""
    last: dict[int, tuple[int, int]] = {}
    pairings: dict[int, frozenset[frozenset[int]]] = {}
    for match in loaded:
        team_a, team_b = _players(match)
        pairings[match.pk] = pairing(team_a, team_b)
        for game in match.games.all():
            for player in (*team_a, *team_b):
                if player not in last or last[player][0] < game.pk:
                    last[player] = (game.pk, match.pk)
    last_match = {player: match_id for player, (_pk, match_id) in last.items()}
    return {
        match.pk
        for match in loaded
        if not match.games.all()
        or goes_on(*_players(match), last_match=last_match, pairings=pairings) == match.pk
    }


def match_is_open(match: Match) -> bool:
    """Whether a match can take the next game (see `open_matches`), asked of the database."""
    last, pairings = _last_matches(match.evening)
    if match.pk not in pairings:
        return True
    return goes_on(*_players(match), last_match=last, pairings=pairings) == match.pk


@writing()
def begin_match(
    *,
    evening: Evening,
    team_a: tuple[Player | str, Player | str],
    team_b: tuple[Player | str, Player | str],
) -> tuple[Match, bool]:
    """The match of two teams on an evening: the earlier match of the same teams goes on when
    none of the four played elsewhere since (True), else a new match starts (False)."""
    problems = team_problems(team_a, team_b)
    if problems:
        raise InvalidGame(problems)
    known = _players_by_key()
    refs = [_resolve_player(ref, known) for ref in (*team_a, *team_b)]
    if all(isinstance(ref, Player) for ref in refs):
        ids = [ref.pk for ref in refs]  # type: ignore[union-attr]
        wanted = pairing(ids[:2], ids[2:])
        last, pairings = _last_matches(evening)
        going_on = goes_on(ids[:2], ids[2:], last_match=last, pairings=pairings)
        if going_on is None:
            # A match of these teams started without a game yet (a second tap) is taken up.
            going_on = next(
                (
                    m.pk
                    for m in evening.matches.select_related("team_a", "team_b").order_by(
                        "-position"
                    )
                    if m.pk not in pairings and pairing(*_players(m)) == wanted
                ),
                None,
            )
        if going_on is not None:
            return Match.objects.select_related(
                "team_a__player_1", "team_a__player_2", "team_b__player_1", "team_b__player_2"
            ).get(pk=going_on), True
    return start_match(evening=evening, team_a=team_a, team_b=team_b), False


def recorded(token: uuid.UUID) -> Game | None:
    """The game stored with an entry form's one-time token, if any; AlreadyRecorded if it was
    stored and deleted since (a replay must not bring it back)."""
    game = Game.objects.filter(entry_token=token).first()
    if game is None and Game.history.filter(entry_token=token).exists():  # type: ignore[attr-defined]
        raise AlreadyRecorded
    return game


@writing()
def record_game_once(*, match: Match, token: uuid.UUID, **inputs: object) -> tuple[Game, bool]:
    """Store a game unless its form was already stored (a double tap, a form sent again):
    then nothing is stored and the stored game is returned (False). Also after it was deleted:
    a replay does not bring it back."""
    stored = recorded(token)
    if stored is not None:
        return stored, False
    return record_game(match=match, token=token, **inputs), True


@writing()
def recompute_evening(evening: Evening, *, since: datetime.date | None = None) -> None:
    """Recompute an evening's matches, e.g. after its date changed (participations carry it)."""
    for match in evening.matches.all():
        recompute_match(match, notify=False)
    refresh_year_totals({evening.date.year} | ({since.year} if since else set()))
    league_changed.send(sender=Evening, since=min(d for d in (since, evening.date) if d))


@writing()
def save_evening(evening: Evening) -> None:
    """Store an evening's date, place and notes (the admin's door); when the date moved, the
    evening's results move along, as the participations carry the date."""
    problem = date_problem(evening.date)
    if problem:
        raise InvalidGame([Problem("date", problem)])
    before = Evening.objects.filter(pk=evening.pk).values_list("date", flat=True).first()
    evening.save()
    if before is not None and before != evening.date:
        recompute_evening(evening, since=before)


@writing()
def delete_match(match: Match) -> None:
    """Delete a match with all its games; the ratings follow."""
    date = match.evening.date
    match.delete()
    refresh_year_totals([date.year], match=match)
    league_changed.send(sender=Match, since=date)


@writing()
def delete_evening(evening: Evening) -> None:
    """Delete an evening with all its games; the ratings follow."""
    date = evening.date
    evening.delete()
    refresh_year_totals([date.year])
    league_changed.send(sender=Evening, since=date)


# --- deriving a match ---------------------------------------------------------------------------


def _stored_sheet(game: Game, match: Match, melds: Iterable[Meld]) -> GameSheet:
    by_side: dict[str, list[MeldValue]] = defaultdict(list)
    for meld in melds:
        by_side[meld.side].append(meld_value(meld))
    return _sheet(
        match,
        declarer=game.declarer_id,
        dealer=game.dealer_id,
        trump=game.trump,
        bid=game.bid,
        points_a=game.points_a,
        points_b=game.points_b,
        melds_a=by_side["a"],
        melds_b=by_side["b"],
        kontra=game.kontra,
        re=game.re,
    )


def meld_value(meld: Meld) -> MeldValue:
    return MeldValue(
        MeldKind(meld.kind),
        Suit(meld.suit) if meld.suit else None,
        Rank(meld.top) if meld.top else None,
    )


def _derive(results: list[GameResult]) -> tuple[list[rounds.RoundStep], rounds.MatchTally]:
    small = [(r.small_a, r.small_b) for r in results]
    steps = rounds.progress(small)
    return steps, rounds.tally(small, steps)


def _apply_step(game: Game, step: rounds.RoundStep) -> None:
    game.round_no = step.round_no
    game.score_a = step.score_a
    game.score_b = step.score_b
    game.ends_round = step.ends_round
    game.round_winner = step.round_winner.value if step.round_winner else ""
    game.large_points = step.large_points
    game.kalte = step.kalte


_STEP_FIELDS = ["round_no", "score_a", "score_b", "ends_round", "round_winner", "large_points",
                "kalte", "playing_side", "winner_side", "small_a", "small_b"]  # fmt: skip


def _derived_values(game: Game) -> tuple[object, ...]:
    return tuple(getattr(game, name) for name in _STEP_FIELDS)


def _write_derived(games: list[Game]) -> None:
    """Store the derived fields of changed games with one prepared UPDATE.

    Django's bulk_update builds a CASE expression per field and row, which costs more than the
    whole recomputation; only the rows that really changed are written.
    """
    update_rows(Game, _STEP_FIELDS, [(*_derived_values(g), g.pk) for g in games])


def _apply_tally(match: Match, tally: rounds.MatchTally) -> None:
    match.games_count = tally.a.games
    match.small_a, match.small_b = tally.a.small_points, tally.b.small_points
    match.rounds_a, match.rounds_b = tally.a.rounds_won, tally.b.rounds_won
    match.large_a, match.large_b = tally.a.large_points, tally.b.large_points
    match.kalte_a, match.kalte_b = tally.a.kalte, tally.b.kalte
    match.open_round = tally.open_round


_PARTICIPATION_FIGURES = (
    "games", "games_won", "small_points", "small_points_against", "rounds_won", "rounds_lost",
    "large_points", "kalte", "laube",
)  # fmt: skip
PARTICIPATION_COLUMNS = ("match_id", "evening_id", "date", "player_id", "team_id", "opponent_id",
                         "side", "is_first", *_PARTICIPATION_FIGURES)  # fmt: skip


def _participations(match: Match, tally: rounds.MatchTally) -> list[tuple[Any, ...]]:
    """The match's four Participation rows, as plain values in PARTICIPATION_COLUMNS' order."""
    rows = []
    for side in Side:
        team, opponent = match.team(side), match.team(side.other)
        figures = tally.side(side)
        values = [getattr(figures, name) for name in _PARTICIPATION_FIGURES]
        for player_id in (team.player_1_id, team.player_2_id):
            seat = (match.pk, match.evening_id, match.evening.date, player_id, team.pk, opponent.pk)
            rows.append((*seat, side.value, player_id == team.player_1_id, *values))
    return rows


def recompute_match(
    match: Match,
    *,
    notify: bool = True,
    rounds_changed: bool = False,
    appended: int | None = None,
) -> None:
    """Rewrite the derived results of one match's games, its tally and its participations.

    With `notify` the year's totals follow and the ratings hear of it; a caller that recomputes
    many matches passes False and does both once at the end. The listeners learn whether a
    round's result changed (`rounds_changed` forces it, e.g. after a deletion): the ratings
    follow the rounds alone, and most games end none. `appended`: the change was this new game
    at the end of the match; the listeners hear so when it was indeed the only game that changed.
    """
    match = Match.objects.select_related("team_a", "team_b", "evening").get(pk=match.pk)
    before = list(match.participations.values_list(*PARTICIPATION_COLUMNS)) if notify else []
    changed_rounds, changed, after = _rederive([match])
    rounds_changed = changed_rounds or rounds_changed
    if notify:
        _follow_year_totals(match, before, after)
        # Only the match's four players' figures changed: the listeners may narrow to them.
        players = frozenset(
            pk for t in (match.team_a, match.team_b) for pk in (t.player_1_id, t.player_2_id)
        )
        league_changed.send(
            sender=Match,
            since=match.evening.date,
            rounds_changed=rounds_changed,
            players=players,
            appended=appended if changed == {appended} else None,
        )


def _follow_year_totals(
    match: Match, before: list[tuple[Any, ...]], after: list[tuple[Any, ...]]
) -> None:
    """Bring the year totals along after one match was derived anew from its participations
    `before` and `after`: when it had them both times on the same date, its evening counted
    already and only the difference is added; otherwise its players and teams are summed anew."""
    date, player, team, first = (PARTICIPATION_COLUMNS.index(c) for c in
                                 ("date", "player_id", "team_id", "is_first"))  # fmt: skip
    figures = PARTICIPATION_COLUMNS.index(_PARTICIPATION_FIGURES[0])
    year = match.evening.date.year
    old = {row[player]: row[figures:] for row in before if row[date] == match.evening.date}
    if len(old) != len(before) or set(old) != {row[player] for row in after}:
        refresh_year_totals([year], match=match)
        return
    players, teams = [], []
    for row in after:
        added = [new - was for new, was in zip(row[figures:], old[row[player]], strict=True)]
        if any(added):
            players.append((*added, row[player], year))
            if row[first]:
                teams.append((*added, row[team], year))
    add_to_rows(PlayerYear, _PARTICIPATION_FIGURES, ("player_id", "year"), players)
    add_to_rows(TeamYear, _PARTICIPATION_FIGURES, ("team_id", "year"), teams)


def _rederive(matches: list[Match]) -> tuple[bool, set[int], list[tuple[Any, ...]]]:
    """Derive these matches (with teams and evening loaded) anew in a handful of queries.

    Only games and tallies that really changed are written; participations are rewritten.
    Returns whether a game now ends a round differently (or newly ends one, or no longer does),
    the games whose derived values changed, and the participations written.
    """
    rounds_changed = False
    games_of: dict[int, list[Game]] = defaultdict(list)
    for game in Game.objects.filter(match__in=matches).order_by("match_id", "position"):
        games_of[game.match_id].append(game)
    # Melds as plain rows: a related manager per game costs more than deriving the game.
    melds_of: dict[int, list[Any]] = defaultdict(list)
    melds = Meld.objects.filter(game__match__in=matches).order_by("game_id", "side", "pk")
    for meld in melds.values_list("game_id", "side", "kind", "suit", "top", named=True):
        melds_of[meld.game_id].append(meld)
    changed: list[Game] = []
    tallies: list[Match] = []
    participations: list[tuple[Any, ...]] = []
    for match in matches:
        games = games_of[match.pk]
        results = [result(_stored_sheet(g, match, melds_of[g.pk])) for g in games]
        steps, tally = _derive(results)
        for game, outcome, step in zip(games, results, steps, strict=True):
            before = _derived_values(game)
            round_before = (game.ends_round, game.round_winner)
            game.playing_side = outcome.playing_side.value
            game.winner_side = outcome.winner.value
            game.small_a, game.small_b = outcome.small_a, outcome.small_b
            _apply_step(game, step)
            if _derived_values(game) != before:
                changed.append(game)
                rounds_changed = rounds_changed or round_before != (
                    game.ends_round,
                    game.round_winner,
                )
        before = _tally_values(match)
        _apply_tally(match, tally)
        if _tally_values(match) != before:
            tallies.append(match)
        if games:  # a Partie without games is no evening of its players
            participations.extend(_participations(match, tally))
    _write_derived(changed)
    # The match's history keeps teams and place only, not the derived tally: a plain UPDATE.
    update_rows(Match, MATCH_TALLY_FIELDS, [(*_tally_values(m), m.pk) for m in tallies])
    Participation.objects.filter(match__in=matches).delete()
    insert_rows(Participation, PARTICIPATION_COLUMNS, participations)
    return rounds_changed, {game.pk for game in changed}, participations


def _tally_values(match: Match) -> tuple[object, ...]:
    return tuple(getattr(match, name) for name in MATCH_TALLY_FIELDS)


def refresh_year_totals(years: Iterable[int] | None = None, *, match: Match | None = None) -> None:
    """Rebuild the players' and teams' sums of these years (all years: None) from participations.

    One plain read of the participations, summed here: aggregating a dozen sums in SQL costs
    more to build than to run when a save touches a few hundred rows. With `match`, only its
    four players and two teams are summed anew: nobody else's figures changed, and saving a game
    stays cheap however large the year.
    """
    rows = Participation.objects.all()
    stale_players, stale_teams = PlayerYear.objects.all(), TeamYear.objects.all()
    teams: set[int] | None = None
    if match is not None:
        teams = {match.team_a_id, match.team_b_id}
        players = {
            pk for t in (match.team_a, match.team_b) for pk in (t.player_1_id, t.player_2_id)
        }
        rows = rows.filter(player__in=sorted(players))
        stale_players = stale_players.filter(player__in=sorted(players))
        stale_teams = stale_teams.filter(team__in=sorted(teams))
    if years is not None:
        years = sorted(set(years))
        if not years:
            return
        spans = models.Q()
        for year in years:
            spans |= models.Q(
                date__gte=datetime.date(year, 1, 1), date__lt=datetime.date(year + 1, 1, 1)
            )
        rows = rows.filter(spans)
        stale_players = stale_players.filter(year__in=years)
        stale_teams = stale_teams.filter(year__in=years)
    stale_players.delete()
    stale_teams.delete()
    figures = YearTotals.SUMS[1:]  # the evenings are counted, the rest summed
    sums: dict[tuple[str, int, int], list[int]] = {}
    evenings: dict[tuple[str, int, int], set[int]] = defaultdict(set)
    read = rows.values_list("player_id", "team_id", "is_first", "evening_id", "date", *figures)
    for player, team, is_first, evening, date, *values in read.iterator(chunk_size=2000):
        keys = [("player", player, date.year)]
        # The team's first player's line stands for the team.
        if is_first and (teams is None or team in teams):
            keys.append(("team", team, date.year))
        for key in keys:
            evenings[key].add(evening)
            total = sums.get(key)
            if total is None:
                sums[key] = list(values)  # a row can start a player's and a team's sum
            else:
                for i, value in enumerate(values):
                    total[i] += value
    for kind, model in (("player", PlayerYear), ("team", TeamYear)):
        insert_rows(
            model,
            (f"{kind}_id", "year", "evenings", *figures),
            [
                (pk, year, len(evenings[(k, pk, year)]), *values)
                for (k, pk, year), values in sorted(sums.items())
                if k == kind
            ],
        )


def refresh_planner_statistics() -> None:
    """Let the database re-measure its tables after many rows changed at once.

    Without statistics SQLite's planner scans every game to sort Alle Spiele (seconds at a
    million games); with them it walks the evenings' date index (milliseconds).
    """
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


# Matches derived together by recompute_all: a few queries per batch instead of several per match.
_BATCH = 500


def recompute_all() -> int:
    """Recompute every match from its games' inputs (idempotent). Returns the match count."""
    count = 0
    matches = Match.objects.select_related("team_a", "team_b", "evening")
    with writing():
        batch: list[Match] = []
        for match in matches.order_by("evening__date", "position").iterator(chunk_size=_BATCH):
            batch.append(match)
            if len(batch) == _BATCH:
                _rederive(batch)
                count, batch = count + len(batch), []
        _rederive(batch)
        count += len(batch)
        refresh_year_totals()
        first = Evening.objects.order_by("date").values_list("date", flat=True).first()
        league_changed.send(sender=Match, since=first)
    refresh_planner_statistics()
    return count


# --- many games at once: import and the demo league -----------------------------------------


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


def _team_key(pair: tuple[str, str]) -> frozenset[str]:
    return frozenset(pair)


def _split_matches(games: list[GameRecord]) -> list[list[GameRecord]]:
    """An evening's games in matches by scoring's rule, also when two tables' games interleave
    in the file; a match's sides follow its first game."""
    numbers = split_matches([(record.team_a, record.team_b) for record in games])
    grouped: list[list[GameRecord]] = [[] for _ in range(max(numbers, default=-1) + 1)]
    for record, number in zip(games, numbers, strict=True):
        group = grouped[number]
        same_sides = not group or _team_key(record.team_a) == _team_key(group[0].team_a)
        group.append(record if same_sides else record.swapped())
    return grouped


_NAME_FIELDS = ("a1", "a2", "b1", "b2", "declarer", "dealer")


def _canonical(
    evenings: Sequence[EveningRecord],
) -> tuple[list[EveningRecord], list[ImportProblem]]:
    """The evenings with every name as stored: an existing player's name when the keys match
    (case and spacing aside), else the first spelling in the file; names that break the name
    rule are problems."""
    known = {key: p.name for key, p in _players_by_key().items()}
    spelled: dict[str, str] = {}
    problems: list[ImportProblem] = []

    def canonical(raw: str | None, line: int | None, field: str) -> str | None:
        if not isinstance(raw, str) or not raw.strip():
            return raw  # a missing name is scoring's problem
        if raw not in spelled:
            try:
                name = clean_name(raw)
            except BadName as error:
                problems.append(ImportProblem(line, field, str(error)))
                return raw
            spelled[raw] = known.setdefault(name_key(name), name)
        return spelled[raw]

    result = []
    for evening in evenings:
        games = []
        for record in evening.games:
            names = (*record.team_a, *record.team_b, record.declarer, record.dealer)
            new = [canonical(n, record.line, f) for n, f in zip(names, _NAME_FIELDS, strict=True)]
            if new != list(names):
                record = dataclasses.replace(
                    record,
                    team_a=(new[0], new[1]),
                    team_b=(new[2], new[3]),
                    declarer=new[4],
                    dealer=new[5],
                )
            games.append(record)
        result.append(dataclasses.replace(evening, games=games))
    return result, problems


def check_evenings(evenings: Sequence[EveningRecord], *, replace: bool) -> list[ImportProblem]:
    """Every problem of a league file, before anything is written."""
    return _checked(evenings, replace=replace)[1]


def _checked(
    evenings: Sequence[EveningRecord], *, replace: bool
) -> tuple[list[EveningRecord], list[ImportProblem]]:
    evenings, problems = _canonical(evenings)
    seen_dates: set[datetime.date] = set()
    for evening in evenings:
        seen_dates.add(evening.date)
        wrong_date = date_problem(evening.date)
        if wrong_date:
            line = evening.games[0].line if evening.games else None
            problems.append(ImportProblem(line, "date", wrong_date))
        for record in evening.games:
            problems.extend(
                ImportProblem(record.line, p.field, p.text) for p in validate(record.sheet())
            )
    if not replace and seen_dates:
        taken = set(Evening.objects.filter(date__in=seen_dates).values_list("date", flat=True))
        for evening in evenings:
            if evening.date in taken:
                line = evening.games[0].line if evening.games else None
                problems.append(
                    ImportProblem(
                        line,
                        "date",
                        f"Für den {evening.date.isoformat()} sind schon Spiele gespeichert "
                        "(mit --replace ersetzen).",
                    )
                )
    return evenings, sorted(problems, key=lambda p: p.line or 0)


def store_evenings(evenings: Sequence[EveningRecord], *, replace: bool = False) -> StoreSummary:
    """Store whole evenings at once, all or nothing, through the same rules as single games."""
    summary = StoreSummary()
    evenings, summary.problems = _checked(evenings, replace=replace)
    if summary.problems:
        return summary
    with writing():
        dates = [e.date for e in evenings]
        if replace:
            old = Evening.objects.filter(date__in=dates)
            summary.replaced_evenings = old.count()
            for evening in old:
                evening.delete()
        players = _players_by_name(evenings, summary)
        teams: dict[frozenset[int], Team] = {
            frozenset((t.player_1_id, t.player_2_id)): t for t in Team.objects.all()
        }
        stored = bulk_create_with_history(
            [Evening(date=e.date, place=e.place) for e in evenings], Evening
        )
        by_date = {e.date: e for e in stored}
        for_matches: list[tuple[Match, list[GameRecord]]] = []
        for evening in evenings:
            for position, records in enumerate(_split_matches(evening.games), 1):
                first = records[0]
                match = Match(
                    evening=by_date[evening.date],
                    position=position,
                    team_a=_team(teams, players, first.team_a),
                    team_b=_team(teams, players, first.team_b),
                )
                for_matches.append((match, records))
        bulk_create_with_history([m for m, _records in for_matches], Match)
        _store_games(for_matches, players)
        summary.evenings = len(evenings)
        summary.matches = len(for_matches)
        summary.games = sum(len(r) for _m, r in for_matches)
        refresh_year_totals({d.year for d in dates})
        league_changed.send(sender=Evening, since=min(dates) if dates else None)
    refresh_planner_statistics()
    return summary


def _players_by_name(evenings: Sequence[EveningRecord], summary: StoreSummary) -> dict[str, Player]:
    names = {n for e in evenings for r in e.games for n in (*r.team_a, *r.team_b)}
    players = {p.name: p for p in Player.objects.filter(name__in=names)}
    for name in sorted(names - players.keys()):
        players[name] = Player.objects.create(name=name)
        summary.new_players.append(name)
    return players


def _team(
    teams: dict[frozenset[int], Team], players: dict[str, Player], pair: tuple[str, str]
) -> Team:
    first, second = players[pair[0]], players[pair[1]]
    key = frozenset((first.pk, second.pk))
    if key not in teams:
        teams[key] = Team.objects.for_players(first, second)
    return teams[key]


def _store_games(
    for_matches: list[tuple[Match, list[GameRecord]]], players: dict[str, Player]
) -> None:
    games: list[Game] = []
    melds: list[tuple[Game, GameRecord]] = []
    participations: list[tuple[object, ...]] = []
    for match, records in for_matches:
        outcomes = [result(r.sheet()) for r in records]
        steps, tally = _derive(outcomes)
        for position, (record, outcome, step) in enumerate(
            zip(records, outcomes, steps, strict=True), 1
        ):
            game = Game(
                match=match,
                position=position,
                declarer=players[record.declarer],
                dealer=players[record.dealer] if record.dealer else None,
                trump=record.trump,
                bid=record.bid,
                kontra=record.kontra,
                re=record.re,
                points_a=record.points_a,
                points_b=record.points_b,
                playing_side=outcome.playing_side.value,
                winner_side=outcome.winner.value,
                small_a=outcome.small_a,
                small_b=outcome.small_b,
            )
            _apply_step(game, step)
            games.append(game)
            melds.append((game, record))
        _apply_tally(match, tally)
        participations.extend(_participations(match, tally))
    bulk_create_with_history(games, Game, batch_size=2000)
    meld_rows = [row for game, record in melds for row in _meld_rows(game, record.sheet())]
    bulk_create_with_history(meld_rows, Meld, batch_size=2000)
    update_rows(Match, MATCH_TALLY_FIELDS, [(*_tally_values(m), m.pk) for m, _r in for_matches])
    insert_rows(Participation, PARTICIPATION_COLUMNS, participations)
