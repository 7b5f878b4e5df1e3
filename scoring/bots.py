"""Computer players: bidding, Kontra and Re by hand strength, and a card play that counts
cards, draws trumps when strong and plays with its partner.

`skill` runs from 0 (bids on a wild guess of its hand, plays mostly at random) to 1 (bids on
its estimate, always plays its best heuristic card). A bot only sees its own hand, the
turned-up card and the cards played so far (`Table`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from scoring.cards import (
    FULL_MASK,
    POINTS_OF_CODE,
    SUIT_INDEX,
    SUIT_MASKS,
    TRUMP_STRENGTH,
    Card,
    mask_of,
)
from scoring.domain import Suit
from scoring.melds import SEQUENCE_RUNS
from scoring.play import TRICK_KEYS, winner_position

# Thresholds on `hand_value` (roughly: points this hand brings in as trump) and
# `defence_value`, tuned by simulation: among strong players the playing team wins about
# 5 games in 6, a Kontra comes about every tenth game and wins about 4 in 10.
REIN_THRESHOLD = 54.0
KLEIN_THRESHOLD = 54.0
BESSER_THRESHOLD = 62.0
WAIT_MARGIN = 15.0
KONTRA_THRESHOLD = 41.0
RE_THRESHOLD = 78.0
# How far a player of skill 0 misjudges his hand (standard deviation, in value points).
MISJUDGEMENT = 25.0
# Share of random card choices at skill 0.
RANDOM_PLAY = 0.8

# Value of holding a trump, by position in 7-8-9-10-B-D-K-A.
_TRUMP_VALUE = (4.0, 4.0, 20.0, 11.0, 28.0, 6.0, 7.0, 13.0)
# Value of a trump for the defenders, same order.
_DEFENCE_TRUMP_VALUE = (3.0, 3.0, 14.0, 6.0, 22.0, 3.0, 4.0, 8.0)
_NINE, _TEN, _BUBE, _DAME, _KOENIG, _ASS = 2, 3, 4, 5, 6, 7

# _HIGHER[trump][code]: mask of the cards of the same suit that beat this card, by the trick's
# rule (play.TRICK_KEYS with this card's suit led).
_HIGHER: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        mask_of(
            other
            for other in range((code >> 3) * 8, (code >> 3) * 8 + 8)
            if TRICK_KEYS[trump][code >> 3][other] > TRICK_KEYS[trump][code >> 3][code]
        )
        for code in range(32)
    )
    for trump in range(4)
)
_POPCOUNT: tuple[int, ...] = tuple(bits.bit_count() for bits in range(256))


def _suit_bits(mask: int, suit: int) -> int:
    return mask >> (8 * suit) & 0xFF


def _trumps_value(trump_bits: int, worth: tuple[float, ...], per_extra: float) -> tuple[float, int]:
    """Worth of the trumps in `trump_bits` by `worth` per rank, `per_extra` for each beyond two;
    and how many there are."""
    value = 0.0
    trumps = 0
    for index in range(8):
        if trump_bits >> index & 1:
            value += worth[index]
            trumps += 1
    if trumps >= 3:
        value += per_extra * (trumps - 2)
    return value, trumps


def _value(mask: int, trump: int) -> float:
    """Estimated worth of a hand (code mask) if `trump` is trump and this hand declares."""
    trump_bits = _suit_bits(mask, trump)
    value, trumps = _trumps_value(trump_bits, _TRUMP_VALUE, 5.0)
    if trump_bits >> _NINE & 1 and not trump_bits >> _BUBE & 1:
        value -= 4.0  # a Mi without the Jappa can be caught
    if trump_bits >> _DAME & 1 and trump_bits >> _KOENIG & 1:
        value += 20.0  # Belle
    for suit in range(4):
        bits = _suit_bits(mask, suit)
        if suit != trump:
            count = _POPCOUNT[bits]
            if bits >> _ASS & 1:
                value += 11.0
                if bits >> _TEN & 1:
                    value += 9.0
                    if bits >> _KOENIG & 1:
                        value += 3.0
            elif bits >> _TEN & 1 and count >= 2:
                value += 2.0 if count == 2 else 4.0
            if count == 0 and trumps >= 2:
                value += 4.0  # can ruff
        for length, _top in SEQUENCE_RUNS[bits]:
            value += 25.0 if length >= 4 else 8.0
    return value


def _defence_value(mask: int, trump: int) -> float:
    """Estimated worth of a hand against a game in `trump`."""
    value, _trumps = _trumps_value(_suit_bits(mask, trump), _DEFENCE_TRUMP_VALUE, 6.0)
    for suit in range(4):
        if suit == trump:
            continue
        bits = _suit_bits(mask, suit)
        if bits >> _ASS & 1:
            value += 10.0
            if bits >> _TEN & 1:
                value += 7.0
    return value


def hand_value(hand: Iterable[Card], trump: Suit) -> float:
    """Estimated worth of a hand as the declarer's, with `trump` as trump."""
    return _value(mask_of(card.code for card in hand), SUIT_INDEX[trump])


