import pytest

from scoring.cards import parse_cards
from scoring.domain import Meld, MeldKind, Rank, Side, Suit
from scoring.melds import CountedMelds, counted_melds, has_belle, sequence_key, sequences

TERZ, FUENFZIG, BELLE = MeldKind.TERZ, MeldKind.FUENFZIG, MeldKind.BELLE


def found(hand: str) -> list[tuple[MeldKind, Suit | None, str | None]]:
    return [
        (meld.kind, meld.suit, meld.top.value if meld.top else None)
        for meld in sequences(parse_cards(hand))
    ]


def count(hands: list[str], trump: Suit = Suit.HERZ, first: int = 0) -> CountedMelds:
    return counted_melds([parse_cards(hand) for hand in hands], trump, first)


# --- Finding melds in one hand ---------------------------------------------------------------


def test_three_cards_in_sequence_are_a_terz() -> None:
    assert found("♣7 ♣8 ♣9 ♠A") == [(TERZ, Suit.KREUZ, "9")]


def test_four_cards_in_sequence_are_a_fuenfzig() -> None:
    assert found("♦9 ♦10 ♦B ♦D") == [(FUENFZIG, Suit.KARO, "D")]


def test_five_or_more_in_sequence_are_one_fuenfzig() -> None:
    assert found("♠10 ♠B ♠D ♠K ♠A ♠7") == [(FUENFZIG, Suit.PIK, "A")]


def test_bube_and_ten_take_their_natural_places_in_a_sequence() -> None:
    assert found("♥9 ♥10 ♥B") == [(TERZ, Suit.HERZ, "B")]
    assert found("♥B ♥D ♥K") == [(TERZ, Suit.HERZ, "K")]


def test_the_trick_order_is_not_the_sequence_order() -> None:
    # A, 10, K follow each other in a trick but not in a sequence.
    assert found("♣A ♣10 ♣K") == []


def test_a_sequence_does_not_wrap_round_from_ass_to_seven() -> None:
    assert found("♣K ♣A ♣7 ♣8") == []


def test_two_runs_apart_in_one_suit_are_two_terzes() -> None:
    assert found("♣7 ♣8 ♣9 ♣D ♣K ♣A") == [(TERZ, Suit.KREUZ, "9"), (TERZ, Suit.KREUZ, "A")]


def test_sequences_in_two_suits_are_both_found() -> None:
    assert found("♣7 ♣8 ♣9 ♦10 ♦B ♦D ♦K") == [
        (TERZ, Suit.KREUZ, "9"),
        (FUENFZIG, Suit.KARO, "K"),
    ]


def test_belle_is_dame_and_koenig_of_trump_in_one_hand() -> None:
    assert has_belle(parse_cards("♥D ♥K ♣7"), Suit.HERZ)


def test_belle_needs_both_dame_and_koenig_of_trump() -> None:
    assert not has_belle(parse_cards("♥D ♣K ♠K"), Suit.HERZ)
    assert not has_belle(parse_cards("♥K ♣D"), Suit.HERZ)


def test_dame_and_koenig_of_another_suit_are_no_belle() -> None:
    assert not has_belle(parse_cards("♣D ♣K"), Suit.HERZ)


# --- Which melds count ------------------------------------------------------------------------


def test_a_fuenfzig_beats_any_terz() -> None:
    counted = count(["♣7 ♣8 ♣9 ♣10", "♠K ♠D ♠A", "", ""])
    assert counted.team_a == (Meld(FUENFZIG, Suit.KREUZ, Rank.TEN),)
    assert counted.team_b == ()
    assert counted.sequence_side is Side.A


def test_between_two_terzes_the_higher_top_card_wins() -> None:
    counted = count(["♣7 ♣8 ♣9", "♠8 ♠9 ♠10", "", ""])
    assert counted.team_b == (Meld(TERZ, Suit.PIK, Rank.TEN),)
    assert counted.team_a == ()


def test_between_two_fuenfzigs_the_higher_top_card_wins_not_the_longer() -> None:
    counted = count(["♣7 ♣8 ♣9 ♣10 ♣B", "♠9 ♠10 ♠B ♠D", "", ""])
    assert counted.sequence_side is Side.B


def test_at_equal_height_the_trump_suit_wins_even_if_announced_later() -> None:
    counted = count(["♣B ♣D ♣K", "♥B ♥D ♥K", "", ""], trump=Suit.HERZ, first=0)
    assert counted.sequence_side is Side.B


def test_at_equal_height_outside_trump_the_one_announced_first_wins() -> None:
    hands = ["♣8 ♣9 ♣10", "♠8 ♠9 ♠10", "", ""]
    assert count(hands, trump=Suit.HERZ, first=0).sequence_side is Side.A
    assert count(hands, trump=Suit.HERZ, first=1).sequence_side is Side.B
    # Announcing starts left of the dealer and goes round: seat 3, then 0, then 1.
    assert count(hands, trump=Suit.HERZ, first=3).sequence_side is Side.A


def test_the_winning_team_counts_all_its_sequences_and_the_other_none() -> None:
    counted = count(["♣K ♣D ♣A", "♠7 ♠8 ♠9 ♠A ♠K ♠D", "♦7 ♦8 ♦9", ""])
    assert counted.team_a == (
        Meld(TERZ, Suit.KREUZ, Rank.ASS),
        Meld(TERZ, Suit.KARO, Rank.NINE),
    )
    assert counted.team_b == ()


def test_belle_always_counts_even_for_the_team_whose_sequences_lose() -> None:
    counted = count(["♣7 ♣8 ♣9 ♣10", "♥D ♥K ♠7 ♠8 ♠9", "", ""], trump=Suit.HERZ)
    assert counted.team_a == (Meld(FUENFZIG, Suit.KREUZ, Rank.TEN),)
    assert counted.team_b == (Meld(BELLE, Suit.HERZ),)
    assert (counted.points_a, counted.points_b) == (50, 20)


def test_belle_inside_a_sequence_counts_both() -> None:
    counted = count(["♥B ♥D ♥K", "", "", ""], trump=Suit.HERZ)
    assert counted.of(Side.A) == (Meld(TERZ, Suit.HERZ, Rank.KOENIG), Meld(BELLE, Suit.HERZ))


def test_dame_and_koenig_of_trump_in_two_hands_are_no_belle() -> None:
    counted = count(["♥D", "", "♥K", ""], trump=Suit.HERZ)
    assert counted.team_a == counted.team_b == ()


def test_without_sequences_no_team_scores_sequences() -> None:
    counted = count(["♣7 ♣9", "♠A ♠K", "", "♦B ♦D ♦A"])
    assert counted.sequence_side is None


def test_melds_are_counted_over_four_hands() -> None:
    with pytest.raises(ValueError, match="four hands"):
        counted_melds([], Suit.HERZ, 0)


def test_sequence_keys_order_kind_then_top_then_trump() -> None:
    terz_ace = Meld(TERZ, Suit.PIK, Rank.ASS)
    fuenfzig_ten = Meld(FUENFZIG, Suit.PIK, Rank.TEN)
    trump_terz = Meld(TERZ, Suit.HERZ, Rank.ASS)
    key = {meld: sequence_key(meld, Suit.HERZ) for meld in (terz_ace, fuenfzig_ten, trump_terz)}
    assert key[fuenfzig_ten] > key[trump_terz] > key[terz_ace]


def test_only_sequences_with_suit_and_top_can_be_compared() -> None:
    with pytest.raises(ValueError, match="only a Terz or Fünfzig"):
        sequence_key(Meld(BELLE, Suit.HERZ), Suit.HERZ)
