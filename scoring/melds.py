"""Melds in the dealt hands and which of them count (docs/rules.md "Melds").

Terz = 3 cards in sequence 7-8-9-10-B-D-K-A of one suit, Fünfzig = 4 or more (a run of five
or more is one Fünfzig; two runs apart in one suit are two melds). Only the team with the
highest sequence scores sequences, then all of its own: a Fünfzig beats any Terz, between
equal kinds the higher top card wins, at equal height the trump suit wins, otherwise the one
announced first (announcing goes in playing order, from the left of the dealer). Belle (D
and K of trump in one hand) always counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.cards import SUIT_INDEX, SUITS, Card, mask_of
from scoring.domain import SEQUENCE_ORDER, Meld, MeldKind, Side, Suit

_BELLE_BITS = 0b0110_0000  # Dame and König in 7-8-9-10-B-D-K-A


def _runs(bits: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of 3 or more set bits: (length, index of the top card)."""
    runs: list[tuple[int, int]] = []
    length = 0
    for index in range(9):
        if index < 8 and bits >> index & 1:
            length += 1
            continue
        if length >= 3:
            runs.append((length, index - 1))
        length = 0
    return tuple(runs)


# SEQUENCE_RUNS[bits of one suit in 7-8-9-10-B-D-K-A]: its runs as (length, top index).
SEQUENCE_RUNS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_runs(bits) for bits in range(256))


def _sequence_melds(hand_mask: int) -> list[tuple[int, int, int]]:
    """(suit index, length, top index) of every sequence in a hand given as a code mask."""
    found: list[tuple[int, int, int]] = []
    for suit in range(4):
        for length, top in SEQUENCE_RUNS[hand_mask >> (8 * suit) & 0xFF]:
            found.append((suit, length, top))
    return found


def _as_meld(suit: int, length: int, top: int) -> Meld:
    kind = MeldKind.FUENFZIG if length >= 4 else MeldKind.TERZ
    return Meld(kind, SUITS[suit], SEQUENCE_ORDER[top])


def _key(suit: int, length: int, top: int, trump: int) -> tuple[int, int, int]:
    return (1 if length >= 4 else 0, top, 1 if suit == trump else 0)


def counted_meld_masks(
    hand_masks: Sequence[int], trump: int, first: int
) -> tuple[tuple[Meld, ...], tuple[Meld, ...]]:
    """Counted melds of team A and team B, hands given by seat as code masks."""
    counted: tuple[list[Meld], list[Meld]] = ([], [])
    best_key: tuple[int, int, int] | None = None
    best_team = 0
    found_by_seat: list[list[tuple[int, int, int]]] = [[], [], [], []]
    for offset in range(4):  # announcing order
        seat = (first + offset) % 4
        found = _sequence_melds(hand_masks[seat])
        found_by_seat[seat] = found
        for suit, length, top in found:
            key = _key(suit, length, top, trump)
            if best_key is None or key > best_key:  # equal: the earlier one stays
                best_key, best_team = key, seat & 1
    if best_key is not None:
        for offset in range(4):
            seat = (first + offset) % 4
            if seat & 1 == best_team:
                counted[best_team].extend(_as_meld(*found) for found in found_by_seat[seat])
    belle = _BELLE_BITS << (8 * trump)
    for seat in range(4):
        if hand_masks[seat] & belle == belle:
            counted[seat & 1].append(Meld(MeldKind.BELLE, SUITS[trump]))
    return tuple(counted[0]), tuple(counted[1])


# --- The same, on cards ------------------------------------------------------------------


def sequences(hand: Iterable[Card]) -> list[Meld]:
    """Every Terz and Fünfzig in one hand, with suit and top card."""
    return [_as_meld(*found) for found in _sequence_melds(mask_of(c.code for c in hand))]


def has_belle(hand: Iterable[Card], trump: Suit) -> bool:
    belle = _BELLE_BITS << (8 * SUIT_INDEX[trump])
    return mask_of(c.code for c in hand) & belle == belle


def sequence_key(meld: Meld, trump: Suit) -> tuple[int, int, int]:
    """Compare sequences of different hands: the higher key wins; equal keys go to the
    one announced first."""
    if not meld.kind.is_sequence or meld.suit is None or meld.top is None:
        raise ValueError("only a Terz or Fünfzig with suit and top card can be compared")
    return (
        1 if meld.kind is MeldKind.FUENFZIG else 0,
        meld.top.sequence_index,
        1 if meld.suit is trump else 0,
    )


@dataclass(frozen=True, slots=True)
class CountedMelds:
    team_a: tuple[Meld, ...]
    team_b: tuple[Meld, ...]

    def of(self, side: Side) -> tuple[Meld, ...]:
        return self.team_a if side is Side.A else self.team_b

    @property
    def sequence_side(self) -> Side | None:
        """The team whose Terz/Fünfzig count, if any."""
        if any(meld.kind.is_sequence for meld in self.team_a):
            return Side.A
        if any(meld.kind.is_sequence for meld in self.team_b):
            return Side.B
        return None

    @property
    def points_a(self) -> int:
        return sum(meld.points for meld in self.team_a)

    @property
    def points_b(self) -> int:
        return sum(meld.points for meld in self.team_b)


def counted_melds(hands: Sequence[Iterable[Card]], trump: Suit, first_seat: int) -> CountedMelds:
    """The counted melds of both teams; `hands` by seat (0 and 2 are team A), announcing
    starts with `first_seat` (the player left of the dealer)."""
    if len(hands) != 4:
        raise ValueError("melds are counted over the four hands")
    masks = [mask_of(card.code for card in hand) for hand in hands]
    team_a, team_b = counted_meld_masks(masks, SUIT_INDEX[trump], first_seat)
    return CountedMelds(team_a, team_b)
