"""One recorded game: what must hold for it to be valid, and its result.

docs/rules.md "Recording a game" and "Result of one game".
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from fractions import Fraction
from itertools import pairwise
from typing import Any

from scoring.domain import (
    BASE_TOTAL,
    Bid,
    Meld,
    MeldKind,
    Rank,
    Side,
    Suit,
    _,
)

# A sequence of n cards needs its top card at index n-1 or higher in 7-8-9-10-B-D-K-A.
_MIN_TOP_INDEX = {MeldKind.TERZ: 2, MeldKind.FUENFZIG: 3}
# The fewest cards a sequence meld takes (a Fünfzig may be longer).
_CARDS = {MeldKind.TERZ: 3, MeldKind.FUENFZIG: 4}
HAND = 8  # cards in one player's hand
_DAME, _KOENIG = Rank.DAME.sequence_index, Rank.KOENIG.sequence_index


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a game: the field it concerns and a translatable message."""

    field: str
    message: str
    params: Mapping[str, Any] = dataclass_field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.message % self.params if self.params else self.message


class InvalidGame(ValueError):
    """Raised when a result is asked for a game that is not valid."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.text for p in problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class GameSheet:
    """A game as the scorekeeper writes it down. Players are any hashable identifiers."""

    team_a: tuple[Hashable, Hashable]
    team_b: tuple[Hashable, Hashable]
    declarer: Hashable
    trump: Suit | str | None
    bid: Bid | str | None
    points_a: object
    points_b: object
    melds_a: tuple[Meld, ...] = ()
    melds_b: tuple[Meld, ...] = ()
    kontra: bool = False
    re: bool = False
    dealer: Hashable | None = None

    @property
    def players(self) -> tuple[Hashable, ...]:
        return (*self.team_a, *self.team_b)

    def melds(self, side: Side) -> tuple[Meld, ...]:
        return self.melds_a if side is Side.A else self.melds_b

    def points(self, side: Side) -> object:
        return self.points_a if side is Side.A else self.points_b

    def side_of(self, player: Hashable) -> Side | None:
        if player in self.team_a:
            return Side.A
        if player in self.team_b:
            return Side.B
        return None


@dataclass(frozen=True, slots=True)
class GameResult:
    """What follows from a valid game."""

    playing_side: Side
    winner: Side
    small_a: int
    small_b: int
    total: int

    @property
    def beet(self) -> Fraction:
        return beet(self.total)

    @property
    def playing_side_won(self) -> bool:
        return self.winner is self.playing_side

    def small(self, side: Side) -> int:
        return self.small_a if side is Side.A else self.small_b


def meld_points(melds: Iterable[Meld]) -> int:
    return sum(meld.points for meld in melds)


def total_points(melds_a: Iterable[Meld], melds_b: Iterable[Meld]) -> int:
    """All points of one game: 164 plus every counted meld."""
    return BASE_TOTAL + meld_points(melds_a) + meld_points(melds_b)


def beet(total: int) -> Fraction:
    """Half of all points; the playing team must get more than this."""
    return Fraction(total, 2)


def _as_suit(value: object) -> Suit | None:
    try:
        return Suit(str(value))
    except ValueError:
        return None


def _as_bid(value: object) -> Bid | None:
    try:
        return Bid(str(value))
    except ValueError:
        return None


def _is_points(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


# A player twice among the four: a form reports it even while another seat is still empty.
DUPLICATE_PLAYER = _("Vier verschiedene Spieler sind nötig: %(player)s steht doppelt.")


def _validate_players(sheet: GameSheet) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[Hashable] = set()
    for player in sheet.players:
        if player in (None, ""):
            problems.append(Problem("players", _("Es fehlt ein Spieler: es braucht vier.")))
        elif player in seen:
            problems.append(Problem("players", DUPLICATE_PLAYER, {"player": player}))
        seen.add(player)
    if sheet.declarer in (None, ""):
        problems.append(Problem("declarer", _("Wer hat gespielt? Der Spieler fehlt.")))
    elif sheet.declarer not in sheet.players:
        problems.append(
            Problem(
                "declarer",
                _("Der Spieler %(player)s sitzt nicht an diesem Tisch."),
                {"player": sheet.declarer},
            )
        )
    if sheet.dealer not in (None, "") and sheet.dealer not in sheet.players:
        problems.append(
            Problem(
                "dealer",
                _("Der Geber %(player)s sitzt nicht an diesem Tisch."),
                {"player": sheet.dealer},
            )
        )
    return problems


def _validate_trump_and_bid(sheet: GameSheet) -> list[Problem]:
    trump = _as_suit(sheet.trump)
    bid = _as_bid(sheet.bid)
    # A trump or bid that is none of its choices, named as it was given.
    problems = [
        Problem(name, message, {"value": given or ""})
        for name, given, known, message in (
            (
                "trump",
                sheet.trump,
                trump,
                _("Trumpf muss Kreuz, Pik, Herz oder Karo sein, nicht „%(value)s“."),
            ),
            (
                "bid",
                sheet.bid,
                bid,
                _("Das Spiel muss rein, klein oder besser sein, nicht „%(value)s“."),
            ),
        )
        if known is None
    ]
    if bid is Bid.BESSER and trump is not None and trump is not Suit.KREUZ:
        problems.append(Problem("trump", _("Bei „besser“ ist Kreuz Trumpf.")))
    flags = {"kontra": sheet.kontra, "re": sheet.re}
    for name, value in flags.items():
        if not isinstance(value, bool):
            problems.append(Problem(name, _("Kontra und Re sind ja oder nein.")))
    if sheet.re is True and sheet.kontra is not True:
        problems.append(Problem("re", _("Re geht nur nach einem Kontra.")))
    return problems


def _validate_meld(meld: Meld, side: Side, trump: Suit | None) -> list[Problem]:
    name = f"melds_{side.value}"
    if meld.kind is MeldKind.BELLE:
        if trump is not None and meld.suit is not None and meld.suit is not trump:
            return [Problem(name, _("Die Belle ist Dame und König der Trumpffarbe."))]
        if meld.top is not None:
            return [Problem(name, _("Eine Belle hat keine oberste Karte."))]
        return []
    if meld.top is not None and meld.top.sequence_index < _MIN_TOP_INDEX[meld.kind]:
        return [
            Problem(
                name,
                _("Eine %(kind)s kann nicht bis %(top)s gehen."),
                {"kind": "Terz" if meld.kind is MeldKind.TERZ else "Fünfzig", "top": meld.top},
            )
        ]
    return []


def _validate_melds(sheet: GameSheet) -> list[Problem]:
    problems: list[Problem] = []
    trump = _as_suit(sheet.trump)
    for side in Side:
        for meld in sheet.melds(side):
            problems.extend(_validate_meld(meld, side, trump))
    sequence_sides = [s for s in Side if any(m.kind.is_sequence for m in sheet.melds(s))]
    if len(sequence_sides) > 1:
        problems.append(
            Problem(
                "melds_b",
                _("Terz und Fünfzig zählen nur für eine Mannschaft (die höchste Meldung)."),
            )
        )
    belles = sum(1 for s in Side for m in sheet.melds(s) if m.kind is MeldKind.BELLE)
    if belles > 1:
        problems.append(Problem("melds_b", _("Es gibt höchstens eine Belle im Spiel.")))
    return problems


def _may_hold_the_belle(meld: Meld, trump: Suit | None) -> bool:
    """Could this sequence hold the Belle's Dame and König of trump (so they share cards)?"""
    if meld.suit is not None and trump is not None and meld.suit is not trump:
        return False
    if meld.top is None:
        return True
    # Its cards run down from the top; the fewest it has still reach the Dame if the top is König
    # or Ass (a longer Fünfzig only reaches further).
    top = meld.top.sequence_index
    return top >= _KOENIG and top - _CARDS[meld.kind] + 1 <= _DAME


