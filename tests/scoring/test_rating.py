"""The KlammernBoss model (scoring.rating): strengths over time from declared games."""

import datetime
import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.domain import Bid
from scoring.rating import (
    FEATURE_MEAN,
    FEATURES,
    KONTRA_SHARE,
    LOADINGS,
    LOG_SHIFT,
    NOISE_COVARIANCE,
    PRIOR_MU,
    PRIOR_SIGMA,
    PROVISIONAL_SIGMA,
    RE_SHARE,
    DeclaredGame,
    Rating,
    Strengths,
    _outcomes,
    contenders,
    features,
)

DAY = datetime.date(2020, 1, 3)
WEEK = datetime.timedelta(days=7)


def game(declarer: str, partner: str, defenders: str, share: float) -> DeclaredGame[str]:
    return DeclaredGame(declarer, partner, (defenders[0], defenders[1]), share)


def evenings(
    strengths: Strengths[str],
    count: int,
    games: list[DeclaredGame[str]],
    start: datetime.date = DAY,
) -> None:
    for i in range(count):
        strengths.evening(start + i * WEEK, games)


def test_a_new_player_is_average_and_provisional() -> None:
    new = Strengths[str]().rating("Anna")
    assert new == Rating(PRIOR_MU, PRIOR_SIGMA) and new.provisional
    assert not Rating(100.0, PROVISIONAL_SIGMA).provisional


def test_a_won_game_lifts_its_declarer_most_his_partner_a_little_and_lowers_the_defenders() -> None:
    s: Strengths[str] = Strengths()
    s.evening(DAY, [game("A", "B", "CD", 0.9)])
    r = s.ratings()
    assert r["A"].mu > r["B"].mu > PRIOR_MU > r["C"].mu == pytest.approx(r["D"].mu)
    assert r["A"].mu - PRIOR_MU > 2 * (r["B"].mu - PRIOR_MU)
    # Measured from the circle's average, which stays 100.
    assert sum(x.mu for x in r.values()) / 4 == pytest.approx(PRIOR_MU)


def test_a_lost_game_lowers_its_declarer() -> None:
    s: Strengths[str] = Strengths()
    s.evening(DAY, [game("A", "B", "CD", 0.3)])
    assert s.rating("A").mu < PRIOR_MU < s.rating("C").mu


def test_partners_who_always_play_together_are_told_apart_by_the_games_each_declares() -> None:
    s: Strengths[str] = Strengths()
    # Anna wins what she declares, Bernd loses his; they never play apart.
    played = [game("A", "B", "CD", 0.8), game("B", "A", "CD", 0.4), game("C", "D", "AB", 0.6)]
    evenings(s, 20, played)
    assert s.rating("A").mu > s.rating("B").mu + 10
    assert s.difference_sigma("A", "B") < abs(s.rating("A").mu - s.rating("B").mu)


def test_the_chance_that_one_plays_stronger_than_another_follows_from_their_difference() -> None:
    s: Strengths[str] = Strengths()
    s.evening(DAY, [game("A", "B", "CD", 0.5)])
    # One even game: nothing tells the declarer's opponents apart.
    assert s.stronger_chance("C", "D") == pytest.approx(0.5)
    played = [game("A", "B", "CD", 0.8), game("B", "A", "CD", 0.4), game("C", "D", "AB", 0.6)]
    evenings(s, 20, played)
    r = s.ratings()
    for first, second in (("A", "B"), ("A", "C"), ("C", "D"), ("D", "B")):
        chance = s.stronger_chance(first, second)
        z = (r[first].mu - r[second].mu) / s.difference_sigma(first, second)
        assert chance == pytest.approx(0.5 * math.erfc(-z / math.sqrt(2)))
        assert chance + s.stronger_chance(second, first) == pytest.approx(1.0)
    assert s.stronger_chance("A", "B") > 0.99


def test_melds_are_luck_a_share_taken_with_them_says_less() -> None:
    def declarer_after(
        share: float, melds: int = 0, melds_against: int = 0, kontra: bool = False
    ) -> float:
        s: Strengths[str] = Strengths()
        played = DeclaredGame("A", "B", ("C", "D"), share, melds, melds_against, kontra)
        s.evening(DAY, [played])
        return s.rating("A").mu

    assert PRIOR_MU < declarer_after(share=0.75, melds=50) < declarer_after(share=0.75)
    assert declarer_after(share=0.4) < declarer_after(share=0.4, melds_against=50) < PRIOR_MU
    # Won against Kontra says more than won without; lost against it, less.
    assert declarer_after(share=0.61, kontra=True) > declarer_after(share=0.61)
    assert declarer_after(share=0.4, kontra=True) > declarer_after(share=0.4)


