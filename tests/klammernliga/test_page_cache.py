"""Pages for visitors who are not logged in come from the cache, and never an old one: every
change raises the league's generation in its own transaction, and the cache's key holds it."""

from __future__ import annotations

import gzip
import io
import json
import threading
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from klammernliga import generation, services
from klammernliga.backup import export_league
from klammernliga.models import Player
from tests.factories import GameFactory, MatchFactory, ScorekeeperFactory, play_round
from tests.klammernliga.entry_pages import anna_bernd_vs_carl_dora

URL = "/spiele/"


def get(client: Client, url: str = URL, **headers: str):
    """One GET and how many queries it took."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    return response, len(queries)


def elsewhere(work: Callable[[], object]) -> None:
    """Run `work` in another thread, on its own database connection: like another gunicorn
    worker, it knows nothing of this one's cache or transaction."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


@pytest.fixture
def match(db):
    match = anna_bernd_vs_carl_dora()
    for _ in range(5):
        GameFactory(match=match)
    return match


def test_a_repeat_visit_is_served_from_the_cache_with_one_query(client, match) -> None:
    first, first_queries = get(client)
    again, again_queries = get(client)
    assert "5 Spiele" in first.content.decode()
    assert again.content == first.content
    assert first_queries > 3
    assert again_queries == 1  # the league's generation


def test_a_saved_game_shows_on_the_very_next_request(client, match) -> None:
    get(client)
    GameFactory(match=match)
    response, queries = get(client)
    assert "6 Spiele" in response.content.decode()
    assert queries > 1


def test_a_save_makes_every_cached_page_show_the_change_on_the_next_request(client, match) -> None:
    year = match.evening.date.year
    urls = ["/", "/tabelle/ewig/", "/tabelle/ewig/teams/", f"/tabelle/{year}/", "/klammernboss/",
            URL, f"/spiele/abend/{match.evening.date}/", "/spieler/", "/spieler/anna/", "/teams/",
            "/siege/", "/regeln/", f"/tabelle/{year}/?_export=csv"]  # fmt: skip
    before = {url: get(client, url)[0] for url in urls}
    assert all(get(client, url)[1] == 1 for url in urls), "all cached"
    play_round(match)  # a sixth game, which ends a round
    for url in urls:
        after, queries = get(client, url)
        assert queries > 1, url
        assert after["ETag"] != before[url]["ETag"], url
        if url not in ("/regeln/", "/spieler/"):
            assert after.content != before[url].content, url


SHARED_CACHES = {
    "file": {"BACKEND": "klammernliga.http.cache_backends.PageFileCache"},
    "db": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "page_cache"},
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", SHARED_CACHES)
def test_a_page_cached_by_another_worker_shows_a_change_made_by_a_third_on_the_next_request(
    settings, tmp_path, kind
) -> None:
    # A cache the workers share, as in production (PAGE_CACHE=file or db).
    shared = {"LOCATION": str(tmp_path / "pages"), **SHARED_CACHES[kind]}
    settings.CACHES = {**settings.CACHES, "pages": shared}
    if kind == "db":
        call_command("createcachetable", "page_cache")
    match = anna_bernd_vs_carl_dora()
    for _ in range(5):
        GameFactory(match=match)
    seen: list[str] = []
    elsewhere(lambda: seen.append(Client().get(URL).content.decode()))
    assert "5 Spiele" in seen[0]
    this_worker = Client()
    shared, queries = get(this_worker)
    # The generation; the database cache reads the page with a second query.
    assert queries == {"file": 1, "db": 2}[kind], "the page the other worker cached is found"
    assert shared.content.decode() == seen[0]

    elsewhere(lambda: GameFactory(match=match))
    fresh, _ = get(this_worker)
    assert "6 Spiele" in fresh.content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_key_holds_the_generation_read_on_every_request(client) -> None:
    play_round(MatchFactory())
    name = Player.objects.order_by("name").first().name
    assert name in get(client, "/tabelle/ewig/")[0].content.decode()

    def rename(bump: bool) -> Callable[[], None]:
        def run() -> None:
            # Behind the services' back, on another connection: only the number tells.
            with connection.cursor() as cursor:
                cursor.execute(
                    "UPDATE klammernliga_player SET name = %s WHERE name = %s", ["Zacharias", name]
                )
                if bump:
                    cursor.execute("UPDATE klammernliga_generation SET number = number + 1")

        return run

    elsewhere(rename(bump=False))
    assert "Zacharias" not in get(client, "/tabelle/ewig/")[0].content.decode(), "cached"
    elsewhere(rename(bump=True))
    assert "Zacharias" in get(client, "/tabelle/ewig/")[0].content.decode()


