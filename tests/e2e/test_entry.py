"""A scorekeeper enters an evening on a phone: logs in, starts the evening and a match, enters
a whole small round (with a Kontra game and a tie), sees the round notice, corrects one game,
deletes and restores another; the tables show the result."""

import datetime
import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from klammernliga.models import Game
from stats.selectors import player_standings
from tests.e2e.conftest import PHONE
from tests.factories import PlayerFactory, ScorekeeperFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):  # type: ignore[no-untyped-def]
    # The scorekeeper's phone speaks German.
    return {**browser_context_args, "locale": "de-DE"}


def enter_game(  # type: ignore[no-untyped-def]
    page: Page,
    *,
    declarer: str,
    trump: str,
    bid: str,
    points: tuple[str, str],
    kontra: bool = False,
    terz_a: int = 0,
    expect_other: str,
) -> None:
    """Tap a game in; one team's points are typed, the page fills in the other's."""
    form = page.locator("#neues-spiel form")
    form.locator("fieldset.players label", has_text=declarer).click()
    form.locator("fieldset.suits label", has_text=trump).click()
    form.locator("fieldset.bids label", has_text=bid).click()
    if kontra:
        form.locator("fieldset.doubling label", has_text="Kontra").click()
    if terz_a:
        form.locator("details.melds > summary").click()
        terz = form.locator("fieldset.meld-team").first.locator("fieldset.meld-row").first
        terz.locator("label", has_text=str(terz_a)).click()
    side, value = points
    other = "b" if side == "a" else "a"
    form.locator(f"#id_points_{side}").fill(value)
    expect(form.locator(f"#id_points_{other}")).to_have_value(expect_other)
    form.get_by_role("button", name="Spiel speichern").click()


def test_a_scorekeeper_enters_corrects_deletes_and_restores_an_evening_on_a_phone(
    page: Page, live_server, screenshot
) -> None:  # type: ignore[no-untyped-def]
    ScorekeeperFactory(username="anna")
    for name in ("Anna", "Bernd", "Carl"):
        PlayerFactory(name=name)
    page.set_viewport_size(PHONE)

    # Log in: the entry page sends an anonymous visitor to the login page first.
    page.goto(live_server.url + "/erfassen/")
    expect(page).to_have_url(live_server.url + "/anmelden/?next=/erfassen/")
    page.get_by_label("Benutzername").fill("anna")
    page.get_by_label("Passwort").fill("klammern-geheim-1998")
    page.get_by_role("button", name="Anmelden").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Erfassen")

    # Start the evening and the match; Dora is new and added on the spot.
    page.get_by_label("Datum").fill("2026-03-12")
    page.get_by_label("Ort (optional)").fill("Kiel")
    page.get_by_role("button", name="Abend beginnen").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("12.03.2026")
    page.locator("#id_partie-player_a1").select_option(label="Anna")
    page.locator("#id_partie-player_a2").select_option(label="Bernd")
    page.locator("#id_partie-player_b1").select_option(label="Carl")
    page.locator("#id_partie-new_b2").fill("Dora")
    page.get_by_role("button", name="Partie beginnen").click()
    expect(page.get_by_role("heading", name="Neues Spiel · Partie 1")).to_be_visible()

    # A whole small round: a win, a tie (the playing team loses), a meld, a Kontra game.
    enter_game(
        page, declarer="Anna", trump="Herz", bid="rein", points=("a", "100"), expect_other="64"
    )
    notice = page.locator(".notice")
    expect(notice).to_contain_text("Spiel 1 der Partie 1 gespeichert. Stand 1:0")
    enter_game(
        page, declarer="Carl", trump="Pik", bid="klein", points=("a", "82"), expect_other="82"
    )
    expect(notice).to_contain_text("Stand 3:0")
    enter_game(
        page,
        declarer="Anna",
        trump="Karo",
        bid="rein",
        points=("a", "120"),
        terz_a=1,
        expect_other="64",
    )
    expect(notice).to_contain_text("Stand 4:0")
    expect(notice.locator(".badge-laube")).to_be_visible()
    enter_game(
        page,
        declarer="Bernd",
        trump="Kreuz",
        bid="besser",
        points=("a", "70"),
        kontra=True,
        expect_other="94",
    )
    expect(notice).to_contain_text("Stand 4:4")
    enter_game(
        page, declarer="Dora", trump="Herz", bid="rein", points=("b", "100"), expect_other="64"
    )
    expect(notice).to_contain_text("Runde an Carl & Dora: 5:4 – 1 großer Punkt")
    screenshot(page, "entry-phone-round-notice")

    # Correct game 3: Pik instead of Karo, 110 points instead of 120.
    games = list(Game.objects.order_by("position").values_list("pk", flat=True))
    page.locator(f"#spiel-{games[2]}").get_by_role("link", name="ändern").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Spiel 3 der Partie 1 ändern")
    page.locator("fieldset.suits label", has_text="Pik").click()
    page.locator("#id_points_a").fill("110")
    expect(page.locator("#id_points_b")).to_have_value("74")
    screenshot(page, "entry-phone-edit")
    page.get_by_role("button", name="Änderung speichern").click()
    expect(page.locator(".messages")).to_contain_text("Spiel 3 der Partie 1 geändert.")
    expect(page.locator(f"#spiel-{games[2]}")).to_contain_text("110:74")

    # Delete game 1 and bring it back.
    page.locator(f"#spiel-{games[0]}").get_by_role("link", name="ändern").click()
    page.get_by_role("button", name="Spiel löschen").click()
    expect(page.locator(".messages")).to_contain_text("Spiel 1 der Partie 1 gelöscht.")
    expect(page.locator("#partie-1 .round-end")).to_contain_text("Runde an Carl & Dora: 5:3")
    page.locator("#geloescht").get_by_role("button", name="Wiederherstellen").click()
    expect(page.locator(".messages")).to_contain_text("Spiel 1 der Partie 1 wiederhergestellt.")
    expect(page.locator("#partie-1 .round-end")).to_contain_text("Runde an Carl & Dora: 5:4")
    expect(page.locator(f"#spiel-{games[0]} td").first).to_have_text("1")
    screenshot(page, "entry-phone-evening")

    # The tables follow at once.
    table = {row.name: row for row in (s.totals for s in player_standings(year=2026))}
    assert (table["Dora"].large_points, table["Dora"].rounds_won, table["Dora"].games) == (1, 1, 5)
    assert (table["Anna"].small_points, table["Anna"].small_points_against) == (4, 5)

    page.goto(live_server.url + reverse("stats:table_year", args=[2026]))
    expect(page.locator("main tbody tr").first).to_contain_text(re.compile("Carl|Dora"))
    expect(page.locator("main tbody")).to_contain_text("Anna")
    page.goto(live_server.url + reverse("stats:games"))
    expect(page.locator("main")).to_contain_text("Dora")
    expect(page.locator("main")).to_contain_text("110")


