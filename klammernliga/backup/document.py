"""The backup document's format: its name and version, the league's tables in load order, and
what both directions share (the history table of a tracked model, user foreign keys)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import models

from klammernliga.models import Evening, Game, Match, Meld, Player, Team

FORMAT = "klammernliga-league"
VERSION = 1

# The league's records in the order they can be loaded (referenced tables first).
TABLES: list[tuple[str, type[models.Model]]] = [
    ("players", Player),
    ("teams", Team),
    ("evenings", Evening),
    ("matches", Match),
    ("games", Game),
    ("melds", Meld),
]
USER_FIELDS = ["username", "first_name", "last_name", "email", "password", "is_active",
               "is_staff", "is_superuser", "date_joined", "last_login"]  # fmt: skip
BATCH = 2000
# Ids of the document: far below what the columns hold, so that new records still find room
# after the highest id (an id of 2**63 - 1 would leave none).
ID_LIMIT = 2**31 - 1


def unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """json's object_pairs_hook: a key twice in one object is refused, not taken last-wins."""
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} appears twice in one object")
        result[key] = value
    return result


class BackupError(Exception):
    """The document cannot be imported; `problems` says why, one line each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class ImportSummary:
    counts: dict[str, int] = field(default_factory=dict)
    history: dict[str, int] = field(default_factory=dict)
    users_created: list[str] = field(default_factory=list)
    users_kept: list[str] = field(default_factory=list)
    replaced: bool = False


def history_model(model: type[models.Model]) -> type[models.Model] | None:
    attribute = getattr(model._meta, "simple_history_manager_attribute", None)
    return getattr(model, attribute).model if attribute else None


def is_user_fk(f: models.Field) -> bool:
    return bool(f.is_relation and f.related_model is get_user_model())
