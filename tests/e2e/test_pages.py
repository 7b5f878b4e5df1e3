"""Every page at 375×812 and 1280×800, light and dark, German and English: nothing wider than
the screen, no box that scrolls on its own inside the page, the results of the games and the year
table inside the window on a desktop, and axe-core finds nothing, of any impact. At every width
from 320 to 2560 px no element scrolls sideways, and at 375, 1024 and 1280 px every long table
fits and its header row sticks to the top of the window."""

import re

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from klammernliga.models import Evening
from tests.e2e.test_layout import public_pages
from tests.stats.helpers import grow_league

SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 375, "height": 812},
    "desktop": {"width": 1280, "height": 800},
}

# Elements that scroll vertically on their own: a box in the page with more than it shows.
INNER_SCROLLERS = """() => [...document.querySelectorAll("body *")]
  .filter((el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowY))
  .filter((el) => el.scrollHeight > el.clientHeight + 1)
  .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ${el.scrollHeight}>${el.clientHeight}`)"""

# Header cells without a text (axe's empty-table-header, of impact minor).
EMPTY_HEADERS = """() => [...document.querySelectorAll("th")]
  .filter((th) => !th.textContent.trim() && !th.getAttribute("aria-label"))
  .map((th) => th.closest("table").className)"""

# The right edge of every header cell of the result columns (and of the whole year table).
RIGHT_EDGES = """(selector) => [...document.querySelectorAll(selector)]
  .map((el) => [el.textContent.trim(), Math.round(el.getBoundingClientRect().right)])"""

# A tablet held upright: between the phone and the desktop layout.
TABLET: ViewportSize = {"width": 800, "height": 1024}

RESULT_COLUMNS = {
    "games": "table.games thead th:is(.points, .outcome-cell, .small, .score)",
    "year": "table.standings thead th",
}