def test_the_entry_form_has_no_sideways_scrolling_at_360_px(page: Page, live_server) -> None:  # type: ignore[no-untyped-def]
    from tests.klammernliga.entry_pages import anna_bernd_vs_carl_dora

    anna_bernd_vs_carl_dora(datetime.date(2026, 3, 12))
    ScorekeeperFactory(username="anna")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/anmelden/?next=/erfassen/abend/2026-03-12/")
    page.get_by_label("Benutzername").fill("anna")
    page.get_by_label("Passwort").fill("klammern-geheim-1998")
    page.get_by_label("Passwort").press("Enter")
    page.locator("details.melds > summary").click()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    # Every button-like choice is at least 44 px high for a thumb.
    heights = page.locator(
        "#neues-spiel label.choice > span, #neues-spiel label.chip > span"
    ).evaluate_all("spans => spans.map(s => s.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44


def test_a_game_can_be_entered_with_the_keyboard_alone(page: Page, live_server) -> None:  # type: ignore[no-untyped-def]
    from tests.klammernliga.entry_pages import anna_bernd_vs_carl_dora

    anna_bernd_vs_carl_dora(datetime.date(2026, 3, 12))
    ScorekeeperFactory(username="anna")
    page.goto(live_server.url + "/anmelden/?next=/erfassen/abend/2026-03-12/")
    page.get_by_label("Benutzername").fill("anna")
    page.get_by_label("Passwort").fill("klammern-geheim-1998")
    page.get_by_label("Passwort").press("Enter")
    page.locator("#id_declarer_0").focus()
    for key in ("Space", "Tab", "ArrowRight", "Tab", "ArrowRight", "Tab", "Space", "Tab", "Tab",
                "Tab", "1", "0", "0", "Enter"):  # fmt: skip
        page.keyboard.press(key)
    expect(page.locator(".notice")).to_contain_text("Spiel 1 der Partie 1 gespeichert.")
    game = Game.objects.get()
    assert (game.declarer.name, game.trump, game.bid, game.kontra, game.points_b) == (
        "Anna", "pik", "klein", True, 64,
    )  # fmt: skip
