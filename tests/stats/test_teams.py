from collections import defaultdict

import pytest
from django.urls import reverse

from klammernliga.models import Player, Team
from tests.stats.helpers import grow_league, queries_of, raw_games

pytestmark = pytest.mark.django_db


def team(first: str, second: str) -> Team:
    return Team.objects.for_players(Player.objects.get(name=first), Player.objects.get(name=second))


def sides(game, team_pk: int) -> str | None:  # type: ignore[no-untyped-def]
    if game.match.team_a_id == team_pk:
        return "a"
    if game.match.team_b_id == team_pk:
        return "b"
    return None


def head_to_head_from_games(games):  # type: ignore[no-untyped-def]
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
) -> None:  # type: ignore[no-untyped-def]
    grow_league(3)
    response = client.get(reverse("stats:teams"))
    assert response.status_code == 200
    matrix = response.context["matrix"]
    got = {
        key: [c.figures.rounds_won, c.figures.rounds_lost, c.figures.large_points]
        for key, c in matrix.cells.items()
    }
    assert got == head_to_head_from_games(raw_games())


def test_the_matrix_has_a_cell_only_where_teams_met(client, league) -> None:  # type: ignore[no-untyped-def]
    matrix = client.get(reverse("stats:teams")).context["matrix"]
    ab, cd, ef = team("Anna", "Bernd"), team("Clara", "Dieter"), team("Emil", "Frieda")
    assert [t.team.name for t in matrix.teams] == [
        "Anna & Bernd",
        "Clara & Dieter",
        "Emil & Frieda",
    ]
    grid = {row.team.pk: cells for row, cells in matrix.grid()}
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


def test_the_team_list_shows_each_team_s_record(client, league) -> None:  # type: ignore[no-untyped-def]
    response = client.get(reverse("stats:teams"))
    rows = {row.record.team.name: row.record.figures for row in response.context["table"].rows}
    games = raw_games()
    for name, figures in rows.items():
        pk = next(t.pk for t in Team.objects.all() if t.name == name)
        assert figures.games == sum(1 for g in games if sides(g, pk))
    html = response.content.decode()
    assert (
        reverse("stats:pairing", args=[team("Anna", "Bernd").pk, team("Clara", "Dieter").pk])
        in html
    )


def test_a_pairing_page_shows_totals_matches_and_evenings(client, league) -> None:  # type: ignore[no-untyped-def]
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


def test_a_pairing_seen_from_the_other_side_is_mirrored(client, league) -> None:  # type: ignore[no-untyped-def]
    ab, cd = team("Anna", "Bernd"), team("Clara", "Dieter")
    one = client.get(reverse("stats:pairing", args=[ab.pk, cd.pk])).context["pairing"]
    other = client.get(reverse("stats:pairing", args=[cd.pk, ab.pk])).context["pairing"]
    assert other.rounds == tuple(reversed(one.rounds))
    assert other.large == tuple(reversed(one.large))
    assert other.small == tuple(reversed(one.small))


def test_teams_that_never_met_get_a_page_that_says_so(client, league) -> None:  # type: ignore[no-untyped-def]
    response = client.get(
        reverse("stats:pairing", args=[team("Clara", "Dieter").pk, team("Emil", "Frieda").pk])
    )
    assert response.status_code == 200
    assert "noch nicht gegeneinander gespielt" in response.content.decode()


def test_an_unknown_team_is_not_found(client, league) -> None:  # type: ignore[no-untyped-def]
    known = team("Anna", "Bernd").pk
    assert client.get(f"/teams/{known}/9999/").status_code == 404
    assert client.get(f"/teams/9999/{known}/").status_code == 404


def test_team_pages_take_the_same_queries_however_many_games(client, league) -> None:  # type: ignore[no-untyped-def]
    pairing = reverse("stats:pairing", args=[team("Anna", "Bernd").pk, team("Clara", "Dieter").pk])
    few = [queries_of(client, reverse("stats:teams")), queries_of(client, pairing)]
    grow_league(4)
    many = [queries_of(client, reverse("stats:teams")), queries_of(client, pairing)]
    assert few == many == [3, 5]
