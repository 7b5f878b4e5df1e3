"""Every stored summary follows any sequence of changes exactly as a rebuild from the games would.

Saving a game keeps the participations (each player's figures per match), the year totals,
ratings and outcome tallies current by updating only what the change touched. Here hypothesis
plays random evenings through every door (new games, corrections, deletions, restores, Partien
left empty, deleted matches and evenings, evenings moved in the admin and reverted from its
history, `import_games` with and without `--replace`, `import_league`, `seed_demo --replace`
(and a refused one), an evening's place changed on the entry page) and after every step
compares each stored table with what rebuilding it from nothing gives; at the end
`manage.py recompute` must change nothing.
"""

import datetime
import io
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from klammernliga import services
from klammernliga.backup import export_league, import_league
from klammernliga.derive.matches import rederive
from klammernliga.derive.outcome_tallies import update_tallies
from klammernliga.derive.ratings import update_ratings
from klammernliga.models import (
    Evening,
    Game,
    LeagueOutcome,
    Match,
    Participation,
    Player,
    PlayerOutcome,
    PlayerYear,
    Rating,
    RatingState,
    TeamYear,
)
from scoring.domain import Meld as MeldValue
from scoring.domain import MeldKind, Rank, Suit
from tests.derived import agree
from tests.factories import ScorekeeperFactory

pytestmark = pytest.mark.django_db

# Dates in two years and several months, so changes hit earlier months, years and evenings.
DATES = [datetime.date(2010, m, d) for m, d in ((11, 5), (11, 19), (12, 3))] + [
    datetime.date(2011, m, d) for m, d in ((1, 7), (1, 21))
]
NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Eva"]
TERZ = MeldValue(MeldKind.TERZ, Suit.PIK, Rank.KOENIG)
BELLE = MeldValue(MeldKind.BELLE)


def _rows(model: Any, *skip: str, exact: bool = False) -> list[tuple[object, ...]]:
    """A table's rows without their keys, sorted; floats to nine places unless `exact`."""
    names = [f.attname for f in model._meta.concrete_fields if f.attname not in ("id", *skip)]
    rows = []
    for row in model.objects.values_list(*names):
        # A rating state's numbers: bytes (PostgreSQL gives a memoryview).
        row = tuple(bytes(v) if isinstance(v, memoryview) else v for v in row)
        if not exact:
            row = tuple(round(v, 9) if isinstance(v, float) else v for v in row)
        rows.append(row)
    return sorted(rows, key=repr)


def stored(*, exact: bool = False) -> dict[str, list[tuple[object, ...]]]:
    return {
        model.__name__: _rows(model, exact=exact)
        for model in (
            Participation,
            PlayerYear,
            TeamYear,
            Rating,
            RatingState,
            LeagueOutcome,
            PlayerOutcome,
        )
    }


def rebuilt(
    rows: Callable[[], dict[str, list[tuple[object, ...]]]] = stored,
) -> dict[str, list[tuple[object, ...]]]:
    """Each summary (`rows` says which, and how) rebuilt from the games alone, inside a
    savepoint that is then undone."""
    with transaction.atomic():
        rederive(list(Match.objects.select_related("team_a", "team_b", "evening")))
        services.refresh_year_totals(None)
        update_ratings(since=None)
        update_tallies(since=None)
        result = rows()
        transaction.set_rollback(True)
    return result


