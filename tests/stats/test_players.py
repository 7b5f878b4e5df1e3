import datetime
import html
import re
from collections import Counter, defaultdict

import pytest
from django.urls import reverse

from klammernliga import services
from klammernliga.models import Meld, Player, PlayerYear
from stats.views import players as player_views
from tests.factories import PlayerFactory
from tests.markup import squeezed
from tests.stats.helpers import grow_league, players_of, queries_of, raw_games, side_of

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda"]


@pytest.fixture
def bigger(league):
    """The hand-checked league and three generated evenings with Kontra, Re and melds."""
    grow_league(3)
    return raw_games()


def row_labels(body: str) -> list[str]:
    """The heads of a table body's rows, as the reader sees them."""
    return [
        html.unescape(label)
        for label in re.findall(r'<th scope="row">(?:<a [^>]*>)?([^<]*)', squeezed(body))
    ]


def profile(client, name: str):
    response = client.get(reverse("stats:player", args=[Player.objects.get(name=name).slug]))
    assert response.status_code == 200
    return response.context["profile"]


def rounds_of(games, name):
    """(won, lost, large points, Kalte) counted from the round-ending games."""
    won = lost = large = kalte = 0
    for g in games:
        side = side_of(g, name)
        if side is None or not g.ends_round:
            continue
        if g.round_winner == side:
            won, large, kalte = won + 1, large + g.large_points, kalte + g.kalte
        else:
            lost += 1
    return won, lost, large, kalte


def test_the_player_list_shows_every_player_s_figures(client, bigger) -> None:
    PlayerFactory(name="Gast")  # never played: not listed
    response = client.get(reverse("stats:players"))
    assert response.status_code == 200
    rows = {row.player.name: row.figures for row in response.context["rows"]}
    assert sorted(rows) == NAMES
    for name in NAMES:
        figures = rows[name]
        assert figures.games == sum(1 for g in bigger if side_of(g, name))
        assert (figures.rounds_won, figures.rounds_lost, figures.large_points, figures.kalte) == (
            rounds_of(bigger, name)
        )
    html = response.content.decode()
    assert reverse("stats:player", args=["anna"]) in html


def test_a_player_s_years_add_up_to_his_totals_and_match_his_games(client, bigger) -> None:
    p = profile(client, "Clara")
    by_year = Counter(g.match.evening.date.year for g in bigger if side_of(g, "Clara"))
    assert {int(t.name): t.games for t in p.years} == dict(by_year)
    assert p.total.games == sum(by_year.values())
    for t in p.years:
        year_games = [g for g in bigger if g.match.evening.date.year == int(t.name)]
        assert (t.rounds_won, t.rounds_lost, t.large_points, t.kalte) == rounds_of(
            year_games, "Clara"
        )


def test_partners_show_games_and_rounds_together(client, bigger) -> None:
    p = profile(client, "Anna")
    expected: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for g in bigger:
        side = side_of(g, "Anna")
        if side is None:
            continue
        (partner,) = players_of(g, side) - {"Anna"}
        expected[partner][0] += 1
        if g.ends_round:
            expected[partner][1 if g.round_winner == side else 2] += 1
    got = {
        x.partner.name: [x.figures.games, x.figures.rounds_won, x.figures.rounds_lost]
        for x in p.partners
    }
    assert got == dict(expected)
    assert p.partners[0].figures.games == max(v[0] for v in expected.values())


def test_opponents_are_ranked_from_favourite_to_nemesis(client, bigger) -> None:
    p = profile(client, "Dieter")
    expected: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for g in bigger:
        side = side_of(g, "Dieter")
        if side is None or not g.ends_round:
            continue
        for opponent in players_of(g, "b" if side == "a" else "a"):
            expected[opponent][0 if g.round_winner == side else 1] += 1
    got = {o.name: [o.figures.rounds_won, o.figures.rounds_lost] for o in p.opponents}
    assert got == {k: v for k, v in expected.items()}
    shares = [won / (won + lost) for won, lost in (got[o.name] for o in p.opponents)]
    assert shares == sorted(shares, reverse=True)
    assert p.best_opponent.name == p.opponents[0].name
    assert p.worst_opponent.name == p.opponents[-1].name
    html = client.get(reverse("stats:player", args=["dieter"])).content.decode()
    assert "Angstgegner" in html and "Lieblingsgegner" in html


