"""The axes of a line chart: nice number and date ticks, scaling, thinning a long series, and
keeping tick labels apart. Pure geometry, no Django; `lines.line_chart` uses them."""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

type X = datetime.date | float


@dataclass(frozen=True, slots=True)
class Tick:
    """An axis tick at `position` (viewBox units) for `value`.

    `kind` says how to print the value: "number" (with `decimals`), "year", "month" or "day".
    """

    position: float
    value: X
    kind: str = "number"
    decimals: int = 0
    anchor: str = "middle"  # text-anchor of an x tick's label: kept inside the viewBox
    label: str = ""  # the printed value (see `line_chart`'s format_tick)


# --- ticks ----------------------------------------------------------------------------------


def nice_step(span: float, max_ticks: int) -> float:
    """The smallest step of 1, 2 or 5 × 10^k that covers `span` in at most `max_ticks` steps."""
    if span <= 0:
        return 1.0
    raw = span / max(max_ticks, 1)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw - 1e-12:
            return float(factor * power)
    return float(10 * power)  # pragma: no cover - the loop always returns


def number_ticks(low: float, high: float, max_ticks: int = 6) -> tuple[float, float, list[float]]:
    """A domain widened to round numbers and the tick values in it, e.g. (-3, 17) → -5 … 20."""
    if high < low:
        low, high = high, low
    if high == low:
        low, high = low - 1, high + 1
    step = nice_step(high - low, max_ticks)
    start = math.floor(low / step + 1e-9) * step
    stop = math.ceil(high / step - 1e-9) * step
    count = round((stop - start) / step)
    values = [_clean(start + i * step) for i in range(count + 1)]
    return values[0], values[-1], values


def _clean(value: float) -> float:
    """Drop floating-point dust such as 0.30000000000000004 and -0.0."""
    return round(value, 10) + 0.0


def decimals_of(step: float) -> int:
    return max(0, -math.floor(math.log10(step) + 1e-9)) if step < 1 else 0


def date_ticks(low: datetime.date, high: datetime.date, max_ticks: int = 6) -> list[Tick]:
    """Ticks at round dates in [low, high]: years, months or days after the span (position 0)."""
    span = (high - low).days
    # Month and day labels are wider than years: fewer of them fit.
    narrow = max(2, max_ticks // 2 + 1)
    if span > 3 * 365:
        # A few years with room for more ticks make a step below one year: every year, then.
        step = max(1, int(nice_step(high.year - low.year, max_ticks)))
        starts = [datetime.date(y, 1, 1) for y in range(low.year, high.year + 1)]
        return [Tick(0.0, d, "year") for d in starts if low <= d and d.year % step == 0]
    if span > 60:
        months = (high.year - low.year) * 12 + high.month - low.month
        step = next((s for s in (1, 2, 3, 6, 12) if months / s <= narrow), 12)
        ticks = []
        year, month = low.year, low.month
        while True:
            month += 1
            if month > 12:
                year, month = year + 1, 1
            day = datetime.date(year, month, 1)
            if day > high:
                break
            if (month - 1) % step == 0:
                ticks.append(Tick(0.0, day, "year" if month == 1 and step == 12 else "month"))
        return ticks
    step = next((s for s in (1, 2, 7, 14) if span / s <= narrow), 14)
    return [
        Tick(0.0, low + datetime.timedelta(days=d), "day") for d in range(0, max(span, 0) + 1, step)
    ]


# --- geometry -------------------------------------------------------------------------------


def as_number(x: X) -> float:
    return float(x.toordinal()) if isinstance(x, datetime.date) else float(x)


def linear_scale(d0: float, d1: float, r0: float, r1: float) -> tuple[float, float]:
    """Factor and offset of the linear map [d0, d1] → [r0, r1]."""
    factor = (r1 - r0) / (d1 - d0) if d1 != d0 else 0.0
    return factor, r0 - d0 * factor


def thin(points: Sequence[tuple[float, float]], resolution: float) -> list[tuple[float, float]]:
    """Keep the first point and the last point of each `resolution`-wide x bucket.

    A long history has more points than a chart has room for; this keeps the SVG small.
    """
    if resolution <= 0 or len(points) <= 2:
        return list(points)
    kept = [points[0]]
    floor = math.floor
    last_bucket = None  # the bucket of kept[-1] once it is not the first point
    for point in points[1:]:
        bucket = floor(point[0] / resolution)
        if len(kept) > 1 and bucket == last_bucket:
            kept[-1] = point
        else:
            kept.append(point)
        last_bucket = bucket
    return kept


# Rough label widths in viewBox units at the template's 12px font, to keep labels apart.
_LABEL_WIDTH = {"year": 30.0, "month": 54.0, "day": 66.0}


def _label_width(tick: Tick) -> float:
    if tick.kind in _LABEL_WIDTH:
        return _LABEL_WIDTH[tick.kind]
    return 7.0 * len(f"{as_number(tick.value):.{tick.decimals}f}")


def spread_labels(ticks: list[Tick], width: float, gap: float = 6.0) -> list[Tick]:
    """Anchor x labels so they stay inside the picture, and drop those that would overlap."""
    kept: list[Tick] = []
    last_right = -math.inf
    for tick in ticks:
        size = _label_width(tick)
        anchor, left = "middle", tick.position - size / 2
        if tick.position + size / 2 > width:
            anchor, left = "end", tick.position - size
        if left < last_right + gap:
            continue
        kept.append(replace(tick, anchor=anchor))
        last_right = left + size
    return kept


@dataclass(frozen=True, slots=True)
class TickFormat:
    """How a chart prints its ticks: a year as itself, a month, a day or a number (with the
    tick's decimals) each by its own function."""

    month: Callable[[datetime.date], str]
    day: Callable[[datetime.date], str]
    number: Callable[[float, int], str]

    def __call__(self, tick: Tick) -> str:
        value = tick.value
        if isinstance(value, datetime.date):
            if tick.kind == "year":
                return str(value.year)
            return (self.month if tick.kind == "month" else self.day)(value)
        return self.number(value, tick.decimals)


# A tick's value as text without locale: 2010, 03/2010, 2010-03-05, 12.5.
plain_tick = TickFormat(
    month=lambda d: f"{d.month:02d}/{d.year}",
    day=datetime.date.isoformat,
    number=lambda value, places: f"{value:.{places}f}",
)


def format_number(value: float) -> str:
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text
