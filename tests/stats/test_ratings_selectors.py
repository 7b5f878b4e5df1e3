"""The KlammernBoss's read side: ranking, boss, history, prediction, chart lines, span."""

import datetime

import pytest

from scoring.rating import initial_rating
from stats.selectors.ratings import (
    current_boss,
    current_ratings,
    history_period,
    predict,
    ranking,
    rating_history,
    rating_lines,
    rating_span,
)
from tests.factories import EveningFactory, MatchFactory, TeamFactory, play_round

pytestmark = pytest.mark.django_db


def test_the_ranking_lists_players_by_rating_with_their_trend(league) -> None:
    rows = ranking()
    assert [r.ordinal for r in rows] == sorted((r.ordinal for r in rows), reverse=True)
    assert rows[0].is_boss and not rows[1].is_boss
    by_name = {r.player.name: r for r in rows}
    # In 2011 Bernd won both games he declared: up; Clara's team lost the one round: down.
    assert by_name["Bernd"].trend == "up" and by_name["Bernd"].last_date == datetime.date(
        2011, 1, 10
    )
    assert by_name["Clara"].trend == "down"
    assert by_name["Anna"].ordinal == pytest.approx(by_name["Anna"].mu - 2 * by_name["Anna"].sigma)


def test_the_boss_is_the_player_on_top(league) -> None:
    boss = current_boss()
    assert boss is not None
    assert boss.player.name == "Emil"
    assert boss.ordinal == ranking()[0].ordinal


def test_the_history_has_a_point_per_evening_played(league) -> None:
    histories = {h.player.name: h for h in rating_history()}
    assert [p.date.year for p in histories["Anna"].points] == [2010, 2011]
    assert [p.date.year for p in histories["Emil"].points] == [2010]
    assert histories["Anna"].current == histories["Anna"].points[-1].ordinal
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


def test_a_prediction_from_the_ranking_at_hand_gives_the_same_chances_without_a_query(
    league, django_assert_num_queries
) -> None:
    ranks = ranking()
    players = {r.player.name: r.player for r in ranks}
    newcomer = TeamFactory().player_1
    teams = (players["Emil"], newcomer), (players["Anna"], players["Bernd"])
    with django_assert_num_queries(0):
        from_ranking = predict(*teams, ranks=ranks)
    assert from_ranking == predict(*teams)


def test_players_without_a_round_are_predicted_as_new_players() -> None:
    teams = TeamFactory(), TeamFactory()
    chance = predict(teams[0].players, teams[1].players)
    assert chance.chance_a == pytest.approx(0.5)
    assert current_ratings([teams[0].player_1_id]) == {teams[0].player_1_id: initial_rating()}


def test_each_selector_takes_one_query_however_many_rounds(django_assert_num_queries) -> None:
    def run() -> None:
        players = ranking()
        current_boss()
        rating_history()
        predict([p.player for p in players[:2]], [p.player for p in players[2:4]])

    match = MatchFactory()
    play_round(match)
    with django_assert_num_queries(4):
        run()
    for _ in range(8):
        play_round(MatchFactory(), winner="b")
    with django_assert_num_queries(4):
        run()


@pytest.mark.parametrize("period", ["evening", "month", "year"])
def test_the_chart_s_lines_are_the_rating_history_s_dates_and_ratings(league, period: str) -> None:
    histories = rating_history(period=period)
    lines = rating_lines(period, [h.player for h in histories])
    assert [(player.name, points) for player, points in lines] == [
        (h.player.name, [(p.date, p.ordinal) for p in h.points]) for h in histories
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
