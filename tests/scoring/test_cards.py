import itertools

import pytest

from scoring.cards import (
    DECK,
    PLAIN_ORDER,
    TRUMP_ORDER,
    Card,
    beats,
    cards_text,
    parse_card,
    parse_cards,
)
from scoring.domain import CARD_POINTS_TOTAL, Rank, Suit


def test_the_deck_has_32_different_cards_worth_120_points() -> None:
    assert len(DECK) == len(set(DECK)) == 32
    assert sum(card.points for card in DECK) == CARD_POINTS_TOTAL


def test_cards_are_worth_ass_11_ten_10_koenig_4_dame_3_bube_2_and_nothing_below() -> None:
    worth = {rank.value: Card(Suit.HERZ, rank).points for rank in Rank}
    assert worth == {"A": 11, "10": 10, "K": 4, "D": 3, "B": 2, "9": 0, "8": 0, "7": 0}


def test_every_card_code_leads_back_to_its_card() -> None:
    assert all(DECK[card.code] == card for card in DECK)


def test_a_plain_suit_ranks_ass_ten_koenig_dame_bube_nine_eight_seven() -> None:
    assert [r.value for r in PLAIN_ORDER] == ["A", "10", "K", "D", "B", "9", "8", "7"]
    for higher, lower in itertools.pairwise(PLAIN_ORDER):
        assert beats(Card(Suit.PIK, higher), Card(Suit.PIK, lower), Suit.PIK, Suit.HERZ)


def test_trump_ranks_jappa_mi_ass_ten_koenig_dame_eight_seven() -> None:
    assert [r.value for r in TRUMP_ORDER] == ["B", "9", "A", "10", "K", "D", "8", "7"]
    for higher, lower in itertools.pairwise(TRUMP_ORDER):
        assert beats(Card(Suit.HERZ, higher), Card(Suit.HERZ, lower), Suit.PIK, Suit.HERZ)


def test_the_lowest_trump_beats_the_ass_of_the_suit_led() -> None:
    assert beats(parse_card("♥7"), parse_card("♠A"), Suit.PIK, Suit.HERZ)


def test_a_card_of_another_suit_never_beats_the_suit_led() -> None:
    assert not beats(parse_card("♣A"), parse_card("♠7"), Suit.PIK, Suit.HERZ)


def test_cards_read_as_symbol_or_as_suit_name_with_colon() -> None:
    assert parse_card("♣B") == Card(Suit.KREUZ, Rank.BUBE)
    assert parse_card("kreuz:B") == Card(Suit.KREUZ, Rank.BUBE)
    assert parse_card("Karo:a") == Card(Suit.KARO, Rank.ASS)
    assert parse_cards("♥10, ♦7 pik:D") == [
        Card(Suit.HERZ, Rank.TEN),
        Card(Suit.KARO, Rank.SEVEN),
        Card(Suit.PIK, Rank.DAME),
    ]


def test_the_text_form_of_a_card_reads_back_as_the_same_card() -> None:
    assert cards_text(DECK[:3]) == "♣7 ♣8 ♣9"
    assert all(parse_card(str(card)) == card for card in DECK)


@pytest.mark.parametrize("text", ["", "♣", "♣1", "X7", "kreuz:Z", "♣11"])
def test_anything_else_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        parse_card(text)
