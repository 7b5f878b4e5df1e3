"""The site's one library of display filters: `{% load league_format %}`.

Numbers go through stats.display, so every page prints them alike:
- `{{ n|number }}` 13.943, `{{ x|decimal:2 }}` 12,35, `{{ n|signed }}` +3, −196 or 0,
  `{{ share|percent }}` 56 %, `{{ won|share_of:games|percent }}`, `{{ a|pair:b }}` 5:2.
- `{{ values|num_cells }}`: a row's figure cells at once (one filter a row, not one a cell).
- `{{ "herz"|suit }}`: the suit as its symbol in its colour, with its name for screen readers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from itertools import chain, repeat
from typing import Any

from django import template
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import gettext

from scoring.domain import SUIT_LABELS, Suit
from stats import display

register = template.Library()

register.filter("number", display.number)
register.filter("percent", display.percent)
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
def num_cells(values: Iterable[object], sets: Sequence[int] | None = None) -> SafeString:
    """A row's figures as <td class="num"> cells, escaped (numbers go through `number`); with
    `sets` (a ColumnSets' `cells`) each cell also carries the class of its column set.

    Each cell is escaped once with `html.escape` and the row joined once: format_html_join's
    lazy-aware escaping of every argument took four times as long, a third of Spieler-Info's
    rendering at 1,000,000 games (738 rows of about ten cells).
    """
    cells = zip(values, chain(sets or (), repeat(0)), strict=False)
    return mark_safe(  # every value below is escaped
        "".join(
            f'<td class="num{_set_class(s)}">{_escaped(display.number(v))}</td>' for v, s in cells
        )
    )


def _escaped(text: str) -> str:
    """As conditional_escape: text already marked safe stays as it is."""
    return text if isinstance(text, SafeData) else escape(text)


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
