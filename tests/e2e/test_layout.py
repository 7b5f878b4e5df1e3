"""Layout checks on a 360 px phone: no sideways scrolling of the page or of a table in its box,
tap targets big enough, suit symbols readable in both colour schemes; and the site's colour pairs
against WCAG AA."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize

from tests.stats.helpers import examples

SMALL_PHONE: ViewportSize = {"width": 360, "height": 800}

# Tables wider than their box (.table-wrap), which would scroll sideways or stick out of it.
WIDE_TABLES = """() => [...document.querySelectorAll("main .table-wrap")]
  .filter((wrap) => wrap.offsetParent && wrap.scrollWidth > wrap.clientWidth + 1)
  .map((wrap) => `${wrap.getAttribute("aria-label") || wrap.getAttribute("aria-labelledby")}: `
    + `${wrap.scrollWidth} > ${wrap.clientWidth}`)"""

# Heights in CSS px: WCAG 2.5.8 asks 24 px of every target; the controls a thumb works
# (buttons, fields, a <details>' summary) get 44 px, the usual touch target of phone guidelines.
TOO_SMALL = """() => {
  const tall = new Set(["BUTTON", "INPUT", "SELECT", "SUMMARY"]);
  return [...document.querySelectorAll("main :is(a, button, input, select, summary)")]
    .filter((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Visually hidden (1 px) and invisible elements are nobody's target.
      return box.width > 1 && box.height > 1 && style.visibility !== "hidden" && el.type !== "hidden";
    })
    .map((el) => ({
      what: `${el.tagName.toLowerCase()} "${(el.textContent || el.name || "").trim().slice(0, 30)}"`,
      height: Math.round(el.getBoundingClientRect().height * 10) / 10,
      need: tall.has(el.tagName) ? 44 : 24,
    }))
    .filter((target) => target.height < target.need);
}"""

# The contrast of each black suit symbol (♣ ♠) in main against the first opaque background
# behind it, by WCAG's relative luminance.
SUIT_CONTRASTS = """() => {
  const rgb = (value) => value.match(/[\\d.]+/g).map(Number);
  const channel = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const background = (el) => {
    for (let node = el; node; node = node.parentElement) {
      const colour = rgb(getComputedStyle(node).backgroundColor);
      if (colour.length === 3 || colour[3] > 0) return colour.slice(0, 3);
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll("main :is(.suit-kreuz, .suit-pik)")].map((el) => {
    const [fg, bg] = [luminance(rgb(getComputedStyle(el).color)), luminance(background(el))];
    return Math.round(((Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05)) * 100) / 100;
  });
}"""


def public_pages() -> list[str]:
    first = examples()
    evening, match, player, year = first.evening, first.match, first.player, first.year
    return [
        "/",
        "/tabelle/ewig/",
        f"/tabelle/{year}/",
        f"/tabelle/{year}/teams/",
        "/klammernboss/",
        "/regeln/",
        "/spiele/",
        f"/spiele/abend/{evening.date.isoformat()}/",
        "/spieler/",
        f"/spieler/{player.slug}/",
        f"/spieler/{player.slug}/gegnerteams/",
        "/teams/",
        f"/teams/{match.team_a_id}/{match.team_b_id}/",
        "/siege/",
        "/anmelden/",
        "/abmelden/",
    ]


@pytest.mark.django_db(transaction=True)
def test_no_public_page_scrolls_sideways_on_a_small_phone_and_every_target_is_big_enough(
    page: Page, live_server, league
) -> None:
    page.set_viewport_size(SMALL_PHONE)
    overflowing, small_targets, wide_tables = {}, {}, {}
    for path in public_pages():
        page.goto(live_server.url + path)
        # Folded parts count too: open every <details> before measuring.
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > SMALL_PHONE["width"]:
            overflowing[path] = width
        if small := page.evaluate(TOO_SMALL):
            small_targets[path] = small
        if wide := page.evaluate(WIDE_TABLES):
            wide_tables[path] = wide
    assert overflowing == {}, f"pages wider than {SMALL_PHONE['width']} px: {overflowing}"
    assert wide_tables == {}, f"tables wider than their box: {wide_tables}"
    assert small_targets == {}, f"tap targets too small: {small_targets}"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_black_suits_stand_out_from_their_background_in_both_colour_schemes(
    page: Page, live_server, league, scheme
) -> None:
    page.set_viewport_size(SMALL_PHONE)
    page.emulate_media(color_scheme=scheme)
    contrasts = []
    for path in ("/regeln/", "/spiele/"):
        page.goto(live_server.url + path)
        contrasts += page.evaluate(SUIT_CONTRASTS)
    assert len(contrasts) > 10  # prose, playing cards and the trump column of the games
    assert min(contrasts) >= 4.5, sorted(contrasts)[:5]


SITE_CSS = Path(__file__).parents[2] / "static" / "css" / "site.css"

# (foreground, background, minimum): 4.5:1 for text, 3:1 for borders, focus rings, the crown.
PAIRS = [
    *[(fg, bg, 4.5) for fg in ("text", "muted", "accent") for bg in ("bg", "surface", "surface-2")],
    ("accent", "accent-soft", 4.5),
    ("on-accent", "accent", 4.5),
    ("on-accent", "accent-hover", 4.5),
    ("kalte-fg", "kalte-bg", 4.5),
    ("laube-fg", "laube-bg", 4.5),
    ("badge-fg", "badge-bg", 4.5),
    *[
        (fg, bg, 4.5)
        for fg in ("suit-black", "suit-red", "good", "bad")
        for bg in ("surface", "surface-2")
    ],
    ("bad", "error-bg", 4.5),
    ("control-border", "surface", 3),
    ("control-border", "bg", 3),
    ("focus", "bg", 3),
    ("gold", "bg", 3),
]


def _palettes() -> dict[str, dict[str, str]]:
    css = SITE_CSS.read_text(encoding="utf-8")
    light_block, dark_part = css.split("and (prefers-color-scheme: dark)", 1)
    light = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-f]{6})", light_block))
    dark = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-f]{6})", dark_part.split("}", 1)[0]))
    return {"light": light, "dark": {**light, **dark}}


def _luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_the_site_colours_pass_wcag_aa_in_both_schemes() -> None:
    failing = []
    for scheme, palette in _palettes().items():
        for fg, bg, minimum in PAIRS:
            lighter, darker = sorted(
                (_luminance(palette[fg]), _luminance(palette[bg])), reverse=True
            )
            ratio = (lighter + 0.05) / (darker + 0.05)
            if ratio < minimum:
                failing.append(f"{scheme}: --{fg} on --{bg} {ratio:.2f} < {minimum}")
    assert failing == []
