"""A public page once opened stays readable without a connection, marked with the time it shows;
a page never opened says so; a logged-in visitor's pages are not kept this way."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)

# Resolves once the service worker controls the page (evaluated through the debugging protocol,
# so the site's CSP, which forbids eval, does not stop it).
CONTROLLED = """() => navigator.serviceWorker.controller !== null || new Promise((resolve) =>
  navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true)))"""


def test_a_public_page_once_opened_stays_readable_offline_with_its_time(
    browser, live_server, league, axe_violations
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="de-DE")
    page: Page = context.new_page()
    page.goto(live_server.url + "/")
    assert page.evaluate(CONTROLLED)
    page.goto(live_server.url + "/tabelle/ewig/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Ewige Tabelle")

    context.set_offline(True)
    page.goto(live_server.url + "/tabelle/ewig/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Ewige Tabelle")
    banner = page.locator(".offline-banner")
    expect(banner).to_contain_text("Ohne Verbindung – Stand:")
    assert banner.locator("time").get_attribute("datetime")
    expect(page.get_by_role("table").first).to_be_visible()
    assert axe_violations(page) == []
    # The home page was kept when the worker took over; a page never opened was not.
    page.goto(live_server.url + "/")
    expect(page.locator(".offline-banner")).to_be_visible()
    page.goto(live_server.url + "/spieler/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Keine Verbindung")

    # Online again: the page comes from the server, without the line.
    context.set_offline(False)
    page.goto(live_server.url + "/tabelle/ewig/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Ewige Tabelle")
    expect(page.locator(".offline-banner")).to_have_count(0)
    context.close()


def test_a_logged_in_visitors_pages_are_not_kept(browser, live_server, league) -> None:
    from tests.e2e.test_offline import log_in
    from tests.factories import ScorekeeperFactory

    ScorekeeperFactory(username="anna")
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="de-DE")
    page: Page = context.new_page()
    log_in(page, live_server.url)
    assert page.evaluate(CONTROLLED)
    page.goto(live_server.url + "/tabelle/ewig/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Ewige Tabelle")
    context.set_offline(True)
    page.goto(live_server.url + "/tabelle/ewig/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Keine Verbindung")
    context.close()
