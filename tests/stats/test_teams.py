import re
from collections import defaultdict

import pytest
from django.urls import reverse

from klammernliga.models import Match, Player, Team
from tests.markup import squeezed
from tests.stats.helpers import grow_league, queries_of, raw_games

pytestmark = pytest.mark.django_db


def team(first: str, second: str) -> Team:
    return Team.objects.for_players(Player.objects.get(name=first), Player.objects.get(name=second))


def sides(game, team_pk: int) -> str | None:
    if game.match.team_a_id == team_pk:
        return "a"
    if game.match.team_b_id == team_pk:
        return "b"
    return None


def head_to_head_from_games(games):
    """(row team, column team) → [rounds won, rounds lost, large points], from the games."""
    cells: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    for g in games:
        for side, me, other in (
            ("a", g.match.team_a_id, g.match.team_b_id),
            ("b", g.match.team_b_id, g.match.team_a_id),
        ):
            cell = cells[(me, other)]
            if g.ends_round:
                if g.round_winner == side:
                    cell[0] += 1
                    cell[2] += g.large_points
                else:
                    cell[1] += 1
    return dict(cells)


def test_every_cell_of_the_matrix_equals_the_rounds_counted_from_that_pairing_s_games(
    client, league
) -> None:
    grow_league(3)
    response = client.get(reverse("stats:teams"))
    assert response.status_code == 200
    matrix = response.context["matrix"]
    shown = {t.pk for t in matrix.teams}
    got = {
        key: [c.figures.rounds_won, c.figures.rounds_lost, c.figures.large_points]
        for key, c in matrix.cells.items()
    }
    expected = {
        key: cell for key, cell in head_to_head_from_games(raw_games()).items() if set(key) <= shown
    }
    assert got == expected
    assert len(shown) == min(Team.objects.count(), 12)


def test_the_matrix_has_a_cell_only_where_teams_met(client, league) -> None:
    matrix = client.get(reverse("stats:teams")).context["matrix"]
    ab, cd, ef = team("Anna", "Bernd"), team("Clara", "Dieter"), team("Emil", "Frieda")
    assert [t.name for t in matrix.teams] == [
        "Anna & Bernd",
        "Clara & Dieter",
        "Emil & Frieda",
    ]
    grid = {row.pk: cells for row, cells in matrix.grid()}
    assert [c is not None for c in grid[ab.pk]] == [False, True, True]
    assert [c is not None for c in grid[ef.pk]] == [True, False, False]
    # Anna & Bernd against Clara & Dieter: 2010 won 5:2, lost 0:5 and 1:12; 2011 won 5:4.
    cell = grid[ab.pk][1]
    assert (cell.figures.rounds_won, cell.figures.rounds_lost, cell.figures.large_points) == (
        2,
        2,
        2,
    )
    assert cell.column.pk == cd.pk


def test_the_team_list_shows_each_team_s_record(client, league) -> None:
    response = client.get(reverse("stats:teams"))
    rows = {row.team.name: row.figures for row in response.context["page"].object_list}
    games = raw_games()
    for name, figures in rows.items():
        pk = next(t.pk for t in Team.objects.all() if t.name == name)
        assert figures.games == sum(1 for g in games if sides(g, pk))
    html = response.content.decode()
    assert (
        reverse("stats:pairing", args=[team("Anna", "Bernd").pk, team("Clara", "Dieter").pk])
        in html
    )
    assert len(rows) == 3


def test_a_pairing_page_shows_totals_matches_and_evenings(client, league) -> None:
    ab, cd = team("Anna", "Bernd"), team("Clara", "Dieter")
    response = client.get(reverse("stats:pairing", args=[ab.pk, cd.pk]))
    assert response.status_code == 200
    pairing = response.context["pairing"]
    games = [g for g in raw_games() if sides(g, ab.pk) and sides(g, cd.pk)]
    won = sum(1 for g in games if g.ends_round and g.round_winner == sides(g, ab.pk))
    lost = sum(1 for g in games if g.ends_round and g.round_winner == sides(g, cd.pk))
    assert pairing.rounds == (won, lost) == (2, 2)
    assert pairing.games == len(games) == 17
    assert pairing.large == (
        sum(g.large_points for g in games if g.ends_round and g.round_winner == sides(g, ab.pk)),
        sum(g.large_points for g in games if g.ends_round and g.round_winner == sides(g, cd.pk)),
    )
    assert pairing.figures.rounds_won == won
    assert [m.date.isoformat() for m in pairing.matches] == ["2011-01-10", "2010-03-05"]
    assert [e.games for e in pairing.evenings] == [6, 11]
    html = response.content.decode()
    assert "Anna &amp; Bernd" in html and "Clara &amp; Dieter" in html
    assert reverse("stats:evening", args=["2011-01-10"]) in html


