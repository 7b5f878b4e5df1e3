"""Small display helpers for every page: `{% load league_format %}`.

- `{{ n|signed }}`: +3, −3 (a real minus sign) or 0, for differences.
- `{{ "herz"|suit }}`: the suit as its symbol in its colour, with its name for screen readers.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from scoring.domain import SUIT_LABELS, Suit

register = template.Library()


def signed_number(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


@register.filter
def signed(value: object) -> str:
    try:
        return signed_number(int(value))  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return ""


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
def translated(value: object) -> str:
    """Translate a label that comes from `scoring` (marked there, translated when shown)."""
    return gettext(str(value)) if value else ""
