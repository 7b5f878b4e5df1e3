from collections import Counter
from dataclasses import replace

import pytest

from klammernliga.models import Player, Team
from stats.selectors.games import took_part
from tests.markup import squeezed
from tests.stats.helpers import grow_league, queries_of, raw_games, side_of

pytestmark = pytest.mark.django_db

URL = "/siege/"


def dist(client, params=None):
    response = client.get(URL, params or {})
    assert response.status_code == 200
    return response.context["dist"]


def round_end(game) -> str:
    scores = (
        (game.score_a, game.score_b) if game.round_winner == "a" else (game.score_b, game.score_a)
    )
    return f"{scores[0]}:{scores[1]}"


def test_round_ends_of_the_hand_checked_league(client, league) -> None:
    # 2010: 5:2 and 0:5 (a Kalte) and 1:12, then Emil & Frieda 5:0; 2011: 4:5.
    round_ends = dist(client).round_ends
    got = {r.label: r.count for r in round_ends}
    assert got == {"5:0": 2, "5:2": 1, "5:4": 1, "12:1": 1}
    assert [r.label for r in round_ends] == ["5:0", "5:2", "5:4", "12:1"]


def test_the_round_end_distribution_counts_every_completed_round(client, league) -> None:
    grow_league(4)
    expected = Counter(round_end(g) for g in raw_games() if g.ends_round)
    got = dist(client)
    assert {r.label: r.count for r in got.round_ends} == dict(expected)
    assert got.kalte.rounds == sum(expected.values())
    assert got.kalte.kalte == sum(1 for g in raw_games() if g.ends_round and g.kalte)


def test_a_player_s_rounds_are_split_into_won_and_lost(client, league) -> None:
    grow_league(3)
    games = [g for g in raw_games() if side_of(g, "Frieda")]
    won = Counter(
        round_end(g) for g in games if g.ends_round and g.round_winner == side_of(g, "Frieda")
    )
    lost = Counter(
        round_end(g) for g in games if g.ends_round and g.round_winner != side_of(g, "Frieda")
    )
    got = dist(client, {"spieler": "frieda"})
    assert got.perspective.name == "Frieda"
    assert {r.label: r.won for r in got.round_ends if r.won} == dict(won)
    assert {r.label: r.lost for r in got.round_ends if r.lost} == dict(lost)
    assert got.games == len(games)
    assert got.kalte.rounds_won == sum(won.values())


def test_a_team_s_rounds_are_split_from_its_side(client, league) -> None:
    anna, bernd = Player.objects.get(name="Anna"), Player.objects.get(name="Bernd")
    team = Team.objects.for_players(anna, bernd)
    got = dist(client, {"team": team.pk})
    # Anna & Bernd won 5:2 and 5:4, lost 5:0 (twice, one to Emil & Frieda) and 12:1.
    assert {r.label: (r.won, r.lost) for r in got.round_ends} == {
        "5:0": (0, 2),
        "5:2": (1, 0),
        "5:4": (1, 0),
        "12:1": (0, 1),
    }
    assert (got.kalte.kalte_won, got.kalte.kalte_lost) == (0, 2)


