"""The table of games (Alle Spiele, an evening's matches) and its CSV export.

A django-tables2 table like every other (its head, sort links and page links are theirs); a page
has up to 50 rows of 12 cells, each row's values prepared here once and drawn by
stats/_games_table.html.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django_tables2.data import TableListData

from klammernliga.models import BID_CHOICES, MELD_CHOICES, RANK_CHOICES, SUIT_CHOICES
from scoring.rounds import in_laube
from scoring.standings import team_name
from stats.display import bid_label, suit_label
from stats.selectors.games import GameRow, PlayerName


@dataclass(frozen=True, slots=True)
class Cells:
    """One game as the template shows it: plain values, escaped by the template."""

    date: str
    date_url: str
    position: int
    team_a: str
    team_b: str
    playing_a: bool
    points: str
    won: bool
    small: str
    score: str
    ends_round: bool
    kalte: bool
    laube: bool
    declarer: str
    declarer_url: str
    trump: str
    bid: str
    kontra: str
    melds_short: str
    melds: str


class PresortedData(TableListData):
    """A page of games the query has sorted already, over every page (stats.selectors.games):
    django-tables2 marks the sorted column and links the other direction, and sorts nothing."""

    def order_by(self, aliases: object) -> None:
        return None


def _column(header: str | Promise, css: str, *, sortable: bool = False) -> tables.Column:
    return tables.Column(verbose_name=header, orderable=sortable, attrs={"th": {"class": css}})


class GamesTable(tables.Table):
    """The table of games (Alle Spiele; without date and teams an evening's Partie), its rows
    `Cells` drawn by stats/_games_table.html. The result (points, who won, small points, Stand)
    right after the teams: the answer first. The sortable columns are sorted by the query."""

    date = _column(_("Datum"), "date", sortable=True)
    game_no = _column(_("Nr."), "num game-no")
    teams = _column(_("Teams"), "teams")
    points = _column(_("Punkte"), "num points")
    outcome = _column(_("Spielende Mannschaft"), "outcome-cell")
    small = _column(_("Kleine Punkte"), "num small")
    score = _column(_("Stand"), "score")
    declarer = _column(pgettext_lazy("declarer", "Spieler"), "declarer", sortable=True)
    trump = _column(_("Trumpf"), "trump", sortable=True)
    bid = _column(pgettext_lazy("bid", "Spiel"), "bid", sortable=True)
    kontra_re = _column(_("Kontra/Re"), "kontra", sortable=True)
    melds = _column(_("Meldungen"), "melds")

    class Meta:
        attrs = {"class": "table games"}
        empty_text = _("Keine Spiele gefunden.")

    def __init__(self, rows: list[Cells], *, sort: str | None = None, evening: bool = False):
        super().__init__(
            PresortedData(rows),
            order_by=sort,
            orderable=not evening,
            exclude=("date", "teams") if evening else (),
        )
        self.with_date_and_teams = not evening


class Labels:
    """The words and links a request's rows repeat, translated and reversed once."""

    def __init__(self, players: Iterable[PlayerName]) -> None:
        players = list(players)
        self.names = {p.pk: p.name for p in players}
        # One reverse() for all players: their URLs differ only in the slug.
        player_url = reverse("stats:player", args=["SLUG"])
        self.player_urls = {p.pk: player_url.replace("SLUG", p.slug) for p in players}
        self.evening_url = reverse("stats:evening", args=["DATE"])
        self.bids: dict[str, str] = {}
        # Plain words for the CSV, translated now: a streamed export is written after the view.
        self.suit_texts = {code: suit_label(code) for code, _label in SUIT_CHOICES}
        self.bid_texts = {code: bid_label(code) for code, _label in BID_CHOICES}
        self.dates: dict[object, str] = {}
        self.kinds = {k: str(v) for k, v in MELD_CHOICES}
        self.ranks = {k: str(v) for k, v in RANK_CHOICES}
        self.won = gettext("gewinnt")
        self.lost = gettext("verliert")
        self.kontra = gettext("Kontra")
        self.kontra_re = gettext("Kontra, Re")
        self.yes = gettext("ja")
        self.no = gettext("nein")

    def team(self, pair: tuple[int, int]) -> str:
        return team_name(self.names[pair[0]], self.names[pair[1]])

    def bid(self, code: str) -> str:
        if code not in self.bids:
            self.bids[code] = bid_label(code)
        return self.bids[code]

    def date(self, day: datetime.date) -> str:
        if day not in self.dates:
            self.dates[day] = date_format(day, "SHORT_DATE_FORMAT")
        return self.dates[day]

    def melds(self, melds: list[tuple[str, str]]) -> str:
        """A team's counted melds, e.g. "Terz (König), Belle"."""
        return ", ".join(
            f"{self.kinds.get(kind, kind)} ({self.ranks.get(top, top)})"
            if top
            else self.kinds.get(kind, kind)
            for kind, top in melds
        )

    def meld_kinds(self, melds: list[tuple[str, str]]) -> str:
        """The short form shown in the table: the kinds only, e.g. "Terz, Belle"."""
        return ", ".join(self.kinds.get(kind, kind) for kind, _top in melds)


# Meld texts longer than this show their kinds only, the full text one tap away.
SHORT_MELDS = 20


def _cells(row: GameRow, labels: Labels) -> Cells:
    melds = short = ""
    if row.melds_a or row.melds_b:
        melds = f"{labels.melds(row.melds_a) or '–'} : {labels.melds(row.melds_b) or '–'}"
        short = f"{labels.meld_kinds(row.melds_a) or '–'} : {labels.meld_kinds(row.melds_b) or '–'}"
    return Cells(
        date=labels.date(row.date),
        date_url=labels.evening_url.replace("DATE", row.date.isoformat()),
        position=row.position,
        team_a=labels.team(row.team_a),
        team_b=labels.team(row.team_b),
        playing_a=row.playing_side == "a",
        points=f"{row.points_a}:{row.points_b}",
        won=row.winner_side == row.playing_side,
        small=f"{row.small_a}:{row.small_b}",
        score=f"{row.score_a}:{row.score_b}",
        ends_round=row.ends_round,
        kalte=row.kalte,
        laube=in_laube(row.score_a) or in_laube(row.score_b),
        declarer=labels.names[row.declarer_id],
        declarer_url=labels.player_urls[row.declarer_id],
        trump=row.trump,
        bid=labels.bid(row.bid),
        kontra=labels.kontra_re if row.re else labels.kontra if row.kontra else "",
        melds_short=short if len(melds) > SHORT_MELDS else "",
        melds=melds,
    )


def table_rows(rows: Iterable[GameRow], labels: Labels) -> list[Cells]:
    """Each game's cells, in playing order or the order asked for."""
    return [_cells(row, labels) for row in rows]


# --- the CSV export: plain values, one column per figure --------------------------------------

CSV_COLUMNS: tuple[tuple[str | Promise, Callable[[GameRow, Labels], object]], ...] = (
    (_("Datum"), lambda r, lb: r.date.isoformat()),
    (_("Nr."), lambda r, lb: r.position),
    (_("Team A"), lambda r, lb: lb.team(r.team_a)),
    (_("Team B"), lambda r, lb: lb.team(r.team_b)),
    (pgettext_lazy("declarer", "Spieler"), lambda r, lb: lb.names[r.declarer_id]),
    (_("Trumpf"), lambda r, lb: lb.suit_texts.get(r.trump, r.trump)),
    (pgettext_lazy("bid", "Spiel"), lambda r, lb: lb.bid_texts.get(r.bid, r.bid)),
    (_("Meldungen A"), lambda r, lb: lb.melds(r.melds_a)),
    (_("Meldungen B"), lambda r, lb: lb.melds(r.melds_b)),
    (_("Kontra"), lambda r, lb: lb.yes if r.kontra else lb.no),
    (_("Re"), lambda r, lb: lb.yes if r.re else lb.no),
    (_("Punkte A"), lambda r, lb: r.points_a),
    (_("Punkte B"), lambda r, lb: r.points_b),
    (
        _("Spielende Mannschaft"),
        lambda r, lb: lb.won if r.winner_side == r.playing_side else lb.lost,
    ),
    (_("Kleine Punkte A"), lambda r, lb: r.small_a),
    (_("Kleine Punkte B"), lambda r, lb: r.small_b),
    (_("Stand A"), lambda r, lb: r.score_a),
    (_("Stand B"), lambda r, lb: r.score_b),
    (_("Rundenende"), lambda r, lb: lb.yes if r.ends_round else lb.no),
    (_("Kalte"), lambda r, lb: lb.yes if r.kalte else lb.no),
)


def csv_header() -> list[str]:
    return [str(header) for header, _value in CSV_COLUMNS]


def csv_rows(chunks: Iterable[list[GameRow]], labels: Labels) -> Iterator[list[object]]:
    """One row of plain values per game, chunk by chunk."""
    for chunk in chunks:
        for row in chunk:
            yield [value(row, labels) for _header, value in CSV_COLUMNS]
