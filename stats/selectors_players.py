"""Queries of Spieler-Info: the player list and one player's figures, a fixed number of queries."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from django.db.models import Count, F, Max, Min, Sum

from klammernliga.models import Participation, Player, Team
from scoring.domain import MELD_LABELS, Bid, MeldKind, Suit
from scoring.standings import Totals, team_name
from stats.display import share
from stats.figures import SUMS, add, totals
from stats.models import PlayerEvening
from stats.player_evenings import FIGURES


@dataclass(frozen=True, slots=True)
class PlayerRow:
    player: Player
    figures: Totals
    first: datetime.date | None
    last: datetime.date | None

    @property
    def game_share(self) -> float | None:
        return share(self.figures.games_won, self.figures.games)


def player_list() -> list[PlayerRow]:
    """Every player who has played, with his all-time figures, by name; one query over the
    stored evenings."""
    rows = (
        PlayerEvening.objects.values("player_id", "player__name", "player__slug")
        .annotate(
            evenings_count=Count("id"),
            **{f"{name}_sum": Sum(name) for name in SUMS},
            first=Min("date"),
            last=Max("date"),
        )
        .order_by("player__name")
    )
    result = []
    for row in rows:
        player = Player(pk=row["player_id"], name=row["player__name"], slug=row["player__slug"])
        figures = totals(row, player.slug, player.name, (player.name,))
        result.append(PlayerRow(player, figures, row["first"], row["last"]))
    return result


@dataclass(frozen=True, slots=True)
class PersonRef:
    """A player as a link: name and slug."""

    name: str
    slug: str


@dataclass(frozen=True, slots=True)
class TeamRef:
    pk: int
    name: str
    players: tuple[PersonRef, PersonRef]


@dataclass(frozen=True, slots=True)
class Partner:
    partner: PersonRef
    team: TeamRef
    figures: Totals


@dataclass(frozen=True, slots=True)
class Opponent:
    """An opposing team or player, with the figures of the player's side against it."""

    name: str
    figures: Totals
    team: TeamRef | None = None
    person: PersonRef | None = None


@dataclass(frozen=True, slots=True)
class DeclarerRow:
    key: str
    games: int
    won: int

    @property
    def share(self) -> float | None:
        return self.won / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class CallRow:
    """Kontra or Re, said by the player's team or against it, and how it ended for the player."""

    key: str
    games: int
    won: int
    small_net: int

    @property
    def share(self) -> float | None:
        return self.won / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class MeldRow:
    kind: str
    label: str
    own: int
    against: int


@dataclass(frozen=True, slots=True)
class Run:
    length: int
    start: datetime.date | None
    end: datetime.date | None


@dataclass(frozen=True, slots=True)
class BestEvening:
    date: datetime.date
    large_points: int
    small_points: int
    small_points_against: int
    rounds_won: int
    rounds_lost: int
    games: int


@dataclass(frozen=True, slots=True)
class PlayerProfile:
    player: Player
    total: Totals
    years: list[Totals]
    partners: list[Partner]
    opponent_teams: list[Opponent]
    opponents: list[Opponent]
    by_trump: list[DeclarerRow]
    by_bid: list[DeclarerRow]
    declared: DeclarerRow
    calls: list[CallRow]
    melds: list[MeldRow]
    longest_run: Run
    best_evening: BestEvening | None

    def _rated_opponents(self) -> list[Opponent]:
        """Opponents with completed rounds, when they differ at all in the share won."""
        rated = [o for o in self.opponents if o.figures.rounds]
        if len({o.figures.round_share for o in rated}) < 2:
            return []
        return rated

    @property
    def best_opponent(self) -> Opponent | None:
        """The Lieblingsgegner: the largest share of rounds won against him."""
        rated = self._rated_opponents()
        return rated[0] if rated else None

    @property
    def worst_opponent(self) -> Opponent | None:
        """The Angstgegner: the smallest share of rounds won against him."""
        rated = self._rated_opponents()
        return rated[-1] if rated else None


def _person(name: str, slug: str) -> PersonRef:
    return PersonRef(name, slug)


