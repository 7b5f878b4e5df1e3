"""A whole evening at the table without a connection, from the first tap: the evening begun on
the start page, two Parties begun on the phone, twenty games, a correction and a deletion, the
page closed and opened again; then the connection returns and everything is stored once, in
order, in the right Partie, under its author."""

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from klammernliga.models import Evening, Game
from stats.selectors.standings import player_standings
from tests.e2e.test_entry import SMALL_PHONE, phone_of
from tests.e2e.test_offline import NAMES, log_in, two_tables, unsent, worker_in_charge
from tests.factories import PlayerFactory, ScorekeeperFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def empty_phone(browser, live_server):
    """Eight players, no evening yet, and a phone with the scorekeeper Anna logged in."""
    for name in NAMES:
        PlayerFactory(name=name)
    ScorekeeperFactory(username="anna")
    context = browser.new_context(viewport=SMALL_PHONE, locale="de-DE")
    page = context.new_page()
    log_in(page, live_server.url)
    yield page
    context.close()


def tap_game(page: Page, declarer: str, points_a: str, *, kontra=False, terz_a=False) -> None:
    """One game tapped in: who played, Herz rein, team A's points, perhaps Kontra or a Terz."""
    form = page.locator("#neues-spiel form")
    form.locator("fieldset.players label", has_text=declarer).click()
    form.locator("fieldset.suits label", has_text="Herz").click()
    form.locator("fieldset.bids label", has_text="rein").click()
    if kontra:
        form.locator("fieldset.doubling label", has_text="Kontra").click()
    if terz_a:
        melds = form.locator("details.melds")
        if melds.get_attribute("open") is None:
            melds.locator("summary").click()
        terz = form.locator("fieldset.meld-team").first.locator("fieldset.meld-row").first
        terz.locator("label", has_text="1").click()
    form.locator("#id_points_a").fill(points_a)
    form.get_by_role("button", name="Spiel speichern").click()


def begin_partie(page: Page, players: tuple[str, str, str, str]) -> None:
    section = page.locator("#neue-partie")
    details = section.locator("details")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    for slot, name in zip(("a1", "a2", "b1", "b2"), players, strict=True):
        section.locator(f"#id_partie-player_{slot}").select_option(label=name)
    section.get_by_role("button", name="Partie beginnen").click()


# Ten games per Partie: (declarer, team A's points, Kontra, a Terz for team A).
PARTIE_1 = [
    ("Anna", "100", False, False),
    ("Carl", "40", False, False),
    ("Bernd", "120", False, True),
    ("Dora", "30", True, False),
    ("Anna", "90", False, False),
    ("Carl", "70", False, False),
    ("Bernd", "110", True, False),
    ("Dora", "50", False, False),
    ("Anna", "84", False, False),
    ("Carl", "60", False, False),
]
PARTIE_2 = [
    ("Eva", "100", False, False),
    ("Gerd", "44", False, False),
    ("Fritz", "130", False, True),
    ("Hanna", "20", False, False),
    ("Eva", "95", True, False),
    ("Gerd", "64", False, False),
    ("Fritz", "105", False, False),
    ("Hanna", "35", False, False),
    ("Eva", "88", False, False),
    ("Gerd", "55", False, False),
]


