"""A member opens the site on a phone and on a desktop: home, a year table, sorting, English."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def browser_context_args(browser_context_args):
    # A member's browser asks for German, as the league's do.
    return {**browser_context_args, "locale": "de-DE"}


def _no_sideways_scrolling(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_member_reaches_a_year_table_sorts_it_and_reads_it_in_english(
    page: Page, live_server, league, screen_shot
) -> None:
    page.goto(live_server.url + "/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Klammernliga")
    expect(page.get_by_role("heading", name="Tabelle 2011")).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile("Letzter Abend"))).to_be_visible()
    assert _no_sideways_scrolling(page)
    screen_shot(page, "home")

    menu = page.get_by_role("navigation", name="Hauptmenü")
    menu.get_by_text("Wertungen", exact=True).click()
    menu.get_by_role("link", name="Tabelle 2010").click()
    expect(page).to_have_url(re.compile(r"/tabelle/2010/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Tabelle 2010")
    table = page.get_by_role("table", name="Tabelle 2010 der Spieler")
    expect(table.get_by_role("row")).to_have_count(7)
    assert _no_sideways_scrolling(page)
    screen_shot(page, "table")

    table.get_by_role("link", name="Spiele", exact=True).click()
    expect(page).to_have_url(re.compile(r"sort=-games"))
    table = page.get_by_role("table", name="Tabelle 2010 der Spieler")
    expect(table.get_by_role("columnheader", name="Spiele", exact=True)).to_have_attribute(
        "aria-sort", "descending"
    )
    first = table.get_by_role("row").nth(1)
    expect(first.get_by_role("rowheader")).to_have_text("Anna")
    expect(first.get_by_role("cell").first).to_have_text("5")  # Anna keeps her table rank

    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Table 2010")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(
        page.get_by_role("navigation", name="Main menu").get_by_text("Standings", exact=True)
    ).to_be_visible()
    expect(page).to_have_url(re.compile(r"/tabelle/2010/\?sort=-games$"))

    page.get_by_role("button", name="Deutsch").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tabelle 2010")
    expect(page.locator("html")).to_have_attribute("lang", "de")


def test_the_menu_opens_and_follows_with_the_keyboard(page: Page, live_server, league) -> None:
    page.goto(live_server.url + "/regeln/")
    summary = page.get_by_role("navigation", name="Hauptmenü").get_by_text("Wertungen", exact=True)
    summary.focus()
    outline = summary.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline == "solid"  # a visible focus ring
    page.keyboard.press("Enter")
    link = page.get_by_role("link", name="ewige Tabelle")
    expect(link).to_be_visible()
    link.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/tabelle/ewig/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Ewige Tabelle")


@pytest.mark.parametrize("path", ["/", "/tabelle/2010/", "/tabelle/ewig/teams/", "/regeln/"])
def test_no_page_scrolls_sideways_at_360_pixels(page: Page, live_server, league, path: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + path)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert _no_sideways_scrolling(page)


def test_the_menu_closes_on_a_tap_outside_and_on_escape(
    page: Page, live_server, league, viewport
) -> None:
    page.goto(live_server.url + "/")
    menu = page.get_by_role("navigation", name="Hauptmenü")
    panel = menu.locator("details").first
    menu.get_by_text("Wertungen", exact=True).click()
    expect(panel).to_have_attribute("open", "")
    page.mouse.click(5, page.viewport_size["height"] - 5)  # a tap outside the menu
    expect(panel).not_to_have_attribute("open", "")

    menu.get_by_text("Wertungen", exact=True).click()
    expect(panel).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(panel).not_to_have_attribute("open", "")
    expect(menu.get_by_text("Wertungen", exact=True)).to_be_focused()

    # A tap inside the open panel keeps it open (a link there is what the visitor wants).
    menu.get_by_text("Wertungen", exact=True).click()
    menu.get_by_role("paragraph").first.click()
    expect(panel).to_have_attribute("open", "")


def test_the_language_switch_is_in_the_header_at_every_width(
    page: Page, live_server, league
) -> None:
    for other, then in (("English", "en"), ("Deutsch", "de")):  # the German pages, the English
        for width in (320, 375, 768, 1280):
            page.set_viewport_size({"width": width, "height": 800})
            page.goto(live_server.url + "/")
            switch = page.get_by_role("banner").get_by_role("button", name=other)
            expect(switch).to_be_visible()
            assert switch.bounding_box()["y"] < 120, (other, width)
            assert _no_sideways_scrolling(page), (other, width)
            if width < 768:
                # On a phone, even the narrowest, the header takes two rows: brand, Erfassen and
                # the switch (a long label takes two lines in its button); the menu's entries.
                banner = page.get_by_role("banner")
                brand = banner.get_by_role("link", name="Klammernliga")
                entry = banner.locator(".button-entry")
                for item in (switch, entry):
                    box = item.bounding_box()
                    assert abs(box["y"] - brand.bounding_box()["y"]) < 10, (other, width)
                entries = page.locator(".menu > li").evaluate_all(
                    "items => items.map(i => Math.round(i.getBoundingClientRect().top))"
                )
                assert len(entries) == 3 and len(set(entries)) == 1, (other, width, entries)
        page.get_by_role("banner").get_by_role("button", name=other).click()
        expect(page.locator("html")).to_have_attribute("lang", then)
