import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_home_page_opens_in_chromium(page: Page, live_server, viewport) -> None:
    page.goto(live_server.url + "/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Klammernliga")


def test_axe_runs_in_the_page_under_the_sites_csp(page: Page, live_server, axe_violations) -> None:
    page.goto(live_server.url + "/")
    assert page.evaluate("typeof axe") == "undefined"
    violations = axe_violations(page)
    assert page.evaluate("typeof axe.run") == "function"
    assert violations == []
