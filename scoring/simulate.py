"""Simulate whole games between four computer players, with a full record of the play.

A game: shuffle and deal 3-2-3, the two bidding passes (docs/rules.md "Dealing and choosing
trump"), melds, Kontra and Re during the first trick, eight tricks, points. The same `rng`
always gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from scoring.bots import Bot, Table
from scoring.cards import DECK, SUITS, Card, mask_of
from scoring.domain import Bid, Meld, Side, Suit
from scoring.melds import counted_meld_masks
from scoring.play import (
    OFFER_POSITION,
    Trick,
    deal_codes,
    deal_points,
    legal_codes,
    side_of,
    winner_position,
)


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One simulated game. Seats 0 and 2 are team A, seats 1 and 3 team B.

    `points_a` and `points_b` include card points, Jappa, Mi, last trick and the team's
    counted melds, so they add up to 164 plus all counted melds.
    """

    dealer: int
    declarer: int
    trump: Suit
    bid: Bid
    melds_a: tuple[Meld, ...]
    melds_b: tuple[Meld, ...]
    kontra: bool
    re: bool
    points_a: int
    points_b: int
    hands: tuple[tuple[Card, ...], ...]  # as dealt, by seat
    offer: Card  # the turned-up card (in the dealer's hand)
    tricks: tuple[Trick, ...]

    @property
    def playing_side(self) -> Side:
        return side_of(self.declarer)

    def points(self, side: Side) -> int:
        return self.points_a if side is Side.A else self.points_b

    def melds(self, side: Side) -> tuple[Meld, ...]:
        return self.melds_a if side is Side.A else self.melds_b

    @property
    def total(self) -> int:
        return self.points_a + self.points_b


def _auction(
    bots: Sequence[Bot], hands: Sequence[list[int]], offer: int, dealer: int
) -> tuple[int, int, Bid] | None:
    """(declarer, trump suit index, bid), or None when nobody plays."""
    order = [(dealer + offset) % 4 for offset in (1, 2, 3, 4)]
    for seat in order:
        if bots[seat].says_rein(hands[seat], offer, dealer):
            return seat, offer >> 3, Bid.REIN
    for index, seat in enumerate(order):
        trump = bots[seat].says_klein(hands[seat])
        if trump is None:
            continue
        for later in order[index + 1 :]:
            if bots[later].says_besser(hands[later], seat):
                return later, 0, Bid.BESSER
        return seat, trump, Bid.KLEIN
    return None


def play_game(rng: random.Random, skills: Sequence[float], dealer: int) -> PlayedGame | None:
    """Deal and play one game; None when nobody wants to play (the cards are dealt again)."""
    if len(skills) != 4:
        raise ValueError("a game needs four players")
    deck = list(range(32))
    rng.shuffle(deck)
    hands = deal_codes(deck, dealer)
    offer = deck[OFFER_POSITION]
    bots = [Bot(seat, skills[seat], rng) for seat in range(4)]
    auction = _auction(bots, hands, offer, dealer)
    if auction is None:
        return None
    declarer, trump, bid = auction
    dealt = tuple(tuple(DECK[code] for code in hand) for hand in hands)
    first = (dealer + 1) % 4
    melds_a, melds_b = counted_meld_masks([mask_of(hand) for hand in hands], trump, first)

    kontra = re = False
    order = [(first + offset) % 4 for offset in range(4)]
    for seat in order:
        if (seat - declarer) % 2 and bots[seat].says_kontra(hands[seat], trump):
            kontra = True
            break
    if kontra:
        for seat in order:
            if (seat - declarer) % 2 == 0 and bots[seat].says_re(hands[seat], trump):
                re = True
                break

    table = Table(trump, declarer, first)
    won = [0, 0, 0, 0]
    tricks: list[Trick] = []
    leader = first
    for _ in range(8):
        trick: list[int] = []
        table.leader = leader
        table.trick = trick
        for offset in range(4):
            seat = (leader + offset) % 4
            hand = hands[seat]
            code = bots[seat].choose(hand, legal_codes(hand, trick, trump), table)
            hand.remove(code)
            table.record(seat, code)
        winner = (leader + winner_position(trick, trump)) % 4
        won[winner] |= mask_of(trick)
        tricks.append(Trick(leader, tuple(DECK[code] for code in trick), winner))
        leader = winner

    points_a, points_b = deal_points(won, leader, trump)
    points_a += sum(meld.points for meld in melds_a)
    points_b += sum(meld.points for meld in melds_b)
    return PlayedGame(
        dealer=dealer,
        declarer=declarer,
        trump=SUITS[trump],
        bid=bid,
        melds_a=melds_a,
        melds_b=melds_b,
        kontra=kontra,
        re=re,
        points_a=points_a,
        points_b=points_b,
        hands=dealt,
        offer=DECK[offer],
        tricks=tuple(tricks),
    )


def play_until_game(rng: random.Random, skills: Sequence[float], dealer: int) -> PlayedGame:
    """Deal until somebody plays; after each passed-in deal the next player deals.

    The game's `dealer` tells who dealt it; the next game is dealt by the seat after him.
    """
    while True:
        game = play_game(rng, skills, dealer)
        if game is not None:
            return game
        dealer = (dealer + 1) % 4


def play_games(
    rng: random.Random, skills: Sequence[float], count: int, dealer: int = 0
) -> Iterator[PlayedGame]:
    """`count` games in a row at one table, the deal passing to the left after each deal."""
    for _ in range(count):
        game = play_until_game(rng, skills, dealer)
        yield game
        dealer = (game.dealer + 1) % 4
