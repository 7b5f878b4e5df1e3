"""Geometry of horizontal bar charts, in plain Python: the template only draws what this computes.

A chart is a list of labelled bars; a bar is one or more stacked segments (one per series). The
numbers travel with the geometry so the template can put them in a table beside the picture.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

WIDTH = 420
LABEL_WIDTH = 64
VALUE_WIDTH = 44
BAR_HEIGHT = 20
GAP = 8
TOP = 8
AXIS_HEIGHT = 22


@dataclass(frozen=True, slots=True)
class Series:
    """One kind of value in a chart: `key` becomes the CSS class `bar-<key>`; `short`, when
    given, heads its column of the table (the label stays for screen readers and as a title),
    so a table of two series fits a phone."""

    key: str
    label: str | StrPromise
    short: str | StrPromise = ""


@dataclass(frozen=True, slots=True)
class Segment:
    series: Series
    value: int
    x: float
    width: float


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    values: tuple[int, ...]
    total: int
    share: float | None
    y: float
    height: float
    segments: tuple[Segment, ...]
    end_x: float

    @property
    def text_y(self) -> float:
        return self.y + self.height / 2

    @property
    def value_x(self) -> float:
        return self.end_x + 4


@dataclass(frozen=True, slots=True)
class Tick:
    value: int
    x: float


@dataclass(frozen=True, slots=True)
class BarChart:
    key: str
    title: str
    label_header: str
    series: tuple[Series, ...]
    share_label: str
    share_series: int | None
    bars: tuple[Bar, ...]
    ticks: tuple[Tick, ...]
    width: int
    plot_left: float
    axis_y: float

    @property
    def height(self) -> float:
        return self.axis_y + AXIS_HEIGHT

    @property
    def plot_width(self) -> float:
        """The bars' room: the width less the labels' and the values' columns."""
        return self.width - self.plot_left - VALUE_WIDTH

    @property
    def total(self) -> int:
        return sum(bar.total for bar in self.bars)

    @property
    def is_empty(self) -> bool:
        return self.total == 0

    @property
    def stacked(self) -> bool:
        return len(self.series) > 1

    @property
    def label_x(self) -> float:
        return self.plot_left - 6

    @property
    def tick_label_y(self) -> float:
        return self.axis_y + 16

    @property
    def series_totals(self) -> tuple[int, ...]:
        return tuple(sum(bar.values[i] for bar in self.bars) for i in range(len(self.series)))

    @property
    def total_share(self) -> float | None:
        """The share in the footer: 100 % of all, or one series' share of all."""
        if not self.total:
            return None
        if self.share_series is None:
            return 1.0
        return self.series_totals[self.share_series] / self.total


def nice_step(maximum: int, *, target_ticks: int = 4) -> int:
    """A round tick step (1, 2 or 5 times a power of ten) giving about `target_ticks` ticks."""
    if maximum <= 0:
        return 1
    raw = maximum / target_ticks
    power = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return max(1, int(factor * power))
    return int(10 * power)  # pragma: no cover - the loop always returns


def scale_max(maximum: int) -> int:
    """The axis end: the largest value rounded up to a whole tick step (at least 1)."""
    step = nice_step(maximum)
    return max(step, math.ceil(maximum / step) * step)


def bar_chart(
    *,
    key: str,
    title: str,
    label_header: str,
    series: Sequence[Series],
    rows: Sequence[tuple[str, Sequence[int]]],
    share_label: str = "",
    share_series: int | None = None,
    width: int = WIDTH,
    label_width: int = LABEL_WIDTH,
) -> BarChart:
    """Lay out one bar per row; each row gives its label and one value per series (stacked).

    The share beside each bar is its part of all bars, or with `share_series` the part of the
    bar that this series makes up (e.g. the Kalte among a year's rounds).
    """
    # A label may be a lazy translation: translated here once, not at every use in the template.
    series = tuple(Series(s.key, str(s.label), str(s.short)) for s in series)
    for label, values in rows:
        if len(values) != len(series):
            raise ValueError(f"row {label!r} has {len(values)} values for {len(series)} series")
        if any(v < 0 for v in values):
            raise ValueError(f"row {label!r} has a negative value")
    totals = [sum(values) for _label, values in rows]
    grand_total = sum(totals)
    top = max(totals, default=0)
    axis_end = scale_max(top)
    plot_left = float(label_width)
    plot_width = float(width - label_width - VALUE_WIDTH)
    unit = plot_width / axis_end

    bars = []
    for index, ((label, values), total) in enumerate(zip(rows, totals, strict=True)):
        y = TOP + index * (BAR_HEIGHT + GAP)
        x = plot_left
        segments = []
        for serie, value in zip(series, values, strict=True):
            segments.append(Segment(serie, value, round(x, 2), round(value * unit, 2)))
            x += value * unit
        bars.append(
            Bar(
                label=label,
                values=tuple(values),
                total=total,
                share=_share(values, total, grand_total, share_series),
                y=float(y),
                height=float(BAR_HEIGHT),
                segments=tuple(segments),
                end_x=round(x, 2),
            )
        )
    axis_y = TOP + len(rows) * (BAR_HEIGHT + GAP)
    step = nice_step(top)
    ticks = tuple(
        Tick(value, round(plot_left + value * unit, 2)) for value in range(0, axis_end + 1, step)
    )
    return BarChart(
        key=key,
        title=title,
        label_header=label_header,
        series=series,
        share_label=share_label,
        share_series=share_series,
        bars=tuple(bars),
        ticks=ticks,
        width=width,
        plot_left=plot_left,
        axis_y=float(axis_y),
    )


def _share(
    values: Sequence[int], total: int, grand_total: int, share_series: int | None
) -> float | None:
    if share_series is None:
        return total / grand_total if grand_total else None
    return values[share_series] / total if total else None