def test_a_pairing_seen_from_the_other_side_is_mirrored(client, league) -> None:
    ab, cd = team("Anna", "Bernd"), team("Clara", "Dieter")
    one = client.get(reverse("stats:pairing", args=[ab.pk, cd.pk])).context["pairing"]
    other = client.get(reverse("stats:pairing", args=[cd.pk, ab.pk])).context["pairing"]
    assert other.rounds == tuple(reversed(one.rounds))
    assert other.large == tuple(reversed(one.large))
    assert other.small == tuple(reversed(one.small))


def test_teams_that_never_met_get_a_page_that_says_so(client, league) -> None:
    response = client.get(
        reverse("stats:pairing", args=[team("Clara", "Dieter").pk, team("Emil", "Frieda").pk])
    )
    assert response.status_code == 200
    assert "noch nicht gegeneinander gespielt" in response.content.decode()


def test_an_unknown_team_is_not_found(client, league) -> None:
    known = team("Anna", "Bernd").pk
    assert client.get(f"/teams/{known}/9999/").status_code == 404
    assert client.get(f"/teams/9999/{known}/").status_code == 404
    assert client.get(f"/teams/{known}/{'9' * 30}/").status_code == 404


def test_nonsense_in_the_team_page_s_address_shows_the_page_not_an_error(client, league) -> None:
    for query in (
        "?page=abc",
        "?page=99999999999999999999999",
        "?sort=%3Cscript%3E",
        "?spieler=%00",
        "?spieler=anna&spieler=bernd&partner=anna",
        "?partner=" + "x" * 3000,
        "?sort=-&page=-5",
    ):
        response = client.get("/teams/" + query)
        assert response.status_code == 200, query
        assert "Anna &amp; Bernd" in response.content.decode()
    assert "<script>" not in client.get("/teams/?sort=<script>").content.decode()


def test_team_pages_take_the_same_queries_however_many_games(client, league) -> None:
    pairing = reverse("stats:pairing", args=[team("Anna", "Bernd").pk, team("Clara", "Dieter").pk])
    chosen = reverse("stats:teams") + "?spieler=anna&partner=bernd"
    urls = [reverse("stats:teams"), chosen, reverse("stats:teams") + "?page=2", pairing]
    few = [queries_of(client, url) for url in urls]
    grow_league(4)
    many = [queries_of(client, url) for url in urls]
    # Every team's games and the figure it is ordered by, the teams' names, all figures of the
    # teams on the page, the matrix, the menu's years; a chosen team adds its opponents. The
    # pairing: both teams, their record, their matches, the menu's years. Each first reads the
    # league's generation (the page cache's key).
    assert few == many == [6, 7, 6, 5]


def many_teams() -> None:
    """A league of more teams than fit on a page of two: every evening shuffles the partners."""
    grow_league(6)


