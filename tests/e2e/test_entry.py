"""A scorekeeper enters an evening on a phone: logs in, starts the evening and a match, enters
a whole small round (with a Kontra game and a tie), sees the round notice, corrects one game,
deletes and restores another; the tables show the result."""

import datetime
import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from klammernliga.models import Game
from stats.selectors.standings import player_standings
from tests.e2e.conftest import PHONE
from tests.e2e.entry_flow import enter_game
from tests.factories import PlayerFactory, ScorekeeperFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # The scorekeeper's phone speaks German.
    # Service workers (the offline tests' subject) would hide requests from page.route.
    return {**browser_context_args, "locale": "de-DE", "service_workers": "block"}


def test_a_scorekeeper_enters_corrects_deletes_and_restores_an_evening_on_a_phone(
    page: Page, live_server, screenshot
) -> None:
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

    # A whole small round: a win, a tie (the playing team loses), a meld that brings Anna and
    # Bernd to 4 (the Laube), a Kontra game, the deciding game; each game's notice says the Stand.
    notice = page.locator(".notice")
    for declarer, trump, bid, points, other, extra, says, laube in (
        ("Anna", "Herz", "rein", ("a", "100"), "64", {}, "Spiel 1 der Partie 1 gespeichert. Stand 1:0", False),
        ("Carl", "Pik", "klein", ("a", "82"), "82", {}, "Stand 3:0", False),
        ("Anna", "Karo", "rein", ("a", "120"), "64", {"terz_a": 1}, "Stand 4:0", True),
        ("Bernd", "Kreuz", "besser", ("a", "70"), "94", {"kontra": True}, "Stand 4:4", False),
        ("Dora", "Herz", "rein", ("b", "100"), "64", {}, "Runde an Carl & Dora: 5:4 – 1 großer Punkt", False),
    ):  # fmt: skip
        enter_game(page, declarer=declarer, trump=trump, bid=bid, points=points,
                   expect_other=other, **extra)  # fmt: skip
        expect(notice).to_contain_text(says)
        if laube:
            expect(notice.locator(".badge-laube")).to_be_visible()
    screenshot(page, "entry-phone-round-notice")

    # Correct game 3: Pik instead of Karo, 110 points instead of 120.
    games = list(Game.objects.order_by("position").values_list("pk", flat=True))
    page.locator(f"#spiel-{games[2]}").get_by_role("link", name="Spiel 3 ändern").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Spiel 3 der Partie 1 ändern")
    page.locator("fieldset.suits label", has_text="Pik").click()
    page.locator("#id_points_a").fill("110")
    # The stored 64 was not filled by this page: it stays until the scorekeeper types it.
    expect(page.locator("#id_points_b")).to_have_value("64")
    page.locator("#id_points_b").fill("74")
    screenshot(page, "entry-phone-edit")
    page.get_by_role("button", name="Änderung speichern").click()
    expect(page.locator(".messages")).to_contain_text("Spiel 3 der Partie 1 geändert.")
    expect(page.locator(f"#spiel-{games[2]}")).to_contain_text("110:74")

    # Delete game 1 and bring it back.
    page.locator(f"#spiel-{games[0]}").get_by_role("link", name="Spiel 1 ändern").click()
    page.get_by_role("button", name="Spiel löschen").click()
    expect(page.locator(".messages")).to_contain_text("Spiel 1 der Partie 1 gelöscht.")
    expect(page.locator("#partie-1 .round-end")).to_contain_text("Runde an Carl & Dora: 5:3")
    page.locator("#geloescht").get_by_role("button", name="Wiederherstellen").click()
    expect(page.locator(".messages")).to_contain_text("Spiel 1 der Partie 1 wiederhergestellt.")
    expect(page.locator("#partie-1 .round-end")).to_contain_text("Runde an Carl & Dora: 5:4")
    expect(page.locator(f"#spiel-{games[0]} .g-no")).to_contain_text("1")
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


