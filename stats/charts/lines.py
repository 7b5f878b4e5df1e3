"""Line charts: scale series of (x, y) points into an SVG viewBox, with nice ticks and a legend.

Pure geometry, no Django: the template `stats/charts/line_chart.html` draws the result. The x
values are either all dates or all numbers; y values are numbers.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from stats.charts.axes import (
    Tick,
    TickFormat,
    X,
    as_number,
    date_ticks,
    decimals_of,
    format_number,
    linear_scale,
    nice_step,
    number_ticks,
    plain_tick,
    spread_labels,
    thin,
)

__all__ = [
    "PALETTE_SIZE",
    "Frame",
    "LineChart",
    "PlottedSeries",
    "Series",
    "TableRow",
    "Tick",
    "TickFormat",
    "colours_by_order",
    "date_ticks",
    "line_chart",
    "nice_step",
    "number_ticks",
    "plain_tick",
    "thin",
    "value_table",
]

# Colours are CSS classes series-0 … series-11 (static/css/charts.css); more series repeat them.
PALETTE_SIZE = 12


def colours_by_order(numbers: Iterable[int]) -> dict[int, int]:
    """A colour for each of all numbered things (every player's id): the rank of its number
    among them, so up to twelve get twelve colours even after one between them is deleted, the
    same on every chart whatever the order of the lines."""
    return {n: rank % PALETTE_SIZE for rank, n in enumerate(sorted(set(numbers)))}


type Point = tuple[X, float]


@dataclass(frozen=True, slots=True)
class Series:
    """One line: a label (e.g. a player's name) and its points in the order of x."""

    label: str
    points: Sequence[Point]
    key: str = ""
    colour: int | None = None  # a palette index (colour_of); None: the series' position


@dataclass(frozen=True, slots=True)
class Frame:
    """The plot area inside the viewBox."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(frozen=True, slots=True)
class PlottedSeries:
    label: str
    key: str
    css_class: str
    points: str  # the polyline's "x,y x,y …", all of them
    end_x: float
    end_y: float
    last_value: float
    # One polyline's points per run without a gap (see line_chart's `gap`).
    segments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TableRow:
    label: X | int
    values: list[float | None]
    # The row's label and values as printed (see `line_chart`'s format_value).
    label_text: str = ""
    cells: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LineChart:
    chart_id: str
    title: str
    description: str
    x_label: str
    y_label: str
    width: int
    height: int
    frame: Frame
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    series: list[PlottedSeries]
    zero_y: float | None = None
    table_caption: str = ""
    table_row_label: str = ""
    table_columns: list[str] = field(default_factory=list)
    table_rows: list[TableRow] = field(default_factory=list)
    value_decimals: int = 1

    @property
    def empty(self) -> bool:
        return not self.series

    # Where the template puts the texts (viewBox units).
    @property
    def y_tick_text_x(self) -> float:
        return self.frame.left - 5

    @property
    def x_tick_text_y(self) -> float:
        return self.frame.bottom + 16

    @property
    def x_label_x(self) -> float:
        return round((self.frame.left + self.frame.right) / 2, 1)

    @property
    def x_label_y(self) -> float:
        return float(self.height) - 3

    @property
    def y_label_y(self) -> float:
        """The y label is rotated by -90°: its x runs upwards, so the middle is negative."""
        return -round((self.frame.top + self.frame.bottom) / 2, 1)


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    x_label: str = "",
    y_label: str = "",
    description: str = "",
    chart_id: str = "chart",
    width: int = 400,
    height: int = 260,
    include_zero: bool = False,
    max_ticks: int = 6,
    max_x_ticks: int = 8,
    table_caption: str = "",
    table_row_label: str = "",
    value_decimals: int = 1,
    format_value: Callable[[float], str] | None = None,
    format_tick: Callable[[Tick], str] = plain_tick,
    gap: float | None = None,
) -> LineChart:
    """Lay out a line chart: scales, ticks, one polyline per series, and the table of values.

    The texts are made here, once, so the template prints them without a filter per cell:
    `format_value` prints the table's values, `format_tick` the axes' ticks. Two neighbouring
    points further apart than `gap` (x units; days for dates) are not joined: a line stops
    where nothing was played.
    """
    drawn = [s for s in series if s.points]
    # Room on the left for the rotated y label and three-digit ticks beside it.
    frame = Frame(left=44.0, top=10.0, right=width - 12.0, bottom=height - 36.0)
    columns, rows = value_table(drawn)
    show = format_value or (lambda v: f"{v:.{value_decimals}f}")
    rows = [
        replace(
            row,
            label_text=str(row.label),
            cells=tuple("–" if v is None else show(v) for v in row.values),
        )
        for row in rows
    ]
    base = LineChart(
        chart_id=chart_id,
        title=title,
        description=description,
        x_label=x_label,
        y_label=y_label,
        width=width,
        height=height,
        frame=frame,
        x_ticks=[],
        y_ticks=[],
        series=[],
        table_caption=table_caption,
        table_row_label=table_row_label,
        table_columns=columns,
        table_rows=rows,
        value_decimals=value_decimals,
    )
    if not drawn:
        return base

    dates = isinstance(drawn[0].points[0][0], datetime.date)
    # Each series' x and y values as numbers once (a date: its ordinal, an int, which scales
    # exactly as its float): a long history has thousands of points.
    xs_of = [
        [x.toordinal() for x, _y in s.points]  # type: ignore[union-attr]  # dates: asked above
        if dates
        else [float(x) for x, _y in s.points]  # type: ignore[arg-type]  # numbers: asked above
        for s in drawn
    ]
    ys_of = [[float(y) for _x, y in s.points] for s in drawn]
    x0, x1 = float(min(map(min, xs_of))), float(max(map(max, xs_of)))
    if x0 == x1:
        x0, x1 = x0 - 1, x1 + 1
    y_low, y_high = min(map(min, ys_of)), max(map(max, ys_of))
    if include_zero:
        y_low, y_high = min(y_low, 0.0), max(y_high, 0.0)
    y0, y1, y_values = number_ticks(y_low, y_high, max_ticks)
    fx, ox = linear_scale(x0, x1, frame.left, frame.right)
    fy, oy = linear_scale(y0, y1, frame.bottom, frame.top)
    decimals = decimals_of(y_values[1] - y_values[0]) if len(y_values) > 1 else 0

    if dates:
        low = datetime.date.fromordinal(int(x0))
        high = datetime.date.fromordinal(int(x1))
        x_ticks = [
            Tick(round(as_number(t.value) * fx + ox, 1), t.value, t.kind)
            for t in date_ticks(low, high, max_x_ticks)
        ]
    else:
        _a, _b, x_values = number_ticks(x0, x1, max_x_ticks)
        x_decimals = decimals_of(x_values[1] - x_values[0]) if len(x_values) > 1 else 0
        x_ticks = [
            Tick(round(v * fx + ox, 1), v, "number", x_decimals) for v in x_values if x0 <= v <= x1
        ]
    x_ticks = [replace(t, label=format_tick(t)) for t in spread_labels(x_ticks, width)]
    y_ticks = [Tick(round(v * fy + oy, 1), v, "number", decimals) for v in y_values]
    y_ticks = [replace(t, label=format_tick(t)) for t in y_ticks]

    plotted = []
    for index, (s, xs, ys) in enumerate(zip(drawn, xs_of, ys_of, strict=True)):
        runs = _runs(xs, gap)
        segments = []
        for start, stop in runs:
            scaled = thin(
                [
                    (x * fx + ox, y * fy + oy)
                    for x, y in zip(xs[start:stop], ys[start:stop], strict=True)
                ],
                resolution=1.0,
            )
            segments.append(_polyline(scaled))
        end_x, end_y = xs[-1] * fx + ox, ys[-1] * fy + oy
        colour = index if s.colour is None else s.colour
        plotted.append(
            PlottedSeries(
                label=s.label,
                key=s.key,
                css_class=f"series-{colour % PALETTE_SIZE}",
                points=" ".join(segments),
                end_x=round(end_x, 1),
                end_y=round(end_y, 1),
                last_value=float(s.points[-1][1]),
                segments=tuple(segments),
            )
        )
    zero_y = round(oy, 1) if y0 < 0 < y1 else None
    return replace(base, x_ticks=x_ticks, y_ticks=y_ticks, series=plotted, zero_y=zero_y)


def _runs(xs: Sequence[float], gap: float | None) -> list[tuple[int, int]]:
    """The (start, stop) index ranges of the points between gaps wider than `gap`."""
    if gap is None:
        return [(0, len(xs))]
    runs, start = [], 0
    for i in range(1, len(xs)):
        if xs[i] - xs[i - 1] > gap:
            runs.append((start, i))
            start = i
    runs.append((start, len(xs)))
    return runs


def _polyline(scaled: Sequence[tuple[float, float]]) -> str:
    """A polyline's "x,y x,y …"; a run of one point gets a second one so it shows as a dot."""
    if len(scaled) == 1:
        scaled = [scaled[0], scaled[0]]
    text = " ".join([f"{px:.1f},{py:.1f}" for px, py in scaled])
    if "-" in text:  # a point left of or above the picture: no "-0.0"
        text = " ".join(f"{format_number(px)},{format_number(py)}" for px, py in scaled)
    return text


# --- the numbers beside the chart -----------------------------------------------------------


def value_table(series: Sequence[Series]) -> tuple[list[str], list[TableRow]]:
    """The series' values as a table: one column per series.

    With dates one row per year with a point holds each series' last value of that year ("–"
    in a year without its points: a rating is not repeated for years without games); with
    numbers one row per x value.
    """
    drawn = [s for s in series if s.points]
    columns = [s.label for s in drawn]
    if not drawn:
        return columns, []
    if isinstance(drawn[0].points[0][0], datetime.date):
        return columns, _year_end_rows(drawn)
    xs = sorted({as_number(x) for s in drawn for x, _y in s.points})
    by_x = [{as_number(x): float(y) for x, y in s.points} for s in drawn]
    return columns, [TableRow(x, [values.get(x) for values in by_x]) for x in xs]


def _year_end_rows(series: Sequence[Series]) -> list[TableRow]:
    ends: list[dict[int, float]] = []
    for s in series:
        last: dict[int, float] = {}
        for x, y in s.points:  # in the order of x: the year's last value wins
            last[x.year] = float(y)  # type: ignore[union-attr]  # a dated series
        ends.append(last)
    years = sorted({year for last in ends for year in last})
    return [TableRow(year, [last.get(year) for last in ends]) for year in years]
