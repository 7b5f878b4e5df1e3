import datetime
import itertools

import pytest

from stats.charts.lines import (
    PALETTE_SIZE,
    Series,
    date_ticks,
    line_chart,
    nice_step,
    number_ticks,
    thin,
    value_table,
)
from tests.markup import squeezed

D = datetime.date


@pytest.mark.parametrize(
    ("span", "max_ticks", "step"),
    [(10, 5, 2), (10, 10, 1), (7, 6, 2), (100, 6, 20), (1, 4, 0.5), (0.3, 6, 0.05), (14, 8, 2)],
)
def test_steps_are_one_two_or_five_times_a_power_of_ten(span, max_ticks, step) -> None:
    assert nice_step(span, max_ticks) == pytest.approx(step)


def test_number_ticks_widen_the_range_to_round_numbers() -> None:
    low, high, values = number_ticks(-2.03, 3.53, 6)
    assert (low, high) == (-3, 4)
    assert values == [-3, -2, -1, 0, 1, 2, 3, 4]


def test_number_ticks_of_a_single_value_still_make_a_range() -> None:
    low, high, values = number_ticks(5, 5)
    assert low < 5 < high
    assert 5 in values


def test_number_ticks_carry_no_floating_point_dust() -> None:
    _low, _high, values = number_ticks(0.1, 0.7, 6)
    assert values == [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]


def test_a_long_span_of_dates_gets_round_year_ticks() -> None:
    ticks = date_ticks(D(2010, 3, 5), D(2024, 11, 1), 8)
    assert [t.value for t in ticks] == [D(y, 1, 1) for y in range(2012, 2025, 2)]
    assert {t.kind for t in ticks} == {"year"}


def test_a_year_of_dates_gets_month_ticks_and_a_few_weeks_get_days() -> None:
    months = date_ticks(D(2010, 3, 5), D(2011, 1, 10), 8)
    assert all(t.value.day == 1 and t.kind == "month" for t in months)
    assert 2 <= len(months) <= 5
    days = date_ticks(D(2010, 3, 1), D(2010, 3, 8), 8)
    assert days[0].value == D(2010, 3, 1)
    assert {t.kind for t in days} == {"day"}


def test_thin_keeps_the_first_point_and_the_last_of_each_bucket() -> None:
    points = [(0.0, 1.0), (0.2, 2.0), (0.7, 3.0), (1.1, 4.0), (1.5, 5.0), (3.0, 6.0)]
    assert thin(points, 1.0) == [(0.0, 1.0), (0.7, 3.0), (1.5, 5.0), (3.0, 6.0)]


def _chart(series):
    return line_chart(
        series, title="Wertung", x_label="Datum", y_label="Wertung", include_zero=True
    )


def test_points_are_scaled_into_the_plot_area_with_higher_values_drawn_higher() -> None:
    chart = _chart([Series("Anna", [(D(2010, 1, 1), -2.0), (D(2012, 1, 1), 10.0)])])
    frame = chart.frame
    (first, last) = [tuple(map(float, p.split(","))) for p in chart.series[0].points.split()]
    assert first[0] == pytest.approx(frame.left) and last[0] == pytest.approx(frame.right)
    assert frame.top <= last[1] < first[1] <= frame.bottom
    assert (chart.series[0].end_x, chart.series[0].end_y) == (round(last[0], 1), round(last[1], 1))


def test_the_y_axis_includes_zero_and_ticks_lie_inside_the_plot() -> None:
    chart = _chart([Series("Anna", [(D(2010, 1, 1), 3.0), (D(2010, 6, 1), 7.0)])])
    values = [t.value for t in chart.y_ticks]
    assert values[0] == 0 and values[-1] >= 7
    assert all(chart.frame.top <= t.position <= chart.frame.bottom for t in chart.y_ticks)
    assert all(chart.frame.left <= t.position <= chart.frame.right for t in chart.x_ticks)
    assert chart.zero_y is None  # zero is the bottom edge, no extra line


def test_a_zero_line_is_drawn_when_values_cross_zero() -> None:
    chart = _chart([Series("Anna", [(D(2010, 1, 1), -3.0), (D(2011, 1, 1), 4.0)])])
    zero = next(t for t in chart.y_ticks if t.value == 0)
    assert chart.zero_y == zero.position


def test_every_series_gets_a_colour_class_that_repeats_after_the_palette() -> None:
    series = [Series(f"P{i}", [(float(i), float(i))]) for i in range(PALETTE_SIZE + 2)]
    chart = _chart(series)
    classes = [s.css_class for s in chart.series]
    assert classes[:PALETTE_SIZE] == [f"series-{i}" for i in range(PALETTE_SIZE)]
    assert classes[PALETTE_SIZE:] == ["series-0", "series-1"]
    assert [s.label for s in chart.series] == [s.label for s in series]


def test_x_labels_never_overlap_nor_run_out_of_the_picture() -> None:
    chart = _chart([Series("Anna", [(D(2010, 3, 5), 1.0), (D(2011, 1, 10), 2.0)])])
    assert chart.x_ticks
    assert all(t.anchor in {"middle", "end"} for t in chart.x_ticks)
    positions = [t.position for t in chart.x_ticks]
    assert positions == sorted(positions)
    assert all(b - a >= 54 for a, b in itertools.pairwise(positions))


