import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from klammernliga.models import Game, Player, Team
from stats.selectors.games import GameRow
from tests.markup import squeezed
from tests.stats.helpers import grow_league, queries_of, raw_games, side_of

pytestmark = pytest.mark.django_db

URL = "/spiele/"


def shown(response) -> list[GameRow]:
    return response.context["games"]


def content(response) -> str:
    """The CSV export is streamed."""
    return b"".join(response.streaming_content).decode("utf-8")


def exported(response) -> list[dict[str, str]]:
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(content(response))))


def test_all_games_are_listed_newest_first(client, league) -> None:
    response = client.get(URL)
    assert response.status_code == 200
    games = shown(response)
    assert len(games) == Game.objects.count() == 22
    first = games[0]
    assert (first.date.isoformat(), first.position) == ("2011-01-10", 6)
    assert "22 Spiele" in response.content.decode()


def test_filtering_by_a_player_and_a_trump_shows_only_his_games_in_that_suit(
    client, league
) -> None:
    expected = {g.pk for g in raw_games() if side_of(g, "Clara") and g.trump == "herz"}
    response = client.get(URL, {"spieler": "clara", "trumpf": "herz"})
    assert {g.id for g in shown(response)} == expected
    assert len(expected) == 6


def test_filtering_by_a_team_finds_its_games_on_either_side(client, league) -> None:
    team = Game.objects.get(match__position=2, position=1).match.team_a  # Emil & Frieda
    other = Game.objects.get(match__position=2, position=1).match.team_b  # Anna & Bernd
    assert {g.id for g in shown(client.get(URL, {"team": team.pk}))} == {
        g.pk for g in raw_games() if team.pk in (g.match.team_a_id, g.match.team_b_id)
    }
    # Anna & Bernd sat on side A in two matches and on side B in one.
    assert len(shown(client.get(URL, {"team": other.pk}))) == 22


@pytest.mark.parametrize(
    ("params", "keep"),
    [
        ({"jahr": "2011"}, lambda g: g.match.evening.date.year == 2011),
        ({"abend": "2010-03-05"}, lambda g: g.match.evening.date.isoformat() == "2010-03-05"),
        ({"spiel": "besser"}, lambda g: g.bid == "besser"),
        ({"kontra": "ohne"}, lambda g: not g.kontra),
        ({"kontra": "kontra"}, lambda g: g.kontra),
        ({"kontra": "nur-kontra"}, lambda g: g.kontra and not g.re),
        ({"kontra": "re"}, lambda g: g.re),
        ({"ausgang": "gewonnen"}, lambda g: g.winner_side == g.playing_side),
        ({"ausgang": "verloren"}, lambda g: g.winner_side != g.playing_side),
    ],
)
def test_each_filter_keeps_exactly_the_matching_games(client, league, params, keep) -> None:
    expected = {g.pk for g in raw_games() if keep(g)}
    assert expected, "the league has games of every kind"
    assert {g.id for g in shown(client.get(URL, params))} == expected


def test_the_csv_export_holds_exactly_the_filtered_games_as_plain_values(client, league) -> None:
    expected = [g for g in reversed(raw_games()) if side_of(g, "Clara") and g.trump == "herz"]
    response = client.get(URL, {"spieler": "clara", "trumpf": "herz", "_export": "csv"})
    assert 'filename="spiele.csv"' in response["Content-Disposition"]
    rows = exported(response)
    assert [(r["Datum"], r["Nr."]) for r in rows] == [
        (g.match.evening.date.isoformat(), str(g.position)) for g in expected
    ]
    assert {r["Trumpf"] for r in rows} == {"Herz"}
    first = rows[0]
    game = expected[0]
    assert first["Team A"] == game.match.team_a.name
    assert first["Punkte A"] == str(game.points_a)
    assert first["Punkte B"] == str(game.points_b)
    assert "<" not in content(response)


def test_the_csv_export_is_not_cut_to_one_page(client, db) -> None:
    grow_league(3)  # 72 games
    page = client.get(URL)
    assert len(shown(page)) == 50
    assert len(exported(client.get(URL, {"_export": "csv"}))) == 72


def test_the_export_link_carries_the_current_filter(client, league) -> None:
    html = client.get(URL, {"spieler": "clara", "trumpf": "herz"}).content.decode()
    assert "?spieler=clara&amp;trumpf=herz&amp;_export=csv" in html


def test_melds_kontra_and_re_are_shown_and_exported(client, league) -> None:
    html = client.get(URL, {"abend": "2010-03-05", "kontra": "re"}).content.decode()
    assert "Kontra, Re" in html
    assert "– : Terz (König)" in html
    rows = exported(client.get(URL, {"abend": "2010-03-05", "_export": "csv"}))
    assert {r["Meldungen A"] for r in rows} == {"", "Fünfzig (Ass)", "Belle"}
    assert {r["Meldungen B"] for r in rows} == {"", "Terz (König)"}
    assert {r["Kontra"] for r in rows} == {"ja", "nein"}


