"""An evening's history for the scorekeepers: who changed what and when, and which deleted games
can be brought back. Read from django-simple-history's records, a fixed number of queries."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext, pgettext

from klammernliga.models import Evening, Game, Match, Meld, Player, Team
from klammernliga.services import TAKEN_OVER
from scoring.domain import BID_LABELS, MELD_LABELS, SUIT_LABELS, Bid, MeldKind, Suit

HistoricalGame: Any = Game.history.model
HistoricalMatch: Any = Match.history.model
HistoricalMeld: Any = Meld.history.model
HistoricalEvening: Any = Evening.history.model

_GAME_INPUTS = ("declarer_id", "dealer_id", "trump", "bid", "kontra", "re", "points_a", "points_b")


@dataclass
class Change:
    """One line of the history page."""

    when: datetime.datetime
    user: str
    subject: str
    action: str
    details: list[str] = field(default_factory=list)
    restore_id: int | None = None
    order: int = 0


@dataclass(frozen=True)
class DeletedGame:
    history_id: int
    when: datetime.datetime
    user: str
    subject: str
    summary: str


def evening_games(evening: Evening) -> Q:
    """Game history records of an evening: of its matches, also of matches deleted since."""
    matches = Match.objects.filter(evening=evening).values("id")
    gone_matches = HistoricalMatch.objects.filter(evening_id=evening.pk).values("id")
    return Q(match_id__in=matches) | Q(match_id__in=gone_matches)


def _user(record: Any) -> str:
    user = record.history_user
    if user is None:
        return "—"
    name = str(user.get_full_name() or user.get_username())
    reason = record.history_change_reason or ""
    if reason.startswith(TAKEN_OVER):
        typed_by = reason.removeprefix(TAKEN_OVER)
        return gettext("%(user)s (übernommen von %(typed_by)s)") % {
            "user": name,
            "typed_by": typed_by,
        }
    return name


def _summary(record: Any, names: dict[int, str], melds: Iterable[tuple[str, str]] = ()) -> str:
    """A game in a line: 'Anna ♥ rein, Kontra · 100:64 · Terz (A)'."""
    parts = [
        f"{names.get(record.declarer_id, '?')} {Suit(record.trump).symbol} "
        f"{gettext(BID_LABELS[Bid(record.bid)])}"
    ]
    if record.kontra:
        parts[0] += ", " + gettext("Kontra")
    if record.re:
        parts[0] += ", " + gettext("Re")
    parts.append(f"{record.points_a}:{record.points_b}")
    meld_text = melds_text(melds)
    if meld_text:
        parts.append(meld_text)
    return " · ".join(parts)


def melds_text(melds: Iterable[tuple[str, str]]) -> str:
    """'Terz, Belle (A)' from (side, kind) pairs."""
    by_side: dict[str, list[str]] = defaultdict(list)
    for side, kind in sorted(melds):
        by_side[side].append(gettext(MELD_LABELS[MeldKind(kind)]))
    return "; ".join(f"{', '.join(kinds)} ({side.upper()})" for side, kinds in by_side.items())


def restorable_games(evening: Evening) -> list[DeletedGame]:
    """The evening's deleted games that are not back yet, newest first (one query)."""
    newer = HistoricalGame.objects.filter(
        id=OuterRef("id"), history_date__gt=OuterRef("history_date")
    )
    back = Game.objects.filter(pk=OuterRef("id"))
    # The match may be gone too (deleted with its last game): then its history knows its place.
    position = Coalesce(
        Subquery(Match.objects.filter(pk=OuterRef("match_id")).values("position")[:1]),
        Subquery(
            HistoricalMatch.objects.filter(id=OuterRef("match_id"))
            .order_by("-history_date")
            .values("position")[:1]
        ),
    )
    records = (
        HistoricalGame.objects.filter(evening_games(evening), history_type="-")
        .filter(~Exists(newer), ~Exists(back))
        .annotate(match_position=position)
        .select_related("history_user", "declarer")
        .order_by("-history_date", "-history_id")
    )
    return [
        DeletedGame(
            history_id=r.history_id,
            when=r.history_date,
            user=_user(r),
            subject=_subject(r.position, r.match_position),
            summary=_summary(r, {r.declarer_id: r.declarer.name}),
        )
        for r in records
    ]


