"""Saving a game derives what follows the one way every change does (the match in memory from
its games, then only the differences written): every derived row must equal, floats exactly,
what deriving the whole league anew stores, wherever the game is added."""

import datetime
from functools import partial

import pytest
from django.db import transaction
from hypothesis import given, settings
from hypothesis import strategies as st

from klammernliga import services
from klammernliga.models import Evening, Game, Match, Participation, Player
from tests.derived import agree
from tests.stats import test_summaries_follow_changes as follow_changes
from tests.stats.test_summaries_follow_changes import game_inputs

pytestmark = pytest.mark.django_db

# Every row a derivation writes, floats as stored; and the same rows derived anew from the games
# alone, in a savepoint that is then undone.
derived = partial(follow_changes.derived, exact=True)


def rebuilt() -> dict[str, list[tuple[object, ...]]]:
    return follow_changes.rebuilt(derived)


NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Eva", "Fritz"]
FIRST_DAY = datetime.date(2011, 11, 25)  # evenings a week apart cross a month and a year


def new_match(date: datetime.date, four: list[str]) -> Match:
    evening, _new = services.open_evening(date=date)
    players = [Player.objects.filter(name=n).first() or n for n in four]
    return services.start_match(
        evening=evening, team_a=(players[0], players[1]), team_b=(players[2], players[3])
    )


def record(match: Match, **inputs: object) -> Game:
    match = Match.objects.select_related("team_a", "team_b", "evening").get(pk=match.pk)
    return services.record_game(match=match, **inputs)


def _anna_declares(match: Match, points_a: int = 100) -> dict[str, object]:
    return {"declarer": match.team_a.player_1_id, "trump": "herz", "bid": "rein",
            "points_a": points_a, "points_b": 164 - points_a}  # fmt: skip


def test_a_partie_saved_game_by_game_stores_what_deriving_anew_stores() -> None:
    match = new_match(FIRST_DAY, NAMES[:4])
    for points_a in (100, 30, 164, 100, 0, 120, 100):  # rounds end, a Kalte and Laube among them
        record(match, **_anna_declares(match, points_a))
    assert agree(derived(), rebuilt())
    stored = Match.objects.get(pk=match.pk)
    assert stored.rounds_a + stored.rounds_b >= 1 and stored.games_count == 7
    assert list(stored.games.order_by("position").values_list("position", flat=True)) == [
        *range(1, 8)
    ]


def test_a_game_added_to_an_earlier_partie_or_evening_stores_what_deriving_anew_stores() -> None:
    first = new_match(FIRST_DAY, NAMES[:4])
    second = new_match(FIRST_DAY, NAMES[2:])
    for match in (first, second, first, second):
        record(match, **_anna_declares(match))
    later = new_match(FIRST_DAY + datetime.timedelta(days=7), NAMES[:4])
    record(later, **_anna_declares(later))
    record(second, **_anna_declares(second, 30))  # a later evening has games
    record(first, **_anna_declares(first, 30))  # a later Partie of its evening has games too
    assert agree(derived(), rebuilt())


def test_a_partie_opened_from_a_stale_form_uses_the_evening_as_stored() -> None:
    match = new_match(FIRST_DAY, NAMES[:4])
    record(match, **_anna_declares(match))
    stale = Match.objects.select_related("team_a", "team_b", "evening").get(pk=match.pk)
    Evening.objects.filter(pk=match.evening_id).update(date=FIRST_DAY + datetime.timedelta(1))
    services.recompute_evening(Evening.objects.get(pk=match.evening_id), since=FIRST_DAY)
    services.record_game(match=stale, **_anna_declares(stale, 30))
    assert set(Participation.objects.values_list("date", flat=True)) == {
        FIRST_DAY + datetime.timedelta(1)
    }
    assert agree(derived(), rebuilt())


@given(data=st.data())
@settings(follow_changes.STEPS, max_examples=12)
def test_every_save_stores_what_deriving_anew_stores(data: st.DataObject) -> None:
    """An evening as a scorekeeper enters it: mostly the next game of the latest Partie, at times
    a new Partie or evening, a game added to an earlier Partie or evening."""
    with transaction.atomic():
        day, latest, done = FIRST_DAY, None, []
        for _ in range(data.draw(st.integers(min_value=8, max_value=24))):
            kind = data.draw(st.sampled_from(["next"] * 5 + ["partie", "evening", "earlier"]))
            if latest is None or kind in ("partie", "evening"):
                if kind == "evening":
                    day += datetime.timedelta(days=7)
                latest = new_match(day, data.draw(st.permutations(NAMES))[:4])
            match = latest
            if kind == "earlier":
                match = data.draw(st.sampled_from(list(Match.objects.order_by("pk"))))
            match = Match.objects.select_related("team_a", "team_b", "evening").get(pk=match.pk)
            services.record_game(match=match, **game_inputs(data, match))
            done.append(kind)
            assert agree(derived(), rebuilt()), f"after {done}"
        transaction.set_rollback(True)  # keep examples independent
