"""The KlammernBoss's read side: ranking, boss, history, prediction, chart lines, span."""

import datetime

import pytest

from klammernliga.services import seed_league
from stats.selectors.ratings import (
    current_boss,
    history_period,
    predict,
    ranking,
    rating_history,
    rating_lines,
    rating_span,
    strengths,
)
from tests.factories import EveningFactory, MatchFactory, TeamFactory, play_round

pytestmark = pytest.mark.django_db


def test_the_ranking_lists_players_by_rating_with_their_trend(league) -> None:
    rows = ranking()
    assert [r.mu for r in rows] == sorted((r.mu for r in rows), reverse=True)
    # Everyone is still provisional: nobody is crowned.
    assert all(r.provisional and not r.is_boss for r in rows)
    by_name = {r.player.name: r for r in rows}
    # In 2011 Bernd won both games he declared: up; Clara's team lost the one round: down.
    assert by_name["Bernd"].trend == "up" and by_name["Bernd"].last_date == datetime.date(
        2011, 1, 10
    )
    assert by_name["Clara"].trend == "down"


def test_the_boss_is_the_best_player_who_is_not_provisional() -> None:
    seed_league(years=(1998, 1998))
    ranks = ranking()
    crowned = [r for r in ranks if r.is_boss]
    assert len(crowned) == 1
    (boss,) = crowned
    assert not boss.provisional
    assert all(r.provisional for r in ranks if r.mu > boss.mu)
    found = current_boss()
    assert found is not None and found.player == boss.player
    assert found.rating == pytest.approx(boss.mu)


def test_while_everyone_is_provisional_there_is_no_boss(league) -> None:
    assert current_boss() is None


def test_the_history_has_a_point_per_evening_played(league) -> None:
    histories = {h.player.name: h for h in rating_history()}
    assert [p.date.year for p in histories["Anna"].points] == [2010, 2011]
    assert [p.date.year for p in histories["Emil"].points] == [2010]
    assert histories["Anna"].current == histories["Anna"].points[-1].mu
    anna = histories["Anna"].player.pk
    assert [h.player.name for h in rating_history([anna])] == ["Anna"]


def test_a_prediction_favours_the_stronger_team_and_is_symmetric(league) -> None:
    players = {r.player.name: r.player for r in ranking()}
    chance = predict((players["Emil"], players["Frieda"]), (players["Anna"], players["Bernd"]))
    assert chance.chance_a > 0.5 > chance.chance_b
    assert chance.chance_a + chance.chance_b == pytest.approx(1.0)
    assert chance.percent_a + chance.percent_b == 100
    assert chance.name_a == "Emil & Frieda"
    # A against B plus B against A is 100 %.
    mirrored = predict((players["Anna"], players["Bernd"]), (players["Emil"], players["Frieda"]))
    assert chance.chance_a + mirrored.chance_a == pytest.approx(1.0)
    assert chance.percent_a + mirrored.percent_a == 100


def test_a_prediction_from_the_strengths_at_hand_gives_the_same_chances_without_a_query(
    league, django_assert_num_queries
) -> None:
    known = strengths()
    players = {r.player.name: r.player for r in ranking(known)}
    newcomer = TeamFactory().player_1
    teams = (players["Emil"], newcomer), (players["Anna"], players["Bernd"])
    with django_assert_num_queries(0):
        from_known = predict(*teams, known=known)
    assert from_known == predict(*teams)


def test_players_without_a_game_are_predicted_as_new_players() -> None:
    teams = TeamFactory(), TeamFactory()
    chance = predict(teams[0].players, teams[1].players)
    assert chance.chance_a == pytest.approx(0.5)


def test_each_selector_s_queries_do_not_grow_with_the_rounds(django_assert_num_queries) -> None:
    def run() -> None:
        players = ranking()  # the state and the players' rows
        current_boss()
        rating_history()
        predict([p.player for p in players[:2]], [p.player for p in players[2:4]])

    match = MatchFactory()
    play_round(match)
    with django_assert_num_queries(5):
        run()
    for _ in range(8):
        play_round(MatchFactory(), winner="b")
    with django_assert_num_queries(5):
        run()


@pytest.mark.parametrize("period", ["evening", "month", "year"])
def test_the_chart_s_lines_are_the_rating_history_s_dates_and_ratings(league, period: str) -> None:
    histories = rating_history(period=period)
    lines = rating_lines(period, [h.player for h in histories])
    assert [(player.name, points) for player, points in lines] == [
        (h.player.name, [(p.date, p.mu) for p in h.points]) for h in histories
    ]
    assert all(isinstance(points[0][0], datetime.date) for _player, points in lines)


def test_a_long_history_is_read_by_month_or_year_ends() -> None:
    day = datetime.date
    assert history_period(day(2010, 1, 1), day(2011, 6, 1)) == "evening"
    assert history_period(day(2010, 1, 1), day(2024, 6, 1)) == "month"
    assert history_period(day(1960, 1, 1), day(2024, 6, 1)) == "year"
    with pytest.raises(ValueError, match="period"):
        rating_history(period="week")


def test_the_rating_span_is_one_query_for_everyone_or_one_player(
    django_assert_num_queries,
) -> None:
    team_a, team_b = TeamFactory(), TeamFactory()
    days = [datetime.date(2013, 3, 1), datetime.date(2015, 6, 5)]
    play_round(MatchFactory(evening=EveningFactory(date=days[0]), team_a=team_a, team_b=team_b))
    play_round(MatchFactory(evening=EveningFactory(date=days[1]), team_a=team_a))
    with django_assert_num_queries(2):
        assert rating_span() == (days[0], days[1])
        assert rating_span(team_b.player_1_id) == (days[0], days[0])
    assert rating_span(team_b.player_1_id + 1000) is None