def _subject(game_position: int, match_position: int | None) -> str:
    if match_position is None:
        return gettext("Spiel %(game)d") % {"game": game_position}
    return gettext("Partie %(match)d · Spiel %(game)d") % {
        "match": match_position,
        "game": game_position,
    }


def _attach(records: list[Any], melds: list[Any]) -> dict[int, list[Any]]:
    """Each meld record belongs to the latest change of its game at or before it (a service
    gives a game and its melds the same moment; an import writes them one after the other)."""
    attached: dict[int, list[Any]] = defaultdict(list)
    for meld in melds:
        owner = None
        for record in records:
            if record.history_date <= meld.history_date:
                owner = record
        attached[(owner or records[0]).history_id].append(meld)
    return attached


def _game_changes(
    records: list[Any],
    melds: list[Any],
    names: dict[int, str],
    match_positions: dict[int, int],
    current: set[int],
) -> list[Change]:
    changes = []
    attached = _attach(records, melds) if records else {}
    state: dict[int, tuple[str, str]] = {}
    previous = None
    for index, record in enumerate(records):
        before = dict(state)
        for meld in attached.get(record.history_id, []):
            if meld.history_type == "-":
                state.pop(meld.id, None)
            else:
                state[meld.id] = (meld.side, meld.kind)
        subject = _subject(record.position, match_positions.get(record.match_id))
        change = Change(record.history_date, _user(record), subject, "", order=record.history_id)
        if record.history_type == "+":
            change.action = gettext("wiederhergestellt") if previous else gettext("eingetragen")
            change.details = [_summary(record, names, state.values())]
        elif record.history_type == "-":
            change.action = gettext("gelöscht")
            change.details = [_summary(record, names, before.values())]
            is_last = index == len(records) - 1
            change.restore_id = record.history_id if is_last and record.id not in current else None
        else:
            change.action = gettext("geändert")
            change.details = _differences(previous, record, names)
            if sorted(before.values()) != sorted(state.values()):
                change.details.append(
                    gettext("Meldungen: %(old)s → %(new)s")
                    % {
                        "old": melds_text(before.values()) or "–",
                        "new": melds_text(state.values()) or "–",
                    }
                )
            if not change.details:
                change.details = [_summary(record, names, state.values())]
        changes.append(change)
        previous = record
    return changes


def _differences(old: Any, new: Any, names: dict[int, str]) -> list[str]:
    if old is None:
        return []
    labels = {
        "declarer_id": pgettext("declarer", "Spieler"),
        "dealer_id": gettext("Geber"),
        "trump": gettext("Trumpf"),
        "bid": pgettext("bid", "Spiel"),
        "kontra": gettext("Kontra"),
        "re": gettext("Re"),
        "points_a": gettext("Punkte A"),
        "points_b": gettext("Punkte B"),
    }
    lines = []
    for name in _GAME_INPUTS:
        before, after = getattr(old, name), getattr(new, name)
        if before != after:
            lines.append(
                f"{labels[name]}: {_shown(name, before, names)} → {_shown(name, after, names)}"
            )
    return lines


def _shown(name: str, value: Any, names: dict[int, str]) -> str:
    if value is None or value == "":
        return "–"
    if name in ("declarer_id", "dealer_id"):
        return names.get(value, "?")
    if name == "trump":
        return f"{Suit(value).symbol} {gettext(SUIT_LABELS[Suit(value)])}"
    if name == "bid":
        return gettext(BID_LABELS[Bid(value)])
    if isinstance(value, bool):
        return gettext("ja") if value else gettext("nein")
    return str(value)