def test_round_ends_kalte_and_laube_are_marked(client, league) -> None:
    html = client.get(URL, {"abend": "2010-03-05"}).content.decode()
    # Emil & Frieda win their round 5:0 against Anna & Bernd: a Kalte.
    assert '<span class="badge badge-round">Runde 5:0</span>' in html
    assert 'class="badge badge-kalte"' in html
    assert 'class="badge badge-laube"' in html
    assert html.count('<tr class="round-end') == sum(
        1 for g in raw_games() if g.ends_round and g.match.evening.date.year == 2010
    )


def test_the_date_opens_the_whole_evening(client, league) -> None:
    html = client.get(URL).content.decode()
    assert reverse("stats:evening", args=["2010-03-05"]) in html


def test_games_can_be_sorted_by_declarer(client, league) -> None:
    names = dict(Player.objects.values_list("pk", "name"))
    declarers = [names[g.declarer_id] for g in shown(client.get(URL, {"sort": "declarer"}))]
    assert declarers == sorted(declarers)
    assert len(set(declarers)) > 1


@pytest.mark.parametrize(
    "params",
    [
        {"spieler": "niemand"},
        {"abend": "gestern"},
        {"jahr": "1800"},
        {"team": "x"},
        {"trumpf": "schellen"},
    ],
)
def test_bad_filter_values_explain_themselves_instead_of_failing(client, league, params) -> None:
    response = client.get(URL, params)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="field-error"' in html
    assert shown(response) == []
    assert "Keine Spiele gefunden." in html


@pytest.mark.parametrize(
    "params", [{"page": "abc"}, {"page": "999"}, {"sort": "nonsense"}, {"_export": "xls"}]
)
def test_odd_page_sort_or_export_parameters_still_show_the_list(client, league, params) -> None:
    response = client.get(URL, params)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")


def test_the_list_takes_the_same_queries_however_many_games(client, league) -> None:
    team = Team.objects.get(player_1__name="Anna", player_2__name="Bernd")
    filtered = URL + f"?spieler=anna&trumpf=herz&jahr=2010&team={team.pk}"
    few = (
        queries_of(client, URL),
        queries_of(client, filtered),
        export_queries(client, URL + "?_export=csv"),
    )
    grow_league(4)
    many = (
        queries_of(client, URL),
        queries_of(client, filtered),
        export_queries(client, URL + "?_export=csv"),
    )
    # Players, the form's years, the count (a tally; a COUNT of games for a trump), games,
    # melds, the menu's years; the export reads players, years, then games and melds by the 2000.
    # Each first reads the league's generation (the page cache's key).
    assert few == many == (7, 7, 5)


def export_queries(client, url: str) -> int:
    """The queries of an export, the streamed lines included."""
    with CaptureQueriesContext(connection) as context:
        lines = content(client.get(url)).splitlines()
    assert len(lines) > 1
    return len(context)


# --- the evening page -------------------------------------------------------------------------


def test_an_evening_shows_each_match_with_all_its_games_in_order(client, league) -> None:
    response = client.get(reverse("stats:evening", args=["2010-03-05"]))
    assert response.status_code == 200
    matches = response.context["evening"].matches
    assert [len(item.games) for item in matches] == [11, 5]
    positions = [row.position for row in matches[0].games]
    assert positions == list(range(1, 12))
    html = response.content.decode()
    assert "Anna &amp; Bernd – Clara &amp; Dieter" in html
    assert "16 Spiele" in html
    assert reverse("stats:evening", args=["2011-01-10"]) in html  # the next evening
    # Its games in the list of all games, filtered to the evening, which shows the same 16.
    link = '<a href="/spiele/?abend=2010-03-05">In der Liste aller Spiele zeigen</a>'
    assert link in html
    assert "16 Spiele" in client.get("/spiele/?abend=2010-03-05").content.decode()


@pytest.mark.parametrize("date", ["2010-03-06", "2010-13-01", "gestern"])
def test_an_unknown_or_malformed_evening_is_not_found(client, league, date) -> None:
    assert client.get(f"/spiele/abend/{date}/").status_code == 404


def test_the_evening_page_takes_the_same_queries_however_many_games(client, league) -> None:
    grow_league(1)  # 2015-01-09: 24 games, against 16 on 2010-03-05
    few = queries_of(client, reverse("stats:evening", args=["2010-03-05"]))
    many = queries_of(client, reverse("stats:evening", args=["2015-01-09"]))
    assert few == many == 8  # with the league's generation (the page cache's key)


# --- the team filter, the count from the tallies, sort and page links --------------------------


def test_a_player_and_his_partner_show_their_team_s_games(client, league) -> None:
    team = Team.objects.get(player_1__name="Anna", player_2__name="Bernd")
    expected = {g.pk for g in raw_games() if team.pk in (g.match.team_a_id, g.match.team_b_id)}
    response = client.get(URL, {"spieler": "bernd", "partner": "anna"})
    assert {g.id for g in shown(response)} == expected
    assert f"{len(expected)} Spiele" in response.content.decode()