def _fits_two_hands(sizes: list[int], belle: int) -> bool:
    """Can sequences of these sizes, and a Belle of `belle` more cards, lie in two hands of 8?"""
    total = sum(sizes)
    for mask in range(1 << len(sizes)):
        first = sum(size for i, size in enumerate(sizes) if mask >> i & 1)
        # The Belle with the first hand (every split is tried both ways round).
        if first + belle <= HAND and total - first <= HAND:
            return True
    return False


def _validate_fit(sheet: GameSheet) -> list[Problem]:
    """The melds must fit the cards (docs/rules.md "Recording a game"): a sequence lies in one
    player's hand of 8 cards and no card counts in two sequences, the Belle may share its Dame
    and König with a sequence of trump, and a suit has 8 cards."""
    problems: list[Problem] = []
    trump = _as_suit(sheet.trump)
    for side in Side:
        name, team = f"melds_{side.value}", side.value.upper()
        sequences = [m for m in sheet.melds(side) if m.kind.is_sequence]
        if not sequences:
            continue
        if len(sequences) > 4:
            problems.append(
                Problem(
                    name,
                    _(
                        "Mannschaft %(team)s hat %(count)d Folgen (Terz und Fünfzig) gemeldet: "
                        "in zwei Händen zu je 8 Karten haben höchstens vier Platz."
                    ),
                    {"team": team, "count": len(sequences)},
                )
            )
            continue
        has_belle = any(m.kind is MeldKind.BELLE for m in sheet.melds(side))
        shared = any(_may_hold_the_belle(m, trump) for m in sequences)
        belle = 2 if has_belle and not shared else 0
        if not _fits_two_hands([_CARDS[m.kind] for m in sequences], belle):
            problems.append(
                Problem(
                    name,
                    _(
                        "Mannschaft %(team)s: diese Meldungen brauchen mindestens %(cards)d "
                        "Karten und passen nicht in zwei Hände zu je 8 Karten."
                    ),
                    {"team": team, "cards": sum(_CARDS[m.kind] for m in sequences) + belle},
                )
            )
            continue
        for suit in Suit:
            of_suit = [m for m in sequences if m.suit is suit]
            cards = sum(_CARDS[m.kind] for m in of_suit)
            if cards > HAND:
                problems.append(
                    Problem(
                        name,
                        _(
                            "Mannschaft %(team)s: die Folgen in %(suit)s brauchen %(cards)d "
                            "Karten, eine Farbe hat nur 8."
                        ),
                        {"team": team, "suit": suit, "cards": cards},
                    )
                )
                continue
            runs = sorted(
                (m.top.sequence_index - _CARDS[m.kind] + 1, m.top.sequence_index)
                for m in of_suit
                if m.top is not None
            )
            if any(low <= high for (_l, high), (low, _h) in pairwise(runs)):
                problems.append(
                    Problem(
                        name,
                        _(
                            "Mannschaft %(team)s: zwei Folgen in %(suit)s überschneiden sich; "
                            "keine Karte zählt in zwei Folgen."
                        ),
                        {"team": team, "suit": suit},
                    )
                )
    return problems