def _with_users(queryset: QuerySet[Any]) -> list[Any]:
    return list(queryset.select_related("history_user").order_by("history_date", "history_id"))


def evening_history(evening: Evening) -> list[Change]:
    """Every recorded change of an evening, its matches, games and melds; newest first."""
    games_q = evening_games(evening)
    evening_records = _with_users(HistoricalEvening.objects.filter(id=evening.pk))
    match_records = _with_users(HistoricalMatch.objects.filter(evening_id=evening.pk))
    game_records = _with_users(HistoricalGame.objects.filter(games_q))
    meld_records = _with_users(
        HistoricalMeld.objects.filter(
            game_id__in=HistoricalGame.objects.filter(games_q).values("id")
        )
    )
    current_matches = list(evening.matches.values("id", "position", "team_a_id", "team_b_id"))
    player_ids = {r.declarer_id for r in game_records} | {r.dealer_id for r in game_records}
    names = {p.pk: p.name for p in Player.objects.filter(pk__in=player_ids - {None})}
    team_ids = {m[k] for m in current_matches for k in ("team_a_id", "team_b_id")}
    team_ids |= {r.team_a_id for r in match_records} | {r.team_b_id for r in match_records}
    teams = Team.objects.select_related("player_1", "player_2").in_bulk(team_ids)
    current = set(
        Game.objects.filter(pk__in={r.id for r in game_records}).values_list("pk", flat=True)
    )

    match_positions = {r.id: r.position for r in match_records}
    match_positions.update({m["id"]: m["position"] for m in current_matches})
    changes = [
        *_evening_changes(evening_records),
        *_match_changes(match_records, teams),
    ]
    games: dict[int, list[Any]] = defaultdict(list)
    for record in game_records:
        games[record.id].append(record)
    melds: dict[int, list[Any]] = defaultdict(list)
    for record in meld_records:
        melds[record.game_id].append(record)
    for game_id, records in games.items():
        changes.extend(_game_changes(records, melds[game_id], names, match_positions, current))
    changes.sort(key=lambda c: (c.when, c.order), reverse=True)
    return changes


def _evening_changes(records: list[Any]) -> list[Change]:
    changes = []
    previous = None
    for record in records:
        change = Change(record.history_date, _user(record), gettext("Abend"), "", order=0)
        if record.history_type == "+":
            change.action = gettext("angelegt")
            change.details = [record.place] if record.place else []
        elif record.history_type == "-":
            change.action = gettext("gelöscht")
        else:
            change.action = gettext("geändert")
            for name, label in (("date", gettext("Datum")), ("place", gettext("Ort")),
                                ("notes", gettext("Notizen"))):  # fmt: skip
                before = getattr(previous, name, "") if previous else ""
                after = getattr(record, name)
                if before != after:
                    change.details.append(f"{label}: {before or '–'} → {after or '–'}")
        changes.append(change)
        previous = record
    return changes


def _match_changes(records: list[Any], teams: dict[int, Team]) -> list[Change]:
    changes = []
    seen: set[int] = set()
    for record in records:
        subject = gettext("Partie %(match)d") % {"match": record.position}
        change = Change(record.history_date, _user(record), subject, "", order=0)
        team_a, team_b = teams.get(record.team_a_id), teams.get(record.team_b_id)
        pairing = f"{team_a.name if team_a else '?'} – {team_b.name if team_b else '?'}"
        if record.history_type == "+":
            change.action = gettext("wieder da") if record.id in seen else gettext("begonnen")
            change.details = [pairing]
        elif record.history_type == "-":
            change.action = gettext("entfernt")
            change.details = [gettext("Ihr letztes Spiel wurde gelöscht.")]
        else:
            change.action = gettext("geändert")
            change.details = [pairing]
        seen.add(record.id)
        changes.append(change)
    return changes