def test_a_game_lost_badly_says_more_than_one_won_big_but_one_game_is_one_game() -> None:
    moved = {}
    for share in (0.0, 0.3, 0.65, 1.0):
        s: Strengths[str] = Strengths()
        s.evening(DAY, [game("A", "B", "CD", share)])
        moved[share] = s.rating("A").mu - PRIOR_MU
    assert moved[0.0] < moved[0.3] < moved[0.65] < moved[1.0]
    assert -moved[0.0] > 3 * moved[1.0]
    # However bad, a single game moves a new player by about his uncertainty, no more: the
    # change alarm only watches settled ratings.
    assert moved[0.0] > -PRIOR_SIGMA * 1.5


def test_the_measured_model_is_a_proper_normal_model() -> None:
    noise = np.array(NOISE_COVARIANCE)
    loadings = np.array(LOADINGS)
    assert len(FEATURE_MEAN) == len(FEATURES) == len(noise) == len(loadings)
    assert loadings.shape == (len(FEATURES), 3)
    assert np.allclose(noise, noise.T) and np.all(np.linalg.eigvalsh(noise) > 0)
    # What the numbers say about the three roles is information of full rank.
    information = loadings.T @ np.linalg.solve(noise, loadings)
    assert np.all(np.linalg.eigvalsh(information) > 0)
    played = DeclaredGame("A", "B", ("C", "D"), 0.7, melds=20, kontra=True, bid=Bid.BESSER)
    assert dict(zip(FEATURES, features(played), strict=True)) == pytest.approx({
        "log share": math.log(0.7 + LOG_SHIFT), "share": 0.7, "melds": 0.2, "melds against": 0,
        "kontra": 1, "re": 0, "klein": 0, "besser": 1,
    })  # fmt: skip


def test_the_order_of_an_evening_s_games_does_not_matter() -> None:
    rng = random.Random(7)
    names = "ABCDEFGH"
    played = []
    for _ in range(40):
        four = rng.sample(names, 4)
        played.append(game(four[0], four[1], four[2] + four[3], rng.uniform(0.2, 1.0)))
    first: Strengths[str] = Strengths()
    second: Strengths[str] = Strengths()
    for day in range(4):
        evening = played[day * 10 : day * 10 + 10]
        first.evening(DAY + day * WEEK, evening)
        second.evening(DAY + day * WEEK, list(reversed(evening)))
    # The same floats, not merely close ones: the players come in the same order too.
    assert first.ratings() == second.ratings()
    assert first.dump() == second.dump()


def test_uncertainty_shrinks_with_games_and_grows_with_time_away() -> None:
    s: Strengths[str] = Strengths()
    evenings(s, 1, [game("A", "B", "CD", 0.6)])
    after_one = s.rating("A").sigma
    # An evening of eight games, three of them Anna's: about what she declares on a real one.
    night = [game("A", "B", "CD", 0.6)] * 3 + [game("C", "D", "AB", 0.6)] * 3
    evenings(s, 30, [*night, game("B", "A", "CD", 0.6), game("D", "C", "AB", 0.6)], DAY + WEEK)
    steady = s.rating("A").sigma
    assert steady < PROVISIONAL_SIGMA < after_one
    # Away for ten years while the others play on: his strength may have changed.
    s.evening(DAY + 40 * WEEK, [game("C", "D", "EF", 0.6)])
    evenings(s, 1, [game("C", "D", "EF", 0.6)], DAY + 560 * WEEK)
    assert s.rating("A").sigma > steady


def test_a_player_who_improves_is_followed() -> None:
    s: Strengths[str] = Strengths()
    still: Strengths[str] = Strengths(follow=False)
    weak = [game("A", "B", "CD", 0.55), game("C", "D", "AB", 0.65), game("B", "A", "CD", 0.6)]
    for state in (s, still):
        evenings(state, 150, weak)
    assert s.rating("A").mu < s.rating("C").mu
    # Anna now wins big what she declares (two games an evening, a quarter of a real evening's):
    # within some dozens of evenings she is on top.
    strong = [game("A", "B", "CD", 0.8), game("C", "D", "AB", 0.65), game("B", "A", "CD", 0.6)]
    for state in (s, still):
        evenings(state, 50, strong, DAY + 150 * WEEK)
    assert s.rating("A").mu > s.rating("C").mu
    assert s.rating("A").mu - still.rating("A").mu > 10


