from fractions import Fraction

import pytest

from scoring.domain import Meld, MeldKind, Rank, Side, Suit
from scoring.rules import GameSheet, InvalidGame, beet, result, small_points, validate

A1, A2, B1, B2 = "Anna", "Bernd", "Clara", "Dieter"


def sheet(**changes: object) -> GameSheet:
    values: dict[str, object] = {
        "team_a": (A1, A2),
        "team_b": (B1, B2),
        "declarer": A1,
        "trump": "herz",
        "bid": "rein",
        "points_a": 100,
        "points_b": 64,
    }
    values.update(changes)
    return GameSheet(**values)


def fields(s: GameSheet) -> list[str]:
    return [p.field for p in validate(s)]


def test_a_plain_valid_game_has_no_problems() -> None:
    assert validate(sheet()) == []


def test_the_beet_is_82_without_melds_and_107_with_a_fuenfzig() -> None:
    assert beet(164) == 82
    assert beet(164 + 50) == Fraction(107)


def test_the_playing_team_wins_with_more_than_the_beet() -> None:
    outcome = result(sheet())
    assert outcome.playing_side is Side.A
    assert outcome.winner is Side.A
    assert (outcome.small_a, outcome.small_b) == (1, 0)


def test_a_tie_loses_for_the_playing_team() -> None:
    outcome = result(sheet(points_a=82, points_b=82))
    assert outcome.winner is Side.B
    assert (outcome.small_a, outcome.small_b) == (0, 2)


def test_a_fuenfzig_raises_the_beet_to_107() -> None:
    fuenfzig = (Meld(MeldKind.FUENFZIG, None, Rank.ASS),)
    assert result(sheet(melds_a=fuenfzig, points_a=108, points_b=106)).winner is Side.A
    assert result(sheet(melds_a=fuenfzig, points_a=107, points_b=107)).winner is Side.B


def test_the_defenders_get_two_when_the_playing_team_loses() -> None:
    outcome = result(sheet(declarer=B1, points_a=100, points_b=64))
    assert outcome.playing_side is Side.B
    assert (outcome.small_a, outcome.small_b) == (2, 0)


@pytest.mark.parametrize(
    ("won", "kontra", "re", "expected"),
    [(True, False, False, 1), (False, False, False, 2), (True, True, False, 2),
     (False, True, False, 4), (True, True, True, 4), (False, True, True, 8)],
)  # fmt: skip
def test_kontra_doubles_and_re_doubles_again(won: bool, kontra: bool, re: bool,
                                              expected: int) -> None:  # fmt: skip
    assert small_points(playing_side_won=won, kontra=kontra, re=re) == expected


def test_re_after_kontra_gives_eight_to_the_defenders() -> None:
    outcome = result(sheet(kontra=True, re=True, points_a=80, points_b=84))
    assert (outcome.small_a, outcome.small_b) == (0, 8)


def test_a_game_needs_four_different_players() -> None:
    assert "players" in fields(sheet(team_b=(A1, B2)))


def test_the_declarer_must_sit_at_the_table() -> None:
    assert fields(sheet(declarer="Emil")) == ["declarer"]


def test_the_dealer_if_given_must_sit_at_the_table() -> None:
    assert fields(sheet(dealer="Emil")) == ["dealer"]
    assert validate(sheet(dealer=B2)) == []


def test_trump_must_be_one_of_the_four_suits() -> None:
    assert fields(sheet(trump="rot")) == ["trump"]


def test_the_bid_must_be_rein_klein_or_besser() -> None:
    assert fields(sheet(bid="grand")) == ["bid"]


def test_besser_means_trump_kreuz() -> None:
    assert fields(sheet(bid="besser", trump="pik")) == ["trump"]
    assert validate(sheet(bid="besser", trump="kreuz")) == []


def test_re_is_only_possible_after_kontra() -> None:
    assert fields(sheet(re=True)) == ["re"]


def test_sequence_melds_count_for_one_team_only() -> None:
    terz = (Meld(MeldKind.TERZ),)
    assert "melds_b" in fields(sheet(melds_a=terz, melds_b=terz, points_a=110, points_b=94))


def test_there_is_at_most_one_belle() -> None:
    belle = (Meld(MeldKind.BELLE),)
    assert "melds_b" in fields(sheet(melds_a=belle, melds_b=belle, points_a=110, points_b=94))


def test_a_belle_is_in_the_trump_suit() -> None:
    assert fields(sheet(melds_a=(Meld(MeldKind.BELLE, Suit.PIK),), points_a=120)) == ["melds_a"]


def test_a_terz_cannot_top_below_the_nine() -> None:
    bad = (Meld(MeldKind.TERZ, None, Rank.EIGHT),)
    assert fields(sheet(melds_a=bad, points_a=120)) == ["melds_a"]


@pytest.mark.parametrize("value", [-1, "abc", 12.5, None, True])
def test_points_are_whole_numbers_from_zero(value: object) -> None:
    assert "points_a" in fields(sheet(points_a=value))


def test_each_team_has_at_least_its_own_melds() -> None:
    fuenfzig = (Meld(MeldKind.FUENFZIG),)
    assert fields(sheet(melds_a=fuenfzig, points_a=40, points_b=174)) == ["points_a"]


def test_the_points_add_up_to_164_plus_melds() -> None:
    problems = validate(sheet(points_a=100, points_b=60))
    assert [p.field for p in problems] == ["points_b"]
    assert "160" in problems[0].text and "164" in problems[0].text


def test_every_problem_is_reported_at_once() -> None:
    problems = validate(sheet(declarer="Emil", trump="rot", re=True, points_a=-3))
    assert {p.field for p in problems} == {"declarer", "trump", "re", "points_a"}


def test_asking_the_result_of_an_invalid_game_raises_with_its_problems() -> None:
    with pytest.raises(InvalidGame) as error:
        result(sheet(trump="rot"))
    assert [p.field for p in error.value.problems] == ["trump"]


@pytest.mark.parametrize(
    "changes",
    [{}, {"kontra": True}, {"kontra": True, "re": True}, {"points_a": 40, "points_b": 124}],
)
def test_a_validated_sheet_gives_the_same_result_without_being_checked_again(
    changes: dict[str, object],
) -> None:
    valid = sheet(**changes)
    assert validate(valid) == []
    assert result(valid, validated=True) == result(valid)
