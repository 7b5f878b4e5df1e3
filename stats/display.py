"""How the site prints numbers, suits and bids: one place, used by views and, through the
template-tag library `league_format`, by every template.

- Whole numbers group thousands in the active language: 13.943 (German), 13,943 (English).
- Differences carry a sign, and a minus is always the real minus sign U+2212: +3, −196, 0.
- Shares print as whole percent, always with "%": 56 %; nothing to share prints "–".
"""

from __future__ import annotations

from django.utils.formats import get_format
from django.utils.translation import gettext

from scoring.domain import BID_LABELS, SUIT_LABELS, Bid, Suit

MINUS = "\u2212"
NONE = "–"


def _grouped(value: int) -> str:
    """A whole number with the active language's thousands separator (looked up, cached)."""
    text = f"{abs(value):,}"
    if len(text) > 3:
        text = text.replace(",", get_format("THOUSAND_SEPARATOR"))
    return f"{MINUS}{text}" if value < 0 else text


def number(value: object) -> str:
    """13943 → "13.943"; −5 → "−5"; None → "–". Anything else is printed as it is."""
    if value is None:
        return NONE
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    return _grouped(value)


def decimal(value: float | None, places: int = 1) -> str:
    """12345.67 → "12.345,7" (German) with `places` decimals; no "−0,0"."""
    if value is None:
        return NONE
    text = f"{abs(value):,.{places}f}"
    separators = {
        ord(","): get_format("THOUSAND_SEPARATOR"),
        ord("."): get_format("DECIMAL_SEPARATOR"),
    }
    text = text.translate(separators)
    return f"{MINUS}{text}" if value < 0 and round(value, places) != 0 else text


def signed(value: int | None) -> str:
    """A difference: "+1.234", "−196", "0"."""
    if value is None:
        return NONE
    return f"+{_grouped(value)}" if value > 0 else _grouped(value)


def share(part: int, whole: int) -> float | None:
    """part / whole, None when there is nothing to share."""
    return part / whole if whole else None


def percent(value: float | None) -> str:
    """A share as whole percent: 0.56 → "56 %"; None → "–"."""
    if value is None:
        return NONE
    return f"{_grouped(round(value * 100))}\u00a0%"


def likelihood(chance: float) -> str:
    """A chance that one player plays stronger than another, as shown: "52 %"; above 99 % "über
    99 %" (rounded, 99.6 % would read as a certainty the games never give)."""
    if chance > 0.99:
        return gettext("über %(percent)s") % {"percent": percent(0.99)}
    return percent(chance)


def pair(first: int, second: int, separator: str = ":") -> str:
    """Two figures side by side: "5:2" (points), or with "–" a record of won–lost."""
    return f"{_grouped(first)}{separator}{_grouped(second)}"


def suit_label(code: str) -> str:
    try:
        return gettext(SUIT_LABELS[Suit(code)])
    except ValueError:
        return code


def bid_label(code: str) -> str:
    try:
        return gettext(BID_LABELS[Bid(code)])
    except ValueError:
        return code
