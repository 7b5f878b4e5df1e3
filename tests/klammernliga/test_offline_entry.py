"""The installable, offline entry on the server's side: the manifest, the service worker with
its versioned asset list, and the JSON answers the phone's queue gets when it sends a game."""

import json
import uuid

import pytest
from django.contrib.staticfiles.storage import staticfiles_storage
from django.urls import reverse

from klammernliga import services
from klammernliga.models import Game
from tests.factories import GameFactory, MatchFactory, TeamFactory
from tests.klammernliga.entry_pages import DAY, NEW_GAME, game_data, player
from tests.markup import squeezed

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def worker_config(client) -> dict:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    first_line = response.content.decode().split("\n", 1)[0]
    return json.loads(first_line.removeprefix("self.KLAMMERN_OFFLINE = ").removesuffix(";"))


# --- installable ----------------------------------------------------------------------------


def test_the_service_worker_is_served_from_the_root_and_may_control_the_entry(client) -> None:
    response = client.get("/sw.js")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    assert 'addEventListener("fetch"' in response.content.decode()
    config = worker_config(client)
    assert "/static/js/offline.js" in config["assets"]
    assert "/static/css/entry.css" in config["assets"]


def test_the_worker_s_cache_version_follows_the_static_files_names(client, monkeypatch) -> None:
    before = worker_config(client)
    assert worker_config(client) == before  # the same release, the same cache
    plain_url = staticfiles_storage.url
    monkeypatch.setattr(
        staticfiles_storage, "url", lambda name: plain_url(name).replace(".css", ".2c1f.css")
    )
    after = worker_config(client)
    assert after["version"] != before["version"]
    assert "/static/css/entry.2c1f.css" in after["assets"]


@pytest.mark.parametrize(
    ("language", "name"),
    [("de", "Klammernliga – Erfassen"), ("en", "Klammernliga – Enter results")],
)
def test_the_manifest_names_the_app_in_the_visitor_s_language(client, language, name) -> None:
    client.cookies["django_language"] = language
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert (manifest["name"], manifest["lang"], manifest["start_url"]) == (
        name,
        language,
        "/erfassen/",
    )
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512", "any"}
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_the_entry_pages_link_the_manifest_and_the_offline_script(scorekeeper, match) -> None:
    page = scorekeeper.get(reverse("entry:evening", args=[DAY])).content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'src="/static/js/offline.js" data-sw="/sw.js" data-scope="/erfassen/"' in squeezed(page)
    # The list of unsent games is a template of the page, under its Partie.
    assert f'data-match="{match.pk}"' in page
    assert "Noch nicht gesendet" in page


# --- the queue's sync: JSON answers -------------------------------------------------------------


def test_a_synced_game_is_stored_once_and_answered_in_json(scorekeeper, match) -> None:
    token = str(uuid.uuid4())
    response = scorekeeper.post(NEW_GAME, game_data(match, token=token), **JSON)
    assert response.status_code == 200
    game = Game.objects.get()
    assert response.json() == {"status": "stored", "problems": [], "game": game.pk, "replay": False}
    # The same game sent again (the answer was lost on the way): nothing new is stored.
    again = scorekeeper.post(NEW_GAME, game_data(match, token=token), **JSON)
    assert again.json() == {"status": "stored", "problems": [], "game": game.pk, "replay": True}
    assert Game.objects.count() == 1


def test_a_synced_game_the_server_refuses_comes_back_with_its_messages(scorekeeper, match) -> None:
    data = game_data(match, token=str(uuid.uuid4()), points_a="100", points_b="100")
    response = scorekeeper.post(NEW_GAME, data, **JSON)
    assert response.status_code == 422
    answer = response.json()
    assert answer["status"] == "refused"
    assert answer["problems"] and all(isinstance(text, str) for text in answer["problems"])
    assert any("Punkte" in text for text in answer["problems"]), answer
    assert Game.objects.count() == 0


def test_a_synced_game_of_a_partie_over_meanwhile_is_refused_with_the_reason(
    scorekeeper, match
) -> None:
    GameFactory(match=match)
    # Anna plays at another table meanwhile: Partie 1 is over.
    other = MatchFactory(
        evening=match.evening,
        team_a=TeamFactory(player_1=player("Anna"), player_2=player("Carl")),
        team_b=TeamFactory(player_1=player("Bernd"), player_2=player("Dora")),
    )
    GameFactory(match=other)
    response = scorekeeper.post(NEW_GAME, game_data(match, token=str(uuid.uuid4())), **JSON)
    assert response.status_code == 422
    assert response.json()["problems"] == [
        "Partie 1 ist vorbei: einer der vier hat inzwischen in einer anderen Partie gespielt. "
        "Für diese Teams bitte eine neue Partie beginnen."
    ]
    assert Game.objects.filter(match=match).count() == 1


def test_a_synced_game_of_a_deleted_partie_is_refused_not_an_error(scorekeeper, match) -> None:
    data = game_data(match, token=str(uuid.uuid4()))
    match.delete()
    response = scorekeeper.post(NEW_GAME, data, **JSON)
    assert response.status_code == 422
    assert response.json()["problems"] == ["Diese Partie gibt es nicht mehr."]


def test_a_synced_game_stored_and_deleted_since_is_not_stored_again(scorekeeper, match) -> None:
    token = str(uuid.uuid4())
    scorekeeper.post(NEW_GAME, game_data(match, token=token), **JSON)
    services.delete_game(game=Game.objects.get())
    response = scorekeeper.post(NEW_GAME, game_data(match, token=token), **JSON)
    assert response.status_code == 409
    assert response.json()["status"] == "deleted"
    assert Game.objects.count() == 0


def test_the_form_sent_by_the_browser_still_gets_pages(scorekeeper, match) -> None:
    response = scorekeeper.post(NEW_GAME, game_data(match, token=str(uuid.uuid4())))
    assert response.status_code == 302
    refused = scorekeeper.post(NEW_GAME, game_data(match, declarer=None))
    assert refused.status_code == 200
    assert "Nicht gespeichert" in refused.content.decode()