def test_the_team_list_is_paged_and_every_team_is_on_exactly_one_page(
    client, league, monkeypatch
) -> None:
    from stats.views import teams as view

    monkeypatch.setattr(view, "PER_PAGE", 2)
    many_teams()
    total = Team.objects.count()
    seen: list[str] = []
    pages = -(-total // 2)
    for number in range(1, pages + 1):
        response = client.get(reverse("stats:teams"), {"page": number, "sort": "name"})
        assert response.status_code == 200
        seen += [row.team.name for row in response.context["page"].object_list]
    assert len(seen) == len(set(seen)) == total
    assert seen == sorted(seen, key=lambda name: (name.casefold(), name))
    html = client.get(reverse("stats:teams"), {"sort": "name"}).content.decode()
    assert 'aria-current="page">1</a>' in html
    assert "?sort=name&amp;page=2" in html and 'rel="next"' in html


def test_a_page_number_out_of_range_or_no_number_shows_a_page_not_an_error(
    client, league, monkeypatch
) -> None:
    from stats.views import teams as view

    monkeypatch.setattr(view, "PER_PAGE", 2)
    many_teams()
    last = -(-Team.objects.count() // 2)
    for value, number in (("abc", 1), ("0", last), ("9999", last), ("-1", last), ("", 1)):
        response = client.get(reverse("stats:teams"), {"page": value})
        assert response.status_code == 200, value
        assert response.context["page"].number == number, value


def test_the_team_list_sorts_by_any_column_and_ignores_an_unknown_one(client, league) -> None:
    many_teams()
    games = [
        row.figures.games
        for row in client.get(reverse("stats:teams"), {"sort": "-games"})
        .context["page"]
        .object_list
    ]
    assert games == sorted(games, reverse=True)
    response = client.get(reverse("stats:teams"), {"sort": "games"})
    assert [row.figures.games for row in response.context["page"].object_list] == sorted(games)
    assert re.search(
        r'aria-sort="ascending"><a href="\?sort=-games">Spiele</a>',
        squeezed(response.content.decode()),
    )
    for nonsense in ("bogus", "-", "", "--games"):
        response = client.get(reverse("stats:teams"), {"sort": nonsense})
        assert response.status_code == 200
        points = [row.figures.large_points for row in response.context["page"].object_list]
        assert points == sorted(points, reverse=True)  # the default: most large points first


def test_the_matrix_shows_only_the_teams_with_most_games(client, league, monkeypatch) -> None:
    from stats.selectors import teams as selectors_teams

    monkeypatch.setattr(selectors_teams, "MATRIX_SIZE", 2)
    many_teams()
    response = client.get(reverse("stats:teams"))
    records = response.context["page"].paginator.object_list
    most = sorted(records, key=lambda r: -r.figures.games)[:2]
    matrix = response.context["matrix"]
    assert {t.pk for t in matrix.teams} == {r.team.pk for r in most}
    assert "Die 2 Teams mit den meisten Spielen" in response.content.decode()
    assert all(set(key) <= {t.pk for t in matrix.teams} for key in matrix.cells)


def test_a_chosen_team_is_shown_against_every_opponent_it_met(client, league) -> None:
    grow_league(3)
    ab = team("Anna", "Bernd")
    response = client.get(reverse("stats:teams"), {"spieler": "bernd", "partner": "anna"})
    assert response.status_code == 200
    assert response.context["chosen"].pk == ab.pk
    expected = {
        column: cell for (row, column), cell in head_to_head_from_games(raw_games()).items()
        if row == ab.pk
    }  # fmt: skip
    html = squeezed(response.content.decode())
    assert "Gegner: Anna &amp; Bernd</h2>" in html
    lines = response.context["opponents"]
    assert len(lines) == len(expected) > 0
    cell = r'<td class="num(?: g\d)?">([^<]*)</td>'  # with the class of its column set
    for column, (won, lost, large) in expected.items():
        url = reverse("stats:pairing", args=[ab.pk, column])
        row = re.search(f'<a href="{url}">[^<]+</a></th>' + cell * 7, html)
        assert row, url
        assert row.group(4) == f"{won}–{lost}"
        assert row.group(5).startswith(f"{large}:")
    row = r'href="/teams/\d+/\d+/">[^<]+</a></th>' + cell * 7
    games = [int(m.group(3)) for m in re.finditer(row, html)]
    assert len(games) == len(expected)
    assert games == sorted(games, reverse=True)


def test_choosing_a_team_that_does_not_exist_explains_why(client, league) -> None:
    cases = {
        ("anna", "anna"): "zwei verschiedene Spieler",
        ("anna", "clara"): "noch nicht als Team gespielt",
        ("anna", "nobody"): "keine gültige Auswahl",
        ("anna", ""): "Dieses Feld ist zwingend erforderlich",
    }
    for (first, second), message in cases.items():
        response = client.get(reverse("stats:teams"), {"spieler": first, "partner": second})
        assert response.status_code == 200
        assert response.context["chosen"] is None
        assert message in response.content.decode(), (first, second)
        assert response.context["opponents"] == []


def test_the_team_list_links_each_team_to_its_opponents(client, league) -> None:
    html = client.get(reverse("stats:teams")).content.decode()
    assert 'href="?spieler=anna&amp;partner=bernd#gegner">Anna &amp; Bernd</a>' in html
    assert 'href="?spieler=emil&amp;partner=frieda#gegner">Emil &amp; Frieda</a>' in html


def test_an_empty_league_shows_an_empty_team_page(client, db) -> None:
    response = client.get(reverse("stats:teams"), {"spieler": "anna", "partner": "bernd"})
    assert response.status_code == 200
    assert "Noch keine Spiele." in response.content.decode()


def test_a_pairing_page_marks_a_match_whose_round_is_still_open(client, league) -> None:
    open_match = Match.objects.filter(open_round=True).select_related("evening").first()
    assert open_match is not None
    url = reverse("stats:pairing", args=[open_match.team_a_id, open_match.team_b_id])
    html = squeezed(client.get(url).content.decode())
    row = re.search(
        f'{open_match.evening.date.isoformat()}/#match-{open_match.position}">[^<]+</a></th>(.*?)</tr>',
        html[html.index('id="partien"') :],
    )
    assert row and "offen" in row.group(1)
