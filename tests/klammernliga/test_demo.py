import datetime
import io
import random
from collections import defaultdict

import pytest
from django.core.management import CommandError, call_command

from klammernliga.demo import Circle, play_year
from klammernliga.models import Evening, Game, Match
from klammernliga.records import GameRecord
from klammernliga.services import EveningRecord
from scoring.rules import total_points, validate

pytestmark = pytest.mark.django_db


def seed(*args: str) -> str:
    out = io.StringIO()
    call_command("seed_demo", "--years", "2005", *args, stdout=out)
    return out.getvalue()


def test_one_demo_year_has_25_to_45_evenings_of_15_to_40_valid_games() -> None:
    seed()
    played = play(1998)  # seed_demo's default seed, the same year
    assert 25 <= len(played) <= 45
    for evening in played:
        assert evening.date.year == 2005
        assert 15 <= len(evening.games) <= 40
        for game in evening.games:
            assert validate(game.sheet()) == []
            assert points(game) == total_points(game.melds_a, game.melds_b)
    # What is stored is what was played: each evening's games by their points (sides may swap).
    stored: defaultdict[datetime.date, list[int]] = defaultdict(list)
    for date, points_a, points_b in Game.objects.values_list(
        "match__evening__date", "points_a", "points_b"
    ):
        stored[date].append(points_a + points_b)
    assert Evening.objects.count() == len(played)
    assert {date: sorted(totals) for date, totals in stored.items()} == {
        e.date: sorted(points(g) for g in e.games) for e in played
    }


def points(game: GameRecord) -> int:
    """Both teams' points of a played game (the engine writes whole numbers)."""
    assert isinstance(game.points_a, int)
    assert isinstance(game.points_b, int)
    return game.points_a + game.points_b


def play(seed: int) -> list[EveningRecord]:
    rng = random.Random(seed)
    return list(play_year(rng, Circle(rng), 2005))


def test_the_demo_league_is_the_same_for_the_same_seed_and_differs_for_another() -> None:
    assert play(7) == play(7)
    assert play(7) != play(8)


def test_the_demo_refuses_a_league_that_has_games_unless_replacing(league) -> None:
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
