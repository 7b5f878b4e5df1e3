"""A side's figures are declared once (scoring.figures) and given and read by name only."""

import dataclasses

import pytest

from scoring import rounds
from scoring.figures import FIGURES, SideFigures, match_columns, match_side, match_values, summed
from scoring.standings import Totals


def test_the_figures_are_given_by_name_only() -> None:
    with pytest.raises(TypeError):
        SideFigures(3, 2)
    assert SideFigures(games=3, games_won=2).figures() == {
        **dict.fromkeys(FIGURES, 0), "games": 3, "games_won": 2,
    }  # fmt: skip


def test_totals_add_a_name_and_evenings_to_the_declared_figures() -> None:
    declared = [f.name for f in dataclasses.fields(SideFigures)]
    assert [f.name for f in dataclasses.fields(Totals)] == [
        *declared, "key", "name", "evenings", "players",
    ]  # fmt: skip
    t = Totals("k", "Karin", 2, games=10, small_points=40, small_points_against=30)
    assert (t.key, t.name, t.evenings, t.small_point_difference) == ("k", "Karin", 2, 10)


def test_sides_add_up_figure_by_figure() -> None:
    a = SideFigures(games=5, rounds_won=1, kalte=1)
    b = SideFigures(games=3, rounds_lost=2, laube=1)
    assert summed([a, b]) == {
        **dict.fromkeys(FIGURES, 0),
        "games": 8, "rounds_won": 1, "rounds_lost": 2, "kalte": 1, "laube": 1,
    }  # fmt: skip


def test_a_match_s_columns_give_back_each_side_s_figures_that_it_keeps() -> None:
    small = [(0, 2), (3, 0), (2, 0), (0, 1), (1, 0), (0, 4), (0, 3)]
    tally = rounds.tally(small, rounds.progress(small))
    stored = match_values(tally.a, tally.b)
    assert set(stored) == set(match_columns()) - {"open_round"}
    for side, figures in (("a", tally.a), ("b", tally.b)):
        kept = match_side(stored, side, stored["games_count"])
        assert kept == {name: getattr(figures, name) for name in kept}
        assert {"games", "small_points", "small_points_against", "rounds_won"} <= set(kept)