# The sum check's message: a form reports it at the points field typed last.
SUM_MESSAGE = _(
    "Die Punkte ergeben zusammen %(given)d, es müssen %(total)d sein (164 plus Meldungen)."
)


def _validate_points(sheet: GameSheet) -> list[Problem]:
    problems: list[Problem] = []
    for side in Side:
        value = sheet.points(side)
        if not _is_points(value):
            problems.append(
                Problem(
                    f"points_{side.value}",
                    _("Die Punkte müssen eine ganze Zahl ab 0 sein, nicht „%(value)s“."),
                    {"value": "" if value is None else value},
                )
            )
        elif value < meld_points(sheet.melds(side)):  # type: ignore[operator]  # an int: _is_points held
            problems.append(
                Problem(
                    f"points_{side.value}",
                    _("Die Mannschaft hat mindestens ihre Meldungen: %(melds)d Punkte."),
                    {"melds": meld_points(sheet.melds(side))},
                )
            )
    if not problems:
        total = total_points(sheet.melds_a, sheet.melds_b)
        given = int(sheet.points_a) + int(sheet.points_b)  # type: ignore[call-overload]  # ints: checked above
        if given != total:
            problems.append(Problem("points_b", SUM_MESSAGE, {"given": given, "total": total}))
    return problems


def validate(sheet: GameSheet) -> list[Problem]:
    """Every problem of a recorded game at once; an empty list means valid."""
    return [
        *_validate_players(sheet),
        *_validate_trump_and_bid(sheet),
        *_validate_melds(sheet),
        *_validate_fit(sheet),
        *_validate_points(sheet),
    ]


def small_points(*, playing_side_won: bool, kontra: bool, re: bool) -> int:
    """1 for a won game of the playing team, 2 to the defenders otherwise; Kontra ×2, Re ×4."""
    base = 1 if playing_side_won else 2
    multiplier = 4 if re else 2 if kontra else 1
    return base * multiplier


def result(sheet: GameSheet, *, validated: bool = False) -> GameResult:
    """The result of a valid game; raises InvalidGame listing every problem otherwise.

    `validated`: the caller has just had `validate` find nothing (an import checks every row
    before it stores any), so the sheet is not checked a second time.
    """
    problems = [] if validated else validate(sheet)
    if problems:
        raise InvalidGame(problems)
    playing = sheet.side_of(sheet.declarer)
    assert playing is not None
    total = total_points(sheet.melds_a, sheet.melds_b)
    playing_points = sheet.points(playing)
    assert isinstance(playing_points, int)
    # Exceeding the Beet (half the total) means having more than the defenders; a tie loses.
    won = 2 * playing_points > total
    winner = playing if won else playing.other
    small = small_points(playing_side_won=won, kontra=sheet.kontra, re=sheet.re)
    return GameResult(
        playing_side=playing,
        winner=winner,
        small_a=small if winner is Side.A else 0,
        small_b=small if winner is Side.B else 0,
        total=total,
    )
