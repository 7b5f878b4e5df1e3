"""docs/rules.md "Recording a game": the melds must fit the cards. Two hands of 8 cards hold at
most four sequences; the Belle may share Dame and König of trump with a sequence; a suit has 8
cards; two sequences of one suit never share a card. The card engine's games always fit."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.domain import BASE_TOTAL, Meld, MeldKind, Rank, Suit
from scoring.rules import GameSheet, validate
from scoring.simulate import play_games

TERZ, FUENFZIG, BELLE = Meld(MeldKind.TERZ), Meld(MeldKind.FUENFZIG), Meld(MeldKind.BELLE)


def problems(melds_a: list[Meld], melds_b: list[Meld] = (), trump: str = "herz") -> list[str]:
    """The fit problems of a game whose points add up, team A holding `melds_a`."""
    total = BASE_TOTAL + sum(m.points for m in (*melds_a, *melds_b))
    points_b = 64 + sum(m.points for m in melds_b)
    sheet = GameSheet(("a", "b"), ("c", "d"), "a", trump, "rein", total - points_b, points_b,
                      tuple(melds_a), tuple(melds_b))  # fmt: skip
    return [p.text for p in validate(sheet) if p.field.startswith("melds_")]


def seq(kind: MeldKind, suit: Suit | None = None, top: Rank | None = None) -> Meld:
    return Meld(kind, suit, top)


def test_four_terz_two_fuenfzig_and_a_belle_are_more_than_two_hands_hold() -> None:
    assert problems([TERZ] * 4 + [FUENFZIG] * 2 + [BELLE]) == [
        "Mannschaft A hat 6 Folgen (Terz und Fünfzig) gemeldet: in zwei Händen zu je 8 Karten "
        "haben höchstens vier Platz."
    ]


@pytest.mark.parametrize(
    "melds",
    [
        [FUENFZIG] * 4,  # 16 cards, two sequences in each hand
        [FUENFZIG] * 4 + [BELLE],  # the Belle inside a trump Fünfzig
        [FUENFZIG, FUENFZIG, TERZ, TERZ, BELLE],  # 4+4 | 3+3+2
        [seq(MeldKind.TERZ, Suit.PIK, Rank.NINE), seq(MeldKind.TERZ, Suit.PIK, Rank.KOENIG)],
        [seq(MeldKind.FUENFZIG, Suit.HERZ, Rank.ASS), FUENFZIG, FUENFZIG, FUENFZIG, BELLE],
    ],
)
def test_melds_that_fit_are_accepted(melds: list[Meld]) -> None:
    assert problems(melds) == []


def test_four_fuenfzig_in_other_suits_than_trump_leave_no_room_for_the_belle() -> None:
    pik, karo = (seq(MeldKind.FUENFZIG, suit) for suit in (Suit.PIK, Suit.KARO))
    assert problems([pik, pik, karo, karo, BELLE]) == [
        "Mannschaft A: diese Meldungen brauchen mindestens 18 Karten und passen nicht in zwei "
        "Hände zu je 8 Karten."
    ]


def test_a_suit_has_eight_cards() -> None:
    pik = [seq(MeldKind.FUENFZIG, Suit.PIK)] * 2 + [seq(MeldKind.TERZ, Suit.PIK)]
    assert problems(pik) == [
        "Mannschaft A: die Folgen in pik brauchen 11 Karten, eine Farbe hat nur 8."
    ]


def test_two_sequences_of_one_suit_never_share_a_card() -> None:
    to_koenig, to_dame = (seq(MeldKind.TERZ, Suit.PIK, top) for top in (Rank.KOENIG, Rank.DAME))
    assert problems([to_koenig, to_dame]) == [
        "Mannschaft A: zwei Folgen in pik überschneiden sich; keine Karte zählt in zwei Folgen."
    ]


def test_the_belle_of_the_other_team_needs_no_room_in_this_teams_hands() -> None:
    assert problems([FUENFZIG] * 4, [BELLE]) == []


@given(
    terz=st.integers(0, 6),
    fuenfzig=st.integers(0, 6),
    belle=st.booleans(),
)
def test_without_suits_only_the_count_and_the_cards_decide(
    terz: int, fuenfzig: int, belle: bool
) -> None:
    melds = [TERZ] * terz + [FUENFZIG] * fuenfzig + ([BELLE] if belle else [])
    # Without suits the Belle can always lie inside a sequence of trump, so only the count of
    # sequences limits: two per hand (three would take at least 9 cards).
    assert (problems(melds) == []) == (terz + fuenfzig <= 4)


def test_every_game_the_card_engine_deals_fits() -> None:
    rng = random.Random(1998)
    games = list(play_games(rng, [0.5, 0.7, 0.3, 0.9], 400))
    assert any(game.melds_a or game.melds_b for game in games)
    for game in games:
        # Seats 0 and 2 are team A, 1 and 3 team B.
        sheet = GameSheet((0, 2), (1, 3), game.declarer, game.trump, game.bid, game.points_a,
                          game.points_b, game.melds_a, game.melds_b, game.kontra, game.re)  # fmt: skip
        assert validate(sheet) == [], (game.melds_a, game.melds_b)
