"""The year tables and the ewige Tabelle show exactly the figures of `manage.py standings`."""

import csv
import io
import json
from html.parser import HTMLParser

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.test import Client

from tests.factories import GameFactory, MatchFactory
from tests.markup import squeezed

pytestmark = pytest.mark.django_db

# Table columns as the page shows them (header text for screen readers) → standings JSON keys.
SHOWN = {
    "Platz": "rank",
    "Name": "name",
    "Abende": "evenings",
    "Spiele": "games",
    "Runden gewonnen": "rounds_won",
    "Runden verloren": "rounds_lost",
    "Große Punkte": "large_points",
    "Kalte": "kalte",
    "Laube": "laube",
    "Kleine Punkte": "small_points",
    "Kleine Punkte gegen": "small_points_against",
}


class _TableReader(HTMLParser):
    """The header and body rows of the first `table.standings`, as cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._depth = 0
        self._cell: list[str] | None = None
        self._hidden_skip = 0

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and "standings" in classes and not self.rows:
            self._depth = 1
        elif self._depth and tag == "tr":
            self.rows.append([])
        elif self._depth and tag in ("th", "td"):
            self._cell = []
        elif self._cell is not None and dict(attrs).get("aria-hidden") == "true":
            self._hidden_skip += 1

    def handle_endtag(self, tag):
        if tag == "table" and self._depth:
            self._depth = 0
        elif self._depth and tag in ("th", "td") and self._cell is not None:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None
        elif self._hidden_skip and tag == "span":
            self._hidden_skip -= 1

    def handle_data(self, data):
        if self._cell is not None and not self._hidden_skip:
            self._cell.append(data)


def shown_rows(client: Client, url: str) -> list[dict[str, object]]:
    response = client.get(url)
    assert response.status_code == 200
    reader = _TableReader()
    reader.feed(response.content.decode())
    header, *body = reader.rows
    rows = []
    for cells in body:
        row: dict[str, object] = {}
        for title, text in zip(header, cells, strict=True):
            if title in SHOWN:
                key = SHOWN[title]
                row[key] = text if key == "name" else int(text)
        rows.append(row)
    return rows


def standings_json(*args: str) -> list[dict[str, object]]:
    out = io.StringIO()
    call_command("standings", "--json", *args, stdout=out)
    keys = set(SHOWN.values())
    return [{k: v for k, v in row.items() if k in keys} for row in json.loads(out.getvalue())]


@pytest.mark.parametrize(
    ("url", "args"),
    [
        ("/tabelle/2010/", ["--year", "2010"]),
        ("/tabelle/2011/", ["--year", "2011"]),
        ("/tabelle/ewig/", []),
        ("/tabelle/2010/teams/", ["--year", "2010", "--teams"]),
        ("/tabelle/2011/teams/", ["--year", "2011", "--teams"]),
        ("/tabelle/ewig/teams/", ["--teams"]),
    ],
)
def test_the_tables_show_exactly_the_figures_of_manage_py_standings(
    league, client: Client, url: str, args: list[str]
) -> None:
    expected = standings_json(*args)
    assert expected
    assert shown_rows(client, url) == expected


def test_sorting_by_a_column_reorders_the_rows_but_keeps_each_players_rank(league, client) -> None:
    ranked = {row["name"]: row["rank"] for row in shown_rows(client, "/tabelle/2010/")}
    by_games = shown_rows(client, "/tabelle/2010/?sort=-games")
    assert [row["games"] for row in by_games] == sorted(
        (row["games"] for row in by_games), reverse=True
    )
    assert [row["name"] for row in by_games][:2] == ["Anna", "Bernd"]
    assert {row["name"]: row["rank"] for row in by_games} == ranked


def test_a_numeric_column_sorts_high_to_low_on_the_first_click(league, client) -> None:
    html = client.get("/tabelle/2010/").content.decode()
    assert 'href="?sort=-games"' in html
    sorted_html = client.get("/tabelle/2010/?sort=-games").content.decode()
    assert 'aria-sort="descending"' in sorted_html
    assert 'href="?sort=games"' in sorted_html


def test_the_csv_export_gives_plain_values_in_table_order(league, client) -> None:
    response = client.get("/tabelle/2010/?_export=csv")
    assert response["Content-Type"].startswith("text/csv")
    assert "tabelle-2010-spieler.csv" in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    expected = standings_json("--year", "2010")
    assert [row["Name"] for row in rows] == [row["name"] for row in expected]
    clara = rows[0]
    assert clara["Platz"] == "1"
    assert clara["Große Punkte"] == "3"
    assert clara["Kalte"] == "1"
    assert clara["Differenz kleine Punkte"] == "12"
    assert not any("<" in value for row in rows for value in row.values())
    anna = next(row for row in rows if row["Name"] == "Anna")
    assert anna["Differenz kleine Punkte"] == "-17"


def test_the_teams_csv_of_the_ewige_tabelle_names_each_team_by_its_players(league, client) -> None:
    response = client.get("/tabelle/ewig/teams/?_export=csv")
    assert "ewige-tabelle-teams.csv" in response["Content-Disposition"]
    names = [row["Name"] for row in csv.DictReader(io.StringIO(response.content.decode()))]
    assert set(names) == {"Anna & Bernd", "Clara & Dieter", "Emil & Frieda"}


@pytest.mark.parametrize(
    "url",
    [
        "/tabelle/2009/",
        "/tabelle/2009/teams/",
        "/tabelle/99999/",
        "/tabelle/0/",
        "/tabelle/2009/?_export=csv",
    ],
)
def test_a_year_without_games_answers_404(league, client, url: str) -> None:
    assert client.get(url).status_code == 404


@pytest.mark.parametrize(
    "query", ["?sort=bogus", "?sort=-", "?_export=xls", "?_export=", "?sort=name&sort=x"]
)
def test_odd_query_parameters_still_show_the_table(league, client, query: str) -> None:
    response = client.get("/tabelle/2010/" + query)
    assert response.status_code == 200
    assert "Clara" in response.content.decode()


def test_the_ewige_tabelle_without_games_says_so(client) -> None:
    response = client.get("/tabelle/ewig/")
    assert response.status_code == 200
    assert "Noch keine Spiele." in response.content.decode()


def test_a_year_table_links_the_teams_view_and_the_neighbouring_years(league, client) -> None:
    html = client.get("/tabelle/2010/").content.decode()
    assert 'href="/tabelle/2010/teams/"' in html
    assert 'href="/tabelle/2011/" rel="next"' in squeezed(html)
    teams_html = client.get("/tabelle/2011/teams/").content.decode()
    assert 'href="/tabelle/2011/"' in squeezed(teams_html)
    assert 'href="/tabelle/2010/teams/" rel="prev"' in squeezed(teams_html)


def test_the_table_marks_kalte_and_laube_with_badges(client) -> None:
    match = MatchFactory()
    for _ in range(5):
        GameFactory(match=match)
    html = client.get(f"/tabelle/{match.evening.date.year}/").content.decode()
    assert '<span class="badge badge-kalte">1</span>' in html
    assert '<span class="badge badge-laube">1</span>' in html


def test_a_long_table_comes_in_pages_that_keep_the_ranks_of_the_whole_table(
    league, client, monkeypatch
) -> None:
    from stats.views.tables import StandingsView

    everyone = shown_rows(client, "/tabelle/ewig/")
    monkeypatch.setattr(StandingsView, "table_pagination", {"per_page": 4})
    caches["pages"].clear()  # the code changed, not the league: the cached page is gone too
    first = shown_rows(client, "/tabelle/ewig/")
    second = shown_rows(client, "/tabelle/ewig/?page=2")
    assert len(everyone) > 4
    assert first + second == everyone
    html = client.get("/tabelle/ewig/?sort=-games").content.decode()
    assert 'href="?sort=-games&amp;page=2"' in html or 'href="?page=2&amp;sort=-games"' in html
    # A page past the end or no number at all shows a page of the table, never an error.
    for query in ("?page=99", "?page=x", "?page=-1"):
        assert shown_rows(client, f"/tabelle/ewig/{query}"), query


def test_partners_with_equal_records_share_a_rank_on_the_page_in_the_csv_and_the_json(
    league, client
) -> None:
    expected = [
        (1, "Clara"), (1, "Dieter"), (3, "Emil"), (3, "Frieda"), (5, "Anna"), (5, "Bernd"),
    ]  # fmt: skip
    shown = shown_rows(client, "/tabelle/2010/")
    assert [(row["rank"], row["name"]) for row in shown] == expected
    response = client.get("/tabelle/2010/?_export=csv")
    exported = csv.DictReader(io.StringIO(response.content.decode()))
    assert [(int(row["Platz"]), row["Name"]) for row in exported] == expected
    printed = standings_json("--year", "2010")
    assert [(row["rank"], row["name"]) for row in printed] == expected
    # Both leaders are marked as leaders.
    assert client.get("/tabelle/2010/").content.decode().count('class="leader"') == 2
