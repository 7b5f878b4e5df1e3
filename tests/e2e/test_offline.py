"""The entry without a connection: games typed offline are kept on the phone, survive closing
the page, and are sent in order, exactly once, when the connection returns."""

import datetime
import time

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from klammernliga import services
from klammernliga.models import Evening, Game, Player
from stats.selectors.standings import player_standings
from tests.e2e.entry_flow import enter_game
from tests.factories import PlayerFactory, ScorekeeperFactory

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
PASSWORD = "klammern-geheim-1998"
NAMES = ("Anna", "Bernd", "Carl", "Dora", "Eva", "Fritz", "Gerd", "Hanna")


def two_tables(day: datetime.date) -> Evening:
    """Partie 1: Anna & Bernd – Carl & Dora; Partie 2: Eva & Fritz – Gerd & Hanna, one game
    played."""
    anna, bernd, carl, dora, eva, fritz, gerd, hanna = (PlayerFactory(name=n) for n in NAMES)
    evening, _ = services.open_evening(date=day, place="Keller")
    services.begin_match(evening=evening, team_a=(anna, bernd), team_b=(carl, dora))
    second, _ = services.begin_match(evening=evening, team_a=(eva, fritz), team_b=(gerd, hanna))
    services.record_game(
        match=second, declarer=gerd, trump="kreuz", bid="rein", points_a=64, points_b=100
    )
    return evening


def log_in(page: Page, url: str) -> None:
    page.goto(url + "/anmelden/?next=/erfassen/")
    page.get_by_label("Benutzername").fill("anna")
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_label("Passwort").press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Erfassen")


def worker_in_charge(page: Page) -> None:
    """The service worker controls the page (and has kept it for offline use)."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null")


def worker_settled(page: Page) -> None:
    """No release is installing or waiting, and the active worker controls the page."""
    page.wait_for_function(
        """() => navigator.serviceWorker.getRegistration().then((r) => !!r && !r.installing
            && !r.waiting && !!r.active && r.active.state === "activated"
            && navigator.serviceWorker.controller !== null
            && navigator.serviceWorker.controller.state === "activated")"""
    )


def eventually(check, seconds: float = 10) -> bool:
    """What the service worker does in the background, waited for (a promise cannot be)."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def unsent(page: Page, partie: int):
    return page.locator(f"#partie-{partie} .unsent-item")


@pytest.fixture
def phone(browser, live_server):
    """Two tables tonight (`two_tables`) and a phone with the scorekeeper Anna logged in."""
    two_tables(timezone.localdate())
    ScorekeeperFactory(username="anna")
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    log_in(page, live_server.url)
    yield page
    context.close()