def test_as_declarer_games_and_wins_by_trump_and_by_bid(client, bigger) -> None:
    p = profile(client, "Bernd")
    mine = [g for g in bigger if g.declarer.name == "Bernd"]
    by_trump = Counter((g.trump, g.winner_side == g.playing_side) for g in mine)
    assert {r.key: (r.games, r.won) for r in p.by_trump} == {
        t: (by_trump[(t, True)] + by_trump[(t, False)], by_trump[(t, True)])
        for t in {g.trump for g in mine}
    }
    by_bid = Counter(g.bid for g in mine)
    assert {r.key: r.games for r in p.by_bid} == dict(by_bid)
    assert p.declared.games == len(mine)


@pytest.mark.parametrize("name", NAMES)
def test_kontra_and_re_count_who_said_it_and_who_won(client, bigger, name) -> None:
    expected = {
        key: [0, 0, 0] for key in ("kontra_said", "kontra_against", "re_said", "re_against")
    }
    for g in bigger:
        side = side_of(g, name)
        if side is None:
            continue
        plays = g.playing_side == side
        mine = g.small_a - g.small_b if side == "a" else g.small_b - g.small_a
        keys = []
        if g.kontra:
            keys.append("kontra_against" if plays else "kontra_said")
        if g.re:
            keys.append("re_said" if plays else "re_against")
        for key in keys:
            expected[key][0] += 1
            expected[key][1] += g.winner_side == side
            expected[key][2] += mine
    got = {c.key: [c.games, c.won, c.small_net] for c in profile(client, name).calls}
    assert got == expected
    assert expected["kontra_said"][0] + expected["kontra_against"][0] > 0


def test_the_hand_checked_league_s_kontra_for_anna(client, league) -> None:
    # 2010: Anna & Bernd said Kontra against Dieter (game 4) and Clara (game 6, Clara said Re):
    # both lost. Clara & Dieter said Kontra against Bernd (game 9; game 10 with Bernd's Re): both
    # lost by Bernd. 2011: Kontra against Anna (game 4) and Bernd (game 6): both won by them.
    calls = {c.key: (c.games, c.won) for c in profile(client, "Anna").calls}
    assert calls == {
        "kontra_said": (2, 0),
        "re_against": (1, 0),
        "kontra_against": (4, 2),
        "re_said": (1, 0),
    }


def test_melds_of_his_team_and_of_the_opponents(client, bigger) -> None:
    melds = list(Meld.objects.select_related("game"))
    by_game = {g.pk: g for g in bigger}
    own, against = Counter(), Counter()
    for m in melds:
        side = side_of(by_game[m.game_id], "Emil")
        if side is None:
            continue
        (own if m.side == side else against)[m.kind] += 1
    got = profile(client, "Emil").melds
    assert {m.kind: m.own for m in got if m.own} == dict(own)
    assert {m.kind: m.against for m in got if m.against} == dict(against)


def test_the_longest_run_of_won_rounds_is_counted_over_evenings(client, bigger) -> None:
    for name in NAMES:
        best = run = 0
        for g in bigger:
            side = side_of(g, name)
            if side and g.ends_round:
                run = run + 1 if g.round_winner == side else 0
                best = max(best, run)
        assert profile(client, name).longest_run.length == best


def test_the_best_evening_has_the_most_large_points(client, bigger) -> None:
    for name in NAMES:
        per_evening: dict[datetime.date, list[int]] = defaultdict(lambda: [0, 0])
        for g in bigger:
            side = side_of(g, name)
            if side is None:
                continue
            day = per_evening[g.match.evening.date]
            if g.ends_round and g.round_winner == side:
                day[0] += g.large_points
            day[1] += (g.small_a - g.small_b) if side == "a" else (g.small_b - g.small_a)
        best = max(per_evening.items(), key=lambda kv: (kv[1][0], kv[1][1], -kv[0].toordinal()))
        got = profile(client, name).best_evening
        assert (got.date, got.large_points) == (best[0], best[1][0])


def test_the_player_page_shows_every_section(client, league) -> None:
    html = client.get(reverse("stats:player", args=["emil"])).content.decode()
    for heading in (
        "Jahr für Jahr",
        "Partner",
        "Gegner",
        "Als Spieler",
        "Kontra und Re",
        "Meldungen",
        "Rekorde",
    ):
        assert heading in html
    assert 'role="img"' in html and "<title" in html
    # Emil won his only round 5:0 on 5 March 2010: two large points, a run of one.
    assert reverse("stats:evening", args=["2010-03-05"]) in html


def test_a_player_without_games_has_a_page_that_says_so(client, db) -> None:
    PlayerFactory(name="Neu")
    response = client.get(reverse("stats:player", args=["neu"]))
    assert response.status_code == 200
    assert "Noch keine Spiele." in response.content.decode()


