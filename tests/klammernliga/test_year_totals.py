"""The stored year totals always equal the sums of the participations they summarise."""

import datetime
from collections import defaultdict

import pytest
from django.core.management import call_command

from klammernliga import services
from klammernliga.models import Participation, PlayerYear, TeamYear, YearTotals
from klammernliga.models.figures import FIGURES, GAME_FIGURES
from tests.factories import EveningFactory, GameFactory, MatchFactory, play_round

pytestmark = pytest.mark.django_db

# A player's year sums his declared games, Kontra and Re, and melds too; a team's does not.
SUMMED = {"player": (*FIGURES, *GAME_FIGURES), "team": FIGURES}


def summed_in_python() -> tuple[dict, dict]:
    """Players' and teams' year sums added up row by row, without the database's help."""
    players: dict = defaultdict(lambda: defaultdict(int))
    teams: dict = defaultdict(lambda: defaultdict(int))
    evenings: dict = defaultdict(set)
    for p in Participation.objects.all():
        keys = [("player", p.player_id, p.date.year)]
        if p.is_first:
            keys.append(("team", p.team_id, p.date.year))
        for key in keys:
            target = players if key[0] == "player" else teams
            for name in SUMMED[key[0]]:
                target[key[1:]][name] += getattr(p, name)
            evenings[key].add(p.evening_id)
    for key, seen in evenings.items():
        (players if key[0] == "player" else teams)[key[1:]]["evenings"] = len(seen)
    return (
        {k: dict(v) for k, v in players.items()},
        {k: dict(v) for k, v in teams.items()},
    )


def stored() -> tuple[dict, dict]:
    def rows(model: type[YearTotals], key: str) -> dict:
        return {
            (getattr(r, f"{key}_id"), r.year): {
                f: getattr(r, f) for f in ("evenings", *SUMMED[key])
            }
            for r in model.objects.all()
        }

    return rows(PlayerYear, "player"), rows(TeamYear, "team")


def assert_consistent() -> None:
    assert stored() == summed_in_python()


def test_every_change_through_the_services_keeps_the_year_totals_exact() -> None:
    first = MatchFactory(evening=EveningFactory(date=datetime.date(2010, 12, 30)))
    games = [GameFactory(match=first) for _ in range(3)] + [play_round(first, winner="b")]
    second = MatchFactory(evening=EveningFactory(date=datetime.date(2011, 1, 6)))
    later = [GameFactory(match=second, by_b=True) for _ in range(2)]
    assert_consistent()
    assert PlayerYear.objects.filter(year=2010).count() == 4
    assert TeamYear.objects.filter(year=2011).count() == 2

    services.update_game(game=games[0], version=games[0].version, declarer=games[0].declarer,
                         trump="pik", bid="rein", points_a=64, points_b=100)  # fmt: skip
    assert_consistent()
    services.delete_game(game=later[0])
    assert_consistent()
    services.delete_game(game=later[1])  # the match's last game: the match goes too
    assert_consistent()
    assert not PlayerYear.objects.filter(year=2011).exists()

    # An evening moved into the next year takes its figures along.
    evening = first.evening
    evening.date = datetime.date(2011, 1, 1)
    evening.save()
    services.recompute_evening(evening, since=datetime.date(2010, 12, 30))
    assert_consistent()
    assert set(PlayerYear.objects.values_list("year", flat=True)) == {2011}

    services.delete_match(evening.matches.get())
    assert_consistent()
    assert not PlayerYear.objects.exists() and not TeamYear.objects.exists()


def test_a_rebuild_of_all_years_matches_the_per_year_refresh(league) -> None:
    per_year = stored()
    assert per_year[0], "the league has year totals"
    assert stored() == summed_in_python()
    PlayerYear.objects.all().delete()
    call_command("recompute", verbosity=0)
    assert stored() == per_year


def test_deleting_an_evening_removes_its_year_when_nothing_else_was_played() -> None:
    match = MatchFactory(evening=EveningFactory(date=datetime.date(2009, 5, 1)))
    GameFactory(match=match)
    assert list(PlayerYear.objects.values_list("year", flat=True).distinct()) == [2009]
    services.delete_evening(match.evening)
    assert not PlayerYear.objects.exists()
