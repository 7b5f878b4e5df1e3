"""The KlammernBoss's write side: ratings stored per evening, kept right by saves, corrections,
deletions and imports exactly as a rebuild from scratch."""

import datetime
import importlib
import io

import pytest
from django.apps import apps as django_apps
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from klammernliga import services
from klammernliga.derive import summaries
from klammernliga.derive.ratings import update_ratings
from klammernliga.models import Game, Rating, RatingState
from scoring.domain import Bid, MeldKind
from scoring.rating import PRIOR_MU, DeclaredGame, Strengths
from stats.selectors.ratings import (
    current_boss,
    ranking,
    rating_history,
)
from tests.factories import EveningFactory, GameFactory, MatchFactory, TeamFactory, play_round

pytestmark = pytest.mark.django_db


def _stored() -> list[tuple]:
    return list(
        Rating.objects.order_by("date", "player_id").values_list(
            "player_id",
            "date",
            "mu",
            "sigma",
            "mu_before",
            "rounds",
            "rounds_evening",
            "rounds_won_evening",
            "month_end",
            "year_end",
        )
    )


def _states() -> dict[datetime.date, tuple]:
    rows = RatingState.objects.values_list("date", "evening_id", "month", "head", "numbers", "boss")
    return {row[0]: (*row[1:4], bytes(row[4]), row[5]) for row in rows}


def _marked(player_id: int, end: str) -> list[datetime.date]:
    """The dates of the player's ratings marked as a period's last (`end`: "month_end", ...)."""
    return list(
        Rating.objects.filter(player_id=player_id, **{end: True})
        .order_by("date")
        .values_list("date", flat=True)
    )


def _assert_a_replay_stores_the_same() -> list[tuple]:
    """Rebuilding every rating from scratch stores exactly what the updates stored (returned),
    and each state an update kept is the rebuild's of that evening."""
    incremental, states = _stored(), _states()
    update_ratings(since=None)
    assert _stored() == incremental
    rebuilt = _states()
    assert all(rebuilt[date] == state for date, state in states.items())
    return incremental


def _learned() -> dict[str, float]:
    """Every player's rating from the stored games, learned at once in plain Python."""
    strengths: Strengths[str] = Strengths()
    games = Game.objects.select_related(
        "declarer", "match__evening", "match__team_a__player_1", "match__team_a__player_2",
        "match__team_b__player_1", "match__team_b__player_2",
    ).prefetch_related("melds").order_by("match__evening__date", "match__position", "position")  # fmt: skip
    evenings: dict[datetime.date, list[DeclaredGame[str]]] = {}
    for game in games:
        a = (game.match.team_a.player_1.name, game.match.team_a.player_2.name)
        b = (game.match.team_b.player_1.name, game.match.team_b.player_2.name)
        team, other = (a, b) if game.declarer.name in a else (b, a)
        partner = team[1] if team[0] == game.declarer.name else team[0]
        points = game.points_a if team == a else game.points_b
        share = points / (game.points_a + game.points_b)
        melds = {"a": 0, "b": 0}
        for meld in game.melds.all():
            melds[meld.side] += MeldKind(meld.kind).value_points
        ours, theirs = ("a", "b") if team == a else ("b", "a")
        evenings.setdefault(game.match.evening.date, []).append(
            DeclaredGame(
                game.declarer.name,
                partner,
                other,
                share,
                melds=melds[ours],
                melds_against=melds[theirs],
                kontra=game.kontra,
                re=game.re,
                bid=Bid(game.bid),
            )
        )
    for date, played in evenings.items():
        strengths.evening(date, played)
    return {name: rating.mu for name, rating in strengths.ratings().items()}


def _two_evenings():
    """Anna & Bernd against Clara & Dieter on two evenings, one round each, both won by A."""
    team_a, team_b = TeamFactory(), TeamFactory()
    first = MatchFactory(
        evening=EveningFactory(date=datetime.date(2012, 1, 6)), team_a=team_a, team_b=team_b
    )
    second = MatchFactory(
        evening=EveningFactory(date=datetime.date(2012, 2, 3)), team_a=team_a, team_b=team_b
    )
    return first, second, play_round(first), play_round(second)


# --- updates -----------------------------------------------------------------------------------


