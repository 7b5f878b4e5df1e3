"""Browser tests of Spieler-Info's list and the KlammernBoss prediction, after their lean rewrite."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_player_list_sorts_by_a_column_and_leads_to_a_rated_player(
    page: Page, live_server, league
) -> None:
    page.goto(live_server.url + "/spieler/")
    # Figures highest first, as in every table of the site; a second click turns the order.
    page.get_by_role("link", name="Spiele", exact=True).click()
    expect(page).to_have_url(re.compile(r"sort=-games"))
    header = page.locator("th[aria-sort]")
    expect(header).to_have_attribute("aria-sort", "descending")
    games = [
        int(t.replace(".", "")) for t in page.locator("tbody tr td:nth-child(3)").all_inner_texts()
    ]
    assert games == sorted(games, reverse=True)
    page.get_by_role("link", name="Spiele", exact=True).click()
    expect(header).to_have_attribute("aria-sort", "ascending")
    page.get_by_role("link", name="Emil", exact=True).click()
    expect(page.get_by_role("img", name="KlammernBoss-Wertung")).to_be_visible()
    expect(page.get_by_role("table", name="Wertung am Jahresende")).to_be_visible()


def test_the_boss_page_predicts_a_chosen_match_up(page: Page, live_server, league) -> None:
    page.goto(live_server.url + "/klammernboss/")
    team_1 = page.get_by_role("group", name="Team 1")
    team_2 = page.get_by_role("group", name="Team 2")
    team_1.get_by_label("Spieler").select_option(label="Anna")
    team_1.get_by_label("Partner").select_option(label="Bernd")
    team_2.get_by_label("Spieler").select_option(label="Clara")
    team_2.get_by_label("Partner").select_option(label="Dieter")
    page.get_by_role("button", name="Chancen berechnen").click()
    status = page.get_by_role("status")
    expect(status).to_contain_text("Anna & Bernd")
    expect(status).to_contain_text("%")
    # The choices stay chosen after the page came back.
    expect(team_2.get_by_label("Partner")).to_have_value("dieter")