def test_the_entry_form_has_no_sideways_scrolling_at_360_px(
    page: Page, live_server, axe_violations
) -> None:
    from tests.klammernliga.entry_pages import anna_bernd_vs_carl_dora

    anna_bernd_vs_carl_dora(datetime.date(2026, 3, 12))
    ScorekeeperFactory(username="anna")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/anmelden/?next=/erfassen/abend/2026-03-12/")
    assert axe_violations(page) == []  # the login page
    page.get_by_label("Benutzername").fill("anna")
    page.get_by_label("Passwort").fill("klammern-geheim-1998")
    page.get_by_label("Passwort").press("Enter")
    page.wait_for_url("**/erfassen/abend/2026-03-12/")
    page.wait_for_load_state("load")
    # Opened at the top (no anchor), the points are on the first screen too.
    expect(page.locator("#id_points_a")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    points_in_view(page)
    # While a save runs the button is disabled: the request is held back here to look at it,
    # then let through (the empty form is refused) before the evening page is opened again.
    held: list = []

    def hold_first(route):
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/erfassen/abend/2026-03-12/spiel/", hold_first)
    save = page.get_by_role("button", name="Spiel speichern")
    save.click()
    expect(save).to_be_disabled()
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    with page.expect_navigation():
        held[0].continue_()
    page.unroute("**/erfassen/abend/2026-03-12/spiel/")
    page.goto(live_server.url + "/erfassen/abend/2026-03-12/")
    expect(page.get_by_role("button", name="Spiel speichern")).to_be_enabled()
    page.locator("details.melds > summary").click()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    # Every button-like choice is at least 44 px high for a thumb.
    heights = page.locator(
        "#neues-spiel label.choice > span, #neues-spiel label.chip > span"
    ).evaluate_all("spans => spans.map(s => s.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44
    # Nor on the narrowest phone, where the save bar reaches exactly to the screen's edges.
    page.set_viewport_size({"width": 320, "height": 700})
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    bar = page.locator(".game-form .actions").bounding_box()
    assert bar is not None and bar["x"] == 0 and bar["width"] == 320
    page.set_viewport_size({"width": 360, "height": 740})
    # The logout address opened as a page logs no one out: it offers the button.
    page.goto(live_server.url + "/abmelden/")
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("button", name="Abmelden").click()
    expect(page.get_by_role("heading", name="Abgemeldet")).to_be_visible()


def test_a_game_can_be_entered_with_the_keyboard_alone(page: Page, live_server) -> None:
    from tests.klammernliga.entry_pages import anna_bernd_vs_carl_dora

    anna_bernd_vs_carl_dora(datetime.date(2026, 3, 12))
    ScorekeeperFactory(username="anna")
    page.goto(live_server.url + "/anmelden/?next=/erfassen/abend/2026-03-12/")
    page.get_by_label("Benutzername").fill("anna")
    page.get_by_label("Passwort").fill("klammern-geheim-1998")
    page.get_by_label("Passwort").press("Enter")
    page.wait_for_url("**/erfassen/abend/2026-03-12/")
    page.wait_for_load_state("load")
    # The skip link lands on the form: the next Tab is the first name, no link before it.
    page.keyboard.press("Tab")
    expect(page.locator(".skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.locator("#id_declarer_0")).to_be_focused()
    # Declarer, trump, bid, points in the order heard at the table; melds and dealer (closed)
    # after them; Kontra and Re in the save bar, beside the save button.
    for key in ("Space", "Tab", "ArrowRight", "Tab", "ArrowRight", "Tab", "1", "0", "0", "Tab",
                "Tab", "Tab", "Tab", "Space", "Tab", "Tab", "Enter"):  # fmt: skip
        page.keyboard.press(key)
    expect(page.locator(".notice")).to_contain_text("Spiel 1 der Partie 1 gespeichert.")
    game = Game.objects.get()
    assert (game.declarer.name, game.trump, game.bid, game.kontra, game.points_b) == (
        "Anna", "pik", "klein", True, 64,
    )  # fmt: skip


# --- an evening with two tables -----------------------------------------------------------------

SMALL_PHONE = {"width": 360, "height": 740}
PASSWORD = "klammern-geheim-1998"


def phone_of(browser, live_server, username: str) -> Page:
    """A scorekeeper's own phone: a browser context of its own, logged in."""
    context = browser.new_context(viewport=SMALL_PHONE, locale="de-DE")
    page = context.new_page()
    page.goto(live_server.url + "/anmelden/?next=/erfassen/")
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_label("Passwort").press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Erfassen")
    return page


def fits(page: Page) -> None:
    """No page of the flow is wider than the phone."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def points_in_view(page: Page) -> None:
    """The points of a plain game are on the screen as the page arrives (every step lands on
    the form), above the sticky save bar: no scrolling to reach them."""
    bar = page.locator("#neues-spiel .actions").bounding_box()
    for side in ("a", "b"):
        box = page.locator(f"#id_points_{side}").bounding_box()
        assert box is not None and bar is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], (side, box, bar)


def plain_game(page: Page, *, declarer: str, trump: str, bid: str, points_a: str) -> None:
    """A plain game in five taps plus the digits: declarer, trump, bid, points field, save."""
    form = page.locator("#neues-spiel form")
    form.locator("fieldset.players label", has_text=declarer).click()
    form.locator("fieldset.suits label", has_text=trump).click()
    form.locator("fieldset.bids label", has_text=bid).click()
    form.locator("#id_points_a").click()
    page.keyboard.type(points_a)
    form.get_by_role("button", name="Spiel speichern").click()


def test_two_scorekeepers_enter_two_tables_of_one_evening_at_once(
    browser, live_server, axe_violations, screenshot
) -> None:
    from tests.klammernliga.entry_pages import anna_bernd_vs_carl_dora

    # Last week Anna & Bernd played Carl & Dora; tonight a second table joins.
    anna_bernd_vs_carl_dora(datetime.date(2026, 3, 5))
    for name in ("Eva", "Fritz", "Gerd", "Hanna"):
        PlayerFactory(name=name)
    ScorekeeperFactory(username="anna")
    ScorekeeperFactory(username="eva")
    one = phone_of(browser, live_server, "anna")
    two = phone_of(browser, live_server, "eva")

    fits(one)
    assert axe_violations(one) == []  # the start page
    # Anna starts the evening and takes last week's teams in one tap.
    one.get_by_label("Datum").fill("2026-03-12")
    one.get_by_role("button", name="Abend beginnen").click()
    one.get_by_role("button", name="Anna & Bernd gegen Carl & Dora").click()
    expect(one.get_by_role("heading", name="Neues Spiel · Partie 1")).to_be_visible()
    fits(one)
    points_in_view(one)
    assert axe_violations(one) == []

    # Eva opens the same evening and starts the second table.
    two.goto(live_server.url + "/erfassen/abend/2026-03-12/")
    two.locator("#neue-partie summary").click()
    two.locator("#id_partie-player_a1").select_option(label="Eva")
    two.locator("#id_partie-player_a2").select_option(label="Fritz")
    two.locator("#id_partie-player_b1").select_option(label="Gerd")
    two.locator("#id_partie-player_b2").select_option(label="Hanna")
    two.get_by_role("button", name="Partie beginnen", exact=True).click()
    expect(two.get_by_role("heading", name="Neues Spiel · Partie 2")).to_be_visible()
    fits(two)
    points_in_view(two)

    # Interleaved: each phone stays with its own table.
    plain_game(one, declarer="Anna", trump="Herz", bid="rein", points_a="100")
    expect(one.locator(".notice")).to_contain_text("Spiel 1 der Partie 1 gespeichert. Stand 1:0")
    plain_game(two, declarer="Gerd", trump="Pik", bid="rein", points_a="100")
    expect(two.locator(".notice")).to_contain_text("Spiel 1 der Partie 2 gespeichert. Stand 2:0")
    points_in_view(two)  # with the notice and a tab per table above the form
    # Each tab names both teams in full: nothing is cut off.
    cut = two.locator(".partie-tabs a span").evaluate_all(
        "spans => spans.filter(s => s.scrollWidth > s.clientWidth + 1).map(s => s.textContent)"
    )
    assert cut == []
    expect(two.locator(".partie-tabs")).to_contain_text("Eva & Fritz – Gerd & Hanna")
    # A double tap on save stores the game once.
    form = one.locator("#neues-spiel form")
    form.locator("fieldset.players label", has_text="Carl").click()
    form.locator("fieldset.suits label", has_text="Kreuz").click()
    form.locator("fieldset.bids label", has_text="besser").click()
    form.locator("#id_points_a").fill("100")
    form.get_by_role("button", name="Spiel speichern").dblclick()
    expect(one.locator(".notice")).to_contain_text("Spiel 2 der Partie 1 gespeichert. Stand 3:0")
    assert Game.objects.filter(match__position=1).count() == 2
    plain_game(two, declarer="Gerd", trump="Karo", bid="klein", points_a="100")
    expect(two.locator(".notice")).to_contain_text("Stand 4:0")
    plain_game(one, declarer="Anna", trump="Herz", bid="rein", points_a="100")
    expect(one.locator(".notice")).to_contain_text("Stand 4:0")
    plain_game(two, declarer="Eva", trump="Herz", bid="rein", points_a="100")
    expect(two.locator(".notice")).to_contain_text("Kalte! Runde an Eva & Fritz: 5:0")
    fits(two)
    screenshot(two, "entry-two-tables-phone")

    # Anna's last game was Carl's, not Anna's: she taps its row and corrects it.
    plain_game(one, declarer="Bernd", trump="Pik", bid="rein", points_a="100")
    expect(one.locator(".notice")).to_contain_text("Kalte! Runde an Anna & Bernd: 5:0")
    last = Game.objects.get(match__position=1, position=4)
    one.locator(f"#spiel-{last.pk} a").click()
    expect(one.get_by_role("heading", level=1)).to_have_text("Spiel 4 der Partie 1 ändern")
    fits(one)
    assert axe_violations(one) == []
    one.locator("fieldset.players label", has_text="Anna").click()
    one.get_by_role("button", name="Änderung speichern").click()
    expect(one.locator(f"#spiel-{last.pk}")).to_contain_text("Anna")
    fits(one)
    # Back on the evening, Anna's form still writes to her table.
    expect(one.get_by_role("heading", name="Neues Spiel · Partie 1")).to_be_visible()

    # A refused save: the summary names the field and has the focus.
    one.locator("#neues-spiel form").get_by_role("button", name="Spiel speichern").click()
    expect(one.locator("#fehler")).to_be_focused()
    expect(one.locator("#fehler")).to_contain_text("Wer hat gespielt? Bitte einen Namen antippen.")
    fits(one)
    assert axe_violations(one) == []
    two.goto(live_server.url + "/erfassen/abend/2026-03-12/")
    assert axe_violations(two) == []
    two.goto(live_server.url + "/erfassen/abend/2026-03-12/verlauf/")
    fits(two)
    assert axe_violations(two) == []
    screenshot(one, "entry-two-tables-errors")

    # Two Kalten, each worth 2 large points, for the winners of both tables.
    two.goto(live_server.url + reverse("stats:table_year", args=[2026]))
    fits(two)
    table = {row.name: row for row in (s.totals for s in player_standings(year=2026))}
    assert {name: table[name].large_points for name in ("Anna", "Eva", "Carl", "Gerd")} == {
        "Anna": 2, "Eva": 2, "Carl": 0, "Gerd": 0,
    }  # fmt: skip
    shown = two.get_by_role("table", name="Tabelle 2026 der Spieler").evaluate(
        """(table, names) => {
            const heads = [...table.querySelectorAll("thead th")];
            const column = heads.findIndex((th) => /Große Punkte/.test(th.textContent));
            const rows = [...table.querySelectorAll("tbody tr")];
            return names.map((name) => {
                const row = rows.find((tr) => tr.textContent.includes(name));
                return row.children[column].textContent.trim();
            });
        }""",
        ["Anna", "Eva", "Carl", "Gerd"],
    )
    assert shown == ["2", "2", "0", "0"]
    one.context.close()
    two.context.close()