def test_every_game_rates_its_declarer_and_defenders_and_rounds_are_counted() -> None:
    match = MatchFactory()
    # Anna declares and wins 130:34, more than a declaring team takes on average; 1:0.
    GameFactory(match=match, points_a=130, points_b=34)
    rows = {r.player_id: r for r in Rating.objects.all()}
    anna, bernd = match.team_a.player_1_id, match.team_a.player_2_id
    clara, dieter = match.team_b.player_1_id, match.team_b.player_2_id
    assert set(rows) == {anna, bernd, clara, dieter}
    assert rows[anna].mu > rows[bernd].mu > PRIOR_MU > rows[clara].mu
    assert rows[clara].mu == pytest.approx(rows[dieter].mu)
    assert all(rows[p].rounds == rows[p].rounds_evening == 0 for p in rows)
    play_round(match)  # Clara declares and loses with Re: Anna & Bernd win the round
    rows = {r.player_id: r for r in Rating.objects.all()}
    assert all(rows[p].rounds == rows[p].rounds_evening == 1 for p in rows)
    assert [rows[p].rounds_won_evening for p in (anna, bernd, clara, dieter)] == [1, 1, 0, 0]
    # Clara's lost game lowers her most and Dieter, her partner, a little; measured from the four's
    # average, which her loss pulls down.
    assert rows[clara].mu < PRIOR_MU < rows[anna].mu
    assert rows[clara].mu < rows[dieter].mu < rows[bernd].mu < rows[anna].mu


def test_ratings_are_stored_after_each_evening_as_known_then() -> None:
    first, second, first_round, _ = _two_evenings()
    anna = first.team_a.player_1_id
    after_first = Rating.objects.get(player_id=anna, date=first.evening.date)
    after_second = Rating.objects.get(player_id=anna, date=second.evening.date)
    assert after_second.rounds == 2 and after_second.rounds_evening == 1
    assert after_second.change == pytest.approx(after_second.mu - after_first.mu)
    # The state after each evening is kept (both in a month of their own); the newest is now.
    assert list(RatingState.objects.order_by("date").values_list("date", flat=True)) == [
        first.evening.date,
        second.evening.date,
    ]
    # A later evening changes nothing that was known after the first one.
    known = (after_first.mu, after_first.sigma)
    play_round(MatchFactory(evening=EveningFactory(date=datetime.date(2012, 3, 2))), winner="b")
    first_again = Rating.objects.get(player_id=anna, date=first.evening.date)
    assert (first_again.mu, first_again.sigma) == known
    assert first_round.pk


def _first_round_to_team_b(first, first_round) -> None:
    """The first evening's round now goes to team B: Anna declared Herz and lost, Kontra, Re."""
    services.update_game(
        game=first_round,
        version=first_round.version,
        declarer=first.team_a.player_1,
        trump="herz",
        bid="rein",
        points_a=64,
        points_b=100,
        kontra=True,
        re=True,
    )


def test_changing_an_earlier_game_changes_the_ratings_after_it() -> None:
    first, second, first_round, _ = _two_evenings()
    anna = first.team_a.player_1_id
    before = Rating.objects.get(player_id=anna, date=second.evening.date).mu
    _first_round_to_team_b(first, first_round)
    # Anna now declared and lost, and her team lost the round.
    assert Rating.objects.get(player_id=anna, date=first.evening.date).mu < PRIOR_MU
    assert Rating.objects.get(player_id=anna, date=second.evening.date).mu < before


def test_deleting_a_round_removes_its_ratings_and_later_ones_follow() -> None:
    first, second, first_round, _ = _two_evenings()
    anna = first.team_a.player_1_id
    services.delete_game(game=first_round)
    assert not Rating.objects.filter(date=first.evening.date).exists()
    later = Rating.objects.get(player_id=anna, date=second.evening.date)
    assert later.rounds == 1
    # As if the second evening were the first: its game alone, learned from scratch.
    assert later.mu_before == later.mu
    _assert_a_replay_stores_the_same()


def test_updating_from_a_date_gives_what_replaying_everything_gives() -> None:
    first, second, first_round, _ = _two_evenings()
    third = MatchFactory(evening=first.evening)  # two new teams, later that evening
    play_round(third, winner="b")
    play_round(second, winner="b")
    _first_round_to_team_b(first, first_round)
    incremental = _assert_a_replay_stores_the_same()
    assert len(incremental) == 4 + 4 + 4


def test_an_emptied_league_has_no_ratings() -> None:
    match = MatchFactory()
    game = play_round(match)
    services.delete_game(game=game)
    assert not Rating.objects.exists()
    play_round(MatchFactory())
    Game.objects.all().delete()
    summaries.follow(since=None)
    assert not Rating.objects.exists()
    assert current_boss() is None


def test_the_import_rates_the_hand_checked_league(league) -> None:
    ranks = ranking()
    # Emil & Frieda won their only round; Clara & Dieter won 2 of 4, Anna & Bernd 2 of 5.
    assert {r.player.name: r.rounds for r in ranks} == {
        "Emil": 1, "Frieda": 1, "Clara": 4, "Dieter": 4, "Anna": 5, "Bernd": 5,
    }  # fmt: skip
    # Emil and Frieda won all five games of their only round, each declared by one of them; Anna
    # won five of the six she declared, Dieter his three; Bernd lost two of his five.
    assert [r.player.name for r in ranks] == ["Emil", "Frieda", "Anna", "Dieter", "Clara", "Bernd"]
    # Stored step by step, evening by evening, it is what learning every game at once gives.
    assert {r.player.name: r.mu for r in ranks} == pytest.approx(_learned(), abs=1e-9)


