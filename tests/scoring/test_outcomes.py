import pytest

from scoring.domain import Side
from scoring.outcomes import BANDS, Band, band_of, calls_of, margin
from scoring.rounds import in_laube, is_kalte, large_points_for


@pytest.mark.parametrize(
    ("distance", "band"),
    [(0, Band(0, 0)), (1, Band(1, 10)), (10, Band(1, 10)), (11, Band(11, 20)), (-15, Band(11, 20)),
     (100, Band(91, 100)), (101, Band(101, None)), (250, Band(101, None))],
)  # fmt: skip
def test_a_margin_falls_into_its_band_of_ten(distance: int, band: Band) -> None:
    assert band_of(distance) == band


def test_the_bands_cover_every_margin_once() -> None:
    assert [b.low for b in BANDS] == [0, 1, 11, 21, 31, 41, 51, 61, 71, 81, 91, 101]
    for distance in range(0, 300):
        assert (
            sum(1 for b in BANDS if b.low <= distance <= (10**9 if b.high is None else b.high)) == 1
        )


def test_a_margin_is_the_playing_team_s_points_minus_the_defenders() -> None:
    assert margin(points_playing=90, points_defending=72) == 18
    assert margin(points_playing=70, points_defending=92) == -22


def test_kontra_is_said_by_the_defenders_and_re_by_the_playing_team() -> None:
    assert calls_of(Side.B, playing=Side.A, kontra=True, re=False) == ("kontra_said",)
    assert calls_of(Side.A, playing=Side.A, kontra=True, re=False) == ("kontra_against",)
    assert calls_of(Side.A, playing=Side.A, kontra=True, re=True) == ("kontra_against", "re_said")
    assert calls_of(Side.B, playing=Side.A, kontra=True, re=True) == ("kontra_said", "re_against")
    assert calls_of(Side.A, playing=Side.B, kontra=False, re=False) == ()


def test_four_small_points_is_the_laube_and_a_round_without_a_point_for_the_loser_a_kalte() -> None:
    assert in_laube(4) and not in_laube(3) and not in_laube(5)
    assert is_kalte(0) and not is_kalte(1)
    assert large_points_for(5, 0) == 2 and large_points_for(5, 3) == 1