def defence_value(hand: Iterable[Card], trump: Suit) -> float:
    """Estimated worth of a hand for the defenders of a game in `trump`."""
    return _defence_value(mask_of(card.code for card in hand), SUIT_INDEX[trump])


class Table:
    """What every player has seen of the deal so far; the simulator keeps it up to date."""

    __slots__ = ("declarer", "leader", "played", "trick", "trump", "voids")

    def __init__(self, trump: int, declarer: int, leader: int) -> None:
        self.trump = trump
        self.declarer = declarer
        self.leader = leader
        self.played = 0  # mask of every card played, the current trick included
        self.trick: list[int] = []  # the current trick in playing order
        self.voids = [0, 0, 0, 0]  # by seat: mask of suit indices the seat is known not to hold

    def record(self, seat: int, code: int) -> None:
        """Note a played card (before it is appended to the trick)."""
        if self.trick:
            led = self.trick[0] >> 3
            suit = code >> 3
            if suit != led:
                self.voids[seat] |= 1 << led
                if suit != self.trump:
                    self.voids[seat] |= 1 << self.trump
        self.played |= 1 << code
        self.trick.append(code)


class Bot:
    """One computer player at one seat."""

    __slots__ = ("_misjudgement", "_random_play", "rng", "seat", "skill")

    def __init__(self, seat: int, skill: float, rng: random.Random) -> None:
        if not 0.0 <= skill <= 1.0:
            raise ValueError("skill runs from 0 to 1")
        self.seat = seat
        self.skill = skill
        self.rng = rng
        self._misjudgement = MISJUDGEMENT * (1.0 - skill)
        self._random_play = RANDOM_PLAY * (1.0 - skill)

    def _judged(self, value: float, spread: float = 1.0) -> float:
        if self._misjudgement:
            return value + self.rng.gauss(0.0, self._misjudgement * spread)
        return value

    # --- Bidding --------------------------------------------------------------------------

    def says_rein(self, hand: Sequence[int], offer: int, dealer: int) -> bool:
        """First pass: take the turned-up suit? The turned-up card lies in the dealer's hand."""
        trump = offer >> 3
        mask = mask_of(hand)
        value = _value(mask, trump)
        if dealer != self.seat:
            worth = _TRUMP_VALUE[offer & 7]
            value += 0.5 * worth if dealer == (self.seat + 2) % 4 else -0.3 * worth
        value = self._judged(value)
        if value < REIN_THRESHOLD:
            return False
        # With a much better suit of his own he waits for the second pass.
        other = max(_value(mask, suit) for suit in range(4) if suit != trump)
        return self._judged(other) < value + WAIT_MARGIN

    def says_klein(self, hand: Sequence[int]) -> int | None:
        """Second pass: announce a game? Returns the chosen trump suit index."""
        mask = mask_of(hand)
        values = [_value(mask, suit) for suit in range(4)]
        best = max(range(4), key=values.__getitem__)
        return best if self._judged(values[best]) >= KLEIN_THRESHOLD else None

    def says_besser(self, hand: Sequence[int], klein_seat: int) -> bool:
        """After an opponent's `klein`: take over with Kreuz?"""
        if klein_seat % 2 == self.seat % 2:
            return False  # never take the game off the partner
        return self._judged(_value(mask_of(hand), 0)) >= BESSER_THRESHOLD

    def says_kontra(self, hand: Sequence[int], trump: int) -> bool:
        # Kontra and Re are said on a closer look: only half the misjudgement of bidding.
        return self._judged(_defence_value(mask_of(hand), trump), 0.5) >= KONTRA_THRESHOLD

    def says_re(self, hand: Sequence[int], trump: int) -> bool:
        return self._judged(_value(mask_of(hand), trump), 0.5) >= RE_THRESHOLD

    # --- Card play ------------------------------------------------------------------------

    def choose(self, hand: Sequence[int], legal: Sequence[int], table: Table) -> int:
        """The card to play, one of `legal`."""
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        if self._random_play and rng.random() < self._random_play:
            return legal[rng.randrange(len(legal))]
        if table.trick:
            return self._follow(hand, legal, table)
        return self._lead(hand, table)

    def _lead(self, hand: Sequence[int], table: Table) -> int:
        trump = table.trump
        me = self.seat
        unknown = FULL_MASK & ~(table.played | mask_of(hand))
        higher = _HIGHER[trump]
        trumps_out = unknown & SUIT_MASKS[trump]
        my_trumps = [code for code in hand if code >> 3 == trump]
        declaring = (me - table.declarer) % 2 == 0
        voids = table.voids
        left, right = (me + 1) % 4, (me + 3) % 4
        if my_trumps and trumps_out:
            top = max(my_trumps, key=TRUMP_STRENGTH.__getitem__)
            if not higher[top] & unknown and (declaring or len(my_trumps) >= 3):
                return top  # draw trumps with a sure trick
        best = -1
        for code in hand:
            suit = code >> 3
            if suit == trump or higher[code] & unknown:
                continue
            if trumps_out and (
                (voids[left] >> suit & 1 and not voids[left] >> trump & 1)
                or (voids[right] >> suit & 1 and not voids[right] >> trump & 1)
                or _POPCOUNT[_suit_bits(unknown, suit)] < 3
            ):
                continue  # an opponent may ruff it
            if best < 0 or POINTS_OF_CODE[code] > POINTS_OF_CODE[best]:
                best = code
        if best >= 0:
            return best
        partner_voids = voids[(me + 2) % 4]
        if trumps_out and not partner_voids >> trump & 1:
            for code in sorted(hand, key=POINTS_OF_CODE.__getitem__):
                suit = code >> 3
                if (
                    suit != trump
                    and partner_voids >> suit & 1
                    and not voids[left] >> suit & 1
                    and not voids[right] >> suit & 1
                    and POINTS_OF_CODE[code] < 10
                ):
                    return code  # let the partner ruff
        mask = mask_of(hand)

        def cost(code: int) -> float:
            suit = code >> 3
            if suit == trump:
                return 30.0 + TRUMP_STRENGTH[code] * 2
            return POINTS_OF_CODE[code] * 2 + _POPCOUNT[_suit_bits(mask, suit)]

        return min(hand, key=cost)

    def _follow(self, hand: Sequence[int], legal: Sequence[int], table: Table) -> int:
        trump = table.trump
        trick = table.trick
        position = len(trick)
        keys = TRICK_KEYS[trump][trick[0] >> 3]
        best_position = winner_position(trick, trump)
        best_key = keys[trick[best_position]]
        unknown = FULL_MASK & ~(table.played | mask_of(hand))
        higher = _HIGHER[trump]

        def is_boss(code: int) -> bool:
            return not higher[code] & unknown

        def holds(code: int) -> bool:
            """Will `code`, now on top of the trick, stay there against the opponents after me?"""
            if position == 3:
                return True
            if higher[code] & unknown:
                return False
            suit = code >> 3
            if suit == trump or not unknown & SUIT_MASKS[trump]:
                return True
            # The last opponent to play sits at position 3; may he ruff?
            last = (table.leader + 3) % 4
            voids = table.voids[last]
            if voids >> trump & 1:
                return True
            return not voids >> suit & 1 and _POPCOUNT[_suit_bits(unknown, suit)] >= 2

        def smear(code: int) -> float:
            # Keep a sure Ass for a trick of its own; anything else may go to the partner.
            if code >> 3 == trump:
                return -10.0 - TRUMP_STRENGTH[code] * 2
            return POINTS_OF_CODE[code] - (12.0 if code & 7 == _ASS and is_boss(code) else 0.0)

        def discard_cost(code: int) -> float:
            if code >> 3 == trump:
                return 6.0 + TRUMP_STRENGTH[code] * 3 + POINTS_OF_CODE[code]
            return POINTS_OF_CODE[code] + (8.0 if is_boss(code) else 0.0)

        def take(code: int) -> float:
            if code >> 3 == trump:
                return POINTS_OF_CODE[code] - TRUMP_STRENGTH[code] * 2.0
            return POINTS_OF_CODE[code] - (5.0 if is_boss(code) else 0.0)

        winners = [code for code in legal if keys[code] > best_key]
        partner_winning = (table.leader + best_position) % 4 == (self.seat + 2) % 4
        if partner_winning:
            if holds(trick[best_position]):
                return max(legal, key=smear)
            sure = [code for code in winners if holds(code)]
            if sure:
                return max(sure, key=take)
            return min(legal, key=discard_cost)
        if winners:
            if position == 3:
                return max(winners, key=take)
            sure = [code for code in winners if holds(code)]
            if sure:
                return max(sure, key=take)
            if position == 2 and sum(POINTS_OF_CODE[code] for code in trick) >= 10:
                return max(winners, key=keys.__getitem__)
        return min(legal, key=discard_cost)
