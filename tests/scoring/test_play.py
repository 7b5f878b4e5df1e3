import random

import pytest

from scoring.cards import DECK, Card, mask_of, parse_card, parse_cards
from scoring.domain import BASE_TOTAL, Side, Suit
from scoring.play import (
    Trick,
    deal,
    deal_points,
    jappa_of,
    legal_moves,
    mi_of,
    partner_of,
    seats_from,
    shuffled_deck,
    side_of,
    trick_winner,
    tricks_points,
)


def moves(hand: str, trick: str, trump: Suit = Suit.HERZ) -> set[str]:
    return {str(card) for card in legal_moves(parse_cards(hand), parse_cards(trick), trump)}


def cards(text: str) -> set[str]:
    return {str(card) for card in parse_cards(text)}


# --- Seats and dealing --------------------------------------------------------------------


def test_partners_sit_opposite_seats_0_and_2_against_1_and_3() -> None:
    assert [side_of(seat) for seat in range(4)] == [Side.A, Side.B, Side.A, Side.B]
    assert [partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert seats_from(3) == (3, 0, 1, 2)


def test_cards_are_dealt_three_two_three_starting_left_of_the_dealer() -> None:
    deck = list(DECK)
    dealt = deal(deck, dealer=3)
    assert dealt.hands[0] == (*deck[0:3], *deck[12:14], *deck[20:23])
    assert dealt.hands[1] == (*deck[3:6], *deck[14:16], *deck[23:26])
    assert dealt.hands[3] == (*deck[9:12], *deck[18:20], *deck[29:32])


def test_the_middle_card_of_the_dealers_last_three_is_turned_up_and_stays_his() -> None:
    deck = shuffled_deck(random.Random(4))
    dealt = deal(deck, dealer=1)
    assert dealt.offer == deck[30] == dealt.hands[1][-2]
    assert dealt.offered_suit is dealt.offer.suit


def test_every_player_gets_eight_cards_and_every_card_is_dealt() -> None:
    dealt = deal(shuffled_deck(random.Random(9)), dealer=0)
    assert [len(hand) for hand in dealt.hands] == [8, 8, 8, 8]
    assert {card for hand in dealt.hands for card in hand} == set(DECK)


def test_a_deal_needs_the_32_different_cards() -> None:
    with pytest.raises(ValueError, match="32 different cards"):
        deal([*DECK[:31], DECK[0]], dealer=0)


# --- Legal moves (trump is Herz throughout) --------------------------------------------------


def test_the_leader_may_play_any_card() -> None:
    assert moves("♣A ♥B ♠7", "") == cards("♣A ♥B ♠7")


def test_a_player_who_can_follow_suit_must_follow() -> None:
    assert moves("♣A ♣7 ♥B ♠7", "♣10") == cards("♣A ♣7")


def test_following_suit_does_not_oblige_to_beat_the_trick() -> None:
    assert moves("♣A ♣7", "♣10 ♣K") == cards("♣A ♣7")


def test_a_player_who_can_follow_suit_need_not_trump_even_after_a_trump() -> None:
    assert moves("♣8 ♥B", "♣10 ♥7") == cards("♣8")


def test_a_player_who_cannot_follow_must_trump() -> None:
    assert moves("♥7 ♥A ♠A ♦10", "♣10") == cards("♥7 ♥A")


def test_a_player_who_cannot_follow_must_trump_even_on_his_partners_trick() -> None:
    assert moves("♥7 ♠A", "♣7 ♣A") == cards("♥7")


def test_whoever_comes_after_a_trump_must_overtrump_if_able() -> None:
    assert moves("♥7 ♥A ♥B ♠A", "♣10 ♥10") == cards("♥A ♥B")


def test_the_mi_overtrumps_the_ass_of_trump_and_the_jappa_overtrumps_the_mi() -> None:
    assert moves("♥9 ♥8", "♣10 ♥A") == cards("♥9")
    assert moves("♥B ♥8", "♣10 ♥9") == cards("♥B")


def test_overtrumping_means_beating_the_highest_trump_in_the_trick() -> None:
    assert moves("♥10 ♥A ♠A", "♣10 ♥K ♥9") == cards("♥10 ♥A")
    assert moves("♥B ♥A ♠A", "♣10 ♥K ♥9") == cards("♥B")


def test_a_player_who_cannot_overtrump_must_still_play_a_lower_trump() -> None:
    assert moves("♥7 ♥8 ♠A ♦10", "♣10 ♥B") == cards("♥7 ♥8")


def test_only_a_player_who_can_neither_follow_nor_trump_may_discard() -> None:
    assert moves("♠A ♦10 ♦7", "♣10 ♥B") == cards("♠A ♦10 ♦7")
    assert moves("♠A ♦10 ♦7", "♣10") == cards("♠A ♦10 ♦7")


def test_when_trump_is_led_a_higher_trump_must_be_played_if_able() -> None:
    assert moves("♥7 ♥A ♥9 ♣A", "♥10") == cards("♥A ♥9")


def test_when_trump_is_led_the_best_trump_in_the_trick_must_be_beaten() -> None:
    assert moves("♥A ♥B ♣A", "♥10 ♥9") == cards("♥B")


def test_when_trump_is_led_and_no_higher_trump_is_held_any_trump_must_be_played() -> None:
    assert moves("♥7 ♥8 ♣A", "♥A") == cards("♥7 ♥8")


def test_when_trump_is_led_a_player_without_trump_may_discard() -> None:
    assert moves("♣A ♠7", "♥A") == cards("♣A ♠7")


def test_the_same_cards_obey_another_trump() -> None:
    assert moves("♥7 ♠A ♠7", "♣10", trump=Suit.PIK) == cards("♠A ♠7")


# --- The trick -----------------------------------------------------------------------------


def test_the_highest_card_of_the_suit_led_takes_a_trick_without_trump() -> None:
    assert trick_winner(parse_cards("♣K ♣10 ♠A ♣A"), Suit.HERZ) == 3
    assert trick_winner(parse_cards("♣K ♣10 ♠A ♣D"), Suit.HERZ) == 1


def test_the_highest_trump_takes_the_trick() -> None:
    assert trick_winner(parse_cards("♣A ♥7 ♥9 ♥A"), Suit.HERZ) == 2
    assert trick_winner(parse_cards("♥A ♥B ♥9 ♥10"), Suit.HERZ) == 1


def test_a_discarded_card_never_takes_the_trick() -> None:
    assert trick_winner(parse_cards("♣7 ♠A ♦A ♠10"), Suit.HERZ) == 0


def test_an_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="no winner"):
        trick_winner([], Suit.HERZ)


