import io
import random

import pytest
from django.core.management import CommandError, call_command

from klammernliga.demo import Circle, play_year
from klammernliga.models import Evening, Game, Match
from klammernliga.services import EveningRecord, meld_value
from scoring.rules import GameSheet, total_points, validate

pytestmark = pytest.mark.django_db


def seed(*args: str) -> str:
    out = io.StringIO()
    call_command("seed_demo", "--years", "2005", *args, stdout=out)
    return out.getvalue()


def test_one_demo_year_has_25_to_45_evenings_of_15_to_40_valid_games() -> None:
    seed()
    evenings = Evening.objects.all()
    assert 25 <= evenings.count() <= 45
    for evening in evenings:
        games = Game.objects.filter(match__evening=evening).count()
        assert 15 <= games <= 40
        assert evening.date.year == 2005
    games = Game.objects.select_related("match__team_a", "match__team_b").prefetch_related("melds")
    for game in games:
        match = game.match
        melds = {side: tuple(meld_value(m) for m in game.melds.all() if m.side == side)
                 for side in "ab"}  # fmt: skip
        sheet = GameSheet(
            team_a=(match.team_a.player_1_id, match.team_a.player_2_id),
            team_b=(match.team_b.player_1_id, match.team_b.player_2_id),
            declarer=game.declarer_id,
            dealer=game.dealer_id,
            trump=game.trump,
            bid=game.bid,
            points_a=game.points_a,
            points_b=game.points_b,
            melds_a=melds["a"],
            melds_b=melds["b"],
            kontra=game.kontra,
            re=game.re,
        )
        assert validate(sheet) == []
        assert game.points_a + game.points_b == total_points(melds["a"], melds["b"])


def play(seed: int) -> list[EveningRecord]:
    rng = random.Random(seed)
    return list(play_year(rng, Circle(rng), 2005))


def test_the_demo_league_is_the_same_for_the_same_seed_and_differs_for_another() -> None:
    assert play(7) == play(7)
    assert play(7) != play(8)


def test_the_demo_refuses_a_league_that_has_games_unless_replacing(league) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError, match="--replace"):
        seed()
    assert "already has games" in seed("--if-empty")
    assert Game.objects.count() == 22
    seed("--replace")
    assert not Evening.objects.filter(date__year__in=[2010, 2011]).exists()
    assert Evening.objects.filter(date__year=2005).exists()


def test_a_bad_year_range_is_refused() -> None:
    with pytest.raises(CommandError, match="invalid year range"):
        call_command("seed_demo", "--years", "2011-1998", stdout=io.StringIO())
    assert not Match.objects.exists()
