import math

from hypothesis import given
from hypothesis import strategies as st

from scoring.rating import (
    Rated,
    RatedGame,
    RatedRound,
    Rating,
    game_chance,
    initial_advantage,
    initial_rating,
    ordinal,
    replay,
    win_chance,
)

NEW = initial_rating()
EVEN = initial_advantage()


def test_a_new_player_starts_at_an_ordinal_of_zero() -> None:
    assert (NEW.mu, NEW.sigma) == (100.0, 50.0)
    assert NEW.ordinal == 0.0


def test_the_ordinal_is_mu_minus_two_sigma() -> None:
    rating = Rating(mu=120.0, sigma=5.0)
    assert ordinal(rating) == rating.ordinal == 110.0


def test_a_won_declared_game_lifts_the_declarer_and_lowers_the_defenders_not_the_partner() -> None:
    ratings, advantage = replay([RatedGame("anna", ("clara", "dieter"), won=True)], {"bernd": NEW})
    assert ratings["anna"].mu > NEW.mu > ratings["clara"].mu == ratings["dieter"].mu
    # The declarer counts fully, each defender half.
    assert ratings["anna"].mu - NEW.mu > NEW.mu - ratings["clara"].mu > 0
    assert ratings["bernd"] == NEW
    assert advantage.mu > EVEN.mu and advantage.sigma < EVEN.sigma
    assert all(ratings[p].sigma < NEW.sigma for p in ("anna", "clara", "dieter"))


def test_a_lost_declared_game_lowers_the_declarer() -> None:
    ratings, _ = replay([RatedGame("anna", ("clara", "dieter"), won=False)])
    assert ratings["anna"].mu < NEW.mu < ratings["clara"].mu


def test_partners_who_always_play_together_are_told_apart_by_their_declared_games() -> None:
    # Anna & Bernd always against Clara & Dieter; they win and lose the same rounds, but Anna
    # wins the games she declares and Bernd loses his.
    evening: list[Rated[str]] = [
        RatedGame("anna", ("clara", "dieter"), won=True),
        RatedGame("bernd", ("clara", "dieter"), won=False),
        RatedGame("clara", ("anna", "bernd"), won=True),
        RatedGame("dieter", ("anna", "bernd"), won=True),
        RatedRound(("anna", "bernd"), ("clara", "dieter")),
    ]
    ratings, _ = replay(evening * 20)
    assert ratings["anna"].ordinal > ratings["bernd"].ordinal + 10


def test_winning_against_stronger_defenders_gains_more() -> None:
    me, strong, weak = Rating(100.0, 20.0), Rating(150.0, 20.0), Rating(50.0, 20.0)
    upset, _ = replay([RatedGame(0, (1, 2), won=True)], {0: me, 1: strong, 2: strong})
    expected, _ = replay([RatedGame(0, (1, 2), won=True)], {0: me, 1: weak, 2: weak})
    assert upset[0].mu - me.mu > expected[0].mu - me.mu > 0


def test_a_round_moves_both_partners_alike() -> None:
    ratings, advantage = replay([RatedRound(("anna", "bernd"), ("clara", "dieter"))])
    assert ratings["anna"] == ratings["bernd"] and ratings["clara"] == ratings["dieter"]
    assert ratings["anna"].mu > NEW.mu > ratings["clara"].mu
    assert advantage == EVEN, "a round says nothing about declaring"


def test_a_stronger_declarer_is_more_likely_to_win_his_game() -> None:
    strong, weak = Rating(130.0, 5.0), Rating(70.0, 5.0)
    assert game_chance(strong, (NEW, NEW), EVEN) > 0.5 > game_chance(weak, (NEW, NEW), EVEN)
    # Declarers win more often than not once the advantage says so.
    assert game_chance(NEW, (NEW, NEW), Rating(1.4, 0.02)) > 0.75


def test_equal_teams_are_even_and_a_stronger_team_is_favoured() -> None:
    assert win_chance((NEW, NEW), (NEW, NEW)) == (0.5, 0.5)
    strong, weak = Rating(130.0, 5.0), Rating(70.0, 5.0)
    first, second = win_chance((strong, strong), (weak, weak), Rating(1.4, 0.02))
    assert first > 0.5 > second
    assert math.isclose(first + second, 1.0)


ratings_strategy = st.builds(
    Rating, st.floats(min_value=0, max_value=200), st.floats(min_value=0.5, max_value=60)
)
advantage_strategy = st.builds(
    Rating, st.floats(min_value=-2, max_value=2), st.floats(min_value=0.01, max_value=1)
)


@given(
    team_1=st.tuples(ratings_strategy, ratings_strategy),
    team_2=st.tuples(ratings_strategy, ratings_strategy),
    advantage=advantage_strategy,
)
def test_the_prediction_is_symmetric(
    team_1: tuple[Rating, Rating], team_2: tuple[Rating, Rating], advantage: Rating
) -> None:
    forward, backward = win_chance(team_1, team_2, advantage), win_chance(team_2, team_1, advantage)
    assert math.isclose(forward[0] + forward[1], 1.0)
    # A against B plus B against A is 100 %.
    assert math.isclose(forward[0] + backward[0], 1.0, abs_tol=1e-9)
    assert math.isclose(win_chance(team_1, team_1, advantage)[0], 0.5, abs_tol=1e-9)


def test_replay_leaves_its_start_unchanged_and_keeps_players_who_did_not_play() -> None:
    start = {"emil": Rating(127.0, 5.0)}
    ratings, _ = replay([RatedRound((1, 2), (3, 4))], start)
    assert start == {"emil": Rating(127.0, 5.0)}
    assert ratings["emil"] == Rating(127.0, 5.0)
    assert len(ratings) == 5


def test_the_order_of_the_games_matters() -> None:
    won = RatedGame(1, (3, 4), won=True)
    lost = RatedGame(1, (3, 4), won=False)
    assert replay([won, lost]) != replay([lost, won])


events_strategy = st.lists(
    st.one_of(
        st.permutations(range(6)).map(lambda p: RatedRound((p[0], p[1]), (p[2], p[3]))),
        st.tuples(st.permutations(range(6)), st.booleans()).map(
            lambda t: RatedGame(t[0][0], (t[0][1], t[0][2]), won=t[1])
        ),
    ),
    max_size=40,
)


@given(events=events_strategy, cut=st.integers(min_value=0, max_value=40))
def test_replaying_in_two_parts_from_the_midpoint_equals_replaying_at_once(
    events: list[Rated[int]], cut: int
) -> None:
    ratings, advantage = replay(events[:cut])
    assert replay(events[cut:], ratings, advantage) == replay(events)


@given(events=events_strategy)
def test_replay_is_deterministic(events: list[Rated[int]]) -> None:
    assert replay(events) == replay(events)