def test_a_whole_evening_offline_from_the_first_tap(
    empty_phone, live_server, axe_violations
) -> None:
    page, context = empty_phone, empty_phone.context
    day = timezone.localdate()
    # Once online, the start page is opened (log_in lands there) and the worker keeps it.
    worker_in_charge(page)
    page.wait_for_function(
        """() => caches.keys().then((names) => Promise.all(names.map((name) => caches.open(name)
            .then((cache) => cache.match("/erfassen/abend/neu/"))))).then((found) => found.some(Boolean))"""
    )

    context.set_offline(True)
    page.reload()
    page.get_by_label("Ort (optional)").fill("Keller")
    page.get_by_role("button", name="Abend beginnen").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Abend am {day:%d.%m.%Y}")
    expect(page.locator("#neues-spiel")).to_be_hidden()  # no Partie yet, so no game form

    begin_partie(page, ("Anna", "Bernd", "Carl", "Dora"))
    expect(page.get_by_role("heading", name="Neues Spiel · Partie 1")).to_be_visible()
    for number, (declarer, points, kontra, terz) in enumerate(PARTIE_1, start=1):
        tap_game(page, declarer, points, kontra=kontra, terz_a=terz)
        expect(unsent(page, 1)).to_have_count(number)

    begin_partie(page, ("Eva", "Fritz", "Gerd", "Hanna"))
    expect(page.get_by_role("heading", name="Neues Spiel · Partie 2")).to_be_visible()
    expect(page.locator("#neues-spiel form fieldset.players")).to_contain_text("Fritz")
    for number, (declarer, points, kontra, terz) in enumerate(PARTIE_2, start=1):
        tap_game(page, declarer, points, kontra=kontra, terz_a=terz)
        expect(unsent(page, 2)).to_have_count(number)
    expect(unsent(page, 1)).to_have_count(10)
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # A correction: Partie 1's second game was 44, not 40 (the form switches to Partie 1).
    unsent(page, 1).nth(1).get_by_role("button", name="Korrigieren").click()
    expect(page.get_by_role("heading", name="Neues Spiel · Partie 1")).to_be_visible()
    expect(page.locator("#id_points_a")).to_have_value("40")
    page.locator("#id_points_a").fill("44")
    page.locator("#id_points_b").fill("")
    page.locator("#id_points_a").fill("44")
    page.locator("#neues-spiel form").get_by_role("button", name="Spiel speichern").click()
    expect(unsent(page, 1).nth(1)).to_contain_text("44:120")
    # A deletion: Partie 2's last game was never played.
    page.once("dialog", lambda dialog: dialog.accept())
    unsent(page, 2).nth(9).get_by_role("button", name="Verwerfen").click()
    expect(unsent(page, 2)).to_have_count(9)

    # The page closed and opened again, still offline: everything is still there.
    evening_url = live_server.url + reverse("entry:evening", args=[day])
    page.close()
    page = context.new_page()
    page.goto(evening_url)
    expect(unsent(page, 1)).to_have_count(10)
    expect(unsent(page, 2)).to_have_count(9)
    assert not Evening.objects.exists()
    # What the phone shows provisionally after each waiting game (offline.js reads the queued
    # form fields, static/js/score.js counts) ...
    provisional = {
        partie: unsent(page, partie).locator(".unsent-score").all_inner_texts() for partie in (1, 2)
    }
    tallies = {
        partie: page.locator(f"#partie-{partie} .unsent-tally").inner_text() for partie in (1, 2)
    }

    # Online again: everything is sent, in order, and the stored evening is shown.
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator(".unsent-item")).to_have_count(0, timeout=20_000)
    evening = Evening.objects.get(date=day)
    assert evening.place == "Keller"
    first, second = evening.matches.order_by("position")
    assert (str(first.team_a), str(first.team_b)) == ("Anna & Bernd", "Carl & Dora")
    assert (str(second.team_a), str(second.team_b)) == ("Eva & Fritz", "Gerd & Hanna")
    expected_1 = [int(points) for _, points, _, _ in PARTIE_1]
    expected_1[1] = 44
    assert [g.points_a for g in first.games.order_by("position")] == expected_1
    assert [g.points_a for g in second.games.order_by("position")] == [
        int(points) for _, points, _, _ in PARTIE_2[:9]
    ]
    assert [g.declarer.name for g in first.games.order_by("position")] == [
        name for name, _, _, _ in PARTIE_1
    ]
    assert Game.objects.count() == 19
    # Each stored once, by Anna.
    authors = {h.history_user.username for h in Game.history.filter(history_type="+")}
    assert authors == {"anna"} and Game.history.filter(history_type="+").count() == 19
    expect(page.locator("#partie-1 .game-row")).to_have_count(10)

    # ... is what the server stored for them (scoring).
    def stored_text(game: Game) -> str:
        if game.ends_round:
            team = str(game.match.team_a if game.round_winner == "a" else game.match.team_b)
            if game.kalte:
                return f"(Runde an {team}: Kalte, 2 große Punkte)"
            return f"(Runde an {team}: {game.large_points} großer Punkt)"
        laube = " · Laube" if game.in_laube_a or game.in_laube_b else ""
        return f"(danach {game.score_a}:{game.score_b}{laube})"

    for partie, match in ((1, first), (2, second)):
        stored_texts = [stored_text(g) for g in match.games.order_by("position")]
        assert provisional[partie] == stored_texts, partie
        match.refresh_from_db()
        assert tallies[partie] == (
            f"Vorläufig mit diesen Spielen: Runden {match.rounds_a}:{match.rounds_b}"
            f" · große Punkte {match.large_a}:{match.large_b}"
        )
    assert any("Runde an" in text for text in provisional[1] + provisional[2]), provisional

    # The year table counts them as a rebuild from the games does.
    def table() -> list[tuple]:
        return [
            (s.totals.name, s.totals.games, s.totals.small_points, s.totals.large_points)
            for s in player_standings(year=day.year)
        ]

    stored = table()
    assert sum(games for _, games, _, _ in stored) == 19 * 4
    call_command("recompute")
    assert table() == stored


def correct_stored(page: Page, partie: int, position: int, points_a: str) -> None:
    """Offline: the stored game's row opens it in the form; the correction waits on the phone."""
    page.locator(f"#partie-{partie} .game-row").nth(position - 1).locator("a").click()
    expect(
        page.get_by_role("heading", name=f"Spiel {position} der Partie {partie} ändern")
    ).to_be_visible()
    page.locator("#id_points_b").fill("")
    page.locator("#id_points_a").fill(points_a)
    page.locator("#neues-spiel form").get_by_role("button", name="Spiel speichern").click()