def game_inputs(data: st.DataObject, match: Match) -> dict[str, object]:
    players = [
        match.team_a.player_1_id, match.team_a.player_2_id,
        match.team_b.player_1_id, match.team_b.player_2_id,
    ]  # fmt: skip
    melds_a = data.draw(st.sampled_from([(), (TERZ,)]))
    melds_b = data.draw(st.sampled_from([(), (BELLE,)]))
    kontra = data.draw(st.sampled_from([True, True, False]))  # Kontra and Re end rounds sooner
    bid = data.draw(st.sampled_from(["rein", "klein", "besser"]))
    inputs: dict[str, object] = {
        "declarer": data.draw(st.sampled_from(players)),
        "trump": "kreuz"
        if bid == "besser"
        else data.draw(st.sampled_from(["pik", "herz", "karo"])),
        "bid": bid,
        "melds_a": melds_a,
        "melds_b": melds_b,
        "kontra": kontra,
        "re": kontra and data.draw(st.booleans()),
    }
    total = 164 + 20 * (len(melds_a) + len(melds_b))
    points_a = data.draw(st.sampled_from([0, 30, 64, total // 2, 100, 120, total]))
    inputs.update(points_a=points_a, points_b=total - points_a)
    if services.game_problems(match=match, **inputs):  # e.g. a meld the rules do not allow so
        inputs.update(trump="herz", bid="rein", melds_a=(), melds_b=(), kontra=False, re=False)
        inputs.update(points_a=100, points_b=64)
    return inputs


def some_match(data: st.DataObject) -> Match:
    """An existing match, or a new one on an existing or new evening."""
    matches = list(Match.objects.select_related("team_a", "team_b", "evening").order_by("pk"))
    if matches and data.draw(st.sampled_from([True, True, False])):  # rounds need a few games
        return data.draw(st.sampled_from(matches))
    evening, _new = services.open_evening(date=data.draw(st.sampled_from(DATES)))
    four = data.draw(st.permutations(NAMES))[:4]
    resolved = [Player.objects.filter(name=n).first() or n for n in four]
    return services.start_match(
        evening=evening, team_a=(resolved[0], resolved[1]), team_b=(resolved[2], resolved[3])
    )


def csv_file(data: st.DataObject, directory: Path) -> str:
    """A league file of one to four games on one of the dates, as a scorekeeper would write it."""
    date = data.draw(st.sampled_from(DATES))
    lines = [
        "date,a1,a2,b1,b2,dealer,declarer,trump,bid,melds_a,melds_b,kontra,re,points_a,points_b"
    ]
    four = data.draw(st.permutations(NAMES))[:4]
    for _game in range(data.draw(st.integers(1, 4))):
        if data.draw(st.booleans()):  # another Partie: other teams
            four = data.draw(st.permutations(NAMES))[:4]
        kontra = data.draw(st.booleans())
        points_a = data.draw(st.sampled_from([0, 30, 82, 100, 164]))
        # A name in another case is the same player (the one name rule).
        a1 = data.draw(st.sampled_from([four[0], four[0].upper(), f" {four[0].lower()} "]))
        lines.append(
            f"{date},{a1},{four[1]},{four[2]},{four[3]},,{four[1]},pik,klein,,,"
            f"{'ja' if kontra else 'nein'},nein,{points_a},{164 - points_a}"
        )
    path = directory / "spiele.csv"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def admin() -> Client:
    client = Client()
    user = User.objects.filter(username="chef").first()
    client.force_login(user or User.objects.create_superuser("chef", password="x-geheim-1998"))
    return client


def scorekeeper() -> Client:
    client = Client()
    client.force_login(
        User.objects.filter(username="kim").first() or ScorekeeperFactory(username="kim")
    )
    return client


NO_INLINES = {"matches-TOTAL_FORMS": "0", "matches-INITIAL_FORMS": "0"}


def step(data: st.DataObject, directory: Path) -> str:
    games = list(Game.objects.order_by("pk"))
    kinds = ["record", "record", "record", "empty_match", "import_games", "import_games_replace"]
    kinds += ["seed_demo_replace", "seed_demo_refused", "place"]
    if games:
        kinds += ["update", "update", "delete", "delete_only_game", "import_league"]
    if Game.history.filter(history_type="-").exists():
        kinds.append("restore")
    if Match.objects.exists():
        kinds += ["delete_match", "delete_evening", "move_evening", "admin_move", "admin_revert"]
    kind = data.draw(st.sampled_from(kinds))
    if kind == "empty_match":  # a Partie started, no game entered
        evening, _new = services.open_evening(date=data.draw(st.sampled_from(DATES)))
        four = data.draw(st.permutations(NAMES))[:4]
        resolved = [Player.objects.filter(name=n).first() or n for n in four]
        services.start_match(
            evening=evening, team_a=(resolved[0], resolved[1]), team_b=(resolved[2], resolved[3])
        )
    elif kind == "delete_only_game":  # the Partie's only game: the Partie goes with it
        match = some_match(data)
        if match.games.count() != 1:
            services.record_game(match=match, **game_inputs(data, match))
            if match.games.count() != 1:
                return "no Partie with one game"
        services.delete_game(game=match.games.get())
    elif kind in ("import_games", "import_games_replace"):
        replace = ["--replace"] if kind == "import_games_replace" else []
        try:
            call_command("import_games", csv_file(data, directory), *replace,
                         stdout=io.StringIO(), stderr=io.StringIO())  # fmt: skip
        except CommandError:
            return f"{kind} refused"  # e.g. the date has games already
    elif kind == "seed_demo_replace":  # the demo league of one year replaces everything
        call_command("seed_demo", "--replace", "--years", "2009", stdout=io.StringIO())
    elif kind == "seed_demo_refused":  # years beyond the calendar: refused, nothing changes
        try:
            call_command("seed_demo", "--replace", "--years", "2099", stdout=io.StringIO())
        except CommandError:
            return kind
        raise AssertionError("seed_demo --replace --years 2099 was not refused")
    elif kind == "place":  # the scorekeeper opens an evening with another place
        date = data.draw(st.sampled_from(DATES))
        place = data.draw(st.sampled_from(["", "Zur Linde", "Bei Karin"]))
        response = scorekeeper().post(
            reverse("entry:start"), {"date": date.isoformat(), "place": place}
        )
        assert response.status_code == 302
        assert not place or Evening.objects.get(date=date).place == place
    elif kind == "import_league":  # a backup, restored over the league
        import_league(json.loads(json.dumps(export_league())), replace=True)
    elif kind == "admin_move":
        evening = data.draw(st.sampled_from(list(Evening.objects.order_by("pk"))))
        free = [d for d in DATES if not Evening.objects.filter(date=d).exists()]
        if not free:
            return "no free date"
        url = reverse("admin:klammernliga_evening_change", args=[evening.pk])
        moved = {"date": data.draw(st.sampled_from(free)), "place": "", "notes": ""}
        assert admin().post(url, {**moved, **NO_INLINES}).status_code == 302
    elif kind == "admin_revert":  # an older version of an evening, from its admin history
        evening = data.draw(st.sampled_from(list(Evening.objects.order_by("pk"))))
        old = data.draw(st.sampled_from(list(evening.history.order_by("history_id"))))
        if Evening.objects.filter(date=old.date).exclude(pk=evening.pk).exists():
            return "date taken"
        url = reverse(
            "admin:klammernliga_evening_simple_history", args=[evening.pk, old.history_id]
        )
        reverted = {"date": old.date, "place": old.place, "notes": old.notes}
        assert admin().post(url, {**reverted, **NO_INLINES}).status_code == 302
    elif kind == "record":
        match = some_match(data)
        services.record_game(match=match, **game_inputs(data, match))
    elif kind == "update":
        game = data.draw(st.sampled_from(games))
        match = Match.objects.select_related("team_a", "team_b").get(pk=game.match_id)
        services.update_game(game=game, version=game.version, **game_inputs(data, match))
    elif kind == "delete":
        services.delete_game(game=data.draw(st.sampled_from(games)))
    elif kind == "restore":
        deleted = Game.history.filter(history_type="-").order_by("history_id")
        record = data.draw(st.sampled_from(list(deleted)))
        try:
            services.restore_game(record.history_id)
        except services.CannotRestore:
            return "restore refused"
    elif kind == "delete_match":
        services.delete_match(data.draw(st.sampled_from(list(Match.objects.order_by("pk")))))
    elif kind == "delete_evening":
        services.delete_evening(data.draw(st.sampled_from(list(Evening.objects.order_by("pk")))))
    else:
        evening = data.draw(st.sampled_from(list(Evening.objects.order_by("pk"))))
        free = [d for d in DATES if not Evening.objects.filter(date=d).exists()]
        if not free:
            return "no free date"
        before, evening.date = evening.date, data.draw(st.sampled_from(free))
        evening.save()
        services.recompute_evening(evening, since=before)
    return kind


# Sequences of changes to a database: slow examples, the same ones every run (CI stays
# reproducible), and no shrinking (it takes minutes here; a failure names every step taken).
STEPS = settings(
    deadline=None,
    derandomize=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@given(data=st.data())
@settings(STEPS, max_examples=20)
def test_the_stored_summaries_equal_a_rebuild_after_every_step(data: st.DataObject) -> None:
    with transaction.atomic(), tempfile.TemporaryDirectory() as directory:
        done = []
        for _ in range(data.draw(st.integers(min_value=6, max_value=16))):
            done.append(step(data, Path(directory)))
            assert agree(stored(), rebuilt()), f"after {done}"
        before = derived()
        call_command("recompute", stdout=io.StringIO())
        assert agree(before, derived()), f"recompute changed something after {done}"
        transaction.set_rollback(True)  # keep examples independent


def derived(*, exact: bool = False) -> dict[str, list[tuple[object, ...]]]:
    """Everything a recompute writes: the games' results, the matches' tallies, the participations
    and every summary."""
    return {
        **stored(exact=exact),
        "Game": _rows(Game, "version", exact=exact),
        "Match": _rows(Match, exact=exact),
    }
