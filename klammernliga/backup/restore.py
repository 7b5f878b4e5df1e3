"""Reading a backup document back: every record checked and loaded with its id in one
transaction, users and their groups restored, then the derived results recomputed."""

from __future__ import annotations

import datetime
from collections import defaultdict
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import IntegrityError, connection, models
from django.db.backends.base.operations import BaseDatabaseOperations

from klammernliga import services
from klammernliga.backup.document import (
    BATCH,
    FORMAT,
    ID_LIMIT,
    TABLES,
    USER_FIELDS,
    VERSION,
    BackupError,
    ImportSummary,
    history_model,
    is_user_fk,
)
from klammernliga.models import Game, Player
from klammernliga.validation import BadName, clean_name, date_problem, name_key

# Far beyond any evening's Partien or any Partie's games, far below any column's limit.
MAX_POSITION = 100_000


class _Reader:
    """Turns the document's rows into unsaved model instances, collecting every problem."""

    def __init__(self, usernames: set[str]) -> None:
        self.problems: list[str] = []
        self.usernames = usernames
        self.ids: dict[type[models.Model], set[object]] = defaultdict(set)
        self.references: list[tuple[str, type[models.Model], object]] = []

    def problem(self, text: str) -> None:
        if len(self.problems) < 50:
            self.problems.append(text)

    def instances(self, where: str, model: type[models.Model], rows: object,
                  *, history: bool = False) -> list[models.Model]:  # fmt: skip
        if not isinstance(rows, list):
            self.problem(f"{where}: a list of records is expected")
            return []
        fields = {f.name: f for f in model._meta.concrete_fields}
        result = []
        for index, row in enumerate(rows):
            at = f"{where}[{index}]"
            if not isinstance(row, dict):
                self.problem(f"{at}: a record (object) is expected")
                continue
            for unknown in sorted(row.keys() - fields.keys()):
                self.problem(f"{at}: unknown field {unknown!r}")
            values = {}
            for name, f in fields.items():
                if name not in row:
                    if f.has_default() or f.null or isinstance(f, models.AutoField):
                        continue
                    self.problem(f"{at}.{name}: missing")
                    continue
                ok, value = self._value(f"{at}.{name}", f, row[name], history=history)
                if ok:
                    values[f.attname] = value
                # A position numbers a Partie of its evening or a game of its Partie: deletions
                # leave gaps, but it never comes near a column's limit (the next is max + 1).
                if ok and name == "position" and isinstance(value, int) and value > MAX_POSITION:
                    self.problem(f"{at}.position: {value} is more than {MAX_POSITION}")

            instance = model(**values)
            if instance.pk is not None:
                if instance.pk in self.ids[model]:
                    self.problem(f"{at}.id: {instance.pk} appears twice")
                self.ids[model].add(instance.pk)
            result.append(instance)
        return result

    def _value(self, at: str, f: Any, raw: object, *, history: bool) -> tuple[bool, object]:
        if isinstance(raw, str) and "\x00" in raw:
            self.problem(f"{at}: contains a NUL character")
            return False, None
        if is_user_fk(f):
            if raw is None:
                return True, None
            if not isinstance(raw, str) or raw not in self.usernames:
                self.problem(f"{at}: unknown user {_shown(raw)}")
                return False, None
            return True, raw  # resolved to an id when the users exist
        expected = _wrong_type(f, raw)
        if expected:
            self.problem(f"{at}: {expected} is expected ({_shown(raw)})")
            return False, None
        try:
            if f.is_relation:
                if raw is None and f.null:
                    return True, None
                value = f.target_field.to_python(raw)
                if not history and f.related_model in dict(TABLES).values():
                    # Checked once all tables are read: see `check_references`.
                    self.references.append((at, f.related_model, value))
                return True, value
            if raw is None and f.null:
                return True, None
            if isinstance(f, models.AutoField | models.BigAutoField):
                return True, f.to_python(raw)
            return True, f.clean(raw, None)
        except ValidationError as error:
            self.problem(f"{at}: {' '.join(error.messages)} ({_shown(raw)})")
            return False, None

    def check_league(self, players: list[models.Model], evenings: list[models.Model]) -> None:
        """The name rule and the dates' reach, as at every other door (validation)."""
        keys: dict[str, int] = {}
        for index, player in enumerate(players):
            name = getattr(player, "name", "")
            try:
                if clean_name(name) != name:
                    self.problem(f"players[{index}].name: {name!r} is not written as stored "
                                 f"({clean_name(name)!r})")  # fmt: skip
            except BadName as error:
                self.problem(f"players[{index}].name: {error} ({_shown(name)})")
                continue
            first = keys.setdefault(name_key(name), index)
            if first != index:
                self.problem(f"players[{index}].name: {name!r} is the name of players[{first}]")
        for index, evening in enumerate(evenings):
            date = getattr(evening, "date", None)
            if isinstance(date, datetime.date) and (problem := date_problem(date)):
                self.problem(f"evenings[{index}].date: {problem}")

    def check_references(self) -> None:
        names = {model: key for key, model in TABLES}
        for at, model, value in self.references:
            if value not in self.ids[model]:
                self.problem(f"{at}: {names[model]} id {value!r} does not exist")


