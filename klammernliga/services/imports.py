"""Many games at once: an import file or the demo league, whole evenings stored in one
transaction through the same rules as single games; and the recomputation of the whole league."""

from __future__ import annotations

import dataclasses
import datetime
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from klammernliga import demo
from klammernliga.bulk import insert_rows, insert_with_history, update_rows
from klammernliga.derive import summaries
from klammernliga.derive.matches import (
    PARTICIPATION_COLUMNS,
    apply_step,
    apply_tally,
    derive_steps,
    participations_of,
    rederive,
    tally_values,
)
from klammernliga.derive.sheets import meld_rows
from klammernliga.derive.years import refresh_planner_statistics, refresh_year_totals
from klammernliga.models import (
    MATCH_TALLY_FIELDS,
    Evening,
    Game,
    Match,
    Meld,
    Participation,
    Player,
    Team,
)
from klammernliga.records import EveningRecord, GameRecord, ImportProblem, StoreSummary
from klammernliga.services.evenings import players_by_key
from klammernliga.services.league import LeagueRefused, clear_league, league_is_empty
from klammernliga.services.writing import writing
from klammernliga.validation import BadName, clean_name, date_problem, name_key
from scoring.matches import split_matches
from scoring.rules import result, validate


def _team_key(pair: tuple[str, str]) -> frozenset[str]:
    return frozenset(pair)


def _split_matches(games: list[GameRecord]) -> list[list[GameRecord]]:
    """An evening's games in matches by scoring's rule, also when two tables' games interleave
    in the file; a match's sides follow its first game."""
    numbers = split_matches([(record.team_a, record.team_b) for record in games])
    grouped: list[list[GameRecord]] = [[] for _ in range(max(numbers, default=-1) + 1)]
    for record, number in zip(games, numbers, strict=True):
        group = grouped[number]
        same_sides = not group or _team_key(record.team_a) == _team_key(group[0].team_a)
        group.append(record if same_sides else record.swapped())
    return grouped


_NAME_FIELDS = ("a1", "a2", "b1", "b2", "declarer", "dealer")


def _canonical(
    evenings: Sequence[EveningRecord],
) -> tuple[list[EveningRecord], list[ImportProblem]]:
    """The evenings with every name as stored: an existing player's name when the keys match
    (case and spacing aside), else the first spelling in the file; names that break the name
    rule are problems."""
    known = {key: p.name for key, p in players_by_key().items()}
    spelled: dict[str, str] = {}
    problems: list[ImportProblem] = []

    def canonical(raw: str | None, line: int | None, field: str) -> str | None:
        if not isinstance(raw, str) or not raw.strip():
            return raw  # a missing name is scoring's problem
        if raw not in spelled:
            try:
                name = clean_name(raw)
            except BadName as error:
                problems.append(ImportProblem(line, field, str(error)))
                return raw
            spelled[raw] = known.setdefault(name_key(name), name)
        return spelled[raw]

    result = []
    for evening in evenings:
        games = []
        for record in evening.games:
            names = (*record.team_a, *record.team_b, record.declarer, record.dealer)
            new = [canonical(n, record.line, f) for n, f in zip(names, _NAME_FIELDS, strict=True)]
            if new != list(names):
                record = dataclasses.replace(
                    record,
                    # Only the dealer may be missing; the four and the declarer are names.
                    team_a=(cast(str, new[0]), cast(str, new[1])),
                    team_b=(cast(str, new[2]), cast(str, new[3])),
                    declarer=cast(str, new[4]),
                    dealer=new[5],
                )
            games.append(record)
        result.append(dataclasses.replace(evening, games=games))
    return result, problems


def check_evenings(evenings: Sequence[EveningRecord], *, replace: bool) -> list[ImportProblem]:
    """Every problem of a league file, before anything is written."""
    return _checked(evenings, replace=replace)[1]


