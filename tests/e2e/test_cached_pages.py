"""In a real browser, which enforces CSRF: the language switch of a cached page works, and a
repeat visit is answered from the browser's copy after a 304, with or without the site's service
worker in charge of the page."""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from tests.factories import GameFactory, MatchFactory

pytestmark = pytest.mark.django_db(transaction=True)

CONTROLLED = """() => navigator.serviceWorker.controller !== null || new Promise((resolve) =>
  navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true)))"""


def test_the_language_switch_of_a_cached_page_works(page: Page, live_server) -> None:
    page.goto(live_server.url + "/regeln/")
    page.goto(live_server.url + "/regeln/")  # now from the page cache
    expect(page.get_by_role("heading", level=1)).to_have_text("Spielregeln")
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Rules")
    page.get_by_role("button", name="Deutsch").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Spielregeln")


def _etags_sent(requests: list[Request], *, by_worker: bool) -> list[str | None]:
    return [
        r.header_value("if-none-match")
        for r in requests
        if "/spiele/" in r.url and (r.service_worker is not None) == by_worker
    ]


def _visit_again_until_the_etag_is_sent(page: Page, url: str, sent) -> None:
    # Chromium writes its cache entry after the page is shown; on a busy machine the next visit
    # can come first and ask without the ETag. A few tries give it the time.
    for _try in range(15):
        page.goto(url)
        if sent()[-1] is not None:
            return
        page.wait_for_timeout(300)


@pytest.fixture
def page_without_worker(browser: Browser) -> Iterator[Page]:
    """A page of a browser that runs no service worker (as before the site's worker takes over)."""
    context = browser.new_context(service_workers="block")
    yield context.new_page()
    context.close()


def test_a_repeat_visit_is_a_304_and_a_change_shows(page_without_worker: Page, live_server) -> None:
    """The browser's own HTTP cache, without the site's service worker: the repeat visit asks
    with the ETag and is answered by a 304."""
    match = MatchFactory()
    GameFactory(match=match)
    page = page_without_worker
    requests: list[Request] = []
    page.context.on("request", lambda r: requests.append(r))
    url = live_server.url + "/spiele/"
    first = page.goto(url)
    assert first is not None and first.header_value("content-encoding") == "gzip"
    _visit_again_until_the_etag_is_sent(page, url, lambda: _etags_sent(requests, by_worker=False))
    assert _etags_sent(requests, by_worker=False)[-1] == first.header_value("etag")
    # A 304: only the headers came over the wire, the page from Chromium's own copy.
    sizes = page.evaluate(
        "(({transferSize, encodedBodySize}) => [transferSize, encodedBodySize])"
        "(performance.getEntriesByType('navigation')[0])"
    )
    assert sizes[0] < sizes[1]
    GameFactory(match=match)
    page.reload()
    expect(page.get_by_text("2 Spiele", exact=False).first).to_be_visible()


def test_with_the_service_worker_in_charge_a_repeat_visit_still_sends_the_etag(
    page: Page, live_server
) -> None:
    """Once the worker answers navigations (network first, for the offline copy), its fetch goes
    through the same HTTP cache: the page asks with the ETag, and a change still shows."""
    match = MatchFactory()
    GameFactory(match=match)
    requests: list[Request] = []
    page.context.on("request", lambda r: requests.append(r))
    url = live_server.url + "/spiele/"
    first = page.goto(url)
    assert first is not None
    page.evaluate(CONTROLLED)
    _visit_again_until_the_etag_is_sent(page, url, lambda: _etags_sent(requests, by_worker=True))
    assert _etags_sent(requests, by_worker=True)[-1] == first.header_value("etag")
    GameFactory(match=match)
    page.reload()
    expect(page.get_by_text("2 Spiele", exact=False).first).to_be_visible()
