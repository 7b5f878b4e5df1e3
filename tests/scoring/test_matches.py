from scoring.matches import goes_on, pairing, split_matches

AB_CD = (("Anna", "Bernd"), ("Carl", "Dora"))
CD_AB = (("Dora", "Carl"), ("Bernd", "Anna"))
EF_GH = (("Eva", "Fritz"), ("Gerd", "Hanna"))
AC_BD = (("Anna", "Carl"), ("Bernd", "Dora"))


def test_consecutive_games_of_the_same_teams_are_one_match_whatever_the_sides() -> None:
    assert split_matches([AB_CD, AB_CD, CD_AB]) == [0, 0, 0]


def test_two_tables_played_at_once_are_two_matches_however_their_games_interleave() -> None:
    assert split_matches([AB_CD, EF_GH, AB_CD, EF_GH, EF_GH, AB_CD]) == [0, 1, 0, 1, 1, 0]


def test_the_same_teams_start_a_new_match_once_one_of_them_played_in_another() -> None:
    assert split_matches([AB_CD, AC_BD, AB_CD]) == [0, 1, 2]


def test_a_match_goes_on_only_when_all_four_played_last_in_it() -> None:
    pairings = {1: pairing(*AB_CD), 2: pairing(*EF_GH)}
    last = {"Anna": 1, "Bernd": 1, "Carl": 1, "Dora": 1, "Eva": 2}
    assert goes_on(*CD_AB, last_match=last, pairings=pairings) == 1
    assert goes_on(*AC_BD, last_match=last, pairings=pairings) is None
    assert goes_on(*AB_CD, last_match={**last, "Dora": 2}, pairings=pairings) is None
    assert goes_on(*AB_CD, last_match={}, pairings=pairings) is None
