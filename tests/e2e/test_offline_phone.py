"""The scorekeeper's phone keeps what he typed exactly and forgets his pages when he logs out:
the page never rewrites a typed number, and after logging out no logged-in page is readable
from the phone's caches without a connection."""

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from klammernliga.models import Game
from tests.e2e.test_offline import phone, unsent, worker_in_charge  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def test_typed_points_are_never_changed(phone, live_server) -> None:  # noqa: F811
    page = phone
    day = timezone.localdate()
    page.goto(live_server.url + reverse("entry:evening", args=[day]) + "?partie=1")
    form = page.locator("#neues-spiel form")
    points_a, points_b = form.locator("#id_points_a"), form.locator("#id_points_b")

    # Typing A fills the empty B; typing B then leaves the typed A alone.
    points_a.fill("100")
    expect(points_b).to_have_value("64")
    points_b.fill("100")
    expect(points_a).to_have_value("100")
    expect(form.locator('input[name="last_typed"]')).to_have_value("points_b")

    # A field the page filled follows the typed one; a typed one never does.
    points_a.fill("")
    points_b.fill("")
    points_b.fill("90")
    expect(points_a).to_have_value("74")
    points_b.fill("80")
    expect(points_a).to_have_value("84")
    points_a.fill("70")
    points_b.fill("94")
    expect(points_a).to_have_value("70")

    # The game that does not add up is sent exactly as typed and refused, not rewritten.
    points_a.fill("100")
    points_b.fill("100")
    form.locator("fieldset.players label", has_text="Anna").click()
    form.locator("fieldset.suits label", has_text="Herz").click()
    form.locator("fieldset.bids label", has_text="rein").click()
    form.get_by_role("button", name="Spiel speichern").click()
    expect(page.locator("#id_points_a")).to_have_value("100")
    expect(page.locator("#id_points_b")).to_have_value("100")
    # The server says so at the field typed last (team B's), and only there.
    summary = page.locator("#fehler")
    expect(summary.locator('a[href="#id_points_b"]')).to_contain_text("ergeben zusammen 200")
    expect(summary.locator('a[href="#id_points_a"]')).to_have_count(0)
    assert not Game.objects.filter(match__position=1).exists()


def test_logout_leaves_nothing_readable_offline(phone, live_server) -> None:  # noqa: F811
    page, context = phone, phone.context
    day = timezone.localdate()
    evening_url = live_server.url + reverse("entry:evening", args=[day]) + "?partie=1"
    page.goto(evening_url)
    worker_in_charge(page)
    history_url = live_server.url + reverse("entry:history", args=[day])
    page.goto(history_url)
    start_url = live_server.url + reverse("entry:start")
    page.goto(start_url)
    expect(page.get_by_text("Angemeldet als anna")).to_be_visible()

    with page.expect_response(lambda r: r.url.endswith(reverse("logout"))) as logout:
        page.get_by_role("button", name="Abmelden").click()
    assert logout.value.all_headers().get("clear-site-data") == '"cache"'
    expect(page.get_by_text("Angemeldet als anna")).to_have_count(0)

    # No logged-in page is left in the worker's caches ...
    kept = page.evaluate(
        """caches.keys().then((names) => Promise.all(names.map((name) => caches.open(name)
            .then((cache) => cache.keys()))).then((lists) => lists.flat().map((r) => r.url)))"""
    )
    assert not [url for url in kept if "/erfassen/" in url and "/static/" not in url], kept

    # ... and offline neither the evening nor its Verlauf shows anything of the scorekeeper.
    context.set_offline(True)
    for url in (start_url, evening_url, history_url):
        page.goto(url)
        expect(page.get_by_role("heading", level=1)).to_have_text("Keine Verbindung")
        content = page.content()
        assert "Angemeldet als" not in content and "csrfmiddlewaretoken" not in content
    context.set_offline(False)


