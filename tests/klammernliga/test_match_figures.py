"""A player's figures per match (Participation) say what his games say: the games he declared by
trump and bid, the Kontra and Re his team said or faced, the melds, and his runs of won rounds.

One handmade evening, every figure counted by hand from the games below.
"""

import datetime

import pytest

from klammernliga import services
from klammernliga.derive.game_figures import MATCH_FIGURES
from klammernliga.models import Participation, Player, PlayerYear
from klammernliga.models.figures import GAME_FIGURES
from scoring.domain import Meld, MeldKind, Rank, Suit
from scoring.runs import Run

pytestmark = pytest.mark.django_db

DAY = datetime.date(2012, 3, 2)
TERZ = Meld(MeldKind.TERZ, Suit.PIK, Rank.KOENIG)
BELLE = Meld(MeldKind.BELLE)


@pytest.fixture
def evening() -> tuple[int, int]:
    """Two matches of one evening; returns their ids."""
    day, _new = services.open_evening(date=DAY)
    first = services.start_match(evening=day, team_a=("Anna", "Bernd"), team_b=("Clara", "Dieter"))
    anna, bernd, clara, dieter = (Player.objects.get(name=n) for n in ("Anna", "Bernd", "Clara",
                                                                       "Dieter"))  # fmt: skip
    games = [
        # declarer, trump, bid, points A:B, melds A / B, Kontra, Re  -> small points, score
        (anna, "herz", "rein", (100, 64), (), (), True, False),  # A 2: 2:0
        (clara, "kreuz", "besser", (64, 120), (), (BELLE,), False, False),  # B 1: 2:1
        (anna, "karo", "klein", (64, 100), (), (), True, True),  # B 8: 2:9, B's round
        (bernd, "herz", "rein", (120, 64), (TERZ,), (), True, True),  # A 4: 4:0
        (bernd, "herz", "rein", (100, 64), (), (), True, False),  # A 2: 6:0, A's round (Kalte)
        (dieter, "herz", "rein", (100, 64), (), (), False, False),  # A 2: 2:0
        (anna, "herz", "rein", (100, 64), (), (), True, True),  # A 4: 6:0, A's round (Kalte)
    ]
    for declarer, trump, bid, (a, b), melds_a, melds_b, kontra, re in games:
        services.record_game(match=first, declarer=declarer, trump=trump, bid=bid, points_a=a,
                             points_b=b, melds_a=melds_a, melds_b=melds_b, kontra=kontra,
                             re=re)  # fmt: skip
    second = services.start_match(evening=day, team_a=(anna, clara), team_b=(bernd, dieter))
    for kontra, re in ((True, True), (True, False)):  # A 4: 4:0, then A 2: 6:0, A's round
        services.record_game(match=second, declarer=anna, trump="herz", bid="rein",
                             points_a=100, points_b=64, kontra=kontra, re=re)  # fmt: skip
    return first.pk, second.pk


def figures_of(match: int) -> dict[str, dict[str, int]]:
    """Each player's figures in the match, those that are not 0."""
    rows = Participation.objects.filter(match_id=match).values_list("player__name", *MATCH_FIGURES)
    return {
        name: {field: value for field, value in zip(MATCH_FIGURES, values, strict=True) if value}
        for name, *values in rows
    }


def test_a_player_s_figures_per_match_are_what_his_games_say(evening) -> None:
    first, second = evening
    # Team A (Anna, Bernd) played games 1, 3, 4, 5 and 7 with Kontra said against it (won all but
    # game 3, small points net 2 - 8 + 4 + 2 + 4) and said Re in games 3, 4 and 7 (-8 + 4 + 4).
    team_a = {
        "kontra_against_games": 5, "kontra_against_won": 4, "kontra_against_net": 4,
        "re_said_games": 3, "re_said_won": 2,  # net 0
        "terz_own": 1, "belle_against": 1,
        # Rounds: B's, A's, A's.
        "run_end": 2, "run_best": 2,
    }  # fmt: skip
    team_b = {
        "kontra_said_games": 5, "kontra_said_won": 1, "kontra_said_net": -4,
        "re_against_games": 3, "re_against_won": 1,  # net 0
        "terz_against": 1, "belle_own": 1,
        "run_start": 1,
    }  # fmt: skip
    assert figures_of(first) == {
        "Anna": {**team_a, "declared_herz": 2, "declared_herz_won": 2, "declared_karo": 1,
                 "declared_rein": 2, "declared_rein_won": 2, "declared_klein": 1},
        "Bernd": {**team_a, "declared_herz": 2, "declared_herz_won": 2, "declared_rein": 2,
                  "declared_rein_won": 2},
        "Clara": {**team_b, "declared_kreuz": 1, "declared_kreuz_won": 1, "declared_besser": 1,
                  "declared_besser_won": 1},
        "Dieter": {**team_b, "declared_herz": 1, "declared_rein": 1},
    }  # fmt: skip
    winners = {
        "kontra_against_games": 2, "kontra_against_won": 2, "kontra_against_net": 6,
        "re_said_games": 1, "re_said_won": 1, "re_said_net": 4, "run_start": 1, "run_end": 1,
    }  # fmt: skip
    # A lost round and nothing else: no run at all.
    losers = {
        "kontra_said_games": 2, "kontra_said_net": -6, "re_against_games": 1, "re_against_net": -4,
    }  # fmt: skip
    assert figures_of(second) == {
        "Anna": {**winners, "declared_herz": 2, "declared_herz_won": 2, "declared_rein": 2,
                 "declared_rein_won": 2},
        "Clara": winners,
        "Bernd": losers,
        "Dieter": losers,
    }  # fmt: skip


def test_the_year_sums_the_matches_and_the_page_joins_their_runs(client, evening) -> None:
    for name in ("Anna", "Bernd"):
        year = PlayerYear.objects.get(player__name=name, year=DAY.year)
        matches = Participation.objects.filter(player__name=name)
        assert {f: getattr(year, f) for f in GAME_FIGURES} == {
            f: sum(getattr(p, f) for p in matches) for f in GAME_FIGURES
        }
    response = client.get("/spieler/anna/")
    # Anna won the last two rounds of the first match and the round of the second: three in a row.
    assert response.context["profile"].longest_run == Run(3, DAY, DAY)
    assert client.get("/spieler/bernd/").context["profile"].longest_run == Run(2, DAY, DAY)