def _checked(
    evenings: Sequence[EveningRecord], *, replace: bool
) -> tuple[list[EveningRecord], list[ImportProblem]]:
    evenings, problems = _canonical(evenings)
    seen_dates: set[datetime.date] = set()
    for evening in evenings:
        seen_dates.add(evening.date)
        wrong_date = date_problem(evening.date)
        if wrong_date:
            line = evening.games[0].line if evening.games else None
            problems.append(ImportProblem(line, "date", wrong_date))
        for record in evening.games:
            problems.extend(
                ImportProblem(record.line, p.field, p.text) for p in validate(record.sheet())
            )
    if not replace and seen_dates:
        taken = set(Evening.objects.filter(date__in=seen_dates).values_list("date", flat=True))
        for evening in evenings:
            if evening.date in taken:
                line = evening.games[0].line if evening.games else None
                problems.append(
                    ImportProblem(
                        line,
                        "date",
                        f"Für den {evening.date.isoformat()} sind schon Spiele gespeichert "
                        "(mit --replace ersetzen).",
                    )
                )
    return evenings, sorted(problems, key=lambda p: p.line or 0)


def store_evenings(evenings: Sequence[EveningRecord], *, replace: bool = False) -> StoreSummary:
    """Store whole evenings at once, all or nothing, through the same rules as single games."""
    summary = StoreSummary()
    evenings, summary.problems = _checked(evenings, replace=replace)
    if summary.problems:
        return summary
    with writing():
        dates = [e.date for e in evenings]
        if replace:
            old = Evening.objects.filter(date__in=dates)
            summary.replaced_evenings = old.count()
            for evening in old:
                evening.delete()
        players = _players_by_name(evenings, summary)
        teams: dict[frozenset[int], Team] = {
            frozenset((t.player_1_id, t.player_2_id)): t for t in Team.objects.all()
        }
        stored = [Evening(date=e.date, place=e.place) for e in evenings]
        insert_with_history(stored)
        by_date = {e.date: e for e in stored}
        for_matches: list[tuple[Match, list[GameRecord]]] = []
        for evening_record in evenings:
            for position, records in enumerate(_split_matches(evening_record.games), 1):
                first = records[0]
                match = Match(
                    evening=by_date[evening_record.date],
                    position=position,
                    team_a=_team(teams, players, first.team_a),
                    team_b=_team(teams, players, first.team_b),
                )
                for_matches.append((match, records))
        insert_with_history([m for m, _records in for_matches])
        _store_games(for_matches, players)
        summary.evenings = len(evenings)
        summary.matches = len(for_matches)
        summary.games = sum(len(r) for _m, r in for_matches)
        refresh_year_totals({d.year for d in dates})
        summaries.follow(since=min(dates) if dates else None)
    refresh_planner_statistics()
    return summary


def _players_by_name(evenings: Sequence[EveningRecord], summary: StoreSummary) -> dict[str, Player]:
    names = {n for e in evenings for r in e.games for n in (*r.team_a, *r.team_b)}
    players = {p.name: p for p in Player.objects.filter(name__in=names)}
    for name in sorted(names - players.keys()):
        players[name] = Player.objects.create(name=name)
        summary.new_players.append(name)
    return players


def _team(
    teams: dict[frozenset[int], Team], players: dict[str, Player], pair: tuple[str, str]
) -> Team:
    first, second = players[pair[0]], players[pair[1]]
    key = frozenset((first.pk, second.pk))
    if key not in teams:
        teams[key] = Team.objects.for_players(first, second)
    return teams[key]


