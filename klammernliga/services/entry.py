"""The entry flow of single games: record, correct, delete and restore a game, each in one
transaction with everything derived from it. `scoring` decides; this module only stores."""

from __future__ import annotations

import datetime
import uuid
from dataclasses import replace
from typing import Any

from django.db import models
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext

from klammernliga.bulk import insert_history
from klammernliga.derive import summaries
from klammernliga.derive.matches import recompute_match
from klammernliga.derive.sheets import (
    apply_inputs,
    game_sheet,
    meld_key,
    meld_rows,
    stored_sheet,
)
from klammernliga.derive.years import refresh_year_totals
from klammernliga.models import Evening, Game, Match, Meld
from klammernliga.services.writing import (
    AlreadyRecorded,
    CannotRestore,
    StaleGame,
    TokenConflict,
    writing,
)
from scoring.rules import GameSheet, Problem, result, validate


def _save_at(obj: models.Model, at: datetime.datetime) -> None:
    """Save with its history record dated `at`, so a game and its melds share one moment."""
    obj._history_date = at  # type: ignore[attr-defined]  # simple_history reads it; untyped
    try:
        obj.save()
    finally:
        del obj._history_date  # type: ignore[attr-defined]  # simple_history reads it; untyped


def _insert_at(obj: models.Model, at: datetime.datetime, reason: str | None = None) -> None:
    """Insert a new row and its history record dated `at` (klammernliga.bulk.insert_history)."""
    obj.skip_history_when_saving = True  # type: ignore[attr-defined]  # simple_history reads it; untyped
    try:
        obj.save(force_insert=True)
    finally:
        del obj.skip_history_when_saving  # type: ignore[attr-defined]  # simple_history reads it; untyped
    insert_history([obj], at, reason)


def _delete_at(obj: models.Model, at: datetime.datetime) -> None:
    obj._history_date = at  # type: ignore[attr-defined]  # simple_history reads it; untyped
    obj.delete()


def _store_melds(game: Game, sheet: GameSheet, at: datetime.datetime) -> list[Meld]:
    rows = meld_rows(game, sheet)
    if rows:
        Meld.objects.bulk_create(rows)
        insert_history(rows, at)
    return rows


def game_problems(*, match: Match, **inputs: object) -> list[Problem]:
    """Every problem of a game as it would be recorded in `match`; nothing is stored."""
    return validate(game_sheet(match, **inputs))  # type: ignore[arg-type]  # any inputs: scoring checks them


@writing()
def record_game(
    *, match: Match, token: uuid.UUID | None = None, reason: str | None = None, **inputs: object
) -> Game:
    """Validate and store a new game at the end of its match; what follows from it is derived
    as for every other change (`recompute_match`). A reason goes into its history (a game
    typed by another scorekeeper and taken over: `taken_over_reason`)."""
    sheet = game_sheet(match, **inputs)  # type: ignore[arg-type]  # any inputs: scoring checks them
    outcome = result(sheet)  # raises InvalidGame with every problem
    game = Game(match=match, entry_token=token)
    apply_inputs(game, sheet, outcome)
    last = Game.objects.filter(match=match).aggregate(last=Max("position"))["last"]
    game.position = (last or 0) + 1
    at = timezone.now()
    _insert_at(game, at, reason)
    _store_melds(game, sheet, at)
    recompute_match(match)
    game.refresh_from_db()
    return game


TAKEN_OVER = "taken-over-from:"


def taken_over_reason(username: str) -> str:
    """The history's reason of a game another scorekeeper typed and this one took over and sent
    (klammernliga.entry.history shows it)."""
    return (TAKEN_OVER + username)[:100]


@writing()
def update_game(*, game: Game, version: int, **inputs: object) -> Game:
    """Change a game if nobody else changed it since `version` was read."""
    match = Match.objects.select_related("team_a", "team_b", "evening").get(pk=game.match_id)
    sheet = game_sheet(match, **inputs)  # type: ignore[arg-type]  # any inputs: scoring checks them
    outcome = result(sheet)
    # Optimistic check: only the holder of the current version may write.
    if not Game.objects.filter(pk=game.pk, version=version).update(version=version + 1):
        raise StaleGame
    game.refresh_from_db()
    apply_inputs(game, sheet, outcome)
    at = timezone.now()
    _save_at(game, at)
    old_melds = list(game.melds.all())
    # Melds are replaced only when they changed, so the history shows real changes only.
    if meld_key(old_melds) != meld_key(meld_rows(game, sheet)):
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
        summaries.follow(since=evening.date)
        return
    for position, pk in enumerate(match.games.order_by("position").values_list("pk", flat=True), 1):
        Game.objects.filter(pk=pk).update(position=position)
    recompute_match(match)


# Moves later games out of the way in two steps, as positions are unique per match.
_SHIFT = 1_000_000


def _restore_match(match_id: int, at: datetime.datetime) -> Match:
    """Bring back a match that was deleted together with its last game."""
    gone = Match.history.filter(id=match_id, history_type="-").order_by("-history_date").first()
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
    _insert_at(match, at)
    return match


