"""The vocabulary of Klammern: suits, ranks, bids, melds, sides and the fixed numbers."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


def _(text: str) -> str:
    """Mark a message for translation; the Django layer translates it when shown."""
    return text


class Suit(StrEnum):
    KREUZ = "kreuz"
    PIK = "pik"
    HERZ = "herz"
    KARO = "karo"

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HERZ, Suit.KARO)


SUIT_SYMBOLS = {Suit.KREUZ: "♣", Suit.PIK: "♠", Suit.HERZ: "♥", Suit.KARO: "♦"}
SUIT_LABELS = {
    Suit.KREUZ: _("Kreuz"),
    Suit.PIK: _("Pik"),
    Suit.HERZ: _("Herz"),
    Suit.KARO: _("Karo"),
}


class Rank(StrEnum):
    """Card ranks, declared in meld-sequence order 7-8-9-10-B-D-K-A."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    BUBE = "B"
    DAME = "D"
    KOENIG = "K"
    ASS = "A"

    @property
    def sequence_index(self) -> int:
        """Position in the meld sequence 7-8-9-10-B-D-K-A (0..7)."""
        return SEQUENCE_ORDER.index(self)


SEQUENCE_ORDER: tuple[Rank, ...] = tuple(Rank)
RANK_LABELS = {
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.BUBE: _("Bube"),
    Rank.DAME: _("Dame"),
    Rank.KOENIG: _("König"),
    Rank.ASS: _("Ass"),
}


class Bid(StrEnum):
    REIN = "rein"
    KLEIN = "klein"
    BESSER = "besser"


BID_LABELS = {Bid.REIN: _("rein"), Bid.KLEIN: _("klein"), Bid.BESSER: _("besser")}


class MeldKind(StrEnum):
    TERZ = "terz"
    FUENFZIG = "fuenfzig"
    BELLE = "belle"

    @property
    def value_points(self) -> int:
        return MELD_POINTS[self]

    @property
    def is_sequence(self) -> bool:
        return self is not MeldKind.BELLE


MELD_POINTS = {MeldKind.TERZ: 20, MeldKind.FUENFZIG: 50, MeldKind.BELLE: 20}
MELD_LABELS = {
    MeldKind.TERZ: _("Terz"),
    MeldKind.FUENFZIG: _("Fünfzig"),
    MeldKind.BELLE: _("Belle"),
}

# The labels of each kind of card word, by its type: how a message names a value of scoring.
LABELS_BY_TYPE: dict[type, dict[Any, str]] = {
    Rank: RANK_LABELS,
    Suit: SUIT_LABELS,
    Bid: BID_LABELS,
    MeldKind: MELD_LABELS,
}


class Side(StrEnum):
    A = "a"
    B = "b"

    @property
    def other(self) -> Side:
        return Side.B if self is Side.A else Side.A


# Every deal: 120 card points + Jappa 20 + Mi 14 + last trick 10.
CARD_POINTS_TOTAL = 120
JAPPA_BONUS = 20
MI_BONUS = 14
LAST_TRICK_BONUS = 10
BASE_TOTAL = CARD_POINTS_TOTAL + JAPPA_BONUS + MI_BONUS + LAST_TRICK_BONUS  # 164

# Small and large rounds.
ROUND_TARGET = 5
LAUBE_SCORE = 4


@dataclass(frozen=True, slots=True)
class Meld:
    """A counted meld: kind, and for sequences optionally the suit and the top card."""

    kind: MeldKind
    suit: Suit | None = None
    top: Rank | None = None

    @property
    def points(self) -> int:
        return MELD_POINTS[self.kind]
