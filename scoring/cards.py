"""The 32 cards of a Skat deck: their points, their order in a trick, and a short text form.

Every card also has a *code* 0..31 (suit index * 8 + position in 7-8-9-10-B-D-K-A). The
card-play engine works on codes and bit masks of codes because it simulates many thousand
games; `Card` is the readable form at the edges.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.domain import SEQUENCE_ORDER, Rank, Suit

SUITS: tuple[Suit, ...] = tuple(Suit)  # Kreuz, Pik, Herz, Karo: suit index 0..3
SUIT_INDEX: dict[Suit, int] = {suit: i for i, suit in enumerate(SUITS)}
RANK_INDEX: dict[Rank, int] = {rank: i for i, rank in enumerate(SEQUENCE_ORDER)}

POINTS: dict[Rank, int] = {
    Rank.ASS: 11,
    Rank.TEN: 10,
    Rank.KOENIG: 4,
    Rank.DAME: 3,
    Rank.BUBE: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
# Trick order, high to low (docs/rules.md "Table, cards, points").
PLAIN_ORDER: tuple[Rank, ...] = (
    Rank.ASS,
    Rank.TEN,
    Rank.KOENIG,
    Rank.DAME,
    Rank.BUBE,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.BUBE,  # Jappa
    Rank.NINE,  # Mi
    Rank.ASS,
    Rank.TEN,
    Rank.KOENIG,
    Rank.DAME,
    Rank.EIGHT,
    Rank.SEVEN,
)
JAPPA = Rank.BUBE
MI = Rank.NINE


@dataclass(frozen=True, slots=True)
class Card:
    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return f"{self.suit.symbol}{self.rank.value}"

    @property
    def code(self) -> int:
        return SUIT_INDEX[self.suit] * 8 + RANK_INDEX[self.rank]

    @property
    def points(self) -> int:
        return POINTS[self.rank]


# DECK[code] is the card with that code.
DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in SUITS for rank in SEQUENCE_ORDER)

# Tables by code, for the engine.
SUIT_OF_CODE: tuple[int, ...] = tuple(code >> 3 for code in range(32))
POINTS_OF_CODE: tuple[int, ...] = tuple(card.points for card in DECK)
# Strength within a suit, 0 (lowest) .. 7 (highest).
PLAIN_STRENGTH: tuple[int, ...] = tuple(7 - PLAIN_ORDER.index(card.rank) for card in DECK)
TRUMP_STRENGTH: tuple[int, ...] = tuple(7 - TRUMP_ORDER.index(card.rank) for card in DECK)
SUIT_MASKS: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))
FULL_MASK = (1 << 32) - 1


def trump_code(trump: Suit, rank: Rank) -> int:
    return SUIT_INDEX[trump] * 8 + RANK_INDEX[rank]


def codes(cards: Iterable[Card]) -> list[int]:
    return [card.code for card in cards]


def mask_of(card_codes: Iterable[int]) -> int:
    mask = 0
    for code in card_codes:
        mask |= 1 << code
    return mask


def beats(challenger: Card, best: Card, led: Suit, trump: Suit) -> bool:
    """Does `challenger` beat `best` in a trick where `led` was led?"""
    return trick_key(challenger, led, trump) > trick_key(best, led, trump)


def trick_key(card: Card, led: Suit, trump: Suit) -> int:
    """Higher key takes the trick: any trump over the suit led over everything else."""
    code = card.code
    if card.suit is trump:
        return 16 + TRUMP_STRENGTH[code]
    if card.suit is led:
        return 8 + PLAIN_STRENGTH[code]
    return 0


# Text form, for tests and debugging: "♣B", "♥10", "kreuz:B", "karo:A".
_SUIT_BY_TEXT: dict[str, Suit] = {
    **{suit.symbol: suit for suit in SUITS},
    **{suit.value: suit for suit in SUITS},
}
_RANK_BY_TEXT: dict[str, Rank] = {rank.value: rank for rank in SEQUENCE_ORDER}


def parse_card(text: str) -> Card:
    """Read "♣B" or "kreuz:B" (also "Kreuz:b"); raises ValueError on anything else."""
    text = text.strip()
    if ":" in text:
        suit_text, rank_text = text.split(":", 1)
    else:
        suit_text, rank_text = text[:1], text[1:]
    suit = _SUIT_BY_TEXT.get(suit_text.strip().lower())
    rank = _RANK_BY_TEXT.get(rank_text.strip().upper())
    if suit is None or rank is None:
        raise ValueError(f"not a card: {text!r}")
    return Card(suit, rank)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by blanks or commas, e.g. "♣B ♣9 ♥A"."""
    return [parse_card(part) for part in text.replace(",", " ").split()]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)
