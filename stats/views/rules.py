"""The league's rules as a page; every number on it comes from `scoring`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.translation import pgettext_lazy
from django.views.generic import TemplateView

from scoring import domain, rating, rounds
from scoring.cards import PLAIN_ORDER, POINTS, TRUMP_ORDER
from scoring.domain import MELD_POINTS, Meld, MeldKind, Rank, Side, Suit
from scoring.rules import GameSheet, result, small_points

# The letter on a card's corner: German B, D, K, A; in English J, Q, K, A.
CORNER = {
    Rank.BUBE: pgettext_lazy("card corner", "B"),
    Rank.DAME: pgettext_lazy("card corner", "D"),
    Rank.KOENIG: pgettext_lazy("card corner", "K"),
    Rank.ASS: pgettext_lazy("card corner", "A"),
}


@dataclass(frozen=True)
class CardChip:
    """One card as the page draws it: suit, rank, its points and an optional name."""

    suit: Suit
    rank: Rank
    points: int = 0
    name: str = ""

    @property
    def label(self) -> str:
        """The rank's name (translated by the template)."""
        return domain.RANK_LABELS[self.rank]

    @property
    def suit_label(self) -> str:
        return domain.SUIT_LABELS[self.suit]

    @property
    def corner(self) -> str:
        return str(CORNER.get(self.rank, self.rank.value))


def _cards(suit: Suit, ranks: tuple[Rank, ...], *, trump: bool = False) -> list[CardChip]:
    names = {Rank.BUBE: "Jappa", Rank.NINE: "Mi"} if trump else {}
    return [CardChip(suit, r, POINTS.get(r, 0), names.get(r, "")) for r in ranks]


def _sequence(suit: Suit, first: Rank, length: int) -> list[CardChip]:
    start = domain.SEQUENCE_ORDER.index(first)
    return [CardChip(suit, r) for r in domain.SEQUENCE_ORDER[start : start + length]]


@dataclass(frozen=True)
class ExampleGame:
    """A game of the example match: who played, did they win, was there a Kontra."""

    playing: Side
    won: bool
    kontra: bool = False

    @property
    def small(self) -> tuple[int, int]:
        points = small_points(playing_side_won=self.won, kontra=self.kontra, re=False)
        winner = self.playing if self.won else self.playing.other
        return (points, 0) if winner is Side.A else (0, points)


A, B = Side.A, Side.B
EXAMPLE_MATCH = (
    ExampleGame(A, True), ExampleGame(A, False), ExampleGame(B, False), ExampleGame(A, True),
    ExampleGame(A, False), ExampleGame(A, True),
    ExampleGame(A, True), ExampleGame(B, False), ExampleGame(A, True, kontra=True),
)  # fmt: skip


@dataclass(frozen=True)
class RoundLine:
    number: int
    game: ExampleGame
    small_a: int
    small_b: int
    step: rounds.RoundStep


def _example_game() -> dict[str, Any]:
    """Anna & Bernd play Herz with a Fünfzig; Clara says Kontra."""
    fifty = Meld(MeldKind.FUENFZIG, Suit.KREUZ, Rank.KOENIG)
    sheet = GameSheet(
        team_a=("Anna", "Bernd"),
        team_b=("Clara", "Dieter"),
        declarer="Anna",
        trump=Suit.HERZ,
        bid="rein",
        points_a=120,
        points_b=94,
        melds_a=(fifty,),
        kontra=True,
    )
    won = result(sheet)
    lost = result(GameSheet(**{**_sheet_fields(sheet), "points_a": 104, "points_b": 110}))
    return {
        "sheet": sheet,
        "fifty": fifty,
        "fifty_cards": _sequence(Suit.KREUZ, Rank.TEN, 4),
        "won": won,
        "lost": lost,
        "beet": int(won.beet),
        "raise": int(won.beet - Fraction(domain.BASE_TOTAL, 2)),
    }


def _sheet_fields(sheet: GameSheet) -> dict[str, Any]:
    return {name: getattr(sheet, name) for name in GameSheet.__slots__}


def _example_rounds() -> list[RoundLine]:
    small = [game.small for game in EXAMPLE_MATCH]
    steps = rounds.progress(small)
    return [
        RoundLine(n, game, a, b, step)
        for n, (game, (a, b), step) in enumerate(zip(EXAMPLE_MATCH, small, steps, strict=True), 1)
    ]


def _small_points_table() -> list[dict[str, Any]]:
    return [
        {
            "kontra": kontra,
            "re": re,
            "won": small_points(playing_side_won=True, kontra=kontra, re=re),
            "lost": small_points(playing_side_won=False, kontra=kontra, re=re),
        }
        for kontra, re in ((False, False), (True, False), (True, True))
    ]


def _rating_numbers() -> dict[str, Any]:
    """The KlammernBoss's numbers as the section on it names them (scoring.rating)."""
    return {
        "prior_mu": round(rating.PRIOR_MU),
        "prior_sigma": round(rating.PRIOR_SIGMA),
        "provisional": round(rating.PROVISIONAL_SIGMA),
    }


class RulesView(TemplateView):
    template_name = "stats/rules.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        example_rounds = _example_rounds()
        context.update(
            n={
                "base_total": domain.BASE_TOTAL,
                "base_half": domain.BASE_TOTAL // 2,
                "card_points": domain.CARD_POINTS_TOTAL,
                "jappa": domain.JAPPA_BONUS,
                "mi": domain.MI_BONUS,
                "last_trick": domain.LAST_TRICK_BONUS,
                "bonuses": domain.JAPPA_BONUS + domain.MI_BONUS + domain.LAST_TRICK_BONUS,
                "terz": MELD_POINTS[MeldKind.TERZ],
                "terz_half": MELD_POINTS[MeldKind.TERZ] // 2,
                "fifty": MELD_POINTS[MeldKind.FUENFZIG],
                "fifty_half": MELD_POINTS[MeldKind.FUENFZIG] // 2,
                "belle": MELD_POINTS[MeldKind.BELLE],
                "round_target": domain.ROUND_TARGET,
                "laube": domain.LAUBE_SCORE,
                "small_won": small_points(playing_side_won=True, kontra=False, re=False),
                "small_lost": small_points(playing_side_won=False, kontra=False, re=False),
                "kalte_large": rounds.large_points_for(domain.ROUND_TARGET, 0),
                "round_large": rounds.large_points_for(domain.ROUND_TARGET, 1),
            },
            plain_cards=_cards(Suit.PIK, PLAIN_ORDER),
            trump_cards=_cards(Suit.HERZ, TRUMP_ORDER, trump=True),
            suits=list(Suit),
            terz_cards=_sequence(Suit.KARO, Rank.NINE, 3),
            belle_cards=[CardChip(Suit.HERZ, Rank.DAME), CardChip(Suit.HERZ, Rank.KOENIG)],
            game=_example_game(),
            small_points_rows=_small_points_table(),
            example_rounds=example_rounds,
            example_large_a=sum(line.step.large(Side.A) for line in example_rounds),
            example_large_b=sum(line.step.large(Side.B) for line in example_rounds),
            rating=_rating_numbers(),
        )
        return context