def test_one_disastrous_evening_does_not_throw_a_settled_rating() -> None:
    s: Strengths[str] = Strengths()
    steady = [
        game("A", "B", "CD", 0.65),
        game("C", "D", "AB", 0.65),
        game("B", "A", "CD", 0.65),
        game("D", "C", "AB", 0.65),
    ] * 3
    evenings(s, 150, steady)
    settled = s.rating("A").mu
    # Twelve games declared and lost badly in one evening: it may ring the change alarm, but the
    # alarm's fresh uncertainty is for the evenings after it, not for this one again (which
    # threw such a rating from 100 to below zero).
    s.evening(DAY + 150 * WEEK, [game("A", "B", "CD", 0.15)] * 12 + [game("C", "D", "AB", 0.65)])
    assert settled - 20 < s.rating("A").mu < settled
    # Steady evenings after it bring him back.
    evenings(s, 5, steady, DAY + 151 * WEEK)
    assert abs(s.rating("A").mu - settled) < 15


def test_a_stronger_declarer_is_more_likely_to_win_and_equal_teams_are_even() -> None:
    s: Strengths[str] = Strengths()
    evenings(s, 30, [game("A", "B", "CD", 0.8), game("C", "D", "AB", 0.5)])
    assert s.game_chance("A", "B", ("C", "D")) > s.game_chance("C", "D", ("A", "B"))
    a, b = s.win_chance(("A", "B"), ("C", "D"))
    assert a + b == pytest.approx(1.0) and a > 0.5
    assert s.win_chance(("C", "D"), ("A", "B"))[0] == pytest.approx(b)
    new: Strengths[str] = Strengths()
    assert new.win_chance(("A", "B"), ("C", "D")) == pytest.approx((0.5, 0.5))
    # A player not seen yet counts as a new one; nothing is added to what is known.
    assert 0 < s.game_chance("E", "A", ("C", "D")) < 1 and "E" not in s


def test_a_round_s_games_include_kontra_and_re_with_their_stakes_and_the_same_mean_chance() -> None:
    for chance in (0.2, 0.5, 0.8, 0.95):
        outcomes = _outcomes(chance)
        assert sum(q for q, _us, _them in outcomes) == pytest.approx(1.0)
        assert sum(q for q, us, _them in outcomes if us) == pytest.approx(chance)
        # Won: 1 small point, 2 with Kontra, 4 with Re; lost: 2, 4 and 8 to the other team.
        assert sorted(us for _q, us, _them in outcomes if us) == [1, 2, 4]
        assert sorted(them for _q, _us, them in outcomes if them) == [2, 4, 8]
        kontra = [q for q, us, them in outcomes if us == 2 or them == 4]
        assert sum(kontra) == pytest.approx(KONTRA_SHARE * (1 - RE_SHARE))
        plain_won, plain_lost = outcomes[0][0], outcomes[1][0]
        assert kontra[0] / sum(kontra) < plain_won / (plain_won + plain_lost)


SHARES = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
GAMES = st.lists(
    st.tuples(st.permutations(range(6)).map(lambda p: p[:4]), SHARES), min_size=1, max_size=12
)


@settings(max_examples=40, deadline=None)
@given(st.lists(GAMES, min_size=1, max_size=5), st.integers(min_value=0, max_value=4))
def test_learning_in_two_parts_through_a_dump_equals_learning_at_once(
    nights: list[list[tuple[tuple[int, ...], float]]], cut: int
) -> None:
    def played(night: list[tuple[tuple[int, ...], float]]) -> list[DeclaredGame[int]]:
        return [DeclaredGame(d, p, (x, y), share) for (d, p, x, y), share in night]

    once: Strengths[int] = Strengths()
    for day, night in enumerate(nights):
        once.evening(DAY + day * WEEK, played(night))
    parts: Strengths[int] = Strengths()
    for day, night in enumerate(nights[:cut]):
        parts.evening(DAY + day * WEEK, played(night))
    parts = Strengths.load(*parts.dump())
    for day, night in enumerate(nights[cut:], cut):
        parts.evening(DAY + day * WEEK, played(night))
    assert parts.dump() == once.dump()
    assert all(r.sigma >= 0 for r in once.ratings().values())


def test_the_contenders_are_the_established_players_strongest_first() -> None:
    ratings = {
        3: Rating(110.0, 5.0),
        1: Rating(130.0, PROVISIONAL_SIGMA + 0.1),  # the best estimate, but provisional
        12: Rating(120.0, PROVISIONAL_SIGMA),
        2: Rating(110.0, 8.0),
    }
    # The KlammernBoss first, then the runner-up; equal ratings in the keys' order (2 before 3).
    assert contenders(ratings) == [12, 2, 3]
    assert contenders({"Anna": Rating(100.0, 20.0)}) == []
