"""The KlammernBoss's measurement: the true round chances the card engine gives and their score."""

import io
import json

import pytest

from bench.rating_quality.__main__ import main
from bench.rating_quality.bound import estimate, round_chance
from bench.rating_quality.quality import brier, reliability
from scoring.rating import KONTRA_SHARE, RE_SHARE, Rating, _outcomes, win_chance

STRENGTHS = {"Anke": 0.95, "Bernd": 0.9, "Claus": 0.1, "Dörte": 0.05, "Inge": 0.5, "Jens": 0.5}
STRONG, WEAK, EVEN = ("Anke", "Bernd"), ("Claus", "Dörte"), ("Inge", "Jens")


def test_the_engine_gives_the_stronger_pairing_the_better_chance_and_a_mirror_an_even_one() -> None:
    strong = round_chance(STRONG, WEAK, STRENGTHS, rounds=300)
    assert strong > 0.6
    assert round_chance(WEAK, STRONG, STRENGTHS, rounds=300) < 0.4
    # Two players of equal strength against two of the same strength: about a coin.
    assert round_chance(EVEN, ("Inge", "Jens"), STRENGTHS, rounds=300) == pytest.approx(
        0.5, abs=0.1
    )
    # Deterministic: the same pairing gives the same estimate.
    assert round_chance(STRONG, WEAK, STRENGTHS, rounds=300) == strong


def test_the_bound_scores_the_true_chances_on_the_rounds_played() -> None:
    outcomes = [((STRONG, WEAK), True), ((WEAK, STRONG), False), ((STRONG, EVEN), False)]
    bound = estimate(outcomes, STRENGTHS, rounds=40)
    # B against A is the same table as A against B: played once, the chance mirrored.
    assert set(bound.chances) == {(STRONG, WEAK), (STRONG, EVEN)}
    strong = bound.chances[(STRONG, WEAK)]
    assert strong == round_chance(STRONG, WEAK, STRENGTHS, rounds=40)
    chances = [strong, 1 - strong, bound.chances[(STRONG, EVEN)]]
    assert [p for p, _won in bound.predictions] == chances
    expected_brier = ((1 - chances[0]) ** 2 + chances[1] ** 2 + chances[2] ** 2) / 3
    assert bound.brier == pytest.approx(expected_brier)
    assert bound.brier == pytest.approx(brier(bound.predictions))
    assert bound.expected == pytest.approx(sum(p * (1 - p) for p in chances) / 3)


def test_each_reliability_bin_gets_our_score_and_the_bound_s_on_the_same_rounds() -> None:
    ours = [(0.52, True), (0.46, True), (0.71, False)]
    truth = [(0.6, True), (0.5, True), (0.55, False)]
    rows = reliability(ours, truth)
    assert [(r.low, r.rounds) for r in rows] == [(0.5, 2), (0.7, 1)]
    # Seen from the favourite: 0.46 for the team that won is 0.54 for the one that lost.
    assert rows[0].predicted == pytest.approx(0.53) and rows[0].observed == 0.5
    assert rows[0].brier == pytest.approx((0.48**2 + 0.54**2) / 2)
    assert rows[0].bound == pytest.approx((0.4**2 + 0.5**2) / 2)
    assert rows[1].brier == pytest.approx(0.71**2) and rows[1].bound == pytest.approx(0.55**2)
    assert all(r.bound is None for r in reliability(ours))


def test_rating_quality_reports_the_bound_beside_our_brier_score(capsys) -> None:
    out = io.StringIO()
    assert main(["--seeds", "3", "--years", "2001", "--bound", "20", "--json"], out) == 0
    (report,) = json.loads(out.getvalue())
    bound = report["bound"]
    assert bound["rounds_per_pairing"] == 20 and bound["pairings"] >= 1
    assert 0 < bound["brier"] < 0.5 and 0 < bound["expected"] <= 0.25
    assert sum(b["rounds"] for b in bound["by_bin"]) == report["rounds"]
    assert sum(b["rounds"] for b in bound["reliability"]) == report["rounds"]
    text = io.StringIO()
    assert main(["--seeds", "3", "--years", "2001", "--bound", "20"], text) == 0
    assert f"Brier {bound['brier']:.4f}" in text.getvalue()
    assert main(["--bound", "0"], io.StringIO()) == 2
    assert "Runde" in capsys.readouterr().err


def test_a_round_s_games_include_kontra_and_re_with_their_stakes_and_the_same_mean_chance() -> None:
    for chance in (0.2, 0.5, 0.8, 0.95):
        outcomes = _outcomes(chance)
        assert sum(q for q, _us, _them in outcomes) == pytest.approx(1.0)
        assert sum(q for q, us, _them in outcomes if us) == pytest.approx(chance)
        # Won: 1 small point, 2 with Kontra, 4 with Re; lost: 2, 4 and 8 to the other team.
        assert sorted(us for _q, us, _them in outcomes if us) == [1, 2, 4]
        assert sorted(them for _q, _us, them in outcomes if them) == [2, 4, 8]
        kontra = [q for q, us, them in outcomes if us == 2 or them == 4]
        assert sum(kontra) == pytest.approx(KONTRA_SHARE * (1 - RE_SHARE))
        # A declarer facing Kontra wins less often than one without.
        plain_won, plain_lost = outcomes[0][0], outcomes[1][0]
        assert kontra[0] / sum(kontra) < plain_won / (plain_won + plain_lost)
    # Kontra makes a round more of a lottery, but the stronger team stays the favourite.
    strong, weak = Rating(120.0, 5.0), Rating(80.0, 5.0)
    assert 0.5 < win_chance((strong, strong), (weak, weak), Rating(1.6, 0.05))[0] < 1


def test_rating_quality_reports_spearman_brier_and_a_reliability_table(capsys) -> None:
    out = io.StringIO()
    args = ["--seeds", "7", "--strengths", "shuffled", "--years", "2000-2001", "--json"]
    assert main(args, out) == 0
    (report,) = json.loads(out.getvalue())
    assert report["seed"] == 7 and len(report["ranking"]) == 8
    assert -1 <= report["spearman"] <= 1 and 0 < report["brier"] < 0.3
    assert sum(b["rounds"] for b in report["reliability"]) == report["rounds"] > 0
    assert main(["--strengths", "Anke=2"], io.StringIO()) == 2
    assert "Stärken" in capsys.readouterr().err