def _melds_before_deletion(deleted: Any) -> list[Any]:
    """A game's melds as they were when it was deleted, replayed from the melds' history.
    Meld deletions after the game's last change belong to its deletion (directly or by cascade)
    and are not replayed; those of a correction share the correction's moment."""
    game_history = Game.history.filter(id=deleted.id)
    last_change = (
        game_history.filter(history_date__lt=deleted.history_date)
        .order_by("-history_date")
        .values_list("history_date", flat=True)
        .first()
    )
    alive: dict[int, Any] = {}
    records = Meld.history.filter(
        game_id=deleted.id,
        history_date__lte=deleted.history_date,
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
    record = Game.history.filter(history_id=history_id).first()
    if record is None or record.history_type != "-":
        raise CannotRestore(gettext("Dieses Spiel wurde nicht gelöscht."))
    latest = Game.history.filter(id=record.id).order_by("-history_date", "-history_id").first()
    if latest.history_id != record.history_id or Game.objects.filter(pk=record.id).exists():
        raise CannotRestore(gettext("Dieses Spiel ist schon wiederhergestellt."))
    at = timezone.now()
    match = Match.objects.filter(pk=record.match_id).first() or _restore_match(record.match_id, at)
    match = Match.objects.select_related("team_a", "team_b", "evening").get(pk=match.pk)
    sheet = stored_sheet(record, match, _melds_before_deletion(record))
    outcome = result(sheet)
    position = min(record.position, match.games.count() + 1)
    later = Game.objects.filter(match=match, position__gte=position)
    later.update(position=F("position") + _SHIFT)
    later.update(position=F("position") - _SHIFT + 1)
    # A version above any the game had, so a form opened before the deletion stays stale.
    version = Game.history.filter(id=record.id).count() + 1
    # With its one-time token: a replay of its form is the stored game again, not "deleted".
    token = record.entry_token
    game = Game(pk=record.id, match=match, position=position, version=version, entry_token=token)
    apply_inputs(game, sheet, outcome)
    _insert_at(game, at)
    _store_melds(game, sheet, at)
    recompute_match(match)
    game.refresh_from_db()
    return game


def recorded(token: uuid.UUID) -> Game | None:
    """The game stored with an entry form's one-time token, if any; AlreadyRecorded if it was
    stored and deleted since (a replay must not bring it back).

    Every stored game has a history record with its token, so a new form's token (the common
    case, asked twice a save) costs one query on the history's token index.
    """
    if not Game.history.filter(entry_token=token).exists():
        return None
    # get(), not first(): first() sorts by the games' playing order, and SQLite then walked
    # every evening (a token column of mostly NULLs looks unselective to its planner).
    try:
        return Game.objects.get(entry_token=token)
    except Game.DoesNotExist:
        raise AlreadyRecorded from None


def _normal(sheet: GameSheet) -> GameSheet:
    """A sheet as compared: melds in one order (a form lists them by kind), words as text."""
    return replace(
        sheet,
        melds_a=tuple(sorted(sheet.melds_a, key=str)),
        melds_b=tuple(sorted(sheet.melds_b, key=str)),
        trump=str(sheet.trump),
        bid=str(sheet.bid),
    )


def check_replay(stored: Game, *, match: Match, author: Any, **inputs: object) -> None:
    """A form sent again must be the game its token stored: the same Partie, the same inputs,
    from the scorekeeper who stored it. TokenConflict otherwise (a token copied into another
    form, another scorekeeper's phone sending it)."""
    first = Game.history.filter(id=stored.pk).order_by("history_date", "history_id").first()
    by = first.history_user_id if first is not None else None
    if by is not None and getattr(author, "pk", None) != by:
        raise TokenConflict
    if stored.match_id != match.pk or not same_game(stored, **inputs):
        raise TokenConflict


def same_game(stored: Game, **inputs: object) -> bool:
    """Whether the inputs are the stored game as it stands (a change sent twice, or a form
    sent again after its answer was lost)."""
    posted = game_sheet(stored.match, **inputs)  # type: ignore[arg-type]  # any inputs: scoring checks them
    return _normal(stored_sheet(stored, stored.match, stored.melds.all())) == _normal(posted)


@writing()
def record_game_once(
    *,
    match: Match,
    token: uuid.UUID,
    author: Any = None,
    reason: str | None = None,
    **inputs: object,
) -> tuple[Game, bool]:
    """Store a game unless its form was already stored (a double tap, a form sent again):
    then nothing is stored and the stored game is returned (False). Also after it was deleted:
    a replay does not bring it back. The token stays the stored game's: sent with another game
    or by another scorekeeper it is refused (TokenConflict)."""
    stored = recorded(token)
    if stored is not None:
        check_replay(stored, match=match, author=author, **inputs)
        return stored, False
    return record_game(match=match, token=token, reason=reason, **inputs), True
