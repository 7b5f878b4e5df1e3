import math

from hypothesis import given
from hypothesis import strategies as st

from scoring.rating import (
    RatedRound,
    Rating,
    initial_rating,
    ordinal,
    rate_round,
    replay,
    win_chance,
)

NEW = initial_rating()


def test_a_new_player_starts_at_an_ordinal_of_zero() -> None:
    assert (NEW.mu, round(NEW.sigma, 6)) == (25.0, round(25 / 3, 6))
    assert math.isclose(NEW.ordinal, 0.0, abs_tol=1e-12)


def test_the_ordinal_is_mu_minus_three_sigma() -> None:
    rating = Rating(mu=30.0, sigma=2.5)
    assert ordinal(rating) == rating.ordinal == 22.5


def test_the_winners_go_up_and_the_losers_go_down() -> None:
    winners, losers = rate_round((NEW, NEW), (NEW, NEW))
    assert all(r.mu > NEW.mu and r.ordinal > 0 for r in winners)
    assert all(r.mu < NEW.mu for r in losers)
    # Both teams are more certain after a round.
    assert all(r.sigma < NEW.sigma for r in (*winners, *losers))


def test_beating_a_stronger_team_gains_more_than_beating_a_weaker_one() -> None:
    strong, weak = Rating(32.0, 4.0), Rating(18.0, 4.0)
    me = Rating(25.0, 4.0)
    (upset, _), _ = rate_round((me, me), (strong, strong))
    (expected, _), _ = rate_round((me, me), (weak, weak))
    assert upset.mu - me.mu > expected.mu - me.mu > 0


def test_chances_sum_to_one_and_equal_teams_are_even() -> None:
    first, second = win_chance((NEW, NEW), (NEW, NEW))
    assert math.isclose(first + second, 1.0)
    assert math.isclose(first, 0.5)


def test_a_stronger_team_is_favoured() -> None:
    strong, weak = Rating(30.0, 3.0), Rating(20.0, 3.0)
    first, second = win_chance((strong, strong), (weak, weak))
    assert first > 0.5 > second
    assert math.isclose(first + second, 1.0)


def test_replay_rates_the_rounds_in_order_and_new_players_start_fresh() -> None:
    rounds = [RatedRound(("anna", "bernd"), ("clara", "dieter"))]
    ratings = replay(rounds)
    winners, losers = rate_round((NEW, NEW), (NEW, NEW))
    assert ratings == {
        "anna": winners[0],
        "bernd": winners[1],
        "clara": losers[0],
        "dieter": losers[1],
    }


def test_replay_leaves_its_start_unchanged_and_keeps_players_who_did_not_play() -> None:
    start = {"emil": Rating(27.0, 5.0)}
    ratings = replay([RatedRound((1, 2), (3, 4))], start)  # type: ignore[arg-type]
    assert start == {"emil": Rating(27.0, 5.0)}
    assert ratings["emil"] == Rating(27.0, 5.0)
    assert len(ratings) == 5


def test_the_order_of_the_rounds_matters() -> None:
    a_wins = RatedRound((1, 2), (3, 4))
    b_wins = RatedRound((3, 4), (1, 2))
    assert replay([a_wins, b_wins]) != replay([b_wins, a_wins])


rounds_strategy = st.lists(
    st.permutations(range(6)).map(lambda p: RatedRound((p[0], p[1]), (p[2], p[3]))),
    max_size=30,
)


@given(rounds=rounds_strategy, cut=st.integers(min_value=0, max_value=30))
def test_replaying_in_two_parts_from_the_midpoint_equals_replaying_at_once(
    rounds: list[RatedRound[int]], cut: int
) -> None:
    midpoint = replay(rounds[:cut])
    assert replay(rounds[cut:], midpoint) == replay(rounds)


@given(rounds=rounds_strategy)
def test_replay_is_deterministic(rounds: list[RatedRound[int]]) -> None:
    assert replay(rounds) == replay(rounds)
