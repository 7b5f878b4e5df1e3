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


def test_typed_points_are_never_changed(phone, live_server) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
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
    assert not Game.objects.filter(match__position=1).exists()


def test_logout_leaves_nothing_readable_offline(phone, live_server) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
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
