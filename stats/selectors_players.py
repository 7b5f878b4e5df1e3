"""Queries of Spieler-Info: the player list and one player's figures, a fixed number of queries."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Case, Count, F, IntegerField, Max, Min, Q, Sum, When
from django.db.models.functions import ExtractYear

from klammernliga.models import Game, Meld, Participation, Player
from scoring.domain import MELD_LABELS, Bid, MeldKind, Suit
from scoring.standings import Totals, team_name
from stats.display import share
from stats.figures import add, aggregates, totals
from stats.selectors_games import player_side, took_part


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
    """Every player with his all-time figures, by name; one query."""
    rows = Player.objects.annotate(
        **aggregates("participations__"),
        first=Min("participations__date"),
        last=Max("participations__date"),
    ).order_by("name")
    return [
        PlayerRow(
            player=p,
            figures=totals(p.__dict__, p.slug, p.name, (p.name,)),
            first=p.first,  # type: ignore[attr-defined]
            last=p.last,  # type: ignore[attr-defined]
        )
        for p in rows
    ]


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


def _team_ref(row: dict[str, object], prefix: str) -> TeamRef:
    first = _person(row[f"{prefix}__player_1__name"], row[f"{prefix}__player_1__slug"])  # type: ignore[arg-type]
    second = _person(row[f"{prefix}__player_2__name"], row[f"{prefix}__player_2__slug"])  # type: ignore[arg-type]
    ordered = tuple(sorted((first, second), key=lambda p: (p.name.casefold(), p.name)))
    return TeamRef(row[f"{prefix}_id"], team_name(first.name, second.name), ordered)  # type: ignore[arg-type]


def _team_fields(prefix: str) -> tuple[str, ...]:
    return (
        f"{prefix}_id",
        *(f"{prefix}__player_{n}__{f}" for n in (1, 2) for f in ("name", "slug")),
    )


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


def _years(player: Player) -> list[Totals]:
    rows = (
        Participation.objects.filter(player=player)
        .annotate(year=ExtractYear("date"))
        .values("year")
        .annotate(**aggregates())
        .order_by("year")
    )
    return [totals(row, row["year"], str(row["year"])) for row in rows]


def _partners(player: Player) -> list[Partner]:
    rows = (
        Participation.objects.filter(player=player)
        .values(*_team_fields("team"))
        .annotate(**aggregates())
        .order_by()
    )
    partners = []
    for row in rows:
        team = _team_ref(row, "team")
        partner = next(p for p in team.players if p.slug != player.slug)
        partners.append(Partner(partner, team, totals(row, team.pk, partner.name)))
    return sorted(partners, key=lambda p: (-p.figures.games, p.partner.name.casefold()))


def _opponents(player: Player) -> tuple[list[Opponent], list[Opponent]]:
    rows = (
        Participation.objects.filter(player=player)
        .values(*_team_fields("opponent"))
        .annotate(**aggregates())
        .order_by()
    )
    teams = []
    by_person: dict[PersonRef, list[Totals]] = defaultdict(list)
    for row in rows:
        team = _team_ref(row, "opponent")
        figures = totals(row, team.pk, team.name)
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


def _declarer(player: Player) -> tuple[list[DeclarerRow], list[DeclarerRow], DeclarerRow]:
    rows = (
        Game.objects.filter(declarer=player)
        .values("trump", "bid")
        .annotate(games=Count("id"), won=Count("id", filter=Q(winner_side=F("playing_side"))))
        .order_by()
    )
    trump: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    bid: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        for bucket, key in ((trump, row["trump"]), (bid, row["bid"])):
            bucket[key][0] += row["games"]
            bucket[key][1] += row["won"]
    by_trump = [DeclarerRow(s.value, *trump[s.value]) for s in Suit if s.value in trump]
    by_bid = [DeclarerRow(b.value, *bid[b.value]) for b in Bid if b.value in bid]
    total = DeclarerRow("all", sum(r.games for r in by_trump), sum(r.won for r in by_trump))
    return by_trump, by_bid, total


CALLS = (
    # key, flag, the player's team plays?
    ("kontra_said", "kontra", False),
    ("kontra_against", "kontra", True),
    ("re_said", "re", True),
    ("re_against", "re", False),
)


def _calls(player: Player) -> list[CallRow]:
    """Kontra is said by the defenders, Re by the playing team (RULES.md "Kontra and Re")."""
    mine = Case(
        When(me="a", then=F("small_a") - F("small_b")),
        default=F("small_b") - F("small_a"),
        output_field=IntegerField(),
    )
    won = Q(winner_side=F("me"))
    expressions: dict[str, object] = {}
    for key, flag, playing in CALLS:
        condition = Q(**{flag: True}) & (
            Q(playing_side=F("me")) if playing else ~Q(playing_side=F("me"))
        )
        expressions[f"{key}_games"] = Count("id", filter=condition)
        expressions[f"{key}_won"] = Count("id", filter=condition & won)
        expressions[f"{key}_net"] = Sum(mine, filter=condition)
    figures = (
        Game.objects.filter(took_part(player.pk)).annotate(me=player_side(player.pk))
    ).aggregate(**expressions)
    return [
        CallRow(
            key,
            figures[f"{key}_games"],
            figures[f"{key}_won"],
            figures[f"{key}_net"] or 0,
        )
        for key, _flag, _playing in CALLS
    ]


def _melds(player: Player) -> list[MeldRow]:
    rows = {
        row["kind"]: row
        for row in Meld.objects.filter(took_part(player.pk, "game__"))
        .annotate(me=player_side(player.pk, "game__"))
        .values("kind")
        .annotate(
            own=Count("id", filter=Q(side=F("me"))),
            against=Count("id", filter=~Q(side=F("me"))),
        )
        .order_by()
    }
    return [
        MeldRow(
            kind.value,
            MELD_LABELS[kind],
            rows.get(kind.value, {}).get("own", 0),
            rows.get(kind.value, {}).get("against", 0),
        )
        for kind in MeldKind
    ]


def _longest_run(player: Player) -> Run:
    rounds = (
        Game.objects.filter(took_part(player.pk), ends_round=True)
        .annotate(me=player_side(player.pk))
        .order_by("match__evening__date", "match__position", "position")
        .values_list("match__evening__date", "round_winner", "me")
    )
    return longest_run((date, winner == me) for date, winner, me in rounds)


def _best_evening(player: Player) -> BestEvening | None:
    row = (
        Participation.objects.filter(player=player)
        .values("date")
        .annotate(
            large=Sum("large_points"),
            small=Sum("small_points"),
            against=Sum("small_points_against"),
            won=Sum("rounds_won"),
            lost=Sum("rounds_lost"),
            played=Sum("games"),
        )
        .annotate(difference=F("small") - F("against"))
        .order_by("-large", "-difference", "date")
        .first()
    )
    if row is None:
        return None
    return BestEvening(
        row["date"],
        row["large"],
        row["small"],
        row["against"],
        row["won"],
        row["lost"],
        row["played"],
    )


def player_profile(player: Player) -> PlayerProfile:
    """Everything Spieler-Info shows about one player: nine queries, however many games."""
    years = _years(player)
    opponent_teams, opponents = _opponents(player)
    by_trump, by_bid, declared = _declarer(player)
    return PlayerProfile(
        player=player,
        total=add(years, player.slug, player.name),
        years=years,
        partners=_partners(player),
        opponent_teams=opponent_teams,
        opponents=opponents,
        by_trump=by_trump,
        by_bid=by_bid,
        declared=declared,
        calls=_calls(player),
        melds=_melds(player),
        longest_run=_longest_run(player),
        best_evening=_best_evening(player),
    )
