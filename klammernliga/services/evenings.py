"""The entry flow of evenings and matches: open an evening, start or go on with a match (which
match a new game belongs to), and change or delete evenings and matches with their results."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.db.models import Max

from klammernliga.derive import summaries
from klammernliga.derive.matches import recompute_match
from klammernliga.derive.years import refresh_year_totals
from klammernliga.models import Evening, Game, Match, Player, Team
from klammernliga.services.writing import writing
from klammernliga.validation import BadName, clean_name, date_problem, name_key
from scoring.matches import goes_on, pairing
from scoring.rules import GameSheet, InvalidGame, Problem, validate


def open_evening(*, date: datetime.date, place: str = "") -> tuple[Evening, bool]:
    """The evening of a date, created when new (one evening a date); a given place is kept.

    Opening an evening as it is writes nothing; creating it or changing its place is a change of
    the league (`writing`), so cached pages show the new place at once."""
    evening = Evening.objects.filter(date=date).first()
    if evening is not None and (not place or place == evening.place):
        return evening, False
    with writing():
        evening, created = Evening.objects.select_for_update().get_or_create(
            date=date, defaults={"place": place}
        )
        if not created and place and place != evening.place:
            evening.place = place
            evening.save(update_fields=["place"])
    return evening, created


def players_by_key() -> dict[str, Player]:
    return {name_key(p.name): p for p in Player.objects.only("pk", "name", "slug")}


def _resolve_player(ref: Player | str, known: dict[str, Player]) -> Player | str:
    """A player, or a new player's name as stored (validation.clean_name, which raises BadName);
    a name that is taken (in any case or spacing) means that player."""
    if isinstance(ref, Player):
        return ref
    if not ref.strip():
        return ""
    name = clean_name(ref)
    return known.get(name_key(name)) or name


def team_problems(team_a: tuple[Player | str, Player | str],
                  team_b: tuple[Player | str, Player | str]) -> list[Problem]:  # fmt: skip
    """The name rule for new names, then scoring's rule for the four players, asked with a
    placeholder game of these four (two spellings of one new name are one player)."""
    known = players_by_key()
    names: list[str] = []
    problems = []
    for ref in (*team_a, *team_b):
        if ref == "":  # a seat not chosen yet: the others are still checked
            names.append("")
            continue
        try:
            resolved = _resolve_player(ref, known)
        except BadName as error:
            problems.append(Problem("players", str(error)))
            continue
        name = resolved.name if isinstance(resolved, Player) else resolved
        first = next((n for n in names if n and name_key(n) == name_key(name)), name)
        names.append(first)
    if problems:
        return problems
    sheet = GameSheet(
        team_a=(names[0], names[1]),
        team_b=(names[2], names[3]),
        declarer=names[0],
        trump=None,
        bid=None,
        points_a=None,
        points_b=None,
    )
    return [p for p in validate(sheet) if p.field == "players"]


@writing()
def start_match(
    *,
    evening: Evening,
    team_a: tuple[Player | str, Player | str],
    team_b: tuple[Player | str, Player | str],
) -> Match:
    """Start the evening's next match of two teams; a name instead of a player is a new player."""
    problems = team_problems(team_a, team_b)
    if problems:
        raise InvalidGame(problems)
    players = []
    known = players_by_key()
    for ref in (*team_a, *team_b):
        resolved = _resolve_player(ref, known)
        players.append(
            resolved if isinstance(resolved, Player) else Player.objects.create(name=resolved)
        )
    position = (evening.matches.aggregate(last=Max("position"))["last"] or 0) + 1
    return Match.objects.create(
        evening=evening,
        position=position,
        team_a=Team.objects.for_players(players[0], players[1]),
        team_b=Team.objects.for_players(players[2], players[3]),
    )


# --- several tables at once: which match a game or a new match belongs to ---------------------


def _last_matches(evening: Evening) -> tuple[dict[int, int], dict[int, frozenset[frozenset[int]]]]:
    """Per player, the match of the evening he played in last (games in the order entered),
    and the teams of every match with games."""
    rows = (
        Game.objects.filter(match__evening=evening)
        .order_by("pk")
        .values_list(
            "match_id",
            "match__team_a__player_1_id",
            "match__team_a__player_2_id",
            "match__team_b__player_1_id",
            "match__team_b__player_2_id",
        )
    )
    last: dict[int, int] = {}
    pairings: dict[int, frozenset[frozenset[int]]] = {}
    for match_id, *players in rows:
        pairings[match_id] = pairing(players[:2], players[2:])
        last.update(dict.fromkeys(players, match_id))
    return last, pairings


