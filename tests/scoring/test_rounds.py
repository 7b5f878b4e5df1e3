from scoring.domain import Side
from scoring.rounds import progress, tally


def test_a_round_ends_at_five_and_gives_one_large_point() -> None:
    steps = progress([(1, 0), (0, 2), (2, 0), (2, 0)])
    last = steps[-1]
    assert (last.score_a, last.score_b, last.ends_round) == (5, 2, True)
    assert (last.round_winner, last.large_points, last.kalte) == (Side.A, 1, False)


def test_a_round_won_five_to_nothing_is_a_kalte_worth_two() -> None:
    last = progress([(1, 0), (2, 0), (2, 0)])[-1]
    assert (last.large_points, last.kalte) == (2, True)


def test_a_round_that_ends_beyond_five_does_not_carry_over() -> None:
    steps = progress([(1, 0), (0, 4), (0, 8), (1, 0)])
    assert (steps[2].score_a, steps[2].score_b, steps[2].large_points) == (1, 12, 1)
    assert (steps[3].round_no, steps[3].score_a, steps[3].score_b) == (2, 1, 0)


def test_a_team_with_four_is_in_the_laube() -> None:
    step = progress([(2, 0), (2, 0)])[-1]
    assert step.in_laube(Side.A) and not step.in_laube(Side.B)
    assert not step.ends_round


def test_an_open_round_at_the_end_gives_no_large_point() -> None:
    small = [(2, 0), (2, 0), (0, 1)]
    result = tally(small, progress(small))
    assert result.open_round
    assert result.a.rounds_won == result.b.rounds_won == 0
    assert result.a.large_points == result.b.large_points == 0
    assert (result.a.small_points, result.b.small_points) == (4, 1)
    assert result.a.laube == 1


def test_the_tally_counts_rounds_kalte_and_games_for_both_sides() -> None:
    small = [(1, 0), (2, 0), (1, 0), (0, 2), (1, 0), (0, 4), (0, 1)]
    result = tally(small, progress(small))
    assert (result.a.rounds_won, result.a.rounds_lost, result.a.large_points) == (1, 1, 1)
    assert (result.b.rounds_won, result.b.rounds_lost, result.b.large_points) == (1, 1, 2)
    assert (result.b.kalte, result.a.kalte) == (1, 0)
    assert (result.a.games, result.a.games_won, result.b.games_won) == (7, 4, 3)
    assert not result.open_round