def _balance_key(figures: Totals) -> tuple[float, int, int]:
    """Best first: share of rounds won, then the round balance, then more rounds."""
    share = figures.round_share if figures.round_share is not None else -1.0
    return (-share, -(figures.rounds_won - figures.rounds_lost), -figures.rounds)


def longest_run(rounds: Iterable[tuple[datetime.date, bool]]) -> Run:
    """The longest unbroken run of won rounds in a sequence of (date, won) in playing order."""
    best = Run(0, None, None)
    length, start = 0, None
    for date, won in rounds:
        if not won:
            length, start = 0, None
            continue
        length, start = length + 1, start or date
        if length > best.length:
            best = Run(length, start, date)
    return best


def _team_refs(team_ids: Iterable[int]) -> dict[int, TeamRef]:
    """The teams with their players' names and slugs; one query."""
    rows = Team.objects.filter(pk__in=list(team_ids)).values(
        "pk", *(f"player_{n}__{f}" for n in (1, 2) for f in ("name", "slug"))
    )
    refs = {}
    for row in rows:
        first = _person(row["player_1__name"], row["player_1__slug"])
        second = _person(row["player_2__name"], row["player_2__slug"])
        ordered = tuple(sorted((first, second), key=lambda p: (p.name.casefold(), p.name)))
        refs[row["pk"]] = TeamRef(row["pk"], team_name(first.name, second.name), ordered)  # type: ignore[arg-type]
    return refs


def _sides(player: Player) -> tuple[dict[int, Totals], dict[int, Totals]]:
    """The player's figures with each of his teams and against each opposing team: one pass
    over his Participation rows (a few thousand even in a long league)."""
    rows = Participation.objects.filter(player=player).values_list(
        "team_id", "opponent_id", "evening_id", *SUMS
    )
    teams: dict[int, list[int]] = {}
    opponents: dict[int, list[int]] = {}
    evenings: dict[tuple[str, int], set[int]] = defaultdict(set)
    for team, opponent, evening, *figures in rows.iterator(chunk_size=2000):
        for kind, key, bucket in (("t", team, teams), ("o", opponent, opponents)):
            sums = bucket.get(key)
            if sums is None:
                bucket[key] = list(figures)
            else:
                for i, value in enumerate(figures):
                    sums[i] += value
            evenings[(kind, key)].add(evening)

    def figures(kind: str, bucket: dict[int, list[int]]) -> dict[int, Totals]:
        return {
            key: Totals(
                key=key,
                name="",
                evenings=len(evenings[(kind, key)]),
                **dict(zip(SUMS, sums, strict=True)),  # type: ignore[arg-type]
            )
            for key, sums in bucket.items()
        }

    return figures("t", teams), figures("o", opponents)


def _partners(player: Player, teams: dict[int, Totals], refs: dict[int, TeamRef]) -> list[Partner]:
    partners = []
    for pk, figures in teams.items():
        team = refs[pk]
        partner = next(p for p in team.players if p.slug != player.slug)
        partners.append(Partner(partner, team, replace(figures, name=partner.name)))
    return sorted(partners, key=lambda p: (-p.figures.games, p.partner.name.casefold()))


def _opponents(
    opponents: dict[int, Totals], refs: dict[int, TeamRef]
) -> tuple[list[Opponent], list[Opponent]]:
    teams = []
    by_person: dict[PersonRef, list[Totals]] = defaultdict(list)
    for pk, figures in opponents.items():
        team = refs[pk]
        figures = replace(figures, name=team.name)
        teams.append(Opponent(team.name, figures, team=team))
        for person in team.players:
            by_person[person].append(figures)
    # Each match has one opposing team, so a player's figures against a person add up exactly.
    people = [
        Opponent(person.name, add(items, person.slug, person.name), person=person)
        for person, items in by_person.items()
    ]
    order = lambda o: (*_balance_key(o.figures), o.name.casefold())  # noqa: E731
    return sorted(teams, key=order), sorted(people, key=order)


