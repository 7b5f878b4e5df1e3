"""Dealing and playing one deal: seats, the deal 3-2-3, legal moves, tricks and their points.

docs/rules.md "Dealing and choosing trump", "Play" and "Table, cards, points". Seats are 0..3 in
playing order; partners sit opposite, so seats 0 and 2 are team A, seats 1 and 3 team B.
The rules are written once, on card codes (see `scoring.cards`); the functions taking `Card`
are thin wrappers for readers and tests.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.cards import (
    DECK,
    JAPPA,
    MI,
    PLAIN_STRENGTH,
    POINTS_OF_CODE,
    SUIT_INDEX,
    SUIT_MASKS,
    TRUMP_STRENGTH,
    Card,
    trump_code,
)
from scoring.domain import JAPPA_BONUS, LAST_TRICK_BONUS, MI_BONUS, Side, Suit

SEATS = (0, 1, 2, 3)
TRICKS_PER_DEAL = 8


def side_of(seat: int) -> Side:
    return Side.A if seat % 2 == 0 else Side.B


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


def seats_from(first: int) -> tuple[int, int, int, int]:
    """The four seats in playing order, starting with `first`."""
    return (first % 4, (first + 1) % 4, (first + 2) % 4, (first + 3) % 4)


# --- Dealing -----------------------------------------------------------------------------

# Position in the dealt deck -> offset from the dealer's left neighbour (0..3), for 3-2-3.
_DEAL_PATTERN: tuple[int, ...] = tuple(
    offset for size in (3, 2, 3) for offset in range(4) for _ in range(size)
)
OFFER_POSITION = 30  # the middle card of the dealer's last three (positions 29, 30, 31)


def deal_codes(deck: Sequence[int], dealer: int) -> list[list[int]]:
    """Hands by seat, dealt 3-2-3 starting left of the dealer."""
    hands: list[list[int]] = [[], [], [], []]
    first = dealer + 1
    for code, offset in zip(deck, _DEAL_PATTERN, strict=True):
        hands[(first + offset) % 4].append(code)
    return hands


@dataclass(frozen=True, slots=True)
class Deal:
    hands: tuple[tuple[Card, ...], ...]  # by seat
    offer: Card  # turned up, it stays in the dealer's hand

    @property
    def offered_suit(self) -> Suit:
        return self.offer.suit


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def deal(deck: Sequence[Card], dealer: int) -> Deal:
    """Deal 32 cards 3-2-3; the middle card of the dealer's last three is turned up."""
    if len(deck) != 32 or len(set(deck)) != 32:
        raise ValueError("a deal needs the 32 different cards")
    hands = deal_codes([card.code for card in deck], dealer)
    return Deal(
        hands=tuple(tuple(DECK[code] for code in hand) for hand in hands),
        offer=deck[OFFER_POSITION],
    )


# --- Legal moves and the trick -----------------------------------------------------------

# TRICK_KEYS[trump][led][code]: the higher key takes the trick (any trump, then suit led).
TRICK_KEYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            16 + TRUMP_STRENGTH[code]
            if code >> 3 == trump
            else (8 + PLAIN_STRENGTH[code] if code >> 3 == led else 0)
            for code in range(32)
        )
        for led in range(4)
    )
    for trump in range(4)
)
# TRUMP_RANKS[trump][code]: 1..8 for a trump, 0 for any other card.
TRUMP_RANKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 + TRUMP_STRENGTH[code] if code >> 3 == trump else 0 for code in range(32))
    for trump in range(4)
)


def legal_codes(hand: Sequence[int], trick: Sequence[int], trump: int) -> list[int]:
    """docs/rules.md "Play": the cards of `hand` that may be played onto `trick`."""
    if not trick:
        return list(hand)
    led = trick[0] >> 3
    if led != trump:
        follow = [code for code in hand if code >> 3 == led]
        if follow:
            return follow
    trumps = [code for code in hand if code >> 3 == trump]
    if not trumps:
        return list(hand)  # can neither follow nor trump: discard anything
    # A trump was led, or we must trump: beat the best trump in the trick if able
    # (with no trump in the trick yet, every trump beats it), else play a lower one.
    ranks = TRUMP_RANKS[trump]
    best = max(ranks[code] for code in trick)
    higher = [code for code in trumps if ranks[code] > best]
    return higher or trumps


def winner_position(trick: Sequence[int], trump: int) -> int:
    """Position (0 = the leader) of the card that takes the trick so far."""
    keys = TRICK_KEYS[trump][trick[0] >> 3]
    best_position = 0
    best_key = keys[trick[0]]
    for position in range(1, len(trick)):
        key = keys[trick[position]]
        if key > best_key:
            best_position, best_key = position, key
    return best_position


def legal_moves(hand: Sequence[Card], trick_so_far: Sequence[Card], trump: Suit) -> list[Card]:
    """The cards of `hand` that may be played onto `trick_so_far` (in playing order)."""
    allowed = legal_codes(
        [card.code for card in hand], [card.code for card in trick_so_far], SUIT_INDEX[trump]
    )
    return [DECK[code] for code in allowed]


def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """Position in `trick` (0 = the leader) of the card that takes it."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    return winner_position([card.code for card in trick], SUIT_INDEX[trump])


@dataclass(frozen=True, slots=True)
class Trick:
    """One played trick: who led, the four cards in playing order, who took it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seat_of(self, position: int) -> int:
        return (self.leader + position) % 4


# --- Points of a played deal -------------------------------------------------------------


def deal_points(won_masks: Sequence[int], last_trick_seat: int, trump: int) -> tuple[int, int]:
    """Points of team A and team B from the cards each seat took (bit masks of codes).

    Card points, Jappa +20 and Mi +14 to the team whose tricks hold them, +10 for the last
    trick: always 164 together.
    """
    jappa = 1 << (trump * 8 + 4)
    mi = 1 << (trump * 8 + 2)
    points = [0, 0]
    for seat in SEATS:
        mask = won_masks[seat]
        team = seat & 1
        points[team] += _mask_points(mask)
        if mask & jappa:
            points[team] += JAPPA_BONUS
        if mask & mi:
            points[team] += MI_BONUS
    points[last_trick_seat & 1] += LAST_TRICK_BONUS
    return points[0], points[1]


def _mask_points(mask: int) -> int:
    total = 0
    for suit in range(4):
        bits = (mask & SUIT_MASKS[suit]) >> (8 * suit)
        total += _SUIT_POINTS[bits]
    return total


_SUIT_POINTS: tuple[int, ...] = tuple(
    sum(POINTS_OF_CODE[i] for i in range(8) if bits >> i & 1) for bits in range(256)
)


def tricks_points(tricks: Sequence[Trick], trump: Suit) -> tuple[int, int]:
    """Points of team A and team B for a complete played deal."""
    if len(tricks) != TRICKS_PER_DEAL:
        raise ValueError("a deal has 8 tricks")
    won = [0, 0, 0, 0]
    for trick in tricks:
        for card in trick.cards:
            won[trick.winner] |= 1 << card.code
    return deal_points(won, tricks[-1].winner, SUIT_INDEX[trump])


def jappa_of(trump: Suit) -> Card:
    return DECK[trump_code(trump, JAPPA)]


def mi_of(trump: Suit) -> Card:
    return DECK[trump_code(trump, MI)]