def test_the_form_offers_players_and_partners_instead_of_every_team(client, league) -> None:
    html = client.get(URL).content.decode()
    assert '<select name="team"' not in html
    partner = html[html.index('<select name="partner"') :]
    partner = partner[: partner.index("</select>")]
    assert partner.count("<option") == Player.objects.count() + 1  # and "alle"
    assert '<label for="id_partner">Partner</label>' in html


def test_a_link_to_a_team_selects_its_two_players(client, league) -> None:
    team = Team.objects.get(player_1__name="Anna", player_2__name="Bernd")
    response = client.get(URL, {"team": team.pk})
    html = response.content.decode()
    assert '<option value="anna" selected>Anna</option>' in html
    assert '<option value="bernd" selected>Bernd</option>' in html
    assert len(shown(response)) == 22
    # Sent again, the form carries player and partner, not the team.
    assert 'name="team"' not in html


def test_a_pair_that_never_played_together_has_no_games(client, league) -> None:
    teams = {frozenset(t.players) for t in Team.objects.select_related("player_1", "player_2")}
    players = list(Player.objects.all())
    first, second = next(
        (a, b) for a in players for b in players if a != b and frozenset((a, b)) not in teams
    )
    response = client.get(URL, {"spieler": first.slug, "partner": second.slug})
    assert response.status_code == 200
    assert shown(response) == []
    assert "0 Spiele" in response.content.decode()
    assert 'class="field-error"' not in response.content.decode()


def test_a_player_cannot_be_his_own_partner(client, league) -> None:
    response = client.get(URL, {"spieler": "anna", "partner": "anna"})
    html = response.content.decode()
    assert 'class="field-error"' in html
    assert "anderen Spieler" in html
    assert shown(response) == []


def test_the_count_of_games_is_right_for_every_year_player_and_team(client, league) -> None:
    from klammernliga import services

    grow_league(2)
    services.delete_game(game=Game.objects.order_by("pk").first())  # the tallies follow
    games = raw_games()
    players = list(Player.objects.all())
    teams = {g.match.team_a for g in games} | {g.match.team_b for g in games}
    years = sorted({g.match.evening.date.year for g in games})
    filters = [{}] + [{"jahr": str(y)} for y in years]
    filters += [{"spieler": p.slug, **f} for p in players for f in ({}, {"jahr": str(years[0])})]
    filters += [{"team": t.pk} for t in teams]
    for params in filters:
        year = int(params.get("jahr", 0)) or None
        slug = params.get("spieler")
        team = params.get("team")
        expected = sum(
            1
            for g in games
            if (year is None or g.match.evening.date.year == year)
            and (slug is None or side_of(g, next(p.name for p in players if p.slug == slug)))
            and (team is None or team in (g.match.team_a_id, g.match.team_b_id))
        )
        response = client.get(URL, params)
        assert response.context["count"] == expected, params
        assert len(shown(response)) == min(expected, 50), params


def test_a_sorted_column_links_to_the_other_direction_and_keeps_the_filter(client, league) -> None:
    html = squeezed(client.get(URL, {"spieler": "clara", "sort": "trump"}).content.decode())
    assert '<th scope="col" class="asc orderable trump" aria-sort="ascending">' in html
    assert 'href="?spieler=clara&amp;sort=-trump"' in html
    assert 'href="?spieler=clara&amp;sort=declarer"' in html
    # Without a sort the newest game comes first, and Datum says so.
    html = squeezed(client.get(URL).content.decode())
    assert '<th scope="col" class="date desc orderable" aria-sort="descending">' in html


def test_the_page_links_keep_the_filter_and_the_sort(client, db) -> None:
    grow_league(5)  # 120 games: three pages
    response = client.get(URL, {"sort": "bid", "page": "2"})
    html = squeezed(response.content.decode())
    assert response.context["page"].number == 2
    assert 'href="?sort=bid&amp;page=3" rel="next"' in html
    assert 'href="?sort=bid&amp;page=1" rel="prev"' in html
    assert 'aria-current="page">2</a>' in html
    assert len(shown(response)) == 50


@pytest.mark.parametrize("sort", ["-date", "date", "trump", "-declarer"])
def test_every_page_read_from_either_end_joins_up_to_the_whole_list(client, db, sort) -> None:
    grow_league(5)  # 120 games: pages 1 and 2 are read from the front, page 3 from the back
    from stats.selectors.games import ordering

    expected = list(Game.objects.order_by(*ordering(sort)).values_list("pk", flat=True))
    pages = [shown(client.get(URL, {"sort": sort, "page": n})) for n in (1, 2, 3)]
    assert [len(page) for page in pages] == [50, 50, 20]
    assert [row.id for page in pages for row in page] == expected
