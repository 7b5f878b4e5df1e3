"""Spieler-Info's partners and opponents: a player's figures with each of his teams and against
each opposing team, read by grouped aggregates (`sides`), and what the pages make of them:
his partners, the players he met (on his page) and the opposing teams (on a page of their own).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Sum, Value

from klammernliga.models import Participation, Player, Team
from scoring.figures import FIGURES
from scoring.standings import Totals, team_name
from stats.figures import add
from stats.selectors.games import PlayerName


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


@dataclass(frozen=True, slots=True)
class Side:
    """A team, its two players, and the player's evenings and figures (by name,
    scoring.figures.FIGURES) with it or against it."""

    team: int
    first: PlayerName
    second: PlayerName
    evenings: int
    figures: dict[str, int]

    def totals(self, key: object, name: str) -> Totals:
        return Totals(key, name, self.evenings, (), **self.figures)


@dataclass(frozen=True, slots=True)
class Sides:
    """His teams (`own`) and the teams he played against (`opposing`), with his figures."""

    own: list[Side]
    opposing: list[Side]


def _grouped(player: Player, by: str, evenings: bool) -> list[dict[str, Any]]:
    """His figures summed over his Participation rows, grouped by `by` (his team or the opposing
    team). The evenings are counted only with `evenings` (else 0): counting distinct evenings per
    team takes a sort of its own, and only the page of the opposing teams shows them."""
    counted = Count("evening", distinct=True) if evenings else Value(0)
    return list(
        Participation.objects.filter(player=player)
        .values(by)
        .annotate(evening_count=counted, **{name: Sum(name) for name in FIGURES})
        .order_by()
    )


_TEAM_PLAYERS = (
    "player_1_id", "player_1__name", "player_1__slug", "player_2_id", "player_2__name",
    "player_2__slug",
)  # fmt: skip


def sides(player: Player, *, own: bool = True, evenings: bool = False) -> Sides:
    """His figures with each of his teams (with `own`) and against each opposing team (their
    evenings counted with `evenings`), and those teams with their players' names: two or three
    queries (each side's grouped sums, then the teams they name)."""
    groups = {"opponent": _grouped(player, "opponent", evenings)}
    if own:
        groups["team"] = _grouped(player, "team", True)
    team_ids = {row[by] for by, rows in groups.items() for row in rows}
    # Plain values: a player of a long history met hundreds of teams, each no model to build.
    names = Team.objects.filter(pk__in=team_ids).values_list("pk", *_TEAM_PLAYERS)
    teams = {pk: (PlayerName(*rest[:3]), PlayerName(*rest[3:])) for pk, *rest in names}

    def side(team_id: int, row: dict[str, Any]) -> Side:
        first, second = teams[team_id]
        figures = {name: row[name] or 0 for name in FIGURES}
        return Side(team_id, first, second, row["evening_count"] or 0, figures)

    return Sides(
        own=[side(row["team"], row) for row in groups.get("team", [])],
        opposing=[side(row["opponent"], row) for row in groups["opponent"]],
    )


def partners(player: Player, own: list[Side]) -> list[Partner]:
    """His partners, the most games first."""
    result = []
    for row in own:
        team = _team_ref(row.team, row.first, row.second)
        partner = team.players[1] if team.players[0].slug == player.slug else team.players[0]
        result.append(Partner(partner, team, row.totals(row.team, partner.name)))
    return sorted(result, key=lambda p: (-p.figures.games, p.partner.name.casefold()))


def opponents(opposing: list[Side]) -> list[Opponent]:
    """The players he met, the best balance first: each match has one opposing team, so his
    figures against its two players add up exactly from his figures against the teams; not the
    evenings (0 here), which would count an evening once for each team of the player he met."""
    by_person: dict[PlayerName, list[Totals]] = {}
    for row in opposing:
        figures = row.totals(row.team, "")
        by_person.setdefault(row.first, []).append(figures)
        by_person.setdefault(row.second, []).append(figures)
    people = [
        Opponent(person.name, add(rows, person.slug, person.name), person=person)
        for person, rows in by_person.items()
    ]
    return sorted(people, key=_by_balance)


def opposing_teams(opposing: list[Side]) -> list[Opponent]:
    """The teams he played against, the best balance first (from Lieblingsgegner to Angstgegner)."""
    teams = []
    for row in opposing:
        team = _team_ref(row.team, row.first, row.second)
        teams.append(Opponent(team.name, row.totals(row.team, team.name), team=team))
    return sorted(teams, key=_by_balance)
