"""Small pieces of display shared by the statistics tables and templates."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.formats import number_format
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scoring.domain import BID_LABELS, SUIT_LABELS, Bid, Suit


def num_cells(values: Iterable[object]) -> SafeString:
    """A row's figure cells joined here: one template variable a row instead of one a cell (a
    large league's tables have thousands of cells). Text is escaped, markup kept."""
    return mark_safe("".join(f'<td class="num">{conditional_escape(v)}</td>' for v in values))


def share(part: int, whole: int) -> float | None:
    """part / whole, None when there is nothing to share."""
    return part / whole if whole else None


def percent_text(value: float | None) -> str:
    """0.6 → "60 %"; None → "–"."""
    if value is None:
        return "–"
    return f"{number_format(round(value * 100), 0)}\u00a0%"


def suit_label(code: str) -> str:
    try:
        return gettext(SUIT_LABELS[Suit(code)])
    except ValueError:
        return code


def suit_html(code: str) -> SafeString:
    """A trump suit as its symbol in its colour, followed by its name."""
    try:
        suit = Suit(code)
    except ValueError:
        return format_html("{}", code)
    return format_html(
        '<span class="suit suit-{}" aria-hidden="true">{}</span>\u00a0{}',
        suit.value,
        suit.symbol,
        gettext(SUIT_LABELS[suit]),
    )


def bid_label(code: str) -> str:
    try:
        return gettext(BID_LABELS[Bid(code)])
    except ValueError:
        return code


def pair(first: object, second: object) -> str:
    """Two figures side by side: "5:2"."""
    return f"{first}:{second}"