def test_a_long_history_is_thinned_to_what_the_chart_can_show() -> None:
    start = D(2000, 1, 1)
    points = [(start + datetime.timedelta(days=7 * i), float(i % 10)) for i in range(2000)]
    chart = _chart([Series("Anna", points)])
    drawn = chart.series[0].points.split()
    assert len(drawn) <= chart.frame.width + 2
    assert chart.series[0].last_value == points[-1][1]


def test_a_chart_without_points_is_empty_but_keeps_its_title() -> None:
    chart = _chart([Series("Anna", [])])
    assert chart.empty
    assert chart.title == "Wertung"
    assert chart.table_rows == []


def test_the_table_holds_each_series_value_at_the_end_of_each_year_it_has_points() -> None:
    columns, rows = value_table(
        [
            Series("Anna", [(D(2010, 3, 1), 1.0), (D(2010, 9, 1), 2.0), (D(2013, 1, 1), 5.0)]),
            Series("Bernd", [(D(2011, 5, 1), -1.0)]),
        ]
    )
    assert columns == ["Anna", "Bernd"]
    # A year without games is no row, and a rating is not repeated for a year without games.
    assert [(r.label, r.values) for r in rows] == [
        (2010, [2.0, None]),
        (2011, [None, -1.0]),
        (2013, [5.0, None]),
    ]


def test_with_numbers_on_x_the_table_has_a_row_per_x() -> None:
    _columns, rows = value_table([Series("A", [(1.0, 3.0), (2.0, 4.0)]), Series("B", [(2.0, 1.0)])])
    assert [(r.label, r.values) for r in rows] == [(1.0, [3.0, None]), (2.0, [4.0, 1.0])]


def test_the_line_chart_template_escapes_names_and_prints_the_table_with_one_minus_sign() -> None:
    from django.template.loader import render_to_string

    from stats.ratings.chart import rating_series_chart

    dates = [
        Series("Anna & <Bernd>", [(D(2001, 1, 5), -3.5), (D(2004, 6, 1), 12.25)], key="anna"),
        Series("Clara", [(D(2002, 2, 2), 4.0), (D(2003, 3, 3), -0.04)], key="clara"),
    ]
    chart = rating_series_chart(dates, title="Wertung „A & B“", chart_id="r<1>")
    html = render_to_string("stats/charts/line_chart.html", {"chart": chart})
    assert "Anna &amp; &lt;Bernd&gt;" in html and "<Bernd>" not in html
    assert 'id="r&lt;1&gt;"' in html
    assert '<tr><th scope="row">2001</th><td class="num">\u22123,5</td>' in squeezed(html)
    assert "-3,5" not in html and "-0,0" not in html
    empty = render_to_string(
        "stats/charts/line_chart.html", {"chart": line_chart([Series("leer", [])], title="Leer")}
    )
    assert "Noch keine Daten für dieses Diagramm." in empty


def test_a_little_over_three_years_get_a_tick_every_year() -> None:
    ticks = date_ticks(D(2001, 1, 5), D(2004, 6, 1), max_ticks=8)
    assert [t.value for t in ticks] == [D(2002, 1, 1), D(2003, 1, 1), D(2004, 1, 1)]


@pytest.mark.parametrize(
    ("period", "german", "english"),
    [
        ("evening", "nach jedem Abend", "after every evening"),
        ("month", "am Ende jedes Monats", "at the end of every month"),
        ("year", "am Ende jedes Jahres", "at the end of every year"),
    ],
)
def test_a_rating_chart_says_which_ratings_it_draws(period, german, english) -> None:
    from django.utils import translation

    from stats.charts.lines import Series
    from stats.ratings.chart import rating_series_chart

    series = [Series("Anna", [(datetime.date(2000, 1, 1), 1.0), (datetime.date(2001, 1, 1), 2.0)])]
    with translation.override("de"):
        assert german in rating_series_chart(series, period=period).description
    with translation.override("en"):
        assert english in rating_series_chart(series, period=period).description


def test_years_without_games_are_drawn_as_a_gap_not_as_a_straight_line() -> None:
    points = [(D(2010, 3, 5), 1.0), (D(2011, 1, 7), 2.0), (D(2026, 1, 9), 3.0)]
    chart = line_chart([Series("Anna", points)], title="Wertung", gap=366.0)
    (anna,) = chart.series
    assert len(anna.segments) == 2  # 2010–2011, then 2026 alone
    first, second = anna.segments
    assert len(first.split()) == 2
    assert len(set(second.split())) == 1  # one evening: a dot where it was played
    from django.template.loader import render_to_string

    html = render_to_string("stats/charts/line_chart.html", {"chart": chart})
    assert html.count('<polyline class="chart-line series-0"') == 2
    # Without a gap limit the line runs through.
    assert len(line_chart([Series("Anna", points)], title="Wertung").series[0].segments) == 1


def test_a_rating_chart_spans_the_ratings_not_zero() -> None:
    from stats.ratings.chart import rating_series_chart

    series = [
        Series("Anna", [(D(2001, 1, 5), 112.0), (D(2004, 6, 1), 118.5)]),
        Series("Bernd", [(D(2001, 1, 5), 84.0), (D(2004, 6, 1), 79.5)]),
    ]
    values = [t.value for t in rating_series_chart(series).y_ticks]
    # Ratings are measured from the circle's average, 100: the axis spans them, not 0 to 120.
    assert 70 <= values[0] <= 79.5 and 118.5 <= values[-1] <= 130
