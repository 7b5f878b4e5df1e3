"""The frame every page shares: menu, language switch, home page and rules page."""

import re

import pytest
from django.test import Client
from django.urls import NoReverseMatch, reverse

from scoring.domain import BASE_TOTAL, MELD_POINTS, MeldKind
from tests.factories import GameFactory, MatchFactory

pytestmark = pytest.mark.django_db


def test_the_menu_lists_one_table_per_year_with_games_newest_first(league, client) -> None:
    html = client.get("/regeln/").content.decode()
    years = re.findall(r'href="/tabelle/(\d{4})/"', html)
    assert years == ["2011", "2010"]
    assert 'href="/tabelle/ewig/"' in html
    assert "Wertungen" in html and "Spielregeln" in html


def test_the_menu_works_without_javascript(client) -> None:
    html = client.get("/").content.decode()
    # The panels are <details>; one script only closes them on a tap outside or Escape, the
    # other installs the service worker (the pages once opened stay readable offline).
    assert re.findall(r"<script[^>]*>", html) == [
        '<script src="/static/js/menu.js" defer>',
        '<script src="/static/js/register.js" data-sw="/sw.js" defer>',
    ]
    assert '<details name="site-menu">' in html
    assert "<summary>Wertungen</summary>" in html


def test_the_current_page_is_marked_in_the_menu(league, client) -> None:
    html = client.get("/tabelle/2011/").content.decode()
    assert '<a href="/tabelle/2011/" aria-current="page">' in html
    assert 'class="menu-group is-current"' in html


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("stats:boss", "KlammernBoss</a>"),
        ("stats:games", "Alle Spiele"),
        ("stats:players", "Spieler-Info"),
        ("stats:teams", "Teambilanzen"),
        ("stats:outcomes", "Sieg-Verteilungen"),
    ],
)
def test_the_menu_links_a_page_only_once_it_exists(client, name: str, label: str) -> None:
    html = client.get("/").content.decode()
    try:
        url = reverse(name)
    except NoReverseMatch:
        assert label not in html
    else:
        assert f'<a href="{url}"' in html
        assert label in html


@pytest.mark.parametrize(
    ("language", "menu_label", "rules_label"),
    [("de", "Wertungen", "Spielregeln"), ("en", "Standings", "Rules")],
)
def test_each_shipped_locale_loads(
    client, language: str, menu_label: str, rules_label: str
) -> None:
    client.cookies["django_language"] = language
    html = client.get("/").content.decode()
    assert f'<html lang="{language}">' in html
    assert f"<summary>{menu_label}</summary>" in html
    assert f">{rules_label}</a>" in html


def test_the_language_switch_is_a_form_that_works_without_javascript(client) -> None:
    html = client.get("/regeln/").content.decode()
    assert '<form class="language-switch" action="/i18n/setlang/" method="post">' in html
    assert 'name="next" value="/regeln/"' in html
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/regeln/"})
    assert response.status_code == 302
    assert response["Location"] == "/regeln/"
    english = client.get("/regeln/").content.decode()
    assert "<h1>Rules</h1>" in english
    client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert "<h1>Spielregeln</h1>" in client.get("/regeln/").content.decode()


def test_the_scoring_labels_are_translated_to_english(client) -> None:
    client.cookies["django_language"] = "en"
    html = client.get("/regeln/").content.decode()
    assert "Clubs" in html and "Hearts" in html
    assert 'aria-label="Ace of Spades"' in html


