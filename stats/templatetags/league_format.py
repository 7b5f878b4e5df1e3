"""The site's one library of display filters: `{% load league_format %}`.

Numbers go through stats.display, so every page prints them alike:
- `{{ n|number }}` 13.943, `{{ x|decimal:2 }}` 12,35, `{{ n|signed }}` +3, −196 or 0,
  `{{ share|percent }}` 56 %, `{{ won|share_of:games|percent }}`, `{{ a|pair:b }}` 5:2.
- `{% for value, css in values|with_sets:sets.cells %}`: a row's figures with their cells' classes.
- `{{ "herz"|suit }}`: the suit as its symbol in its colour, with its name for screen readers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain, repeat
from typing import Any

from django import template
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from scoring.domain import SUIT_LABELS, Suit
from stats import display

register = template.Library()

register.filter("number", display.number)
register.filter("percent", display.percent)
register.filter("likelihood", display.likelihood)
register.filter("share_of", display.share)


@register.filter
def signed(value: object) -> str:
    try:
        return display.signed(int(value))  # type: ignore[call-overload]  # a template's value: caught below
    except (TypeError, ValueError):
        return ""


@register.filter
def decimal(value: float | None, places: int = 1) -> str:
    return display.decimal(value, int(places))


@register.filter
def pair(first: int, second: int) -> str:
    """{{ won|pair:lost }} → 5:2"""
    return display.pair(first, second)


@register.filter
def with_sets(
    values: Iterable[object], sets: Sequence[int] | None = None
) -> list[tuple[object, str]]:
    """A row's figures, each with its cell's class: "num", or "num g3" in column set 3 of a
    ColumnSets (`sets` is its `cells`). The template draws the cells:
    `{% for value, css in line.cells|with_sets:sets.cells %}<td class="{{ css }}">…`."""
    return [
        (value, cell_class(group))
        for value, group in zip(values, chain(sets or (), repeat(0)), strict=False)
    ]


def cell_class(group: object) -> str:
    return f"num g{group}" if group else "num"


def _set_class(number: object) -> str:
    return f" g{number}" if number else ""


@register.simple_tag
def set_class(sets: Any, index: int) -> str:
    """The class of column `index` (0 = the first) of a table with column sets: g1, g2 … or ""."""
    head = getattr(sets, "head", ())
    return _set_class(head[index]).strip() if 0 <= index < len(head) else ""


@register.simple_tag
def th_attrs(column: Any, sets: Any, index: int) -> SafeString:
    """A django-tables2 head cell's attributes, with the class of its column set added."""
    attrs = dict(column.attrs["th"])
    if extra := set_class(sets, index):
        attrs["class"] = f"{attrs.get('class', '')} {extra}".strip()
    return flatatt(attrs)


@register.filter
def suit(value: object) -> SafeString | str:
    try:
        member = Suit(str(value))
    except ValueError:
        return ""
    return format_html(
        '<span class="suit suit-{}" role="img" aria-label="{}">{}</span>',
        member.value,
        gettext(SUIT_LABELS[member]),
        member.symbol,
    )


@register.filter
def suit_name(value: object) -> str:
    """The translated name of a suit: "herz" → Herz (Hearts)."""
    try:
        return gettext(SUIT_LABELS[Suit(str(value))])
    except ValueError:
        return ""


@register.filter
def bid(code: str) -> str:
    return display.bid_label(code)


@register.filter
def translated(value: object) -> str:
    """Translate a label that comes from `scoring` (marked there, translated when shown)."""
    return gettext(str(value)) if value else ""
