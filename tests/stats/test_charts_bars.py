import pytest

from stats.charts.bars import Series, bar_chart, nice_step, scale_max

ONE = (Series("total", "Runden"),)
TWO = (Series("won", "gewonnen"), Series("lost", "verloren"))


def chart(rows, series=ONE, **kwargs):
    return bar_chart(key="k", title="T", label_header="L", series=series, rows=rows, **kwargs)


@pytest.mark.parametrize(
    ("maximum", "step", "end"),
    [(0, 1, 1), (1, 1, 1), (3, 1, 3), (7, 2, 8), (13, 5, 15), (40, 10, 40), (96, 50, 100)],
)
def test_the_axis_ends_on_a_round_step_at_or_above_the_largest_bar(maximum, step, end) -> None:
    assert nice_step(maximum) == step
    assert scale_max(maximum) == end


def test_the_longest_bar_is_as_long_as_its_share_of_the_axis() -> None:
    c = chart([("5:0", (4,)), ("5:1", (9,)), ("5:2", (2,))])
    widths = [bar.segments[0].width for bar in c.bars]
    # The axis ends at 10 (steps of 5), so 9 fills nine tenths of the plot.
    assert c.ticks[-1].value == 10
    assert widths == pytest.approx([c.plot_width * 0.4, c.plot_width * 0.9, c.plot_width * 0.2])
    assert all(bar.segments[0].x == c.plot_left for bar in c.bars)


def test_bars_are_stacked_one_under_the_other_and_the_axis_below_them() -> None:
    c = chart([("a", (1,)), ("b", (2,)), ("c", (3,))])
    ys = [bar.y for bar in c.bars]
    assert ys == sorted(ys) and len(set(ys)) == 3
    assert c.axis_y >= ys[-1] + c.bars[-1].height
    assert c.height > c.axis_y


def test_stacked_segments_touch_and_the_value_follows_the_bar() -> None:
    c = chart([("Kreuz", (3, 2))], series=TWO)
    won, lost = c.bars[0].segments
    assert lost.x == pytest.approx(won.x + won.width)
    assert c.bars[0].end_x == pytest.approx(lost.x + lost.width)
    assert c.bars[0].value_x > c.bars[0].end_x
    assert c.bars[0].total == 5
    assert c.series_totals == (3, 2)


def test_a_bar_s_share_is_its_part_of_all_bars() -> None:
    c = chart([("a", (1,)), ("b", (3,))])
    assert [bar.share for bar in c.bars] == [0.25, 0.75]
    assert c.total_share == 1.0


def test_a_chart_can_share_by_one_series_within_each_bar() -> None:
    c = chart([("2010", (1, 3)), ("2011", (0, 0))], series=TWO, share_series=0)
    assert [bar.share for bar in c.bars] == [0.25, None]
    assert c.total_share == 0.25


def test_an_empty_chart_has_no_bars_of_any_length_and_no_shares() -> None:
    c = chart([("5:0", (0,)), ("5:1", (0,))])
    assert c.is_empty
    assert [bar.segments[0].width for bar in c.bars] == [0, 0]
    assert [bar.share for bar in c.bars] == [None, None]
    assert c.total_share is None
    assert chart([]).bars == ()


def test_ticks_run_from_zero_to_the_axis_end_across_the_plot() -> None:
    c = chart([("a", (7,))])
    assert [t.value for t in c.ticks] == [0, 2, 4, 6, 8]
    assert c.ticks[0].x == c.plot_left
    assert c.ticks[-1].x == pytest.approx(c.plot_left + c.plot_width)


def test_rows_must_match_the_series_and_not_be_negative() -> None:
    with pytest.raises(ValueError, match="2 values for 1 series"):
        chart([("a", (1, 2))])
    with pytest.raises(ValueError, match="negative"):
        chart([("a", (-1,))])