def test_recompute_leaves_the_ratings_as_they_were(league) -> None:
    before, states = _stored(), _states()
    Rating.objects.all().delete()
    RatingState.objects.all().delete()
    call_command("recompute", stdout=io.StringIO())
    assert _stored() == before and _states() == states


def test_an_import_replacing_an_evening_rerates_from_it(league, league_file, tmp_path) -> None:
    lines = league_file.read_text().splitlines()
    # Keep only the 2011 evening and let its one round go the other way round.
    header, rows = lines[0], [line for line in lines[1:] if line.startswith("2011")]
    swapped = [",".join(r.split(",")[:13] + r.split(",")[13:][::-1]) for r in rows]
    path = tmp_path / "2011.csv"
    path.write_text("\n".join([header, *swapped]) + "\n")
    before = {r.player.name: r for r in ranking()}
    call_command("import_games", str(path), "--replace", stdout=io.StringIO())
    after = {r.player.name: r for r in ranking()}
    assert after["Emil"].rounds == before["Emil"].rounds
    assert after["Clara"].mu != before["Clara"].mu


def test_each_players_last_rating_of_a_month_is_marked_and_kept_right_by_updates() -> None:
    team_a, team_b = TeamFactory(), TeamFactory()
    dates = [datetime.date(2013, 3, 1), datetime.date(2013, 3, 15), datetime.date(2013, 4, 5)]
    matches = [
        MatchFactory(evening=EveningFactory(date=d), team_a=team_a, team_b=team_b)
        for d in dates[::2]
    ]
    for match in matches:
        play_round(match)
    anna = team_a.player_1_id

    assert _marked(anna, "month_end") == [dates[0], dates[2]]
    # A later evening in March takes over the month's end from March 1st.
    play_round(MatchFactory(evening=EveningFactory(date=dates[1]), team_a=team_a, team_b=team_b))
    assert _marked(anna, "month_end") == [dates[1], dates[2]]
    histories = {h.player.pk: h for h in rating_history(period="month")}
    assert [p.date for p in histories[anna].points] == [dates[1], dates[2]]
    assert [p.date for p in rating_history([anna], period="year")[0].points] == [dates[2]]
    assert len(rating_history([anna])[0].points) == 3
    _assert_a_replay_stores_the_same()
    # Deleting March 15th gives the month's end back to March 1st.
    services.delete_match(Game.objects.get(match__evening__date=dates[1]).match)
    assert _marked(anna, "month_end") == [dates[0], dates[2]]
    _assert_a_replay_stores_the_same()


def test_a_new_month_keeps_one_state_of_the_month_before_its_last() -> None:
    # March is the newest month: the state after each of its evenings is kept. An evening on
    # April 1st, the day after March's last, resumes from March 31st and leaves March its last.
    team_a, team_b = TeamFactory(), TeamFactory()
    march = [datetime.date(2013, 3, 1), datetime.date(2013, 3, 15), datetime.date(2013, 3, 31)]
    for day in march:
        play_round(MatchFactory(evening=EveningFactory(date=day), team_a=team_a, team_b=team_b))
    assert sorted(_states()) == march
    april = datetime.date(2013, 4, 1)
    play_round(MatchFactory(evening=EveningFactory(date=april), team_a=team_a, team_b=team_b))
    assert sorted(_states()) == [march[-1], april]
    _assert_a_replay_stores_the_same()


def test_each_players_last_rating_of_a_year_is_marked_and_kept_right_by_updates() -> None:
    team_a, team_b = TeamFactory(), TeamFactory()
    days = [datetime.date(2013, 3, 1), datetime.date(2013, 11, 8), datetime.date(2014, 2, 7)]
    play_round(MatchFactory(evening=EveningFactory(date=days[0]), team_a=team_a, team_b=team_b))
    play_round(MatchFactory(evening=EveningFactory(date=days[2]), team_a=team_a, team_b=team_b))
    anna = team_a.player_1_id

    assert _marked(anna, "year_end") == [days[0], days[2]]
    # A later evening in November takes the year's end over from March.
    play_round(MatchFactory(evening=EveningFactory(date=days[1]), team_a=team_a, team_b=team_b))
    assert _marked(anna, "year_end") == [days[1], days[2]]
    assert [p.date for p in rating_history([anna], period="year")[0].points] == [days[1], days[2]]
    # Deleting November's round gives the year's end back to March.
    services.delete_match(Game.objects.get(match__evening__date=days[1]).match)
    assert _marked(anna, "year_end") == [days[0], days[2]]
    _assert_a_replay_stores_the_same()


