"""In a real browser, which enforces CSRF: the language switch of a cached page works, and a
repeat visit is answered from the browser's copy after a 304."""

import pytest
from playwright.sync_api import Page, expect

from tests.factories import GameFactory, MatchFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_language_switch_of_a_cached_page_works(page: Page, live_server) -> None:
    page.goto(live_server.url + "/regeln/")
    page.goto(live_server.url + "/regeln/")  # now from the page cache
    expect(page.get_by_role("heading", level=1)).to_have_text("Spielregeln")
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Rules")
    page.get_by_role("button", name="Deutsch").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Spielregeln")


def test_a_repeat_visit_is_a_304_and_a_change_shows(page: Page, live_server) -> None:
    match = MatchFactory()
    GameFactory(match=match)
    asked: list[str | None] = []
    page.on(
        "request",
        lambda r: (
            asked.append(r.header_value("if-none-match")) if r.resource_type == "document" else None
        ),
    )
    first = page.goto(live_server.url + "/spiele/")
    assert first is not None and first.header_value("content-encoding") == "gzip"
    # Chromium writes its cache entry after the page is shown; on a busy machine the next visit
    # can come first and ask without the ETag. A few tries give it the time.
    for _try in range(15):
        page.goto(live_server.url + "/spiele/")
        if asked[-1] is not None:
            break
        page.wait_for_timeout(300)
    assert asked[-1] == first.header_value("etag")
    # A 304: only the headers came over the wire, the page from Chromium's own copy.
    sizes = page.evaluate(
        "(({transferSize, encodedBodySize}) => [transferSize, encodedBodySize])"
        "(performance.getEntriesByType('navigation')[0])"
    )
    assert sizes[0] < sizes[1]
    GameFactory(match=match)
    page.reload()
    expect(page.get_by_text("2 Spiele", exact=False).first).to_be_visible()