def _store_games(
    for_matches: list[tuple[Match, list[GameRecord]]], players: dict[str, Player]
) -> None:
    games: list[Game] = []
    melds: list[Meld] = []
    participations: list[tuple[object, ...]] = []
    for match, records in for_matches:
        sheets = [r.sheet() for r in records]
        # store_evenings has validated every record (`_checked`).
        outcomes = [result(sheet, validated=True) for sheet in sheets]
        steps, tally = derive_steps(outcomes)
        match_games, match_melds = [], []
        for position, (record, sheet, outcome, step) in enumerate(
            zip(records, sheets, outcomes, steps, strict=True), 1
        ):
            # By key: the match and players are stored, and a key is cheaper to set than a relation.
            game = Game(
                match_id=match.pk,
                position=position,
                declarer_id=players[record.declarer].pk,
                dealer_id=players[record.dealer].pk if record.dealer else None,
                trump=record.trump,
                bid=record.bid,
                kontra=record.kontra,
                re=record.re,
                points_a=cast(int, record.points_a),  # checked by scoring above
                points_b=cast(int, record.points_b),
                playing_side=outcome.playing_side.value,
                winner_side=outcome.winner.value,
                small_a=outcome.small_a,
                small_b=outcome.small_b,
            )
            apply_step(game, step)
            match_games.append(game)
            match_melds.append(meld_rows(game, sheet))
        apply_tally(match, tally)
        participations.extend(participations_of(match, tally, match_games, match_melds))
        games.extend(match_games)
        melds.extend(row for rows in match_melds for row in rows)
    insert_with_history(games)
    insert_with_history(melds)
    update_rows(Match, MATCH_TALLY_FIELDS, [(*tally_values(m), m.pk) for m, _r in for_matches])
    insert_rows(Participation, PARTICIPATION_COLUMNS, participations)


# Matches derived together by recompute_all: a few queries per batch instead of several per match.
_BATCH = 500


def recompute_all() -> int:
    """Recompute every match from its games' inputs (idempotent). Returns the match count."""
    count = 0
    matches = Match.objects.select_related("team_a", "team_b", "evening")
    with writing():
        batch: list[Match] = []
        for match in matches.order_by("evening__date", "position").iterator(chunk_size=_BATCH):
            batch.append(match)
            if len(batch) == _BATCH:
                rederive(batch, validated=True)
                count, batch = count + len(batch), []
        rederive(batch, validated=True)
        count += len(batch)
        refresh_year_totals()
        # All of them, not from the first evening on: a stray row dated before it goes too.
        summaries.follow(since=None)
    refresh_planner_statistics()
    return count


@dataclass(frozen=True)
class DemoSummary:
    years: tuple[int, int]
    evenings: int
    games: int
    players: int


def seed_league(
    *,
    seed: int = 1998,
    years: tuple[int, int] = (demo.FIRST_YEAR, demo.LAST_YEAR),
    progress: Callable[[int, StoreSummary], None] | None = None,
    replace: bool = False,
) -> DemoSummary:
    """Play and store the demo league, all years in one change (`writing`).

    Every evening is played and its date checked before anything is written: a refused league
    (a year outside the calendar's reach, or a league already there without `replace`) raises
    LeagueRefused and changes nothing. With `replace` the league there is emptied first.
    """
    rng = random.Random(seed)
    circle = demo.Circle(rng)
    played = {
        year: list(demo.play_year(rng, circle, year)) for year in range(years[0], years[1] + 1)
    }
    refused: dict[str, list[datetime.date]] = {}
    for year_evenings in played.values():
        for evening in year_evenings:
            if problem := date_problem(evening.date):
                refused.setdefault(problem, []).append(evening.date)
    if refused:
        raise LeagueRefused(
            [
                f"{problem} ({len(dates)} evenings, {dates[0]:%d.%m.%Y} to {dates[-1]:%d.%m.%Y})"
                for problem, dates in refused.items()
            ]
        )
    evenings = games = 0
    with writing():
        if not league_is_empty():
            if not replace:
                raise LeagueRefused(["The league already has games; use --replace to start over."])
            clear_league()
        for year, year_evenings in played.items():
            summary = store_evenings(year_evenings)
            if summary.problems:  # the engine only plays legal games; this would be a bug
                raise RuntimeError(f"demo league {year}: {summary.problems[:3]}")
            evenings += summary.evenings
            games += summary.games
            if progress:
                progress(year, summary)
    return DemoSummary(years, evenings, games, len(demo.CIRCLE))