def test_the_home_page_without_games_says_so(client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert "Noch keine Spiele" in response.content.decode()


def test_the_home_page_shows_the_top_of_this_years_table_and_the_last_evening(
    league, client
) -> None:
    html = client.get("/").content.decode()
    assert "Tabelle 2011" in html
    assert "Letzter Abend" in html
    assert "Montag, 10. Januar 2011" in html
    # The one match of 10 January 2011: Clara & Dieter lost the only completed round to Anna & Bernd.
    assert "Clara &amp; Dieter" in html and "Anna &amp; Bernd" in html
    # The score says what it counts: "0 : 1" with "große Punkte" under it.
    assert re.search(
        r'<span class="num">0<span class="colon" aria-hidden="true">:</span>1</span>\s*<small class="result-label">große Punkte</small>',
        html,
    )
    assert "Runden 0:1" in html
    assert 'href="/tabelle/2011/"' in html


def test_the_home_page_shows_the_klammernboss_with_a_crown_once_ratings_exist(client) -> None:
    from klammernliga.services import seed_league
    from stats.selectors.ratings import ranking

    seed_league(years=(1998, 1999))
    top = next(r for r in ranking() if r.is_boss)
    html = client.get("/").content.decode()
    assert 'class="panel boss-card"' in html
    assert 'class="crown"' in html
    assert f'<p class="boss-name">{top.player.name}</p>' in html
    assert f"{top.mu:.1f}".replace(".", ",") in html


def test_the_home_page_says_how_sure_the_crown_is_as_the_ranking_does(client) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from klammernliga.services import seed_league
    from stats.selectors.ratings import current_boss, ranking, strengths

    seed_league(years=(1998, 1999))
    established = [r for r in ranking() if not r.provisional]
    boss, second = established[0], established[1]
    chance = strengths().stronger_chance(boss.player.pk, second.player.pk)
    found = current_boss()
    assert found is not None and found.runner_up == second.player
    assert found.chance == chance
    shown = "über 99" if chance > 0.99 else str(round(chance * 100))
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/").content.decode()
    # (split: the no-break space before % as a plain one)
    html = " ".join(page.split())
    assert f"Spielt mit {shown} % Wahrscheinlichkeit stärker als {second.player.name}." in html
    # The generation, menu years, last evening, its matches, the year's standings, the boss's
    # state and the runner-up's name.
    assert len(queries) == 7


def test_the_home_page_leaves_the_klammernboss_out_while_nobody_is_crowned(league, client) -> None:
    # The small league's players are all provisional: nobody is the KlammernBoss yet.
    assert "boss-card" not in client.get("/").content.decode()


def test_a_kalte_on_the_last_evening_gets_its_badge(client) -> None:
    match = MatchFactory()
    for _ in range(5):
        GameFactory(match=match)
    html = client.get("/").content.decode()
    assert '<span class="badge badge-kalte">Kalte</span>' in html


def test_the_rules_page_takes_its_numbers_from_scoring(client) -> None:
    html = client.get("/regeln/").content.decode()
    fifty = MELD_POINTS[MeldKind.FUENFZIG]
    assert f"Jedes Spiel ist {BASE_TOTAL} Punkte wert" in html
    assert f"{BASE_TOTAL} + {fifty} = {BASE_TOTAL + fifty} Punkte" in html
    assert f"auf {(BASE_TOTAL + fifty) // 2}." in html
    assert '<span class="badge badge-kalte">Kalte</span>' in html
    assert '<span class="badge badge-laube">A in der Laube</span>' in html


def test_the_rules_page_shows_the_cards_in_their_order(client) -> None:
    html = client.get("/regeln/").content.decode()
    trump = html[html.index("Trumpffarbe, von hoch nach niedrig") :]
    labels = re.findall(r'class="card suit-herz" role="img" aria-label="Herz (\w+)"', trump)[:8]
    assert labels == ["Bube", "9", "Ass", "10", "König", "Dame", "8", "7"]
    assert "Jappa" in trump and "Mi" in trump


def test_every_page_has_a_skip_link_a_main_landmark_and_a_labelled_menu(client: Client) -> None:
    html = client.get("/regeln/").content.decode()
    assert '<a class="skip-link" href="#main">' in html
    assert '<main id="main"' in html
    assert '<nav class="site-nav" aria-label="Hauptmenü">' in html


@pytest.mark.django_db
def test_the_site_speaks_german_even_to_an_english_browser_until_english_is_chosen(client) -> None:
    page = client.get("/regeln/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert page["Content-Language"] == "de"
    client.post("/i18n/setlang/", {"language": "en", "next": "/regeln/"})
    assert client.get("/regeln/", HTTP_ACCEPT_LANGUAGE="de")["Content-Language"] == "en"
