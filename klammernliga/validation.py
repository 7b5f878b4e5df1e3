"""What every door into the league checks the same way: a player's name, an evening's date, and
a CSV cell that a spreadsheet must not run as a formula. Forms, the CSV import, the backup import
and the admin all ask here, so a name or a date one of them accepts every other accepts too."""

from __future__ import annotations

import datetime
import re
import unicodedata

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext

NAME_MAX_LENGTH = 60
# Letters that print as nothing although Unicode files them as letters (fillers, blank braille).
_BLANK_LETTERS = frozenset("\u115f\u1160\u2800\u3164\uffa0")
# Control, format (U+202E, zero-width spaces), surrogate, private and unassigned characters,
# and line or paragraph separators: invisible, or not the same text on every screen.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

EARLIEST_DATE = datetime.date(1900, 1, 1)


class BadName(ValueError):
    """A name that cannot be a player's; the message says why (German, translated)."""


def clean_name(raw: str) -> str:
    """The name as stored: NFC, trimmed, inner spaces collapsed. Raises BadName with a message
    when it is empty, too long, or holds an invisible or control character."""
    text = unicodedata.normalize("NFC", raw)
    if any(unicodedata.category(c) in _INVISIBLE_CATEGORIES or c in _BLANK_LETTERS for c in text):
        raise BadName(
            gettext("Ein Name darf keine Steuerzeichen oder unsichtbaren Zeichen enthalten.")
        )
    name = " ".join(text.split())
    if not name:
        raise BadName(gettext("Der Name fehlt."))
    if len(name) > NAME_MAX_LENGTH:
        raise BadName(gettext("Ein Name hat höchstens %(max)d Zeichen.") % {"max": NAME_MAX_LENGTH})
    return name


def name_key(name: str) -> str:
    """Two names are the same player's when their keys are equal (case and spacing aside)."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def latest_date() -> datetime.date:
    today = timezone.localdate()
    try:
        return today.replace(year=today.year + 1)
    except ValueError:  # 29 February
        return today.replace(year=today.year + 1, day=28)


def date_problem(date: datetime.date) -> str | None:
    """Why an evening cannot have this date, or None: the calendar's reach of the league."""
    if not EARLIEST_DATE <= date <= latest_date():
        bounds = {"first": f"{EARLIEST_DATE:%d.%m.%Y}", "last": f"{latest_date():%d.%m.%Y}"}
        return gettext("Das Datum muss zwischen dem %(first)s und dem %(last)s liegen.") % bounds
    return None


# --- CSV cells (OWASP: CSV injection) -----------------------------------------------------------

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+([.,]\d+)?")
_QUOTE = "'"


def csv_cell(value: object) -> object:
    """A cell a spreadsheet shows as text: a leading quote before = + - @ tab or CR (and before a
    leading quote, so `csv_text` undoes it exactly). Numbers stay numbers."""
    if not isinstance(value, str) or not value.startswith((*_FORMULA_START, _QUOTE)):
        return value
    if _NUMBER.fullmatch(value):
        return value
    return _QUOTE + value


def csv_text(cell: str) -> str:
    """The value `csv_cell` was given: its leading quote removed."""
    return cell[1:] if cell.startswith(_QUOTE) else cell


def validate_evening_date(value: datetime.date) -> None:
    """`date_problem` as a form field's validator."""
    problem = date_problem(value)
    if problem:
        raise ValidationError(problem, code="date_range")