def test_games_typed_offline_are_kept_listed_and_sent_once_in_order(
    phone, live_server, screenshot, axe_violations
) -> None:
    page, context = phone, phone.context
    day = timezone.localdate()
    evening = Evening.objects.get(date=day)
    evening_url = live_server.url + reverse("entry:evening", args=[day])

    # Online once: both tables' pages are opened and kept by the service worker.
    page.goto(evening_url + "?partie=2")
    worker_in_charge(page)
    page.goto(evening_url + "?partie=1")
    expect(page.get_by_role("heading", name="Neues Spiel · Partie 1")).to_be_visible()

    context.set_offline(True)
    # Five games of Partie 1 without a connection: melds, a Kontra, a tie.
    games = [
        {"declarer": "Anna", "trump": "Herz", "bid": "rein", "points": ("a", "100")},
        {"declarer": "Carl", "trump": "Pik", "bid": "klein", "points": ("a", "82")},
        {"declarer": "Anna", "trump": "Karo", "bid": "rein", "points": ("a", "120"), "terz_a": 1},
        {
            "declarer": "Bernd",
            "trump": "Kreuz",
            "bid": "besser",
            "points": ("a", "70"),
            "kontra": True,
        },
        {"declarer": "Dora", "trump": "Herz", "bid": "rein", "points": ("a", "64")},
    ]
    for number, game in enumerate(games, start=1):
        enter_game(page, **game)
        expect(unsent(page, 1)).to_have_count(number)
    expect(page.locator("#offline-status")).to_contain_text("Keine Verbindung")
    first, third, fourth = unsent(page, 1).nth(0), unsent(page, 1).nth(2), unsent(page, 1).nth(3)
    expect(first).to_contain_text("noch nicht gesendet")
    expect(first).to_contain_text("Anna · ♥ Herz · rein · 100:64")
    expect(third).to_contain_text("Terz")
    expect(fourth).to_contain_text("Kontra")
    expect(page.locator("#partie-1")).to_contain_text(
        "Stand, Laube und Rundenende rechnet das Telefon"
    )
    # The phone keeps the running state of the waiting games itself (static/js/score.js).
    expect(first).to_contain_text("(danach 1:0)")
    expect(third).to_contain_text("(danach 4:0 · Laube)")
    expect(unsent(page, 1).nth(4)).to_contain_text("(Runde an Carl & Dora: 1 großer Punkt)")
    # The form is ready for the next game, with a fresh token.
    expect(page.locator("#id_points_a")).to_have_value("")

    # A game of the other table, offline too (its tab opens from the phone's copy).
    page.get_by_role("link", name="Partie 2").first.click()
    expect(page.get_by_role("heading", name="Neues Spiel · Partie 2")).to_be_visible()
    enter_game(page, declarer="Eva", trump="Pik", bid="rein", points=("a", "100"))
    expect(unsent(page, 2)).to_have_count(1)
    screenshot(page, "entry-offline-unsent")
    assert axe_violations(page) == []
    assert Game.objects.count() == 1  # Partie 2's game from before

    # Closed and opened again, still offline: nothing typed is lost.
    page.close()
    page = context.new_page()
    page.goto(evening_url + "?partie=1")
    expect(unsent(page, 1)).to_have_count(5)
    expect(unsent(page, 2)).to_have_count(1)

    # Meanwhile Eva and Gerd start another table: Partie 2 is over on the server.
    eva, fritz, gerd, hanna = (
        Player.objects.get(name=n) for n in ("Eva", "Fritz", "Gerd", "Hanna")
    )
    third_match, _ = services.begin_match(
        evening=evening, team_a=(eva, gerd), team_b=(fritz, hanna)
    )
    services.record_game(
        match=third_match, declarer=eva, trump="herz", bid="rein", points_a=100, points_b=64
    )

    context.set_offline(False)
    # Sent in order, each once; the page shows them as stored with the server's score.
    expect(page.locator("#partie-1 .game-row")).to_have_count(5, timeout=10_000)
    expect(unsent(page, 1)).to_have_count(0)
    stored = list(
        Game.objects.filter(match__position=1)
        .order_by("position")
        .values_list("declarer__name", "trump", "points_a", "kontra")
    )
    assert stored == [
        ("Anna", "herz", 100, False),
        ("Carl", "pik", 82, False),
        ("Anna", "karo", 120, False),
        ("Bernd", "kreuz", 70, True),
        ("Dora", "herz", 64, False),
    ]
    assert Game.objects.filter(match__position=1).exclude(entry_token=None).count() == 5
    expect(page.locator("#partie-1 .round-end")).to_contain_text("Runde an Carl & Dora: 5:4")

    # The refused game stays, with the server's message, for correction.
    refused = unsent(page, 2)
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("Partie 2 ist vorbei")
    expect(refused.get_by_role("button", name="Korrigieren")).to_be_visible()
    screenshot(page, "entry-offline-refused")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert axe_violations(page) == []

    # Corrected: back in the form (Partie 2 is over, so the open table's form), saved once.
    refused.get_by_role("button", name="Korrigieren").click()
    expect(page.get_by_role("heading", name="Neues Spiel · Partie 3")).to_be_visible()
    expect(page.locator("#offline-status")).to_contain_text("wieder im Formular")
    expect(page.locator("#id_points_a")).to_have_value("100")
    expect(page.locator("fieldset.players input:checked + span")).to_have_text("Eva")
    page.get_by_role("button", name="Spiel speichern").click()
    expect(page.locator(".notice")).to_contain_text("Spiel 2 der Partie 3 gespeichert")
    expect(page.locator(".unsent-item")).to_have_count(0)
    assert Game.objects.filter(match__position=3).count() == 2

    # The year table counts the five games once.
    table = {row.name: row for row in (s.totals for s in player_standings(year=day.year))}
    assert (table["Dora"].large_points, table["Dora"].rounds_won, table["Dora"].games) == (1, 1, 5)
    assert (table["Anna"].small_points, table["Anna"].small_points_against) == (4, 5)


