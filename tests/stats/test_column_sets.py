"""On a phone a long table shows one set of its columns at a time: every cell of a column is in
the same set as its head cell (else a row's figures would slide under the wrong head), and every
set has a radio button of its own."""

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from stats.tables import MAX_SETS, grouped_sets
from tests.factories import PlayerFactory
from tests.markup import squeezed
from tests.stats.helpers import examples, grow_league

pytestmark = pytest.mark.django_db

SET = re.compile(r"^g(\d+)$")


class _SetsReader(HTMLParser):
    """Per `div.column-sets`: its radio buttons' values and each table row's cell sets."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, list]] = []
        self._divs: list[bool] = []

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if tag == "div":
            self._divs.append("column-sets" in classes)
            if "column-sets" in classes:
                self.tables.append({"radios": [], "rows": []})
        inside = any(self._divs)
        if not inside:
            return
        if tag == "input" and found.get("type") == "radio":
            self.tables[-1]["radios"].append(int(found["value"] or 0))
        elif tag == "tr":
            self.tables[-1]["rows"].append([])
        elif tag in ("th", "td"):
            sets = [int(m.group(1)) for c in classes if (m := SET.match(c))]
            self.tables[-1]["rows"][-1].append(sets[0] if sets else 0)

    def handle_endtag(self, tag):
        if tag == "div" and self._divs:
            self._divs.pop()


def _pages() -> list[str]:
    first = examples()
    match, player, year = first.match, first.player, first.year
    return [
        "/tabelle/ewig/",
        f"/tabelle/{year}/",
        f"/tabelle/{year}/teams/",
        "/tabelle/ewig/teams/",
        "/klammernboss/",
        "/spieler/",
        f"/spieler/{player.slug}/",
        f"/spieler/{player.slug}/gegnerteams/",
        "/teams/",
        "/teams/?spieler=anna&partner=bernd",
        f"/teams/{match.team_a_id}/{match.team_b_id}/",
    ]


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_column_of_a_long_table_is_in_one_set_with_a_radio_button_of_its_own(
    client: Client, league, language
) -> None:
    grow_league(2)
    client.cookies["django_language"] = language
    seen = 0
    for path in _pages():
        reader = _SetsReader()
        reader.feed(client.get(path).content.decode())
        for table in reader.tables:
            head, *body = table["rows"]
            seen += 1
            for row in body:
                if len(row) == 1:  # "Noch keine Spiele." across the table
                    continue
                assert row == head, path
            used = sorted(set(head) - {0})
            assert table["radios"] == list(range(1, len(table["radios"]) + 1)), path
            assert used == table["radios"], path  # no set without columns, no column without set
    # Four standings, the ranking and its year-end ratings, the list, four on the player's page,
    # five on Teambilanzen, two on Paarung.
    assert seen == 18, seen


def test_columns_of_one_kind_come_in_sets_named_by_their_first_and_last_column() -> None:
    sets = grouped_sets("verlauf", ["Anna", "Bernd", "Claus", "Dörte", "Heiko", "Inge", "Jens"], 3)
    assert sets.labels == ("Anna … Claus", "Dörte … Inge", "Jens")
    assert sets.head == (0, 1, 1, 1, 2, 2, 2, 3)  # the row's label, then each column's set
    assert sets.cells == (1, 1, 1, 2, 2, 2, 3)
    assert sets.choices == [(1, "Anna … Claus"), (2, "Dörte … Inge"), (3, "Jens")]


def test_so_many_columns_come_in_larger_sets_than_the_stylesheet_has_classes() -> None:
    # static/css/tables.css hides and shows the classes g1 … g16.
    sets = grouped_sets("verlauf", [f"P{n}" for n in range(1, 61)], 3)
    assert len(sets.labels) == 15 <= MAX_SETS  # 60 columns: four to a set
    assert max(sets.head) == 15
    assert sets.labels[0] == "P1 … P4"


@pytest.mark.parametrize(
    "path", ["/spieler/", "/teams/?spieler=anna&partner=bernd", "/spieler/neu/gegnerteams/"]
)
def test_an_empty_table_of_figures_says_so_across_all_its_columns(client: Client, db, path) -> None:
    PlayerFactory(name="Neu")
    html = squeezed(client.get(path).content.decode())
    empty = [t for t in re.findall(r"<table.*?</table>", html) if 'class="empty"' in t]
    assert empty, path
    for table in empty:
        head = re.search(r"<thead>.*?</thead>", table)
        colspan = re.search(r'<td class="empty" colspan="(\d+)">', table)
        assert head and colspan, path
        assert int(colspan.group(1)) == head.group(0).count("<th ") > 1, path
