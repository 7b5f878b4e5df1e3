"""The melds of a team must fit its two hands of 8 cards (docs/rules.md "Recording a game")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.domain import Meld, MeldKind, Rank, Side, Suit
from scoring.melds import counted_meld_masks
from scoring.rules import GameSheet, meld_cards_problem, validate

TERZ = Meld(MeldKind.TERZ)
FUENFZIG = Meld(MeldKind.FUENFZIG)
BELLE = Meld(MeldKind.BELLE)


def problem(*melds: Meld, trump: Suit | None = Suit.HERZ) -> str | None:
    found = meld_cards_problem(melds, trump, Side.A)
    return None if found is None else found.text


def test_four_terz_two_fuenfzig_and_a_belle_are_refused_with_the_count() -> None:
    text = problem(*[TERZ] * 4, *[FUENFZIG] * 2, BELLE)
    assert text == (
        "Team A: 4 Terz und 2 Fünfzig sind 6 Folgen; eine Hand hält höchstens zwei, "
        "zwei Hände also vier."
    )


def test_four_fuenfzig_fill_both_hands_but_five_sequences_do_not() -> None:
    assert problem(*[FUENFZIG] * 4) is None
    assert problem(*[FUENFZIG] * 4, TERZ) is not None
    assert problem(*[TERZ] * 4, BELLE) is None


def test_a_belle_outside_trump_sequences_needs_two_more_cards() -> None:
    three_and_terz = (Meld(MeldKind.FUENFZIG, Suit.PIK, Rank.ASS),) * 1 + (
        Meld(MeldKind.FUENFZIG, Suit.KREUZ, Rank.ASS),
        Meld(MeldKind.FUENFZIG, Suit.KARO, Rank.ASS),
        Meld(MeldKind.TERZ, Suit.HERZ, Rank.NINE),
    )
    assert problem(*three_and_terz) is None
    assert problem(*three_and_terz, BELLE) == (
        "Team A: 1 Terz, 3 Fünfzig und die Belle brauchen 17 Karten, zwei Hände haben 16."
    )
    # A Fünfzig of trump up to the Ass holds Dame and König: the Belle shares them.
    shared = (*three_and_terz[:3], Meld(MeldKind.FUENFZIG, Suit.HERZ, Rank.ASS), BELLE)
    assert problem(*shared) is None
    # Suits not given: the Belle may share, so nothing is refused.
    assert problem(*[FUENFZIG] * 4, BELLE) is None


def test_two_sequences_of_one_suit_must_not_overlap() -> None:
    low = Meld(MeldKind.TERZ, Suit.KREUZ, Rank.NINE)  # 7-8-9
    assert problem(low, Meld(MeldKind.TERZ, Suit.KREUZ, Rank.DAME)) is None  # 10-B-D
    text = problem(low, Meld(MeldKind.FUENFZIG, Suit.KREUZ, Rank.BUBE))  # 8-9-10-B
    assert text == (
        "Team A: zwei Folgen in Kreuz bis 9 und bis Bube teilen sich Karten; "
        "keine Karte zählt in zwei Folgen."
    )
    assert problem(low, Meld(MeldKind.FUENFZIG, Suit.PIK, Rank.BUBE)) is None


def test_validate_refuses_the_game_at_the_melds_of_the_team() -> None:
    sheet = GameSheet(
        team_a=("a1", "a2"),
        team_b=("b1", "b2"),
        declarer="a1",
        trump="herz",
        bid="rein",
        points_a=280,
        points_b=64,
        melds_a=(*[TERZ] * 4, *[FUENFZIG] * 2),
    )
    problems = validate(sheet)
    assert [p.field for p in problems] == ["melds_a"]
    assert "6 Folgen" in problems[0].text


_KINDS = st.sampled_from([TERZ, FUENFZIG, BELLE])


@given(st.lists(_KINDS, max_size=8))
def test_unplaced_melds_fit_exactly_when_count_and_cards_allow(melds: list[Meld]) -> None:
    seqs = [m for m in melds if m.kind.is_sequence]
    cards = sum(3 if m.kind is MeldKind.TERZ else 4 for m in seqs)
    fits = len(seqs) <= 4 and cards <= 16
    assert (meld_cards_problem(melds, Suit.HERZ, Side.B) is None) == fits


@settings(max_examples=300)
@given(st.permutations(range(32)), st.integers(0, 3), st.integers(0, 3))
def test_melds_of_real_deals_always_fit(deck: list[int], trump: int, first: int) -> None:
    hands = [sum(1 << c for c in deck[8 * seat : 8 * seat + 8]) for seat in range(4)]
    melds_a, melds_b = counted_meld_masks(hands, trump, first)
    suit = list(Suit)[trump]
    assert meld_cards_problem(melds_a, suit, Side.A) is None
    assert meld_cards_problem(melds_b, suit, Side.B) is None
