"""The scorekeeper's taps at 360×740, counted: after a save the page lands at the next game's
form, and a plain game takes 5 taps, a Kontra game 6 and a game with one meld 7, each target in
reach (on the screen and not under the save bar) without a scroll of the scorekeeper's."""

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Locator, Page, expect

from klammernliga.models import Game
from tests.e2e.test_offline import log_in, two_tables
from tests.factories import ScorekeeperFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def small_phone(browser, live_server) -> Page:
    two_tables(timezone.localdate())
    ScorekeeperFactory(username="anna")
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="de-DE")
    page = context.new_page()
    log_in(page, live_server.url)
    yield page
    context.close()


class Taps:
    """Taps only what is in reach: on the screen, and not under the sticky save bar."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def tap(self, target: Locator) -> None:
        box = target.bounding_box()
        assert box is not None
        bar = self.page.locator("#neues-spiel form .actions").bounding_box()
        assert bar is not None
        inside_bar = box["y"] >= bar["y"] - 0.5
        limit = 740 if inside_bar else bar["y"]
        assert box["y"] >= 0 and box["y"] + box["height"] <= limit + 0.5, (target, box, bar)
        target.click(no_wait_after=True)
        self.count += 1

    def type(self, target: Locator, text: str) -> None:
        self.tap(target)
        target.press_sequentially(text)


def landed(page: Page, number: int) -> None:
    expect(page.locator(".notice")).to_contain_text(f"Spiel {number} der Partie 1 gespeichert")


def test_a_game_takes_five_taps_a_kontra_six_and_a_meld_seven_without_scrolling(
    small_phone,
) -> None:
    page = small_phone
    page.goto(
        page.url.split("/erfassen/")[0]
        + reverse("entry:evening", args=[timezone.localdate()])
        + "?partie=1"
    )
    form = page.locator("#neues-spiel form")

    def play(declarer: str, points: str, *, kontra: bool = False, terz: bool = False) -> int:
        taps = Taps(page)
        scrolled = page.evaluate("window.scrollY")
        taps.tap(form.locator("fieldset.players label", has_text=declarer))
        taps.tap(form.locator("fieldset.suits label", has_text="Herz"))
        taps.tap(form.locator("fieldset.bids label", has_text="rein"))
        taps.type(form.locator("#id_points_a"), points)
        if kontra:
            taps.tap(form.locator('label[for="id_kontra"]'))
        if terz:
            taps.tap(form.locator("details.melds > summary"))
            row = form.locator("fieldset.meld-team").first.locator("fieldset.meld-row").first
            taps.tap(row.locator("label", has_text="1"))
        else:
            # No tap needed a scroll: the page stayed where it landed.
            assert page.evaluate("window.scrollY") == scrolled
        taps.tap(form.get_by_role("button", name="Spiel speichern"))
        return taps.count

    assert play("Anna", "100") == 5  # the first game of the evening's Partie
    landed(page, 1)
    assert play("Carl", "40") == 5
    landed(page, 2)
    assert play("Bernd", "90", kontra=True) == 6
    landed(page, 3)
    assert play("Dora", "60", terz=True) == 7
    landed(page, 4)
    games = list(Game.objects.filter(match__position=1).order_by("position"))
    assert [(g.points_a, g.kontra, g.melds.count()) for g in games] == [
        (100, False, 0),
        (40, False, 0),
        (90, True, 0),
        (60, False, 1),
    ]
