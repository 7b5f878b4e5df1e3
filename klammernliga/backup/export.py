"""Writing the league out: the whole league as a backup document (`export_league`), and every
game in the CSV import format (`write_games_csv`)."""

from __future__ import annotations

import csv
import datetime
import decimal
import uuid
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.db import models
from django.utils import timezone

from klammernliga import services
from klammernliga.backup.document import (
    BATCH,
    FORMAT,
    TABLES,
    USER_FIELDS,
    VERSION,
    history_model,
    is_user_fk,
)
from klammernliga.csv_format import HEADER, NO, YES, format_melds
from klammernliga.models import Game
from klammernliga.validation import csv_cell


def _to_json(value: object) -> object:
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    return value


def _permission_keys(permissions: Iterable[Permission]) -> list[list[str]]:
    return sorted([p.content_type.app_label, p.codename] for p in permissions)


def _rows(model: type[models.Model], usernames: dict[int, str]) -> list[dict[str, object]]:
    fields = model._meta.concrete_fields
    rows = []
    values = model._base_manager.order_by("pk").values_list(*(f.attname for f in fields))
    for record in values.iterator(chunk_size=BATCH):
        row = {}
        for f, value in zip(fields, record, strict=True):
            row[f.name] = usernames.get(value) if is_user_fk(f) and value else _to_json(value)
        rows.append(row)
    return rows


def export_league() -> dict[str, object]:
    """The whole league as a JSON-ready document."""
    user_model = get_user_model()
    users = user_model._base_manager.order_by("pk").prefetch_related(
        "groups", "user_permissions__content_type"
    )
    usernames = {u.pk: u.get_username() for u in users}
    document: dict[str, object] = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "groups": [
            {"name": g.name, "permissions": _permission_keys(g.permissions.all())}
            for g in Group.objects.order_by("name").prefetch_related("permissions__content_type")
        ],
        "users": [
            {
                **{name: _to_json(getattr(u, name)) for name in USER_FIELDS},
                "groups": sorted(g.name for g in u.groups.all()),
                "user_permissions": _permission_keys(u.user_permissions.all()),
            }
            for u in users
        ],
    }
    history: dict[str, object] = {}
    for key, model in TABLES:
        document[key] = _rows(model, usernames)
        tracked = history_model(model)
        if tracked is not None:
            history[key] = _rows(tracked, usernames)
    document["history"] = history
    return document


def games_in_order_of_play() -> Iterator[Game]:
    return (
        Game.objects.order_by("match__evening__date", "match__position", "position")
        .select_related(
            "match__evening",
            "match__team_a__player_1",
            "match__team_a__player_2",
            "match__team_b__player_1",
            "match__team_b__player_2",
            "declarer",
            "dealer",
        )
        .prefetch_related("melds")
        .iterator(chunk_size=BATCH)
    )


def write_games_csv(stream: TextIO) -> int:
    """Every game in the import format (`klammernliga.csv_format`), in order of play."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(HEADER)
    count = 0
    for game in games_in_order_of_play():
        match = game.match
        melds: dict[str, list[Any]] = {"a": [], "b": []}
        for meld in game.melds.all():
            melds[meld.side].append(services.meld_value(meld))
        row = [
            match.evening.date.isoformat(),
            match.team_a.player_1.name,
            match.team_a.player_2.name,
            match.team_b.player_1.name,
            match.team_b.player_2.name,
            game.dealer.name if game.dealer else "",
            game.declarer.name,
            game.trump,
            game.bid,
            format_melds(melds["a"]),
            format_melds(melds["b"]),
            YES if game.kontra else NO,
            YES if game.re else NO,
            game.points_a,
            game.points_b,
        ]
        writer.writerow([csv_cell(value) for value in row])  # import_games undoes csv_cell
        count += 1
    return count