def test_a_repeat_visit_with_the_etag_gets_304_until_the_league_changes(client, match) -> None:
    first, _ = get(client)
    etag = first["ETag"]
    assert etag.startswith('W/"')
    assert first["Cache-Control"] == "no-cache"
    assert "Cookie" in first["Vary"]
    not_modified, queries = get(client, If_None_Match=etag)
    assert not_modified.status_code == 304
    assert not_modified.content == b""
    assert not_modified["ETag"] == etag
    assert queries == 1
    GameFactory(match=match)
    changed, _ = get(client, If_None_Match=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert "6 Spiele" in changed.content.decode()


def test_last_modified_is_the_moment_of_the_last_change(client, match) -> None:
    first, _ = get(client)
    stamp = generation.current()
    assert first["Last-Modified"]
    assert stamp.changed_at is not None
    later = "Fri, 31 Dec 2100 23:59:59 GMT"
    assert get(client, If_Modified_Since=later)[0].status_code == 304
    assert get(client, If_Modified_Since=first["Last-Modified"])[0].status_code == 200


def test_each_language_has_its_own_page_and_etag(client, match) -> None:
    german, _ = get(client, "/regeln/")
    client.post("/i18n/setlang/", {"language": "en", "next": "/regeln/"})
    english, _ = get(client, "/regeln/")
    assert "<h1>Spielregeln</h1>" in german.content.decode()
    assert "<h1>Rules</h1>" in english.content.decode()
    assert english["ETag"] != german["ETag"]
    assert get(client, "/regeln/", If_None_Match=german["ETag"])[0].status_code == 200


def test_a_cached_page_carries_no_token_and_sets_no_cookie(client, match) -> None:
    for url in ("/", URL, "/tabelle/ewig/", "/regeln/"):
        for _ in range(2):
            response, _ = get(client, url)
            assert "csrfmiddlewaretoken" not in response.content.decode(), url
            assert not response.cookies, url
            assert response.has_header("ETag"), url


def test_the_language_switch_works_without_a_token(match) -> None:
    strict = Client(enforce_csrf_checks=True)
    response = strict.post("/i18n/setlang/", {"language": "en", "next": "/regeln/"})
    assert response.status_code == 302
    assert "<h1>Rules</h1>" in strict.get("/regeln/").content.decode()


def test_a_page_with_a_token_is_neither_cached_nor_compressed(client, db) -> None:
    login, _ = get(client, "/anmelden/", Accept_Encoding="gzip")
    assert "csrfmiddlewaretoken" in login.content.decode()
    assert not login.has_header("ETag")
    assert not login.has_header("Content-Encoding")
    again, _ = get(client, "/anmelden/")
    assert again.content != login.content  # a fresh token, masked anew


def test_a_logged_in_visitor_is_never_served_from_the_cache(client, match) -> None:
    get(client)
    client.force_login(ScorekeeperFactory())
    response, queries = get(client, Accept_Encoding="gzip")
    assert queries > 3  # the page itself, not the cache
    assert not response.has_header("ETag")
    assert not response.has_header("Content-Encoding")  # nothing of a session is compressed
    entry, _ = get(client, "/erfassen/", Accept_Encoding="gzip")
    assert "csrfmiddlewaretoken" in entry.content.decode()
    assert not entry.has_header("Content-Encoding")


def test_a_page_is_compressed_for_a_browser_that_asks(client, match) -> None:
    plain, _ = get(client)
    for _ in range(2):  # made, then from the cache
        packed, _ = get(client, Accept_Encoding="gzip, deflate, br")
        assert packed["Content-Encoding"] == "gzip"
        assert gzip.decompress(packed.content) == plain.content
        assert len(packed.content) < len(plain.content) / 3


# --- every door of a change raises the generation, once --------------------------------------


def raises_generation(change: Callable[[], object], by: int = 1) -> None:
    before = generation.current().number
    change()
    assert generation.current().number == before + by


def test_saving_a_game_raises_the_generation_once(match) -> None:
    raises_generation(lambda: GameFactory(match=match))
    game = match.games.last()
    raises_generation(lambda: services.delete_game(game=game))


def test_a_refused_change_leaves_the_generation_alone(match) -> None:
    def refused() -> None:
        with pytest.raises(services.InvalidGame):
            GameFactory(match=match, points_a=1000)

    raises_generation(refused, by=0)


def test_an_import_a_recompute_a_restore_and_the_demo_raise_the_generation(
    match, league_file, tmp_path
) -> None:
    quiet = {"stdout": io.StringIO()}
    raises_generation(lambda: call_command("import_games", str(league_file), **quiet))
    raises_generation(lambda: call_command("recompute", **quiet))
    backup = tmp_path / "league.json"
    backup.write_text(json.dumps(export_league()))
    raises_generation(lambda: call_command("import_league", str(backup), "--replace", **quiet))
    # The demo's replace is one change: the league emptied and the demo stored together.
    raises_generation(lambda: call_command("seed_demo", "--replace", "--years", "2005", **quiet))


def test_renaming_a_player_in_the_admin_shows_at_once(client, match) -> None:
    assert "Anna" in get(client, "/tabelle/ewig/")[0].content.decode()
    chef = Client()
    chef.force_login(User.objects.create_superuser("chef", password="klammern-geheim-1998"))
    anna = Player.objects.get(name="Anna")
    response = chef.post(
        f"/admin/klammernliga/player/{anna.pk}/change/",
        {"name": "Annegret", "nickname": "", "slug": "anna"},
    )
    assert response.status_code == 302
    assert "Annegret" in get(client, "/tabelle/ewig/")[0].content.decode()


def test_migrate_raises_the_generation(db) -> None:
    raises_generation(lambda: call_command("migrate", verbosity=0, stdout=io.StringIO()))