def test_an_unknown_player_is_not_found(client, db) -> None:
    assert client.get("/spieler/niemand/").status_code == 404


def test_player_pages_take_the_same_queries_however_many_games(client, league) -> None:
    urls = [reverse("stats:players"), reverse("stats:player", args=["anna"])]
    few = [queries_of(client, url) for url in urls]
    grow_league(4)
    many = [queries_of(client, url) for url in urls]
    # The list: its year totals and the menu. A player: himself, his year totals (with his games'
    # figures), his figures grouped by his teams and by the opposing teams and those teams (3),
    # his matches (runs and evenings), his best evening's figures, his rating history, and the
    # menu. Each first reads the league's generation (the page cache's key).
    assert few == many == [3, 10]


def test_no_favourite_or_nemesis_when_every_opponent_went_alike(client, league) -> None:
    # Clara only ever played Anna & Bernd: 2–2 against both of them.
    p = profile(client, "Clara")
    assert {o.name: (o.figures.rounds_won, o.figures.rounds_lost) for o in p.opponents} == {
        "Anna": (2, 2),
        "Bernd": (2, 2),
    }
    assert p.best_opponent is None and p.worst_opponent is None
    assert "Angstgegner" not in client.get(reverse("stats:player", args=["clara"])).content.decode()


def _player_years() -> list[tuple]:
    names = [f.attname for f in PlayerYear._meta.concrete_fields if f.attname != "id"]
    return list(PlayerYear.objects.order_by("player_id", "year").values_list(*names))


def test_the_stored_years_follow_every_change_as_a_full_rebuild_would(bigger) -> None:
    # An early game changes its winner, the last one goes: their years gain the difference.
    early = bigger[3]
    services.update_game(
        game=early,
        version=early.version,
        declarer=early.declarer,
        trump=early.trump,
        bid=early.bid,
        points_a=early.points_b,
        points_b=early.points_a,
    )
    services.delete_game(game=bigger[-1])
    incremental = _player_years()
    services.refresh_year_totals(None)
    assert _player_years() == incremental
    assert sum(row.declared_kreuz + row.declared_pik + row.declared_herz + row.declared_karo
               for row in PlayerYear.objects.all()) == len(bigger) - 1  # fmt: skip


def test_the_player_list_sorts_by_any_column_and_explains_nothing_for_nonsense(
    client, bigger
) -> None:
    url = reverse("stats:players")
    by_games = client.get(url, {"sort": "-games"})
    games = [row.figures.games for row in by_games.context["rows"]]
    assert games == sorted(games, reverse=True)
    html = by_games.content.decode()
    assert 'aria-sort="descending"' in html and 'href="?sort=games"' in html
    for nonsense in ("bogus", "-", "9" * 40):
        response = client.get(url, {"sort": nonsense})
        assert response.status_code == 200
        assert [r.player.name for r in response.context["rows"]] == NAMES


def test_the_partner_chart_draws_the_most_frequent_partners_and_the_table_keeps_all(
    client, bigger, monkeypatch
) -> None:
    monkeypatch.setattr(player_views, "PARTNERS_IN_CHART", 2)
    response = client.get(reverse("stats:player", args=["anna"]))
    partners = response.context["profile"].partners
    assert len(partners) > 2
    html = response.content.decode()
    # The drawn figure, SVG and table.
    chart = html[html.index('id="chart-partner-runden"') :]
    chart = chart[: chart.index("</figure>")]
    assert all(f">{p.partner.name}<" in chart for p in partners[:2])
    assert not any(f">{p.partner.name}<" in chart for p in partners[2:])
    assert "2 häufigsten Partnern" in chart
    table = html[html.index('<h2 id="partner">') :]
    assert row_labels(table[: table.index("</table>")]) == [p.partner.name for p in partners]


@pytest.mark.parametrize("period", ["evening", "month", "year"])
def test_the_rating_chart_draws_the_player_s_stored_ratings(client, bigger, period) -> None:
    from stats.selectors.players import rating_points
    from stats.selectors.ratings import rating_history

    for player in Player.objects.all():
        history = rating_history([player.pk], period=period, players=[player])
        expected = [(p.date, p.mu) for p in history[0].points] if history else []
        assert rating_points(player, period) == expected
    page = client.get(reverse("stats:player", args=["anna"])).content.decode()
    assert '<svg class="chart-svg"' in page and 'id="player-rating-title">' in page
    assert '<caption id="player-rating-caption">Wertung am Jahresende</caption>' in page