def test_jappa_is_the_bube_and_mi_the_nine_of_trump() -> None:
    assert jappa_of(Suit.KARO) == parse_card("♦B")
    assert mi_of(Suit.KARO) == parse_card("♦9")


# --- Points of a deal ----------------------------------------------------------------------


def test_a_team_taking_every_trick_gets_all_164_points() -> None:
    every = mask_of(range(32))
    assert deal_points([every, 0, 0, 0], 2, trump=0) == (BASE_TOTAL, 0)


def test_jappa_mi_and_last_trick_go_to_whoever_took_them() -> None:
    trump = Suit.KREUZ
    jappa, mi = jappa_of(trump).code, mi_of(trump).code
    # Team B takes only the Jappa (20 + 2) and the Mi (14 + 0); team A the last trick.
    won_b = mask_of([jappa, mi])
    won_a = mask_of(range(32)) & ~won_b
    assert deal_points([won_a, won_b, 0, 0], 0, trump=0) == (118 + 10, 36)
    assert deal_points([won_a, 0, 0, won_b], 3, trump=0) == (118, 36 + 10)


def _tricks(leaders_and_cards: list[tuple[int, str]], trump: Suit) -> list[Trick]:
    tricks = []
    for leader, text in leaders_and_cards:
        played: tuple[Card, ...] = tuple(parse_cards(text))
        tricks.append(Trick(leader, played, (leader + trick_winner(played, trump)) % 4))
    return tricks


def test_the_points_of_eight_played_tricks_add_up_to_164() -> None:
    trump = Suit.HERZ
    suits = ["♣", "♠", "♥", "♦"]
    ranks = ["7", "8", "9", "10", "B", "D", "K", "A"]
    # Each trick is one rank in all four suits, led from Kreuz by seat 0.
    tricks = _tricks([(0, " ".join(s + r for s in suits)) for r in ranks], trump)
    points_a, points_b = tricks_points(tricks, trump)
    assert points_a + points_b == BASE_TOTAL
    # Herz (trump) always wins, at seat 2: team A takes everything.
    assert (points_a, points_b) == (BASE_TOTAL, 0)


def test_a_deal_has_eight_tricks() -> None:
    with pytest.raises(ValueError, match="8 tricks"):
        tricks_points([], Suit.HERZ)