def _shown(raw: object) -> str:
    text = repr(raw)
    return text if len(text) <= 60 else text[:57] + "..."


def _wrong_type(f: Any, raw: object) -> str | None:
    """What a field's value must be in the document, when `raw` is something else (None: fine).
    A JSON number is exactly a whole number where one belongs: 82.7, 1e400 or true are refused,
    not rounded; and it must fit the database's column."""
    if raw is None:
        return None  # whether it may be empty is the field's own check
    target = f.target_field if f.is_relation else f
    kind = target.get_internal_type()
    if "Integer" in kind or "AutoField" in kind:
        if type(raw) is not int:
            return "a whole number"
        if "AutoField" in kind or f.primary_key or f.is_relation:
            low, high = (1, ID_LIMIT)
        else:
            # The narrowest of the databases (PostgreSQL's), so SQLite refuses the same.
            low, high = BaseDatabaseOperations.integer_field_ranges.get(
                kind, connection.ops.integer_field_range(kind)
            )
        if (low is not None and raw < low) or (high is not None and raw > high):
            return f"a whole number from {low} to {high}"
        return None
    if kind == "BooleanField":
        return None if isinstance(raw, bool) else "true or false"
    if kind in ("DateField", "DateTimeField", "CharField", "TextField", "SlugField",
                "EmailField", "UUIDField"):  # fmt: skip
        return None if isinstance(raw, str) else "a text"
    return None


def _check_header(document: object) -> dict[str, Any]:
    if not isinstance(document, dict):
        raise BackupError(["the file is not a Klammernliga league document (no JSON object)"])
    if document.get("format") != FORMAT:
        raise BackupError([f"the file is not a Klammernliga league document (format {FORMAT!r})"])
    version = document.get("version")
    if type(version) is not int or version != VERSION:  # `true` equals 1 in Python
        raise BackupError(
            [f"document version {version!r} is not supported (this Klammernliga reads {VERSION})"]
        )
    missing = [k for k in ("users", "groups", "history", *dict(TABLES)) if k not in document]
    if missing:
        raise BackupError([f"the document lacks: {', '.join(missing)}"])
    problems = [
        f"{key}[{index}]: a record with a {name!r} is expected"
        for key, name in (("groups", "name"), ("users", "username"))
        for index, row in enumerate(document[key] if isinstance(document[key], list) else [None])
        if not isinstance(row, dict) or not isinstance(row.get(name), str) or not row[name]
    ]
    if not isinstance(document["history"], dict):
        problems.append("history: an object of tables is expected")
    if problems:
        raise BackupError(problems)
    problems += _people_problems(document)
    if problems:
        raise BackupError(problems)
    # A user's group that neither the document nor this database has would be dropped silently.
    known = {g["name"] for g in document["groups"]}
    known |= set(Group.objects.values_list("name", flat=True))
    for index, row in enumerate(document["users"]):
        groups = row.get("groups") or []
        if not isinstance(groups, list) or not all(isinstance(g, str) for g in groups):
            problems.append(f"users[{index}].groups: a list of group names is expected")
        else:
            problems += [
                f"users[{index}].groups: unknown group {g!r}" for g in groups if g not in known
            ]
    if problems:
        raise BackupError(problems)
    return document


def _is_permission_list(keys: object) -> bool:
    """[[app label, codename], ...]: a list of pairs of texts."""
    return isinstance(keys, list) and all(
        isinstance(key, list) and len(key) == 2 and all(isinstance(k, str) for k in key)
        for key in keys
    )


def _people_problems(document: dict[str, Any]) -> list[str]:
    """Groups and users checked before anything is written: names within their columns,
    permissions as lists of pairs of texts, every user field as the user model cleans it."""
    problems = []
    group_name = Group._meta.get_field("name")
    for index, row in enumerate(document["groups"]):
        try:
            group_name.clean(row["name"], None)
        except ValidationError as error:
            problems.append(f"groups[{index}].name: {' '.join(error.messages)}")
        if not _is_permission_list(row.get("permissions", [])):
            problems.append(f"groups[{index}].permissions: a list of [app, codename] is expected")
    user_model = get_user_model()
    for index, row in enumerate(document["users"]):
        for name in USER_FIELDS:
            if name in row:
                try:
                    field = user_model._meta.get_field(name)
                    assert isinstance(field, models.Field)
                    field.clean(row[name], None)
                except (ValidationError, TypeError, ValueError, OverflowError) as error:
                    messages = getattr(error, "messages", None) or [str(error)]
                    problems.append(f"users[{index}].{name}: {' '.join(messages)}")
        if not _is_permission_list(row.get("user_permissions", [])):
            problems.append(
                f"users[{index}].user_permissions: a list of [app, codename] is expected"
            )
    return problems[:50]


