"""Browser tests: pytest-playwright driving Debian's Chromium against the live test server."""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; the ORM calls made by the
# tests themselves (fixtures) are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(params=["phone", "desktop"])
def viewport(request, page):
    """The page sized as a phone's or a desktop's screen; its name ("phone", "desktop")."""
    page.set_viewport_size(PHONE if request.param == "phone" else DESKTOP)
    return request.param


@pytest.fixture
def screenshot():
    """Save a full-page screenshot under tests/e2e/artifacts/ (ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)

    def save(page, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save


@pytest.fixture
def screen_shot(viewport, screenshot):
    """`screenshot` of a test run on both screens: the name ends in the screen's ("-phone")."""
    return lambda page, name: screenshot(page, f"{name}-{viewport}")


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
            # Browser tests share one xdist worker so two Chromiums don't fight over 2 cores.
            item.add_marker(pytest.mark.xdist_group("browser"))


AXE_JS = Path(__file__).parent / "vendor" / "axe.min.js"
IMPACTS = {"minor", "moderate", "serious", "critical"}


@pytest.fixture
def axe_violations():
    """Run the vendored axe-core in the page; return its violations, of any impact, as short
    strings (rule id, impact, first target) so a failing assert says what is wrong."""

    def check(page) -> list[str]:
        # Evaluated through the browser's debugging protocol, so the site's CSP (no inline
        # script) does not apply to it.
        page.evaluate(AXE_JS.read_text(encoding="utf-8"))
        result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
        return [
            f"{v['id']} ({v['impact']}): {v['nodes'][0]['target'] if v['nodes'] else ''}"
            for v in result["violations"]
            if v.get("impact") in IMPACTS
        ]

    return check