def typed_offline_then_logged_out(page, live_server, games: list[dict]) -> list[str]:
    """Anna types games without a connection and logs out while the server stays out of reach
    for them (they stay on the phone); what the logout warned."""
    from tests.e2e.entry_flow import enter_game

    page.goto(evening_url_of(live_server))
    worker_in_charge(page)
    page.context.set_offline(True)
    for number, game in enumerate(games, start=1):
        enter_game(page, **game)
        expect(unsent(page, 1)).to_have_count(number)
    page.route("**/erfassen/abend/**", lambda route: route.abort()
               if route.request.method == "POST" else route.continue_())  # fmt: skip
    page.context.set_offline(False)
    page.goto(live_server.url + reverse("entry:start"))
    warnings: list[str] = []

    def answer(dialog) -> None:
        warnings.append(dialog.message)
        dialog.accept()

    page.on("dialog", answer)
    page.get_by_role("button", name="Abmelden").click()
    expect(page.get_by_text("Angemeldet als anna")).to_have_count(0)
    page.unroute("**/erfassen/abend/**")
    return warnings


def evening_url_of(live_server) -> str:
    return live_server.url + reverse("entry:evening", args=[timezone.localdate()]) + "?partie=1"


def log_in_as(page, live_server, username: str) -> None:
    from tests.e2e.test_offline import PASSWORD

    page.goto(live_server.url + "/anmelden/?next=/erfassen/")
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_label("Passwort").press("Enter")
    expect(page.get_by_text(f"Angemeldet als {username}")).to_be_visible()


def test_queued_games_keep_their_author(phone, live_server) -> None:  # noqa: F811
    from tests.factories import ScorekeeperFactory

    ScorekeeperFactory(username="bert")
    page = phone
    evening_url = evening_url_of(live_server)

    # Anna types two games without a connection, then logs out: the logout warns about them.
    games = [
        {"declarer": "Anna", "trump": "Herz", "bid": "rein", "points": ("a", "100")},
        {"declarer": "Carl", "trump": "Pik", "bid": "klein", "points": ("a", "82")},
    ]
    warnings = typed_offline_then_logged_out(page, live_server, games)
    assert len(warnings) == 1 and "2 nicht gesendete Aktionen" in warnings[0], warnings

    # Bert logs in on the same phone: Anna's games are neither sent nor listed as his.
    log_in_as(page, live_server, "bert")
    page.goto(evening_url)
    expect(page.get_by_role("heading", name="Neues Spiel · Partie 1")).to_be_visible()
    expect(unsent(page, 1)).to_have_count(0)
    kept = page.evaluate("window.klammernligaQueue.all().then((all) => all.map((r) => r.user))")
    assert kept == ["anna", "anna"]
    assert not Game.objects.filter(match__position=1).exists()

    # Anna's next login sends them, in the order she typed them.
    page.goto(live_server.url + reverse("entry:start"))
    page.get_by_role("button", name="Abmelden").click()
    expect(page.get_by_text("Angemeldet als bert")).to_have_count(0)
    log_in_as(page, live_server, "anna")
    page.goto(evening_url)
    expect(page.locator("#partie-1 .game-row")).to_have_count(2, timeout=10_000)
    assert list(
        Game.objects.filter(match__position=1)
        .order_by("position")
        .values_list("points_a", flat=True)
    ) == [100, 82]


def test_another_scorekeeper_may_take_queued_games_over_and_the_history_says_so(
    phone,  # noqa: F811
    live_server,
) -> None:
    from tests.factories import ScorekeeperFactory

    ScorekeeperFactory(username="bert")
    page = phone
    game = {"declarer": "Anna", "trump": "Herz", "bid": "rein", "points": ("a", "100")}
    typed_offline_then_logged_out(page, live_server, [game])

    # Bert sees that Anna's game waits here and takes it over with a tap.
    log_in_as(page, live_server, "bert")
    page.goto(evening_url_of(live_server))
    waiting = page.locator("#foreign-unsent")
    expect(waiting).to_contain_text("Auf diesem Telefon wartet ein Spiel von anna")
    assert not Game.objects.filter(match__position=1).exists()
    waiting.get_by_role("button", name="Übernehmen und senden").click()
    expect(page.locator("#partie-1 .game-row")).to_have_count(1, timeout=10_000)
    stored = Game.objects.get(match__position=1)
    created = stored.history.get(history_type="+")
    assert (created.history_user.username, created.history_change_reason) == (
        "bert",
        "taken-over-from:anna",
    )
    page.goto(live_server.url + reverse("entry:history", args=[timezone.localdate()]))
    expect(page.locator("main")).to_contain_text("bert (übernommen von anna)")