def test_the_live_evening_shows_a_game_saved_on_a_phone_within_seconds(
    phone, browser, live_server, axe_violations
) -> None:
    day = timezone.localdate()
    phone.goto(live_server.url + reverse("entry:evening", args=[day]) + "?partie=1")

    # A visitor follows the evening in a browser of their own.
    watcher = browser.new_context(locale="de-DE").new_page()
    polls: list[int] = []
    watcher.on(
        "response",
        lambda response: polls.append(response.status) if "/live/" in response.url else None,
    )
    watcher.goto(live_server.url + reverse("stats:evening", args=[day.isoformat()]))
    expect(watcher.locator(".live-note")).to_have_text("Neue Spiele erscheinen hier von selbst.")
    expect(watcher.get_by_role("link", name="neu laden")).to_be_visible()
    partie_1 = watcher.locator("section.match").first
    expect(partie_1.locator("tbody td.game-no")).to_have_count(0)
    # While nothing changes, a poll is a 304 (the next two polls are waited for, not a time).
    for _ in range(2):
        with watcher.expect_response(lambda response: "/live/" in response.url, timeout=10_000):
            pass
    assert polls[0] == 200 and polls[1:] and set(polls[1:]) == {304}, polls

    enter_game(phone, declarer="Anna", trump="Herz", bid="rein", points=("a", "100"))
    expect(phone.locator(".notice")).to_contain_text("Spiel 1 der Partie 1 gespeichert")
    expect(partie_1.locator("tbody td.game-no")).to_have_count(1, timeout=5_000)
    expect(partie_1.locator("tbody")).to_contain_text("100:64")
    assert axe_violations(watcher) == []
    watcher.context.close()


def test_a_release_with_a_changed_asset_name_reaches_the_phone_on_its_next_visit(
    phone, live_server, monkeypatch
) -> None:
    from django.contrib.staticfiles.storage import staticfiles_storage

    page, context = phone, phone.context
    day = timezone.localdate()
    evening_url = live_server.url + reverse("entry:evening", args=[day])
    page.goto(evening_url)
    worker_in_charge(page)
    (before,) = page.evaluate("caches.keys()")

    # A release: entry.js gets a new name (as ManifestStaticFilesStorage gives it a new hash).
    plain_url = staticfiles_storage.url

    def released(name: str) -> str:
        return plain_url(name) + ("?release=2" if name == "js/entry.js" else "")

    monkeypatch.setattr(staticfiles_storage, "url", released)
    page.reload()
    # The new worker keeps the new names under a new cache and drops the old one.
    assert eventually(lambda: len(set(page.evaluate("caches.keys()")) - {before}) == 1)
    assert eventually(lambda: before not in page.evaluate("caches.keys()"))

    def kept() -> list[str]:
        return page.evaluate(
            "caches.keys().then((names) => caches.open(names[0]))"
            ".then((cache) => cache.keys()).then((requests) => requests.map((r) => r.url))"
        )

    # The open page is kept again in the new cache, beside the new asset name.
    assert eventually(lambda: page.url.split("#")[0] in kept()), kept()
    assert live_server.url + "/static/js/entry.js?release=2" in kept()
    assert live_server.url + "/static/js/entry.js" not in kept()
    worker_settled(page)

    # Offline, the page and the new asset come from the phone. The browser's memory cache may
    # still hold the script the old worker let through from the network a moment ago (in CI it
    # once answered the reload); a phone's next visit starts without it, so it is switched off
    # and the answer can only come from the worker.
    devtools = context.new_cdp_session(page)
    devtools.send("Network.enable")
    devtools.send("Network.setCacheDisabled", {"cacheDisabled": True})
    context.set_offline(True)
    from_worker: dict[str, bool] = {}
    page.on("response", lambda r: from_worker.__setitem__(r.url, r.from_service_worker))
    page.reload()
    expect(page.get_by_role("heading", name="Neues Spiel · Partie 2")).to_be_visible()
    assert from_worker[live_server.url + "/static/js/entry.js?release=2"] is True
    assert from_worker[page.url.split("#")[0]] is True


def test_a_game_saved_after_the_login_ran_out_is_kept_and_sent_after_the_next_login(
    phone, live_server
) -> None:
    from django.contrib.sessions.models import Session

    page = phone
    day = timezone.localdate()
    evening_url = live_server.url + reverse("entry:evening", args=[day]) + "?partie=1"
    page.goto(evening_url)

    Session.objects.all().delete()  # the login ran out while the game was typed
    enter_game(page, declarer="Anna", trump="Herz", bid="rein", points=("a", "100"))
    expect(page.locator("#offline-status")).to_have_text(
        "Bitte neu anmelden; die Spiele bleiben auf diesem Telefon."
    )
    expect(unsent(page, 1)).to_have_count(1)
    assert not Game.objects.filter(match__position=1).exists()

    log_in(page, live_server.url)
    page.goto(evening_url)
    expect(page.locator("#partie-1 .game-row")).to_have_count(1, timeout=10_000)
    expect(unsent(page, 1)).to_have_count(0)
    assert Game.objects.filter(match__position=1).count() == 1