def _players(match: Match) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = match.team_a, match.team_b
    return (a.player_1_id, a.player_2_id), (b.player_1_id, b.player_2_id)


def open_matches(loaded: Sequence[Match]) -> set[int]:
    """The matches of one evening that can take the next game (their games prefetched): a match
    without games, or one whose four players have not played in another match since."""
    last: dict[int, tuple[int, int]] = {}
    pairings: dict[int, frozenset[frozenset[int]]] = {}
    for match in loaded:
        team_a, team_b = _players(match)
        pairings[match.pk] = pairing(team_a, team_b)
        for game in match.games.all():
            for player in (*team_a, *team_b):
                if player not in last or last[player][0] < game.pk:
                    last[player] = (game.pk, match.pk)
    last_match = {player: match_id for player, (_pk, match_id) in last.items()}
    return {
        match.pk
        for match in loaded
        if not match.games.all()
        or goes_on(*_players(match), last_match=last_match, pairings=pairings) == match.pk
    }


def match_is_open(match: Match) -> bool:
    """Whether a match can take the next game (see `open_matches`), asked of the database."""
    last, pairings = _last_matches(match.evening)
    if match.pk not in pairings:
        return True
    return goes_on(*_players(match), last_match=last, pairings=pairings) == match.pk


@writing()
def begin_match(
    *,
    evening: Evening,
    team_a: tuple[Player | str, Player | str],
    team_b: tuple[Player | str, Player | str],
) -> tuple[Match, bool]:
    """The match of two teams on an evening: the earlier match of the same teams goes on when
    none of the four played elsewhere since (True), else a new match starts (False)."""
    problems = team_problems(team_a, team_b)
    if problems:
        raise InvalidGame(problems)
    known = players_by_key()
    refs = [_resolve_player(ref, known) for ref in (*team_a, *team_b)]
    if all(isinstance(ref, Player) for ref in refs):
        ids = [ref.pk for ref in refs]  # type: ignore[union-attr]  # all Players: all() above
        wanted = pairing(ids[:2], ids[2:])
        last, pairings = _last_matches(evening)
        going_on = goes_on(ids[:2], ids[2:], last_match=last, pairings=pairings)
        if going_on is None:
            # A match of these teams started without a game yet (a second tap) is taken up.
            going_on = next(
                (
                    m.pk
                    for m in evening.matches.select_related("team_a", "team_b").order_by(
                        "-position"
                    )
                    if m.pk not in pairings and pairing(*_players(m)) == wanted
                ),
                None,
            )
        if going_on is not None:
            return Match.objects.select_related(
                "team_a__player_1", "team_a__player_2", "team_b__player_1", "team_b__player_2"
            ).get(pk=going_on), True
    return start_match(evening=evening, team_a=team_a, team_b=team_b), False


@writing()
def recompute_evening(evening: Evening, *, since: datetime.date | None = None) -> None:
    """Recompute an evening's matches, e.g. after its date changed (participations carry it)."""
    for match in evening.matches.all():
        recompute_match(match, follow=False)
    refresh_year_totals({evening.date.year} | ({since.year} if since else set()))
    summaries.follow(since=min(d for d in (since, evening.date) if d))


@writing()
def save_evening(evening: Evening) -> None:
    """Store an evening's date, place and notes (the admin's door); when the date moved, the
    evening's results move along, as the participations carry the date."""
    problem = date_problem(evening.date)
    if problem:
        raise InvalidGame([Problem("date", problem)])
    before = Evening.objects.filter(pk=evening.pk).values_list("date", flat=True).first()
    evening.save()
    if before is not None and before != evening.date:
        recompute_evening(evening, since=before)


@writing()
def delete_match(match: Match) -> None:
    """Delete a match with all its games; the ratings follow."""
    date = match.evening.date
    match.delete()
    refresh_year_totals([date.year], match=match)
    summaries.follow(since=date)


@writing()
def delete_evening(evening: Evening) -> None:
    """Delete an evening with all its games; the ratings follow."""
    date = evening.date
    evening.delete()
    refresh_year_totals([date.year])
    summaries.follow(since=date)