def test_a_game_that_ends_no_round_moves_the_ratings_as_a_full_replay_would() -> None:
    match = MatchFactory()
    play_round(match)  # a Re: ends a round at once
    before = _stored()
    game = GameFactory(match=match)  # 100:64 for Anna's team, a round needs more
    assert not game.ends_round
    after = _stored()
    assert after != before, "the declarer's won game counts"
    update_ratings(since=None)
    assert _stored() == after
    # Correcting that game (now lost) and deleting it follow exactly as a replay from scratch.
    services.update_game(
        game=game, version=game.version, declarer=match.team_a.player_1, trump="herz",
        bid="rein", points_a=64, points_b=100,
    )  # fmt: skip
    corrected = _stored()
    update_ratings(since=None)
    assert _stored() == corrected != after
    services.delete_game(game=Game.objects.get(pk=game.pk))
    update_ratings(since=None)
    deleted = _stored()
    assert [row[:5] for row in deleted] == [row[:5] for row in before]


def test_partners_who_always_play_together_are_told_apart_by_their_declared_games() -> None:
    team_a, team_b = TeamFactory(), TeamFactory()
    anna, bernd = team_a.player_1, team_a.player_2
    for day in (datetime.date(2015, 3, 6), datetime.date(2015, 3, 13)):
        match = MatchFactory(evening=EveningFactory(date=day), team_a=team_a, team_b=team_b)
        for _ in range(2):
            GameFactory(match=match, declarer=anna)  # won 100:64
            GameFactory(match=match, declarer=bernd, lost=True)  # lost 64:100
    ranks = {r.player.pk: r for r in ranking()}
    # The same rounds and games for both; only their own declared games differ.
    assert ranks[anna.pk].rounds == ranks[bernd.pk].rounds
    assert ranks[anna.pk].mu > ranks[bernd.pk].mu + 10
    assert ranks[anna.pk].rank < ranks[bernd.pk].rank


def test_correcting_an_old_game_changes_the_ratings_exactly_as_a_replay_from_scratch() -> None:
    team_a, team_b = TeamFactory(), TeamFactory()
    days = [datetime.date(2014, 1, 3), datetime.date(2014, 1, 17), datetime.date(2014, 2, 7)]
    games = []
    for day in days:
        match = MatchFactory(evening=EveningFactory(date=day), team_a=team_a, team_b=team_b)
        games += [
            GameFactory(match=match, points_a=130, points_b=34),
            GameFactory(match=match, by_b=True, lost=True),
        ]
        play_round(match, winner="b")
    old = games[0]
    before = {r.player.pk: r.mu for r in ranking()}
    services.update_game(
        game=old, version=old.version, declarer=team_a.player_2, trump="pik", bid="rein",
        points_a=64, points_b=100, kontra=True,
    )  # fmt: skip
    incremental = _assert_a_replay_stores_the_same()
    # Anna no longer won that first game big, Bernd declared and lost it: both end lower against
    # the other team (ratings are measured from the average, which moves with them).
    after = {r.player.pk: r.mu for r in ranking()}
    clara = team_b.player_1_id
    for player in team_a.player_1_id, team_a.player_2_id:
        assert after[player] - after[clara] < before[player] - before[clara]
    assert after[team_a.player_2_id] < before[team_a.player_2_id]
    assert incremental[0][1] == days[0] and len(incremental) == 12


def test_the_new_model_s_migration_forgets_the_old_ratings_until_recompute(league) -> None:
    migration = importlib.import_module(
        "klammernliga.migrations.0016_rating_reads_more_of_each_game"
    )
    before, states = _stored(), _states()
    assert before and states
    migration.forget_old_ratings(django_apps, None)
    # No kept state of the previous model is left for a save to resume from.
    assert not Rating.objects.exists() and not RatingState.objects.exists()
    call_command("recompute", stdout=io.StringIO())
    assert _stored() == before and _states() == states


def test_the_rating_reads_the_melds_by_the_games_keys_without_a_join() -> None:
    # Meld's default order (by game) would join games, matches and evenings: on PostgreSQL a
    # freshly stored league's stale statistics once made that a plan of minutes.
    match = MatchFactory()
    with CaptureQueriesContext(connection) as queries:
        GameFactory(match=match)
    reads = [
        q["sql"] for q in queries.captured_queries if '"klammernliga_meld"."game_id" IN' in q["sql"]
    ]
    assert reads and all("JOIN" not in sql and "ORDER BY" not in sql for sql in reads)