def _evening_sums(player: Player) -> list[dict[str, Any]]:
    """The player's stored evenings summed per year, in the order of years; one query."""
    return list(
        PlayerEvening.objects.filter(player=player)
        .values("year")
        .annotate(evenings_count=Count("id"), **{name: Sum(name) for name in FIGURES})
        .order_by("year")
    )


def _years(rows: list[dict[str, Any]]) -> list[Totals]:
    return [
        totals({**row, **{f"{n}_sum": row[n] for n in SUMS}}, row["year"], str(row["year"]))
        for row in rows
    ]


def _declarer(total: dict[str, int]) -> tuple[list[DeclarerRow], list[DeclarerRow], DeclarerRow]:
    def row(key: str) -> DeclarerRow:
        return DeclarerRow(key, total[f"declared_{key}"], total[f"declared_{key}_won"])

    by_trump = [row(s.value) for s in Suit if total[f"declared_{s.value}"]]
    by_bid = [row(b.value) for b in Bid if total[f"declared_{b.value}"]]
    declared = DeclarerRow("all", sum(r.games for r in by_trump), sum(r.won for r in by_trump))
    return by_trump, by_bid, declared


CALLS = ("kontra_said", "kontra_against", "re_said", "re_against")


def _calls(total: dict[str, int]) -> list[CallRow]:
    """Kontra is said by the defenders, Re by the playing team (RULES.md "Kontra and Re")."""
    return [
        CallRow(key, total[f"{key}_games"], total[f"{key}_won"], total[f"{key}_net"])
        for key in CALLS
    ]


def _melds(total: dict[str, int]) -> list[MeldRow]:
    return [
        MeldRow(
            kind.value,
            MELD_LABELS[kind],
            total[f"{kind.value}_own"],
            total[f"{kind.value}_against"],
        )
        for kind in MeldKind
    ]


def _longest_run(player: Player) -> Run:
    """Put together from each evening's runs at its start, at its end and in between."""
    rows = (
        PlayerEvening.objects.filter(player=player)
        .exclude(rounds_won=0, rounds_lost=0)
        .order_by("date")
        .values_list("date", "rounds_lost", "run_start", "run_end", "run_best")
    )
    best = Run(0, None, None)
    length, start = 0, None
    for date, lost, run_start, run_end, run_best in rows:
        # The run so far goes on with the evening's first won rounds (all of them, if none lost).
        if run_start:
            length, start = length + run_start, start or date
            if length > best.length:
                best = Run(length, start, date)
        if not lost:
            continue
        if run_best > best.length:
            best = Run(run_best, date, date)
        length, start = run_end, (date if run_end else None)
    return best


BEST_EVENING = (
    "date",
    "large_points",
    "small_points",
    "small_points_against",
    "rounds_won",
    "rounds_lost",
    "games",
)


def _best_evening(player: Player) -> BestEvening | None:
    row = (
        PlayerEvening.objects.filter(player=player, games__gt=0)
        .annotate(difference=F("small_points") - F("small_points_against"))
        .order_by("-large_points", "-difference", "date")
        .values_list(*BEST_EVENING)
        .first()
    )
    return BestEvening(*row) if row else None


def player_profile(player: Player) -> PlayerProfile:
    """Everything Spieler-Info shows about one player: six queries, however many games."""
    evening_sums = _evening_sums(player)
    total = {name: sum(row[name] or 0 for row in evening_sums) for name in FIGURES}
    years = _years(evening_sums)
    teams, opposing = _sides(player)
    refs = _team_refs([*teams, *opposing])
    opponent_teams, opponents = _opponents(opposing, refs)
    by_trump, by_bid, declared = _declarer(total)
    return PlayerProfile(
        player=player,
        total=add(years, player.slug, player.name),
        years=years,
        partners=_partners(player, teams, refs),
        opponent_teams=opponent_teams,
        opponents=opponents,
        by_trump=by_trump,
        by_bid=by_bid,
        declared=declared,
        calls=_calls(total),
        melds=_melds(total),
        longest_run=_longest_run(player),
        best_evening=_best_evening(player),
    )
