"""Spieler-Info's partners and opponents: a player's figures with each of his teams and against
each opposing team, read in one grouped statement (`sides`), and what the pages make of them:
his partners, the players he met (on his page) and the opposing teams (on a page of their own).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.db import connection

from klammernliga.models import Participation, Player, Team
from klammernliga.sql import columns, table
from scoring.standings import Totals, team_name
from stats.figures import SUMS
from stats.selectors_games import PlayerName


@dataclass(frozen=True, slots=True)
class TeamRef:
    pk: int
    name: str
    players: tuple[PlayerName, PlayerName]


@dataclass(frozen=True, slots=True)
class Partner:
    partner: PlayerName
    team: TeamRef
    figures: Totals


@dataclass(frozen=True, slots=True)
class Opponent:
    """An opposing team or player, with the figures of the player's side against it."""

    name: str
    figures: Totals
    team: TeamRef | None = None
    person: PlayerName | None = None


def _balance_key(figures: Totals) -> tuple[float, int, int]:
    """Best first: share of rounds won, then the round balance, then more rounds."""
    won, lost = figures.rounds_won, figures.rounds_lost
    rounds = won + lost
    # Totals.round_share, -1 without a round (a long league sorts hundreds of teams).
    share = won / rounds if rounds else -1.0
    return (-share, lost - won, -rounds)


def _by_balance(opponent: Opponent) -> tuple[float, int, int, str]:
    return (*_balance_key(opponent.figures), opponent.name.casefold())


def _team_ref(pk: int, first: PlayerName, second: PlayerName) -> TeamRef:
    if (second.name.casefold(), second.name) < (first.name.casefold(), first.name):
        first, second = second, first
    return TeamRef(pk, team_name(first.name, second.name), (first, second))


# A row of `_sides_sql` after its kind: the team's id, its players' ids, names and slugs, and the
# figures (evenings, games, games_won, …) in the order of Totals' fields after the name.
type Side = list[Any]


def _players_of(side: Side) -> tuple[int, PlayerName, PlayerName, tuple[Any, ...]]:
    """A row's team id, its two players and the figures."""
    return side[0], PlayerName(*side[1:4]), PlayerName(*side[4:7]), tuple(side[7:])


@dataclass(frozen=True, slots=True)
class Sides:
    """His teams (`own`) and the teams he played against (`opposing`), with his figures."""

    own: list[Side]
    opposing: list[Side]


@functools.cache
def _sides_sql(own: bool, evenings: bool) -> str:
    """The player's figures grouped by his team (kind 0, with `own`) and by the opposing team
    (kind 1), each team with its players' names and slugs: aggregates over his Participation rows
    (read from the index that covers them) in one statement, joined to the few teams they name.

    The evenings against each opposing team are counted only with `evenings` (else 0): counting
    distinct evenings per team takes a sort of its own, and only the page of the teams shows them.
    """
    fields = ("player", "team", "opponent", "evening", *SUMS)
    column = dict(zip(fields, columns(Participation, *fields), strict=True))

    def grouped(kind: int, by: str, evenings: bool) -> str:
        counted = f"COUNT(DISTINCT {column['evening']})" if evenings else "0"
        sums = ", ".join(
            f"{total} AS n{i}"
            for i, total in enumerate([counted, *(f"SUM({column[f]})" for f in SUMS)])
        )
        return (
            f"SELECT {kind} AS kind, {by} AS team_id, {sums} FROM {table(Participation)} "
            f"WHERE {column['player']} = %s GROUP BY {by}"
        )

    # The opponents grouped by `+column`, an expression: SQLite reads his rows from the covering
    # index and sorts them, not every row in the order of the opponent's index.
    sides = grouped(1, "+" + column["opponent"], evenings)
    if own:
        sides = f"{grouped(0, column['team'], True)} UNION ALL {sides}"
    figures = ", ".join(f"s.n{i}" for i in range(len(SUMS) + 1))
    name, slug, player_pk = columns(Player, "name", "slug", "id")
    team_pk, player_1, player_2 = columns(Team, "id", "player_1", "player_2")
    return (
        f"SELECT s.kind, s.team_id, p1.{player_pk}, p1.{name}, p1.{slug}, "
        f"p2.{player_pk}, p2.{name}, p2.{slug}, {figures} "
        f"FROM ({sides}) s "
        f"JOIN {table(Team)} t ON t.{team_pk} = s.team_id "
        f"JOIN {table(Player)} p1 ON p1.{player_pk} = t.{player_1} "
        f"JOIN {table(Player)} p2 ON p2.{player_pk} = t.{player_2}"
    )


def sides(player: Player, *, own: bool = True, evenings: bool = False) -> Sides:
    """His figures with each of his teams (with `own`) and against each opposing team (their
    evenings counted with `evenings`), and those teams.

    One query in SQL (portable: COUNT DISTINCT, SUM, UNION ALL, JOIN), grouped before the join
    to the few teams. On the 1,000,000-game bench league it took about half the time of the
    ORM's two grouped `values().annotate()` queries and one `values_list` of the teams' names
    (13.6 against 23.2 ms at best); hand-written SQL stays only where it gains that much.
    """
    result = Sides([], [])
    with connection.cursor() as cursor:
        # Hand-written, measured at 1,000,000 games: 14 ms against 23 ms for the ORM (see above).
        cursor.execute(_sides_sql(own, evenings), [player.pk] * (2 if own else 1))
        for kind, *row in cursor.fetchall():
            (result.opposing if kind else result.own).append(row)
    return result


def partners(player: Player, own: list[Side]) -> list[Partner]:
    """His partners, the most games first."""
    result = []
    for row in own:
        pk, first, second, figures = _players_of(row)
        team = _team_ref(pk, first, second)
        partner = team.players[1] if team.players[0].slug == player.slug else team.players[0]
        result.append(Partner(partner, team, Totals(pk, partner.name, *figures)))
    return sorted(result, key=lambda p: (-p.figures.games, p.partner.name.casefold()))


def opponents(opposing: list[Side]) -> list[Opponent]:
    """The players he met, the best balance first: each match has one opposing team, so his
    figures against its two players add up exactly from his figures against the teams; not the
    evenings (0 here), which would count an evening once for each team of the player he met."""
    by_person: dict[PlayerName, list[tuple[int, ...]]] = {}
    for row in opposing:
        _pk, first, second, figures = _players_of(row)
        by_person.setdefault(first, []).append(figures)
        by_person.setdefault(second, []).append(figures)
    people = [
        Opponent(
            person.name,
            Totals(person.slug, person.name, *(sum(column) for column in zip(*rows, strict=True))),
            person=person,
        )
        for person, rows in by_person.items()
    ]
    return sorted(people, key=_by_balance)


def opposing_teams(opposing: list[Side]) -> list[Opponent]:
    """The teams he played against, the best balance first (from Lieblingsgegner to Angstgegner)."""
    teams = []
    for row in opposing:
        pk, first, second, figures = _players_of(row)
        team = _team_ref(pk, first, second)
        teams.append(Opponent(team.name, Totals(pk, team.name, *figures), team=team))
    return sorted(teams, key=_by_balance)
