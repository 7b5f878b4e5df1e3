"""Tapping a game into the entry form, as a scorekeeper does (shared by the browser tests)."""

from playwright.sync_api import Page, expect


def enter_game(
    page: Page,
    *,
    declarer: str,
    trump: str,
    bid: str,
    points: tuple[str, str],
    kontra: bool = False,
    terz_a: int = 0,
    expect_other: str | None = None,
) -> None:
    """Tap a game in and save it; one team's points are typed, the page fills in the other's."""
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
    form.locator(f"#id_points_{side}").fill(value)
    if expect_other is not None:
        other = "b" if side == "a" else "a"
        expect(form.locator(f"#id_points_{other}")).to_have_value(expect_other)
    form.get_by_role("button", name="Spiel speichern").click()
