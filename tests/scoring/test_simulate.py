import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import DECK, Card
from scoring.domain import BASE_TOTAL, Bid, MeldKind, Side, Suit
from scoring.melds import counted_melds
from scoring.play import legal_moves, trick_winner
from scoring.simulate import PlayedGame, play_game, play_games, play_until_game

seeds = st.integers(min_value=0, max_value=2**32 - 1)
skill_sets = st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=4, max_size=4)
dealers = st.integers(min_value=0, max_value=3)
few = settings(max_examples=60, deadline=None)


def a_game(seed: int, skills: list[float], dealer: int) -> PlayedGame:
    return play_until_game(random.Random(seed), skills, dealer)


@few
@given(seeds, skill_sets, dealers)
def test_every_card_is_dealt_once_and_played_once(
    seed: int, skills: list[float], dealer: int
) -> None:
    game = a_game(seed, skills, dealer)
    dealt = [card for hand in game.hands for card in hand]
    played = [card for trick in game.tricks for card in trick.cards]
    assert sorted(dealt, key=DECK.index) == list(DECK)
    assert sorted(played, key=DECK.index) == list(DECK)
    for trick in game.tricks:
        for position, card in enumerate(trick.cards):
            assert card in game.hands[trick.seat_of(position)]


@few
@given(seeds, skill_sets, dealers)
def test_every_move_is_legal_and_every_trick_goes_to_its_best_card(
    seed: int, skills: list[float], dealer: int
) -> None:
    game = a_game(seed, skills, dealer)
    hands: list[list[Card]] = [list(hand) for hand in game.hands]
    leader = (game.dealer + 1) % 4
    for trick in game.tricks:
        assert trick.leader == leader
        for position, card in enumerate(trick.cards):
            hand = hands[trick.seat_of(position)]
            assert card in legal_moves(hand, trick.cards[:position], game.trump)
            hand.remove(card)
        assert trick.winner == trick.seat_of(trick_winner(trick.cards, game.trump))
        leader = trick.winner
    assert hands == [[], [], [], []]


@few
@given(seeds, skill_sets, dealers)
def test_both_teams_points_add_up_to_164_and_the_counted_melds(
    seed: int, skills: list[float], dealer: int
) -> None:
    game = a_game(seed, skills, dealer)
    meld_points = sum(meld.points for meld in game.melds_a + game.melds_b)
    assert game.points_a + game.points_b == BASE_TOTAL + meld_points == game.total
    assert game.points_a >= sum(meld.points for meld in game.melds_a)
    assert game.points_b >= sum(meld.points for meld in game.melds_b)


@few
@given(seeds, skill_sets, dealers)
def test_sequences_count_for_one_team_at_most_and_there_is_one_belle_at_most(
    seed: int, skills: list[float], dealer: int
) -> None:
    game = a_game(seed, skills, dealer)
    sequence_sides = {side for side in Side for meld in game.melds(side) if meld.kind.is_sequence}
    belles = [m for m in game.melds_a + game.melds_b if m.kind is MeldKind.BELLE]
    assert len(sequence_sides) <= 1
    assert len(belles) <= 1
    counted = counted_melds(game.hands, game.trump, (game.dealer + 1) % 4)
    assert (game.melds_a, game.melds_b) == (counted.team_a, counted.team_b)


@few
@given(seeds, skill_sets, dealers)
def test_the_bidding_follows_the_rules(seed: int, skills: list[float], dealer: int) -> None:
    game = a_game(seed, skills, dealer)
    assert game.offer == game.hands[game.dealer][-2]
    if game.bid is Bid.REIN:
        assert game.trump is game.offer.suit
    if game.bid is Bid.BESSER:
        assert game.trump is Suit.KREUZ
    assert game.kontra or not game.re


@few
@given(seeds, skill_sets, dealers)
def test_the_same_seed_gives_the_same_game(seed: int, skills: list[float], dealer: int) -> None:
    assert play_game(random.Random(seed), skills, dealer) == play_game(
        random.Random(seed), skills, dealer
    )


def test_when_nobody_plays_the_cards_are_dealt_again_by_the_next_player() -> None:
    skills = [1.0, 1.0, 1.0, 1.0]
    seed = next(s for s in range(10_000) if play_game(random.Random(s), skills, 0) is None)
    game = play_until_game(random.Random(seed), skills, 0)
    assert game.dealer != 0


def test_a_series_of_games_passes_the_deal_to_the_left() -> None:
    games = list(play_games(random.Random(5), [0.5] * 4, count=40, dealer=2))
    assert len(games) == 40
    assert games[0].dealer == 2
    steps = [(after.dealer - before.dealer) % 4 for before, after in itertools.pairwise(games)]
    # One seat on after each game, further only after a redeal.
    assert 0 not in steps
    assert steps.count(1) > len(steps) * 0.8


def test_many_games_look_like_a_real_league() -> None:
    games = list(play_games(random.Random(1), [0.7] * 4, count=800))
    playing_won = sum(g.points(g.playing_side) > g.points(g.playing_side.other) for g in games)
    kontra = sum(g.kontra for g in games)
    re = sum(g.re for g in games)
    assert 0.6 < playing_won / len(games) < 0.95
    assert 0 < re < kontra < len(games) / 4
    assert set(Counter(g.bid for g in games)) == set(Bid)
    assert set(Counter(g.trump for g in games)) == set(Suit)
    assert Counter(g.trump for g in games).most_common(1)[0][0] is Suit.KREUZ