@pytest.fixture
def pages(league) -> list[str]:
    grow_league(4)  # more than a page of games, and years without games before 2015
    return [*public_pages(), "/tabelle/1990/", "/gibt-es-nicht/"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_every_page_fits_the_screen_shows_its_results_and_passes_axe(
    page: Page, live_server, pages, axe_violations, screenshot, size, scheme, language
) -> None:
    # The site's language switch keeps the choice in this cookie.
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    viewport = SIZES[size]
    page.set_viewport_size(viewport)
    page.emulate_media(color_scheme=scheme)
    wide, scrollers, cut_off, violations, empty, languages = {}, {}, {}, {}, {}, {}
    for path in pages:
        page.goto(live_server.url + path)
        if (shown := page.locator("html").get_attribute("lang")) != language:
            languages[path] = shown
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > viewport["width"]:
            wide[path] = width
        if inner := page.evaluate(INNER_SCROLLERS):
            scrollers[path] = inner
        if headers := page.evaluate(EMPTY_HEADERS):
            empty[path] = headers
        if found := axe_violations(page):
            violations[path] = found
        name = path.strip("/").replace("/", "_") or "home"
        screenshot(page, f"pages-{name}-{size}-{scheme}-{language}")
    if size == "desktop":
        year = Evening.objects.order_by("date").first().date.year
        evening = Evening.objects.order_by("date").first().date.isoformat()
        for path, kind in (
            ("/spiele/", "games"),
            (f"/spiele/abend/{evening}/", "games"),
            (f"/tabelle/{year}/", "year"),
        ):
            page.goto(live_server.url + path)
            edges = page.evaluate(RIGHT_EDGES, RESULT_COLUMNS[kind])
            assert edges, path
            if outside := [(text, right) for text, right in edges if right > viewport["width"]]:
                cut_off[path] = outside
    assert languages == {}, f"pages not in {language}: {languages}"
    assert wide == {}, f"pages wider than {viewport['width']} px: {wide}"
    assert scrollers == {}, f"boxes scrolling inside the page: {scrollers}"
    assert cut_off == {}, f"result columns cut off at {viewport['width']} px: {cut_off}"
    assert violations == {}, f"axe: {violations}"
    assert empty == {}, f"header cells without a text: {empty}"


# Elements that scroll sideways on their own: a box in the page wider inside than it shows.
SIDEWAYS_SCROLLERS = """() => [...document.querySelectorAll("body *")]
  .filter((el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX))
  .filter((el) => el.scrollWidth > el.clientWidth + 1)
  .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ${el.scrollWidth}>${el.clientWidth}`)"""

# Tables that stand out of the page's text column into its side margin (no scrolling, but cut
# off by the screen's edge or out of line with the text above).
OUT_OF_LINE = """() => {
  const main = document.querySelector(".site-main");
  const right = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
  return [...main.querySelectorAll("table")]
    .filter((table) => table.getBoundingClientRect().right > right + 0.5)
    .map((table) => `${table.closest("[aria-labelledby]")?.getAttribute("aria-labelledby")} ${Math.round(table.getBoundingClientRect().right)}>${Math.round(right)}`)
}"""

# The widths between the phone and the desktop where tables used to scroll in a box, and the
# narrowest phone and a wide screen; axe runs at the tablet widths (the phone and the desktop
# have theirs above).
WIDTHS = (320, 768, 900, 1024, 1100, 2560)
AXE_WIDTHS = (768, 900, 1024, 1100)


@pytest.mark.django_db(transaction=True)
def test_at_every_width_nothing_scrolls_sideways_and_axe_finds_nothing(
    page: Page, live_server, pages, axe_violations
) -> None:
    wide, scrollers, out_of_line, violations = {}, {}, {}, {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        for path in pages:
            page.goto(live_server.url + path)
            where = f"{width} {path}"
            if (shown := page.evaluate("document.documentElement.scrollWidth")) > width:
                wide[where] = shown
            if inner := page.evaluate(SIDEWAYS_SCROLLERS):
                scrollers[where] = inner
            if tables := page.evaluate(OUT_OF_LINE):
                out_of_line[where] = tables
            if width in AXE_WIDTHS and (found := axe_violations(page)):
                violations[where] = found
    assert wide == {}, f"pages wider than the window: {wide}"
    assert scrollers == {}, f"boxes scrolling sideways inside the page: {scrollers}"
    assert out_of_line == {}, f"tables out of the page's column: {out_of_line}"
    assert violations == {}, f"axe: {violations}"


@pytest.mark.django_db(transaction=True)
def test_a_legend_entry_highlights_its_line_and_without_javascript_the_table_stays(
    page: Page, browser, live_server, league, screenshot
) -> None:
    page.set_viewport_size(SIZES["phone"])
    page.goto(live_server.url + "/klammernboss/")
    figure = page.locator("figure.line-chart")
    clara = figure.get_by_role("button", name="Clara")
    clara.click()
    expect(clara).to_have_attribute("aria-pressed", "true")
    expect(figure).to_have_class(re.compile(r"\bhas-highlight\b"))
    highlighted = figure.locator("polyline.is-highlighted")
    expect(highlighted.first).to_be_visible()
    css = clara.locator(".chart-line").get_attribute("class") or ""
    series = next(c for c in css.split() if c.startswith("series-"))
    assert highlighted.count() == figure.locator(f"polyline.{series}").count()
    screenshot(page, "pages-klammernboss-highlight-phone")
    clara.click()
    expect(clara).to_have_attribute("aria-pressed", "false")
    expect(figure.locator("polyline.is-highlighted")).to_have_count(0)

    # Without JavaScript the legend is a plain list and the numbers are in the table beside.
    context = browser.new_context(java_script_enabled=False)
    plain = context.new_page()
    plain.goto(live_server.url + "/klammernboss/")
    expect(plain.locator("figure.line-chart .chart-legend button")).to_have_count(0)
    expect(plain.get_by_role("table", name="Wertung am Jahresende")).to_be_visible()
    context.close()


# Every table of a page: all are made to fit (a switch of column sets, fitted by themselves,
# the games as cards below 75rem), none has a box that scrolls.
FITTED = "main .table-wrap > table"

# Scroll the page until the table's header row would be 40 px above the window; where the
# header row is then, and whether the table (or its box) is wider than the window.
SCROLL_PAST = """([index, selector]) => {
  const table = document.querySelectorAll(selector)[index];
  // The cells stick, not their row; the games' cards have a row of sort links in a sticky head.
  const sticky = getComputedStyle(table.tHead).position === "sticky";
  const head = sticky ? table.tHead : table.tHead.rows[0].cells[0];
  window.scrollTo(0, window.scrollY + head.getBoundingClientRect().top + 40);
  const wrap = table.closest(".table-wrap");
  return {
    name: table.closest(".table-wrap").getAttribute("aria-label")
      || table.closest(".table-wrap").getAttribute("aria-labelledby") || "",
    top: head.getBoundingClientRect().top,
    right: Math.round(table.getBoundingClientRect().right),
    scrolls: wrap.scrollWidth > wrap.clientWidth + 1,
  };
}"""

LONG_TABLE_PAGES = ("tabelle", "klammernboss", "spieler", "spiele", "teams", "regeln", "siege")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("language", "width"),
    [("de", 375), ("en", 375), ("de", TABLET["width"]), ("de", 1024), ("de", 1280)],
)
def test_at_every_width_every_long_table_fits_and_its_header_row_sticks_to_the_top(
    page: Page, live_server, pages, language, width
) -> None:
    # (A tablet shows two sets of columns at a time; from 1200 px every column shows.)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.set_viewport_size({"width": width, "height": SIZES["phone"]["height"]})
    checked, loose, wide = [], {}, {}
    for path in pages:
        if not path.startswith(tuple(f"/{p}/" for p in LONG_TABLE_PAGES)) or "1990" in path:
            continue
        page.goto(live_server.url + path)
        # Room below the last table, so the page can scroll past every header row.
        page.evaluate("document.body.style.paddingBottom = '200vh'")
        page.evaluate(
            "document.querySelectorAll('main details').forEach((d) => { d.open = true; })"
        )
        for index in range(page.locator(FITTED).count()):
            table = page.locator(FITTED).nth(index)
            switch = table.locator("xpath=ancestor::div[contains(@class, 'column-sets')][1]")
            radios = switch.locator(".set-switch input[type=radio]")
            # From 1200 px every column shows and the switch is gone.
            sets = radios.count() if switch.locator(".set-switch").first.is_visible() else 0
            for choice in range(max(sets, 1)):
                if sets:
                    radios.nth(choice).check()
                found = page.evaluate(SCROLL_PAST, [index, FITTED])
                where = f"{path} {found['name']} (set {choice + 1})"
                checked.append(where)
                if abs(found["top"]) > 1:
                    loose[where] = found["top"]
                if found["scrolls"] or found["right"] > width:
                    wide[where] = found["right"]
    assert loose == {}, f"header rows not at the top of the window: {loose}"
    assert wide == {}, f"tables wider than the phone: {wide}"
    # Every page of long tables has them: year and ewige tables, KlammernBoss, Spieler-Info,
    # Alle Spiele and the evenings, Teambilanzen, Paarung, the rules and Sieg-Verteilungen.
    pages_checked = {where.split(" ")[0] for where in checked}
    expected = [p for p in pages if p.startswith(tuple(f"/{p}/" for p in LONG_TABLE_PAGES))]
    assert pages_checked == {p for p in expected if "1990" not in p}