def _restore_users(document: dict[str, Any], summary: ImportSummary, reader: _Reader) -> None:
    user_model = get_user_model()
    permissions = {
        (p.content_type.app_label, p.codename): p
        for p in Permission.objects.select_related("content_type")
    }

    def resolve(keys: object, at: str) -> list[Permission]:
        found = []
        for key in keys if isinstance(keys, list) else []:
            if isinstance(key, list) and tuple(key) in permissions:
                found.append(permissions[tuple(key)])
            else:
                reader.problem(f"{at}: unknown permission {key!r}")
        return found

    for index, row in enumerate(document["groups"]):
        group, _created = Group.objects.get_or_create(name=row["name"])
        group.permissions.add(*resolve(row.get("permissions"), f"groups[{index}]"))
    existing = set(user_model._base_manager.values_list(user_model.USERNAME_FIELD, flat=True))
    for index, row in enumerate(document["users"]):
        username = row["username"]
        if username in existing:
            summary.users_kept.append(username)
            continue
        values = {}
        for name in USER_FIELDS:
            if name in row:
                try:
                    field = user_model._meta.get_field(name)
                    assert isinstance(field, models.Field)  # USER_FIELDS are the user's own
                    values[name] = field.clean(row[name], None)
                except (ValidationError, TypeError, ValueError, OverflowError) as error:
                    messages = getattr(error, "messages", None) or [str(error)]
                    reader.problem(f"users[{index}].{name}: {' '.join(messages)}")
        user = user_model(**values)
        user.save()
        user.groups.set(Group.objects.filter(name__in=row.get("groups") or []))
        user.user_permissions.set(resolve(row.get("user_permissions"), f"users[{index}]"))
        summary.users_created.append(username)


def import_league(document: object, *, replace: bool = False) -> ImportSummary:
    """Load a document into this database in one transaction; raises BackupError on problems."""
    doc = _check_header(document)
    summary = ImportSummary(replaced=replace)
    user_model = get_user_model()
    # As the file has them: a name of another kind is refused when its user is read.
    usernames: set[Any] = {u.get("username") for u in doc["users"] if isinstance(u, dict)}
    usernames |= set(user_model._base_manager.values_list(user_model.USERNAME_FIELD, flat=True))
    reader = _Reader(usernames)
    loaded = [(key, model, reader.instances(key, model, doc[key])) for key, model in TABLES]
    histories = doc["history"]
    tracked = []
    for key, model in TABLES:
        h = history_model(model)
        if h is not None and key in histories:
            tracked.append(
                (key, h, reader.instances(f"history.{key}", h, histories[key], history=True))
            )
    reader.check_references()
    reader.check_league(loaded[0][2], loaded[2][2])
    if reader.problems:
        raise BackupError(reader.problems)
    try:
        with services.writing():
            if not services.league_is_empty():
                if not replace:
                    raise BackupError(
                        [
                            f"the database already holds a league ({Player.objects.count()} "
                            f"players, {Game.objects.count()} games); nothing was imported. "
                            "Use --replace to replace it."
                        ]
                    )
                services.clear_league()
            _restore_users(doc, summary, reader)
            user_ids = dict(user_model._base_manager.values_list(user_model.USERNAME_FIELD, "pk"))
            for key, model, instances in loaded:
                model._base_manager.bulk_create(instances, batch_size=BATCH)
                summary.counts[key] = len(instances)
            for key, h, instances in tracked:
                for f in h._meta.concrete_fields:
                    if is_user_fk(f):
                        for instance in instances:
                            name = getattr(instance, f.attname)
                            setattr(instance, f.attname, user_ids[name] if name else None)
                h._base_manager.bulk_create(instances, batch_size=BATCH)
                summary.history[key] = len(instances)
            _reset_sequences()
            for problem in services.derive_league():
                reader.problem(problem)
            if reader.problems:
                raise BackupError(reader.problems)
    except IntegrityError as error:
        raise BackupError([f"the document breaks a uniqueness rule: {error}"]) from error
    return summary


def _reset_sequences() -> None:
    """Ids were loaded as they are: the next new record must not collide with them (PostgreSQL)."""
    touched: list[type[models.Model]] = [m for _k, m in TABLES]
    touched += [h for m in list(touched) if (h := history_model(m)) is not None]
    touched += [get_user_model(), Group]
    statements = connection.ops.sequence_reset_sql(no_style(), touched)
    with connection.cursor() as cursor:
        for sql in statements:
            # Django's own statements (sequence_reset_sql): the ORM has no call that runs them.
            cursor.execute(sql)