def test_game_outcomes_by_margin_of_points(client, league) -> None:
    grow_league(3)
    games = raw_games()
    got = dist(client)

    def band(g):
        playing, other = (
            (g.points_a, g.points_b) if g.playing_side == "a" else (g.points_b, g.points_a)
        )
        distance = abs(playing - other)
        return 0 if distance == 0 else min((distance - 1) // 10 * 10 + 1, 101)

    won = Counter(band(g) for g in games if g.winner_side == g.playing_side)
    lost = Counter(band(g) for g in games if g.winner_side != g.playing_side)
    assert {b.low: b.won for b in got.margins if b.won} == dict(won)
    assert {b.low: b.lost for b in got.margins if b.lost} == dict(lost)
    assert got.playing_won == sum(won.values())
    labels = [b.label for b in got.margins]
    assert labels[:3] == ["0", "1–10", "11–20"] and labels[-1] == "> 100"


def test_a_tie_is_a_lost_game_with_no_margin(client, league) -> None:
    tie = next(b for b in dist(client).margins if b.low == 0)
    assert (tie.won, tie.lost) == (0, 1)  # Clara's 82:82 in 2010


def test_the_year_filter_keeps_that_year_s_rounds(client, league) -> None:
    got = dist(client, {"jahr": "2011"})
    assert {r.label: r.count for r in got.round_ends} == {"5:4": 1}
    assert [(y.year, y.rounds, y.kalte) for y in got.kalte_years] == [(2011, 1, 0)]
    assert [(y.year, y.rounds, y.kalte) for y in dist(client).kalte_years] == [
        (2010, 4, 2),
        (2011, 1, 0),
    ]


def test_each_distribution_is_a_chart_with_its_numbers_beside_it(client, league) -> None:
    html = client.get(URL).content.decode()
    for key in ("rundenende", "abstand-gewonnen", "abstand-verloren", "kalte-jahre"):
        assert f'id="chart-{key}"' in html
    assert html.count('role="img"') == 4
    assert '<th scope="row">12:1</th>' in html
    assert "style=" not in html


@pytest.mark.parametrize("params", [{"jahr": "abc"}, {"spieler": "niemand"}, {"team": "0"}])
def test_bad_filter_values_explain_themselves_instead_of_failing(client, league, params) -> None:
    response = client.get(URL, params)
    assert response.status_code == 200
    assert 'class="field-error"' in response.content.decode()
    assert response.context["dist"].games == 0


def test_the_page_takes_the_same_queries_however_many_games(client, league) -> None:
    team = Team.objects.for_players(
        Player.objects.get(name="Anna"), Player.objects.get(name="Bernd")
    )
    urls = [URL, URL + "?spieler=anna&jahr=2010", URL + f"?team={team.pk}"]
    few = [queries_of(client, url) for url in urls]
    grow_league(4)
    many = [queries_of(client, url) for url in urls]
    # Players, years (form and menu), the tallies summed two ways; a team: its id and two
    # groupings of its games (margins; round ends by year). Each first reads the league's
    # generation (the page cache's key).
    assert few == many == [6, 6, 8]


def test_the_page_draws_its_four_charts_with_the_shared_chart_template(client, league) -> None:
    from stats import statistik_charts as charts

    response = client.get(URL, {"spieler": "anna"})
    html = response.content.decode()
    got = response.context["dist"]
    drawn = [
        charts.round_ends(got),
        charts.margins(got, won=True),
        charts.margins(got, won=False),
        charts.kalte_years(got),
    ]
    assert html.count('<figure class="chart bar-chart"') == 4
    for chart in drawn:
        figure = html[html.index(f'id="chart-{chart.key}"') :]
        figure = figure[: figure.index("</figure>")]
        assert f'<svg class="chart-svg" viewBox="0 0 {chart.width} {chart.height}"' in squeezed(
            figure
        )
        assert f'<td class="num">{chart.total}</td>' in figure or chart.total >= 1000


def test_the_stored_tallies_follow_changed_and_deleted_games(client, league) -> None:
    from klammernliga import services
    from klammernliga.models import Game
    from stats.selectors.games import player_side
    from stats.selectors.outcomes import Perspective, distributions

    grow_league(2)
    first = Game.objects.order_by("pk").first()
    services.update_game(
        game=first,
        version=first.version,
        declarer=first.declarer,
        trump="herz",
        bid="rein",
        points_a=first.points_b,
        points_b=first.points_a,
    )
    services.delete_game(game=Game.objects.order_by("-pk").first())
    anna = Player.objects.get(name="Anna")
    cases = [
        ({}, Game.objects.all(), None),
        ({"jahr": "2010"}, Game.objects.filter(match__evening__date__year=2010), None),
        (
            {"spieler": "anna"},
            Game.objects.filter(took_part(anna.pk)),
            Perspective("Anna", player_side(anna.pk)),
        ),
    ]
    for params, games, perspective in cases:
        stored, counted = dist(client, params), distributions(games, perspective)
        assert stored.perspective.name == counted.perspective.name if perspective else True
        assert replace(stored, perspective=None) == replace(counted, perspective=None), params
        assert stored.games == games.count()


def test_a_player_and_his_partner_are_seen_as_their_team(client, league) -> None:
    team = Team.objects.get(player_1__name="Anna", player_2__name="Bernd")
    by_pair = dist(client, {"spieler": "bernd", "partner": "anna"})
    assert by_pair == dist(client, {"team": team.pk})
    assert by_pair.perspective.name == "Anna & Bernd"
    assert by_pair.games == 22


def test_a_partner_alone_filters_like_a_player(client, league) -> None:
    assert dist(client, {"partner": "frieda"}) == dist(client, {"spieler": "frieda"})


def test_a_change_in_a_later_month_recounts_that_month_and_keeps_the_earlier_ones(
    client, league
) -> None:
    from klammernliga import services
    from klammernliga.models import Game, LeagueOutcome
    from stats.selectors.outcomes import distributions

    months = sorted(set(LeagueOutcome.objects.values_list("year", "month")))
    assert len(months) >= 2, "the league spans several months"
    year, month = months[-1]
    earlier = set(
        LeagueOutcome.objects.filter(year__lte=year)
        .exclude(year=year, month__gte=month)
        .values_list("pk", flat=True)
    )
    game = Game.objects.filter(
        match__evening__date__year=year, match__evening__date__month=month
    ).first()
    services.update_game(
        game=game, version=game.version, declarer=game.declarer, trump="pik", bid="rein",
        points_a=game.points_b, points_b=game.points_a,
    )  # fmt: skip
    # The earlier months' rows were not rewritten; the sums still equal a count of the games.
    assert earlier <= set(LeagueOutcome.objects.values_list("pk", flat=True))
    stored, counted = dist(client, {}), distributions(Game.objects.all(), None)
    assert replace(stored, perspective=None) == replace(counted, perspective=None)
