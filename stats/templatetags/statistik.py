"""Template filters of the statistics pages: shares as percent, suits as coloured symbols."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from stats import display

register = template.Library()


@register.filter
def percent(value: float | None) -> str:
    return display.percent_text(value)


@register.filter
def suit(code: str) -> SafeString:
    return display.suit_html(code)


@register.filter
def bid(code: str) -> str:
    return display.bid_label(code)


@register.filter
def share_of(part: int, whole: int) -> float | None:
    """{{ won|share_of:games|percent }}"""
    return display.share(part, whole)


@register.filter
def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"
