import csv
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_filter_all_games_export_them_and_open_a_player_and_a_pairing(
    page: Page, live_server, league, screen_shot
) -> None:
    # Alle Spiele, filtered by a player and a trump suit.
    page.goto(live_server.url + "/spiele/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Alle Spiele")
    page.get_by_label("Spieler", exact=True).select_option(label="Clara")
    page.get_by_label("Trumpf").select_option(label="Herz")
    page.get_by_role("button", name="Filtern").click()
    expect(page.get_by_role("status")).to_contain_text("6 Spiele")
    expect(page).to_have_url(re.compile(r"spieler=clara.*trumpf=herz"))
    rows = page.locator("table.table tbody tr")
    expect(rows).to_have_count(6)
    screen_shot(page, "statistik-spiele")

    # The CSV holds exactly those games.
    with page.expect_download() as download_info:
        page.get_by_role("link", name="Als CSV herunterladen").click()
    download = download_info.value
    assert download.suggested_filename == "spiele.csv"
    content = Path(download.path()).read_text(encoding="utf-8")
    exported = list(csv.DictReader(io.StringIO(content)))
    assert len(exported) == 6
    assert {row["Trumpf"] for row in exported} == {"Herz"}
    assert all("Clara" in row["Team A"] + row["Team B"] for row in exported)

    # A player's page, from the list of players.
    page.goto(live_server.url + "/spieler/")
    page.get_by_role("link", name="Clara", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Clara")
    expect(page.get_by_role("heading", name="Partner")).to_be_visible()
    expect(page.get_by_role("img", name=re.compile("Runden mit jedem Partner"))).to_be_visible()
    screen_shot(page, "statistik-spieler")

    # A head-to-head page, from the Teambilanzen: choose a team, then one of its opponents.
    page.goto(live_server.url + "/teams/")
    expect(
        page.get_by_role("table", name="Teams gegeneinander: Runden und große Punkte")
    ).to_be_visible()
    page.get_by_label("Spieler", exact=True).select_option(label="Bernd")
    page.get_by_label("Partner").select_option(label="Anna")
    page.get_by_role("button", name="Zeigen").click()
    expect(page).to_have_url(re.compile(r"spieler=bernd.*partner=anna"))
    opponents = page.get_by_role("table", name="Gegner: Anna & Bernd")
    expect(opponents.locator("tbody tr")).to_have_count(2)
    screen_shot(page, "statistik-teams")
    opponents.get_by_role("link", name="Clara & Dieter").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Anna & Bernd")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Clara & Dieter")
    expect(page.get_by_role("heading", name="Partien")).to_be_visible()
    screen_shot(page, "statistik-paarung")


def test_the_distributions_draw_their_charts(page: Page, live_server, league, screen_shot) -> None:
    page.goto(live_server.url + "/siege/")
    expect(page.get_by_role("img", name=re.compile("Wie die Runden enden"))).to_be_visible()
    expect(page.locator("#chart-rundenende rect.bar")).to_have_count(4)
    screen_shot(page, "statistik-siege")


def test_a_team_is_chosen_as_a_player_and_his_partner(
    page: Page, live_server, league, screen_shot
) -> None:
    page.goto(live_server.url + "/spiele/")
    page.get_by_label("Spieler", exact=True).select_option(label="Bernd")
    page.get_by_label("Partner").select_option(label="Anna")
    page.get_by_role("button", name="Filtern").click()
    expect(page.get_by_role("status")).to_contain_text("22 Spiele")
    expect(page.get_by_label("Partner")).to_have_value("anna")

    # The same choice on Sieg-Verteilungen splits the rounds from the team's side.
    page.goto(live_server.url + "/siege/?spieler=bernd&partner=anna")
    expect(page.locator(".lead")).to_contain_text("Anna & Bernd")
    expect(page.locator("#chart-rundenende rect.bar-won")).to_have_count(2)
    screen_shot(page, "statistik-siege-team")
