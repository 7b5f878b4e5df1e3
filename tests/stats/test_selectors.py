import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from stats.selectors.standings import player_standings, team_standings
from tests.factories import GameFactory, MatchFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("select", "queries"), [(player_standings, 1), (team_standings, 2)])
def test_standings_take_a_fixed_number_of_queries_however_many_games(select, queries) -> None:
    match = MatchFactory()
    GameFactory(match=match)
    with CaptureQueriesContext(connection) as few:
        select()
        select(year=2010)
    for _ in range(12):
        GameFactory(match=MatchFactory())
    with CaptureQueriesContext(connection) as many:
        select()
        select(year=2010)
    assert len(few) == len(many) == 2 * queries  # all time and one year


def test_a_player_playing_for_two_teams_on_one_evening_counts_one_evening() -> None:
    first = MatchFactory()
    second = MatchFactory(evening=first.evening, team_a=first.team_a)
    GameFactory(match=first)
    GameFactory(match=second)
    player = first.team_a.player_1
    row = next(s.totals for s in player_standings() if s.totals.name == player.name)
    assert (row.evenings, row.games) == (1, 2)


def test_league_facts_count_the_hand_checked_league(league) -> None:
    from stats.selectors.standings import league_facts

    facts = league_facts()
    # 22 games: the playing team lost 4 (the tie among them), Kontra 6, Re 2.
    assert facts["games"] == 22
    assert facts["playing_team_wins"] == pytest.approx(18 / 22)
    assert facts["kontra"] == pytest.approx(6 / 22)
    assert facts["re"] == pytest.approx(2 / 22)
    assert facts["completed_rounds"] == 5
    assert facts["kalte_rate"] == pytest.approx(2 / 5)
    assert facts["bids"]["besser"] == pytest.approx(2 / 22)