def test_two_phones_offline_in_one_evening(browser, live_server) -> None:
    day = timezone.localdate()
    evening = two_tables(day)
    ScorekeeperFactory(username="anna")
    ScorekeeperFactory(username="bert")
    evening_url = live_server.url + reverse("entry:evening", args=[day])
    anna, bert = phone_of(browser, live_server, "anna"), phone_of(browser, live_server, "bert")
    try:
        both_phones(anna, bert, evening, evening_url)
    finally:
        anna.context.close()
        bert.context.close()


def both_phones(anna: Page, bert: Page, evening: Evening, evening_url: str) -> None:
    """Anna's phone at Partie 1, Bert's at Partie 2, both offline, then online one after the
    other (the test database of the live server takes one writer at a time)."""
    for phone, partie in ((anna, 1), (bert, 2)):
        phone.goto(evening_url + f"?partie={partie}")
        worker_in_charge(phone)
        phone.context.set_offline(True)

    # Each phone keeps its own table's games, and both correct the same stored game.
    for declarer, points in (("Anna", "100"), ("Carl", "40"), ("Bernd", "120")):
        tap_game(anna, declarer, points)
    for declarer, points in (("Eva", "90"), ("Gerd", "30"), ("Fritz", "110")):
        tap_game(bert, declarer, points)
    correct_stored(anna, 2, 1, "70")
    correct_stored(bert, 2, 1, "80")
    expect(unsent(anna, 1)).to_have_count(3)
    expect(unsent(anna, 2)).to_have_count(1)
    expect(unsent(bert, 2)).to_have_count(4)
    expect(unsent(bert, 2).nth(3)).to_contain_text("Änderung von Spiel 1")

    # Anna's phone first, then Bert's: both queues are sent.
    anna.context.set_offline(False)
    anna.evaluate("window.dispatchEvent(new Event('online'))")
    expect(anna.locator(".unsent-item")).to_have_count(0, timeout=20_000)
    bert.context.set_offline(False)
    bert.evaluate("window.dispatchEvent(new Event('online'))")
    # Bert's correction of a game Anna changed meanwhile is refused, with the reason, and
    # stays on his phone for a decision; his games are stored.
    left = bert.locator(".unsent-item")
    expect(left).to_have_count(1, timeout=20_000)
    expect(left).to_contain_text("inzwischen von jemand anderem geändert")
    expect(left.get_by_role("button", name="Verwerfen")).to_be_visible()

    first, second = evening.matches.order_by("position")
    assert [(g.declarer.name, g.points_a) for g in first.games.order_by("position")] == [
        ("Anna", 100),
        ("Carl", 40),
        ("Bernd", 120),
    ]
    assert [(g.declarer.name, g.points_a) for g in second.games.order_by("position")] == [
        ("Gerd", 70),
        ("Eva", 90),
        ("Gerd", 30),
        ("Fritz", 110),
    ]
    authors = {
        h.instance.declarer.name: h.history_user.username
        for h in Game.history.filter(history_type="+").exclude(history_user=None)
    }
    assert authors == {
        "Anna": "anna",
        "Carl": "anna",
        "Bernd": "anna",
        "Eva": "bert",
        "Fritz": "bert",
        "Gerd": "bert",
    }


def test_a_dead_connection_that_says_online_begins_the_partie_on_the_phone(
    empty_phone, live_server
) -> None:
    """navigator.onLine is true, yet nothing reaches the server (a cellar's weak signal): the
    Partie is begun on the phone instead of the browser's error page, and its game waits."""
    page = empty_phone
    day = timezone.localdate()
    page.goto(live_server.url + reverse("entry:evening", args=[day]))
    worker_in_charge(page)
    assert page.evaluate("navigator.onLine") is True
    page.route("**/sw.js?erreichbar=*", lambda route: route.abort())
    page.route("**/erfassen/abend/**", lambda route: route.abort()
               if route.request.method == "POST" else route.continue_())  # fmt: skip
    begin_partie(page, ("Anna", "Bernd", "Carl", "Dora"))
    expect(page.get_by_role("heading", name="Neues Spiel · Partie 1")).to_be_visible()
    expect(page.locator("#offline-status")).to_contain_text("auf diesem Telefon begonnen")
    tap_game(page, "Anna", "100")
    expect(unsent(page, 1)).to_have_count(1)
    assert not Evening.objects.exists()

    # The connection is back: the game goes out and begins the evening and its Partie.
    page.unroute("**/sw.js?erreichbar=*")
    page.unroute("**/erfassen/abend/**")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator(".unsent-item")).to_have_count(0, timeout=20_000)
    game = Game.objects.get()
    assert (str(game.match.team_a), game.points_a, game.match.evening.date) == (
        "Anna & Bernd",
        100,
        day,
    )
