"""Nothing lost: every change is recorded with who and when, and a deleted game comes back."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from klammernliga import services
from klammernliga.entry.game_forms import initial_for
from klammernliga.models import Game, Match, Meld, Rating
from scoring.domain import Meld as MeldValue
from scoring.domain import MeldKind, Rank, Suit
from stats.selectors.standings import player_standings, team_standings
from tests.factories import GameFactory, ScorekeeperFactory
from tests.klammernliga.entry_pages import DAY, anna_bernd_vs_carl_dora, game_data, player

pytestmark = pytest.mark.django_db


def play_a_varied_match(match: Match) -> list[Game]:
    """Wins, a Kontra, a tie, melds on both sides: six games, a round and an open one."""
    carl = player("Carl")
    return [
        GameFactory(match=match),
        GameFactory(match=match, declarer=carl, with_kontra=True, points_a=100, points_b=64),
        GameFactory(
            match=match,
            melds_a=(MeldValue(MeldKind.FUENFZIG, Suit.HERZ, Rank.ASS),),
            melds_b=(MeldValue(MeldKind.BELLE),),
            points_a=150,
            points_b=84,
        ),
        GameFactory(match=match, declarer=carl, points_a=82, points_b=82),
        GameFactory(match=match, declarer=carl, points_a=40, points_b=124),
        GameFactory(match=match, with_re=True, points_a=60, points_b=104),
    ]


def standings() -> tuple[list[object], list[object]]:
    return player_standings(), team_standings()


def game_rows(match: Match) -> list[tuple[object, ...]]:
    return list(
        match.games.order_by("position").values_list(
            "pk", "position", "declarer", "trump", "kontra", "re", "points_a", "points_b",
            "score_a", "score_b", "ends_round", "large_points",
        )
    )  # fmt: skip


def test_delete_then_restore_gives_back_the_same_standings(match) -> None:
    games = play_a_varied_match(match)
    before, rows = standings(), game_rows(match)
    melds = sorted(Meld.objects.values_list("game", "side", "kind", "suit", "top"))
    services.delete_game(game=games[2])
    assert standings() != before
    record = games[2].history.latest()
    restored = services.restore_game(record.history_id)
    assert (restored.pk, restored.position) == (games[2].pk, 3)
    assert standings() == before
    assert game_rows(match) == rows
    assert sorted(Meld.objects.values_list("game", "side", "kind", "suit", "top")) == melds


def test_restoring_brings_the_ratings_back(match) -> None:
    game = GameFactory(match=match)
    GameFactory(match=match)
    ratings = list(Rating.objects.order_by("player_id").values_list("player_id", "mu"))
    services.delete_game(game=game)
    assert list(Rating.objects.order_by("player_id").values_list("player_id", "mu")) != ratings
    services.restore_game(game.history.latest().history_id)
    assert list(Rating.objects.order_by("player_id").values_list("player_id", "mu")) == ratings


def test_a_game_deleted_with_its_match_brings_the_match_back(match) -> None:
    game = GameFactory(match=match, with_kontra=True, lost=True)
    services.delete_game(game=game)
    assert not Match.objects.exists()
    services.restore_game(game.history.latest().history_id)
    again = Match.objects.get()
    assert (again.pk, again.position, again.team_a.name, again.team_b.name) == (
        match.pk, 1, "Anna & Bernd", "Carl & Dora",
    )  # fmt: skip
    assert (again.small_b, again.games_count) == (4, 1)


def test_a_game_comes_back_at_the_end_when_its_match_got_shorter(match) -> None:
    games = [GameFactory(match=match) for _ in range(3)]
    services.delete_game(game=games[2])
    services.delete_game(game=games[1])
    restored = services.restore_game(games[2].history.latest().history_id)
    assert restored.position == 2
    assert list(match.games.order_by("position").values_list("pk", flat=True)) == [
        games[0].pk, games[2].pk,
    ]  # fmt: skip


def test_a_game_cannot_be_restored_twice_nor_when_it_was_not_deleted(match) -> None:
    game = GameFactory(match=match)
    created = game.history.earliest().history_id
    with pytest.raises(services.CannotRestore, match="nicht gelöscht"):
        services.restore_game(created)
    services.delete_game(game=game)
    deleted = game.history.latest().history_id
    services.restore_game(deleted)
    with pytest.raises(services.CannotRestore, match="schon wiederhergestellt"):
        services.restore_game(deleted)
    assert Game.objects.count() == 1


def test_a_form_opened_before_the_deletion_stays_out_of_date_after_restoring(match) -> None:
    game = GameFactory(match=match)
    opened = initial_for(game)["version"]
    services.delete_game(game=game)
    restored = services.restore_game(game.history.latest().history_id)
    with pytest.raises(services.StaleGame):
        services.update_game(game=restored, version=opened, declarer=restored.declarer,
                             trump="pik", bid="rein", points_a=100, points_b=64)  # fmt: skip


def test_a_correction_records_melds_only_when_they_changed(match) -> None:
    game = GameFactory(match=match, melds_a=(MeldValue(MeldKind.TERZ),), points_a=120)
    records = Meld.history.count()
    services.update_game(game=game, version=1, declarer=game.declarer, trump="pik", bid="rein",
                         melds_a=(MeldValue(MeldKind.TERZ),), points_a=110, points_b=74)  # fmt: skip
    assert Meld.history.count() == records


# --- the history page ---------------------------------------------------------------------------


@pytest.fixture
def anna_keeps_score(client):
    client.force_login(ScorekeeperFactory(username="anna", first_name="Anna", last_name="K."))
    return client


def history_page(client) -> str:
    response = client.get(reverse("entry:history", args=[DAY]))
    assert response.status_code == 200
    return " ".join(response.content.decode().split())


def test_the_history_lists_every_change_with_who_and_when(anna_keeps_score) -> None:
    client = anna_keeps_score
    client.post(reverse("entry:start"), {"date": "2026-03-12", "place": "Kiel"})
    client.post(
        reverse("entry:new_match", args=[DAY]),
        {"partie-new_a1": "Anna", "partie-new_a2": "Bernd", "partie-new_b1": "Carl",
         "partie-new_b2": "Dora"},
    )  # fmt: skip
    match = Match.objects.get()
    client.post(reverse("entry:new_game", args=[DAY]), game_data(match, terz_a="1", points_a="120"))
    game = Game.objects.get()
    client.post(
        reverse("entry:edit_game", args=[DAY, game.pk]),
        game_data(
            match, version="1", points_a="90", belle_b="on", terz_a="1", dealer=player("Dora").pk
        ),
    )
    client.post(reverse("entry:delete_game", args=[DAY, game.pk]), {"version": "2"})
    page = history_page(client)
    assert '<strong>Abend</strong> angelegt <span class="change-meta">Anna K. ·' in page
    assert "<strong>Partie 1</strong> begonnen" in page
    assert "Anna &amp; Bernd – Carl &amp; Dora" in page
    assert "<strong>Partie 1 · Spiel 1</strong> eingetragen" in page
    assert "Anna ♥ rein · 120:64 · Terz (A)" in page
    assert "<strong>Partie 1 · Spiel 1</strong> geändert" in page
    for line in ("Geber: – → Dora", "Punkte A: 120 → 90", "Punkte B: 64 → 114",
                 "Meldungen: Terz (A) → Terz (A); Belle (B)"):  # fmt: skip
        assert f"<li>{line}</li>" in page, line
    assert "<strong>Partie 1 · Spiel 1</strong> gelöscht" in page
    assert page.count(">Wiederherstellen</button>") == 1
    # Newest first.
    changes = page[page.index('<ol class="history">') :]
    assert changes.index("gelöscht") < changes.index("geändert") < changes.index("eingetragen")


def test_restoring_from_the_history_page_brings_the_game_back(anna_keeps_score, match) -> None:
    game = GameFactory(match=match)
    GameFactory(match=match)
    services.delete_game(game=game)
    record = game.history.latest()
    response = anna_keeps_score.post(reverse("entry:restore_game", args=[DAY, record.history_id]))
    assert response.url == reverse("entry:evening", args=[DAY]) + f"?partie=1#spiel-{game.pk}"
    assert Game.objects.get(pk=game.pk).position == 1
    page = history_page(anna_keeps_score)
    assert "<strong>Partie 1 · Spiel 1</strong> wiederhergestellt" in page
    assert ">Wiederherstellen</button>" not in page
    again = anna_keeps_score.post(
        reverse("entry:restore_game", args=[DAY, record.history_id]), follow=True
    )
    assert "Dieses Spiel ist schon wiederhergestellt." in again.content.decode()


def test_a_game_of_another_evening_is_not_restored_from_this_one(anna_keeps_score, match) -> None:
    other = GameFactory(match=anna_bernd_vs_carl_dora(datetime.date(2026, 4, 2)))
    services.delete_game(game=other)
    record = other.history.latest()
    response = anna_keeps_score.post(reverse("entry:restore_game", args=[DAY, record.history_id]))
    assert response.status_code == 404
    assert not Game.objects.exists()


def test_the_history_page_needs_the_same_few_queries_for_any_number_of_changes(
    anna_keeps_score, match
) -> None:
    GameFactory(match=match)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            history_page(anna_keeps_score)
        return len(captured)

    few = queries()
    games = [GameFactory(match=match, melds_b=(MeldValue(MeldKind.BELLE),), points_b=84)
             for _ in range(6)]  # fmt: skip
    services.update_game(game=games[0], version=1, declarer=games[0].declarer, trump="pik",
                         bid="rein", points_a=100, points_b=64)  # fmt: skip
    services.delete_game(game=games[1])
    assert queries() == few == 14


def test_a_game_of_a_deleted_match_comes_back_with_its_melds(match) -> None:
    game = GameFactory(match=match, melds_b=(MeldValue(MeldKind.BELLE),), points_b=84)
    services.update_game(game=game, version=1, declarer=game.declarer, trump="pik", bid="rein",
                         melds_a=(MeldValue(MeldKind.TERZ, None, Rank.DAME),), points_a=120,
                         points_b=64)  # fmt: skip
    services.delete_match(Match.objects.get())  # melds, game and match go by cascade
    restored = services.restore_game(game.history.latest().history_id)
    assert list(restored.melds.values_list("side", "kind", "top")) == [("a", "terz", "D")]
    assert (restored.trump, restored.points_a, restored.match.team_a.name) == (
        "pik", 120, "Anna & Bernd",
    )  # fmt: skip


def test_an_imported_game_comes_back_with_its_melds(league) -> None:
    game = Game.objects.filter(melds__isnull=False).distinct().first()
    melds = sorted(game.melds.values_list("side", "kind", "suit", "top"))
    before = standings()
    services.delete_game(game=game)
    restored = services.restore_game(game.history.latest().history_id)
    assert sorted(restored.melds.values_list("side", "kind", "suit", "top")) == melds
    assert standings() == before
