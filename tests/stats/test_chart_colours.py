"""Every player keeps one colour on every chart, whatever the ranking; the twelve colours are
distinct and stand out from the page in both colour schemes."""

import io
import itertools
import re
from pathlib import Path

import pytest

from stats.charts.lines import PALETTE_SIZE, Series, colours_by_order, line_chart
from tests.markup import squeezed
from tests.stats.helpers import grow_league

ROOT = Path(__file__).parents[2]
CHARTS_CSS = (ROOT / "static" / "css" / "charts.css").read_text(encoding="utf-8")
SITE_CSS = (ROOT / "static" / "css" / "site.css").read_text(encoding="utf-8")


def _colours(css: str) -> dict[int, str]:
    return {int(n): c for n, c in re.findall(r"\.series-(\d+) \{\s*--series: (#[0-9a-f]{6})", css)}


def _palettes() -> dict[str, tuple[dict[int, str], dict[str, str]]]:
    light_css, dark_css = CHARTS_CSS.rsplit("prefers-color-scheme: dark", 1)
    site_light, site_dark = SITE_CSS.split("and (prefers-color-scheme: dark)", 1)
    page_light = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-f]{6})", site_light))
    page_dark = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-f]{6})", site_dark.split("}", 1)[0]))
    return {
        "light": (_colours(light_css), page_light),
        "dark": (_colours(dark_css), {**page_light, **page_dark}),
    }


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def _luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = _rgb(colour)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    lighter, darker = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_twelve_distinct_colours_pass_3_to_1_against_the_page_in_both_schemes() -> None:
    for scheme, (colours, page) in _palettes().items():
        assert sorted(colours) == list(range(PALETTE_SIZE)), scheme
        for n, colour in colours.items():
            for background in ("bg", "surface", "surface-2"):
                ratio = _contrast(colour, page[background])
                assert ratio >= 3, f"{scheme}: series-{n} on --{background}: {ratio:.2f}"
        # No two lines alike: every pair differs clearly in colour (RGB distance).
        for (m, a), (n, b) in itertools.combinations(colours.items(), 2):
            distance = sum((x - y) ** 2 for x, y in zip(_rgb(a), _rgb(b), strict=True)) ** 0.5
            assert distance >= 60, f"{scheme}: series-{m} {a} and series-{n} {b} look alike"


def test_a_players_colour_stays_when_the_ranking_changes() -> None:
    import datetime

    day = datetime.date(2011, 1, 7)

    def chart(order: list[tuple[int, str, float]]):
        colours = colours_by_order(pk for pk, _name, _value in order)
        series = [Series(name, [(day, value)], colour=colours[pk]) for pk, name, value in order]
        return {s.label: s.css_class for s in line_chart(series, title="Wertung").series}

    before = chart([(2, "Bernd", 21.0), (1, "Anke", 20.0), (3, "Claus", 19.0)])
    after = chart([(1, "Anke", 22.0), (3, "Claus", 21.0), (2, "Bernd", 19.0)])
    assert before == after
    assert len(set(before.values())) == 3


LEGEND = re.compile(
    r'<li><svg class="chart-key"[^>]*><line class="chart-line (series-\d+)"[^>]*/></svg>([^<]+)</li>'
)


@pytest.mark.django_db
def test_on_the_klammernboss_page_each_player_keeps_his_colour_after_the_ranking_changes(
    client, league
) -> None:
    before = LEGEND.findall(squeezed(client.get("/klammernboss/").content.decode()))
    grow_league(6)
    after = LEGEND.findall(squeezed(client.get("/klammernboss/").content.decode()))
    assert [name for _css, name in before] != [name for _css, name in after]  # a new order
    assert {name: css for css, name in before} == {name: css for css, name in after}
    assert len({css for css, _name in after}) == len(after)  # no two players share a colour
    # The player's own page draws him in the same colour.
    anna = dict((name, css) for css, name in after)["Anna"]
    assert f'<polyline class="chart-line {anna}"' in client.get("/spieler/anna/").content.decode()


def test_after_a_deletion_twelve_players_still_get_twelve_colours() -> None:
    # Ids 1–13 with 5 deleted: by the id alone 1 and 13 would share a colour.
    ids = [*range(1, 5), *range(6, 14)]
    colours = colours_by_order(ids)
    assert sorted(colours.values()) == list(range(PALETTE_SIZE))
    # Independent of the order the players come in (a ranking).
    assert colours_by_order(reversed(ids)) == colours


@pytest.mark.django_db
def test_a_deleted_player_leaves_no_clash_and_every_page_keeps_the_same_colour(
    client, league_file
) -> None:
    from django.core.management import call_command

    from klammernliga.models import Player
    from tests.factories import PlayerFactory

    gone = PlayerFactory(name="Gelöscht")  # the lowest id, before the league's players
    call_command("import_games", str(league_file), stdout=io.StringIO())
    gone.delete()
    legend = {
        name: css for css, name in LEGEND.findall(client.get("/klammernboss/").content.decode())
    }
    by_id = list(Player.objects.order_by("pk").values_list("name", flat=True))
    # The colours follow the players' order of ids, from the first colour on, all distinct.
    assert legend == {name: f"series-{by_id.index(name)}" for name in legend}
    for name, css in legend.items():
        slug = Player.objects.get(name=name).slug
        html = client.get(f"/spieler/{slug}/").content.decode()
        assert f'<polyline class="chart-line {css}"' in html, name
