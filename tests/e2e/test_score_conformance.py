"""The browser's score keeping (static/js/score.js) against `scoring`: thousands of generated
games in Partien, half dealt and played by the card engine, half drawn at random over every
case (melds, Kontra, Re, ties at the Beet, Kalte, a Partie that continues an open round),
computed by both in one go: every small point, round, Laube, Kalte and large point equal."""

import random
from pathlib import Path

from playwright.sync_api import Page

from scoring.domain import BASE_TOTAL, Meld, MeldKind, Side
from scoring.rounds import progress
from scoring.rules import GameSheet, result, validate
from scoring.simulate import play_games

SCORE_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "score.js"
TEAM_A, TEAM_B = ("a1", "a2"), ("b1", "b2")


def _random_sheet(rng: random.Random) -> GameSheet:
    playing = rng.choice([Side.A, Side.B])
    sequences = rng.choice([(), (), (MeldKind.TERZ,), (MeldKind.FUENFZIG,),
                            (MeldKind.TERZ, MeldKind.TERZ), (MeldKind.FUENFZIG, MeldKind.TERZ)])  # fmt: skip
    melds: dict[Side, list[Meld]] = {Side.A: [], Side.B: []}
    melds[rng.choice([Side.A, Side.B])] += [Meld(kind) for kind in sequences]
    if rng.random() < 0.2:
        melds[rng.choice([Side.A, Side.B])].append(Meld(MeldKind.BELLE))
    own = {side: sum(m.points for m in melds[side]) for side in Side}
    total = BASE_TOTAL + own[Side.A] + own[Side.B]
    # Around the Beet often (a tie loses), anywhere sometimes.
    half = total // 2
    points_a = rng.choice([half, half + 1, half - 1, rng.randint(own[Side.A], total - own[Side.B])])
    points_a = min(max(points_a, own[Side.A]), total - own[Side.B])
    kontra = rng.random() < 0.25
    return GameSheet(TEAM_A, TEAM_B, TEAM_A[0] if playing is Side.A else TEAM_B[0], "herz",
                     "rein", points_a, total - points_a, tuple(melds[Side.A]),
                     tuple(melds[Side.B]), kontra, kontra and rng.random() < 0.3)  # fmt: skip


def _engine_sheets(rng: random.Random, count: int) -> list[GameSheet]:
    skills = [rng.random() for _seat in range(4)]
    return [
        # Seats 0 and 2 are team A, 1 and 3 team B.
        GameSheet(
            (0, 2),
            (1, 3),
            g.declarer,
            g.trump,
            g.bid,
            g.points_a,
            g.points_b,
            g.melds_a,
            g.melds_b,
            g.kontra,
            g.re,
        )
        for g in play_games(rng, skills, count)
    ]


def _as_js(sheet: GameSheet) -> dict[str, object]:
    return {
        "playing": sheet.side_of(sheet.declarer).value,
        "points_a": sheet.points_a,
        "points_b": sheet.points_b,
        "melds_a": [m.kind.value for m in sheet.melds_a],
        "melds_b": [m.kind.value for m in sheet.melds_b],
        "kontra": sheet.kontra,
        "re": sheet.re,
    }


def _expected(sheets: list[GameSheet], start: dict[str, int]) -> list[dict[str, object]]:
    smalls = [(r.small_a, r.small_b) for r in (result(sheet) for sheet in sheets)]
    # `progress` starts at 0:0 of round 1: an open round to continue is played in first.
    lead = [(1, 0)] * start["score_a"] + [(0, 1)] * start["score_b"]
    steps = progress(lead + smalls)[len(lead) :]
    return [
        {
            "small_a": small_a,
            "small_b": small_b,
            "round_no": step.round_no + start["round_no"] - 1,
            "score_a": step.score_a,
            "score_b": step.score_b,
            "laube_a": step.in_laube(Side.A),
            "laube_b": step.in_laube(Side.B),
            "ends_round": step.ends_round,
            "round_winner": step.round_winner.value if step.round_winner else None,
            "large_points": step.large_points,
            "kalte": step.kalte,
        }
        for (small_a, small_b), step in zip(smalls, steps, strict=True)
    ]


COMPUTE = """(partien) => partien.map(([games, start]) => {
  const steps = KlammernScore.match(games, start);
  return games.map((g, i) => {
    const r = KlammernScore.game(g);
    return {small_a: r.small_a, small_b: r.small_b, ...steps[i]};
  });
})"""


def test_the_browser_keeps_score_as_scoring_does(page: Page) -> None:
    rng = random.Random(1998)
    partien = []
    for number in range(240):
        count = rng.randint(1, 25)
        sheets = (
            _engine_sheets(rng, count) if number % 2 else [_random_sheet(rng) for _ in range(count)]
        )
        assert all(validate(sheet) == [] for sheet in sheets)
        # Every fourth Partie goes on from an open round (one team at most 4, the other below).
        open_a, open_b = (rng.randint(0, 4), 0) if rng.random() < 0.5 else (0, rng.randint(0, 4))
        start = (
            {"round_no": rng.randint(2, 6), "score_a": open_a, "score_b": open_b}
            if number % 4 == 3
            else {"round_no": 1, "score_a": 0, "score_b": 0}
        )
        partien.append((sheets, start))
    games = sum(len(sheets) for sheets, _start in partien)
    assert games >= 3000
    assert any(s.kontra for sheets, _ in partien for s in sheets)
    assert any(s.re for sheets, _ in partien for s in sheets)

    page.set_content("<!doctype html><title>score</title>")
    page.add_script_tag(path=str(SCORE_JS))
    computed = page.evaluate(
        COMPUTE, [[[_as_js(s) for s in sheets], start] for sheets, start in partien]
    )
    expected = [_expected(sheets, start) for sheets, start in partien]
    differ = [
        (number, index, got, want)
        for number, (got_partie, want_partie) in enumerate(zip(computed, expected, strict=True))
        for index, (got, want) in enumerate(zip(got_partie, want_partie, strict=True))
        if got != want
    ]
    assert differ == [], differ[:3]
    rounds = [step for partie in expected for step in partie if step["ends_round"]]
    assert any(step["kalte"] for step in rounds) and any(not step["kalte"] for step in rounds)
