"""The rating history as a line chart (stats/charts/lines.py), for the KlammernBoss page and a
player's page."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.formats import date_format, get_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from stats import display
from stats.charts.lines import LineChart, Series, TickFormat, line_chart
from stats.display import MINUS

# Days between two points of a line beyond which nothing was played: the line breaks there.
GAPS = {"evening": 366.0, "month": 366.0, "year": 2 * 366.0}


def rating_series_chart(
    series: Sequence[Series],
    *,
    title: str | None = None,
    chart_id: str = "rating-chart",
    period: str = "evening",
) -> LineChart:
    """rating_chart of series of (date, rating) already at hand (e.g. one player's), drawn from
    the rating after each evening, or at each month's or year's end (`period`)."""
    count = len(series)
    if period == "month":
        description = ngettext(
            "Eine Linie: die Wertung am Ende jedes Monats.",
            "%(count)d Linien, eine je Spieler: die Wertung am Ende jedes Monats.",
            count,
        )
    elif period == "year":
        description = ngettext(
            "Eine Linie: die Wertung am Ende jedes Jahres.",
            "%(count)d Linien, eine je Spieler: die Wertung am Ende jedes Jahres.",
            count,
        )
    else:
        description = ngettext(
            "Eine Linie: die Wertung nach jedem Abend.",
            "%(count)d Linien, eine je Spieler: die Wertung nach jedem Abend.",
            count,
        )
    return line_chart(
        series,
        title=title or _("Wertung im Verlauf"),
        description=description % {"count": count},
        x_label=_("Datum"),
        y_label=_("Wertung"),
        chart_id=chart_id,
        # Ratings are measured from the circle's average (100): zero means nothing on this
        # scale, so the axis spans the ratings drawn.
        table_caption=_("Wertung am Jahresende"),
        table_row_label=_("Jahr"),
        format_value=decimal(1),
        format_tick=tick_label,
        gap=GAPS[period],
    )


def decimal(places: int) -> Callable[[float], str]:
    """A formatter of numbers with `places` decimals in the active language (12,3): the
    separator is looked up once, not per number, for a table of thousands."""
    separator = get_format("DECIMAL_SEPARATOR")

    def format_number(value: float) -> str:
        text = f"{value:.{places}f}"
        if text.startswith("-"):
            # No "-0.0"; otherwise the site's one minus sign.
            text = MINUS + text[1:] if text.strip("-0.") else text[1:]
        return text.replace(".", separator)

    return format_number


# A tick's value in the active language: 2010, "Mär 2010", "05.03.2010", "-2,5".
tick_label = TickFormat(
    month=lambda d: date_format(d, "M Y"),
    day=lambda d: date_format(d, "SHORT_DATE_FORMAT"),
    number=display.decimal,
)
