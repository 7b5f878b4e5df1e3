"""A recompute puts every derived row right however it went wrong. It compares what it derives
with the stored rows and writes only the differences (klammernliga.bulk.sync_rows), so it must
find a changed, a missing and a stray row alike."""

import io

from django.core.management import call_command
from django.db.models import Model

from klammernliga.bulk import sync_rows
from klammernliga.models import LeagueOutcome, Participation, PlayerOutcome
from tests.factories import PlayerFactory


def _rows(model: type[Model]) -> list[tuple[object, ...]]:
    names = [f.attname for f in model._meta.concrete_fields if not f.primary_key]
    return sorted(model.objects.values_list(*names))


def _derived() -> dict[str, list[tuple[object, ...]]]:
    return {m.__name__: _rows(m) for m in (Participation, PlayerOutcome, LeagueOutcome)}


def test_recompute_repairs_changed_missing_and_stray_derived_rows(league) -> None:
    before = _derived()
    changed, missing, model = Participation.objects.order_by("pk")[:3]
    Participation.objects.filter(pk=changed.pk).update(games=999, run_best=77, is_first=True)
    missing.delete()
    # A stray row: the model's figures under a player who never sat in that match.
    stray = {f.attname: getattr(model, f.attname) for f in Participation._meta.concrete_fields}
    Participation.objects.create(**{**stray, "id": None, "player_id": PlayerFactory().pk})
    tally = PlayerOutcome.objects.order_by("pk").first()
    PlayerOutcome.objects.filter(pk=tally.pk).update(n=12345, won=5)
    LeagueOutcome.objects.order_by("pk").first().delete()
    LeagueOutcome.objects.create(year=1900, month=1, kind="m", a=0, n=3, won=1)
    assert _derived() != before

    call_command("recompute", stdout=io.StringIO())

    assert _derived() == before


def test_sync_rows_writes_only_the_differences(db) -> None:
    names = ("year", "month", "kind", "a", "b", "kalte", "n", "won")
    kept = LeagueOutcome.objects.create(year=2001, month=1, kind="m", a=0, n=1, won=1)
    stale = LeagueOutcome.objects.create(year=2001, month=2, kind="m", a=0, n=1, won=0)
    gone = LeagueOutcome.objects.create(year=2001, month=3, kind="m", a=0, n=4, won=2)
    stored = {
        row[0:2]: (pk, row) for pk, *rest in LeagueOutcome.objects.values_list("pk", *names)
        for row in [tuple(rest)]
    }  # fmt: skip
    wanted = [
        (2001, 1, "m", 0, 0, False, 1, 1),  # as stored
        (2001, 2, "m", 0, 0, False, 5, 3),  # changed
        (2001, 4, "r", 1000, 200, True, 1, 0),  # new
    ]
    written = sync_rows(LeagueOutcome, names, stored, wanted, key=lambda row: tuple(row[0:2]))
    assert written == 3  # one update, one insert, one delete; the unchanged row untouched
    assert sorted(LeagueOutcome.objects.values_list(*names)) == sorted(wanted)
    assert LeagueOutcome.objects.filter(pk=kept.pk).exists()
    assert LeagueOutcome.objects.filter(pk=stale.pk, n=5, won=3).exists(), "updated in place"
    assert not LeagueOutcome.objects.filter(pk=gone.pk).exists()
