import random

import pytest

from scoring.bots import Bot, Table, defence_value, hand_value
from scoring.cards import SUIT_INDEX, codes, parse_card, parse_cards
from scoring.domain import Side, Suit
from scoring.play import legal_codes
from scoring.simulate import play_games

HERZ = SUIT_INDEX[Suit.HERZ]


def strong(seat: int) -> Bot:
    return Bot(seat, 1.0, random.Random(0))


def hand(text: str) -> list[int]:
    return codes(parse_cards(text))


def played_so_far(trump: int, declarer: int, leader: int, trick: str) -> Table:
    table = Table(trump, declarer, leader)
    for offset, code in enumerate(hand(trick)):
        table.record((leader + offset) % 4, code)
    return table


def choice(bot: Bot, cards: str, table: Table) -> str:
    held = hand(cards)
    code = bot.choose(held, legal_codes(held, table.trick, table.trump), table)
    return str(parse_cards(cards)[held.index(code)])


# --- Judging a hand ---------------------------------------------------------------------------


def test_jappa_mi_and_the_trump_ass_make_a_hand_worth_more_than_small_trumps() -> None:
    good = parse_cards("♥B ♥9 ♥A ♣7 ♠8 ♦9 ♣8 ♠7")
    poor = parse_cards("♥7 ♥8 ♥D ♣7 ♠8 ♦9 ♣8 ♠7")
    assert hand_value(good, Suit.HERZ) > hand_value(poor, Suit.HERZ) + 40
    assert defence_value(good, Suit.HERZ) > defence_value(poor, Suit.HERZ) + 30


def test_a_strong_player_goes_in_with_a_strong_hand_in_the_offered_suit() -> None:
    cards = hand("♥B ♥9 ♥A ♥10 ♣A ♠A ♦A ♥K")
    assert strong(1).says_rein(cards, parse_card("♥7").code, dealer=0)


def test_a_strong_player_passes_a_weak_hand_in_both_passes() -> None:
    cards = hand("♣7 ♠8 ♦9 ♥7 ♣8 ♠9 ♦D ♣D")
    assert not strong(1).says_rein(cards, parse_card("♥7").code, dealer=0)
    assert strong(1).says_klein(cards) is None


def test_a_player_with_a_much_better_suit_waits_for_the_second_pass() -> None:
    cards = hand("♥B ♥A ♥7 ♣B ♣9 ♣A ♣10 ♣K")
    assert not strong(1).says_rein(cards, parse_card("♥D").code, dealer=0)
    assert strong(1).says_klein(cards) == SUIT_INDEX[Suit.KREUZ]


def test_besser_takes_the_game_off_an_opponent_but_never_off_the_partner() -> None:
    cards = hand("♣B ♣9 ♣A ♣10 ♥A ♠A ♦A ♣7")
    assert strong(2).says_besser(cards, klein_seat=1)
    assert not strong(2).says_besser(cards, klein_seat=0)


def test_kontra_on_a_strong_defending_hand_only() -> None:
    assert strong(1).says_kontra(hand("♥B ♥9 ♥A ♥7 ♣A ♣10 ♠A ♦7"), HERZ)
    assert not strong(1).says_kontra(hand("♥7 ♥8 ♣K ♣D ♠9 ♠8 ♦7 ♦8"), HERZ)


def test_re_needs_a_very_strong_declaring_hand() -> None:
    assert strong(0).says_re(hand("♥B ♥9 ♥A ♥10 ♥K ♥D ♣A ♠A"), HERZ)
    assert not strong(0).says_re(hand("♥B ♥7 ♥A ♣10 ♣K ♠9 ♠A ♦7"), HERZ)


def test_skill_runs_from_zero_to_one() -> None:
    with pytest.raises(ValueError, match="skill"):
        Bot(0, 1.5, random.Random(0))


# --- Card play (trump is Herz) -----------------------------------------------------------


def test_a_strong_declarer_draws_trumps_with_the_jappa() -> None:
    table = played_so_far(HERZ, declarer=0, leader=0, trick="")
    assert choice(strong(0), "♥B ♥7 ♣A ♠8", table) == "♥B"


def test_a_defender_leads_a_sure_ass_rather_than_a_trump() -> None:
    table = played_so_far(HERZ, declarer=0, leader=1, trick="")
    assert choice(strong(1), "♣A ♣7 ♠8 ♥7", table) == "♣A"


def test_a_player_smears_points_on_his_partners_sure_trick() -> None:
    table = played_so_far(HERZ, declarer=0, leader=0, trick="♣7 ♣A ♣8")
    assert choice(strong(3), "♣10 ♣9 ♠7", table) == "♣10"


def test_a_player_does_not_overtake_his_partners_sure_trick() -> None:
    table = played_so_far(HERZ, declarer=0, leader=0, trick="♣10 ♣7")
    assert choice(strong(2), "♣A ♣8 ♠7", table) == "♣8"


def test_the_last_player_takes_the_trick_with_his_lowest_trump() -> None:
    table = played_so_far(HERZ, declarer=0, leader=0, trick="♣A ♣7 ♣K")
    assert choice(strong(3), "♥B ♥8 ♥7 ♠A", table) == "♥7"


def test_a_player_who_cannot_win_the_trick_throws_his_cheapest_card() -> None:
    table = played_so_far(HERZ, declarer=0, leader=0, trick="♥B")
    assert choice(strong(1), "♣A ♣7 ♠10", table) == "♣7"


def test_the_table_learns_who_cannot_follow_or_trump() -> None:
    table = played_so_far(HERZ, declarer=0, leader=0, trick="♣7 ♠A ♣K ♥7")
    kreuz, pik, herz = (SUIT_INDEX[s] for s in (Suit.KREUZ, Suit.PIK, Suit.HERZ))
    assert table.voids[1] == 1 << kreuz | 1 << herz
    assert table.voids[3] == 1 << kreuz
    assert table.voids[0] == table.voids[2] == 0
    assert not table.voids[1] >> pik & 1


# --- Skill pays ----------------------------------------------------------------------------


def test_a_strong_pair_wins_most_games_against_a_weak_pair() -> None:
    games = list(play_games(random.Random(2024), [1.0, 0.0, 1.0, 0.0], count=600))
    won = 0
    for game in games:
        playing = game.playing_side
        winner = playing if game.points(playing) > game.points(playing.other) else playing.other
        won += winner is Side.A
    points_a = sum(game.points_a for game in games)
    points_all = sum(game.total for game in games)
    assert won / len(games) > 0.56
    assert points_a / points_all > 0.53


def test_a_middling_pair_still_beats_a_weak_pair() -> None:
    games = list(play_games(random.Random(7), [0.0, 0.6, 0.0, 0.6], count=600))
    points_b = sum(game.points_b for game in games)
    assert points_b / sum(game.total for game in games) > 0.52
