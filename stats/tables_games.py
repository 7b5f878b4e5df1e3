"""The table of games (Alle Spiele, an evening's matches) and its CSV export, built in Python.

A page has up to 50 rows of 12 cells: each row's cells are prepared here as one piece of HTML
(what django-tables2 did per cell at ~0.3 ms), and the template only loops over the rows.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.html import escape
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from klammernliga.models import BID_CHOICES, MELD_CHOICES, RANK_CHOICES, SUIT_CHOICES
from klammernliga.validation import csv_cell
from scoring.standings import team_name
from stats.display import bid_label, suit_html, suit_label
from stats.selectors_games import GameRow, PlayerName


@dataclass(frozen=True, slots=True)
class Column:
    key: str
    header: str | Promise
    css: str = ""
    sortable: bool = False


COLUMNS = (
    Column("date", _("Datum"), sortable=True),
    Column("game_no", _("Nr."), "num"),
    Column("teams", _("Teams"), "teams"),
    Column("declarer", pgettext_lazy("declarer", "Spieler"), sortable=True),
    Column("trump", _("Trumpf"), sortable=True),
    Column("bid", pgettext_lazy("bid", "Spiel"), sortable=True),
    Column("melds", _("Meldungen")),
    Column("kontra_re", _("Kontra/Re"), sortable=True),
    Column("points", _("Punkte"), "num"),
    Column("outcome", _("Spielende Mannschaft")),
    Column("small", _("Kleine Punkte"), "num"),
    Column("score", _("Stand")),
)
EVENING_COLUMNS = tuple(c for c in COLUMNS if c.key not in ("date", "teams"))


@dataclass(frozen=True, slots=True)
class GamesTable:
    """What the template draws: header cells, prepared rows, the text of an empty table."""

    head: list[SafeString]
    rows: list[SafeString]
    columns: int

    @property
    def empty_text(self) -> str:
        return gettext("Keine Spiele gefunden.")


def _attr(css: str) -> str:
    return f' class="{css}"' if css else ""


def headers(
    columns: Iterable[Column], *, sort: str | None = None, query: dict[str, str] | None = None
) -> list[SafeString]:
    """The <th> of each column; sortable ones link to the other direction, keeping the filter."""
    cells = []
    for column in columns:
        label = escape(column.header)
        if not column.sortable or query is None:
            cells.append(mark_safe(f'<th scope="col"{_attr(column.css)}>{label}</th>'))
            continue
        css = ["orderable"]
        aria = ""
        next_sort = column.key
        if sort and sort.removeprefix("-") == column.key:
            descending = sort.startswith("-")
            css.insert(0, "desc" if descending else "asc")
            aria = f' aria-sort="{"descending" if descending else "ascending"}"'
            next_sort = column.key if descending else f"-{column.key}"
        href = "?" + urlencode({**query, "sort": next_sort})
        cells.append(
            mark_safe(
                f'<th scope="col" class="{" ".join(css)}"{aria}>'
                f'<a href="{escape(href)}">{label}</a></th>'
            )
        )
    return cells


class Labels:
    """The words and links a request's rows repeat, translated and reversed once."""

    def __init__(self, players: Iterable[PlayerName]) -> None:
        players = list(players)
        self.names = {p.pk: p.name for p in players}
        # One reverse() for all players: their URLs differ only in the slug.
        player_url = reverse("stats:player", args=["SLUG"])
        self.player_links = {
            p.pk: f'<a href="{escape(player_url.replace("SLUG", p.slug))}">{escape(p.name)}</a>'
            for p in players
        }
        self.evening_url = reverse("stats:evening", args=["DATE"])
        self.suits: dict[str, str] = {}
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
        self.round = gettext("Runde")
        self.kalte = gettext("Kalte")
        self.laube = gettext("Laube")
        self.yes = gettext("ja")
        self.no = gettext("nein")

    def team(self, pair: tuple[int, int]) -> str:
        return team_name(self.names[pair[0]], self.names[pair[1]])

    def suit(self, code: str) -> str:
        if code not in self.suits:
            self.suits[code] = suit_html(code)
        return self.suits[code]

    def bid(self, code: str) -> str:
        if code not in self.bids:
            self.bids[code] = escape(bid_label(code))
        return self.bids[code]

    def date(self, day: object) -> str:
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


def _cells(row: GameRow, labels: Labels, with_date_and_teams: bool) -> str:
    """One row's cells as HTML, in the order of COLUMNS."""
    parts = []
    if with_date_and_teams:
        iso = row.date.isoformat()
        url = labels.evening_url.replace("DATE", iso)
        parts.append(f'<td><a href="{url}">{labels.date(row.date)}</a></td>')
    parts.append(f'<td class="num">{row.position}</td>')
    if with_date_and_teams:
        a, b = escape(labels.team(row.team_a)), escape(labels.team(row.team_b))
        if row.playing_side == "a":
            a = f'<strong class="team playing">{a}</strong>'
            b = f'<span class="team">{b}</span>'
        else:
            a = f'<span class="team">{a}</span>'
            b = f'<strong class="team playing">{b}</strong>'
        parts.append(f'<td class="teams">{a}<span class="visually-hidden"> – </span>{b}</td>')
    parts.append(f"<td>{labels.player_links[row.declarer_id]}</td>")
    parts.append(f"<td>{labels.suit(row.trump)}</td>")
    parts.append(f"<td>{labels.bid(row.bid)}</td>")
    melds = ""
    if row.melds_a or row.melds_b:
        melds = escape(f"{labels.melds(row.melds_a) or '–'} : {labels.melds(row.melds_b) or '–'}")
    parts.append(f"<td>{melds}</td>")
    kontra = labels.kontra_re if row.re else labels.kontra if row.kontra else ""
    parts.append(f"<td>{kontra}</td>")
    parts.append(f'<td class="num">{row.points_a}:{row.points_b}</td>')
    if row.winner_side == row.playing_side:
        parts.append(f'<td><span class="outcome outcome-won">{labels.won}</span></td>')
    else:
        parts.append(f'<td><span class="outcome outcome-lost">{labels.lost}</span></td>')
    parts.append(f'<td class="num">{row.small_a}:{row.small_b}</td>')
    score = f"{row.score_a}:{row.score_b}"
    if row.ends_round:
        score = f'<span class="badge badge-round">{labels.round} {score}</span>'
    if row.kalte:
        score += f' <span class="badge badge-kalte">{labels.kalte}</span>'
    if row.score_a == 4 or row.score_b == 4:  # in the Laube, as Game.in_laube_a/_b say
        score += f' <span class="badge badge-laube">{labels.laube}</span>'
    parts.append(f"<td>{score}</td>")
    return "".join(parts)


def table_rows(
    rows: Iterable[GameRow], labels: Labels, *, with_date_and_teams: bool = True
) -> list[SafeString]:
    """Each game as a <tr>; a round's last game is marked."""
    return [
        mark_safe(
            ('<tr class="round-end">' if row.ends_round else "<tr>")
            + _cells(row, labels, with_date_and_teams)
            + "</tr>"
        )
        for row in rows
    ]


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


class _Echo:
    """A file-like object that hands back what csv.writer writes (for streaming)."""

    def write(self, value: str) -> str:
        return value


def csv_header() -> list[str]:
    return [str(header) for header, _value in CSV_COLUMNS]


def csv_lines(header: list[str], chunks: Iterable[list[GameRow]], labels: Labels) -> Iterator[str]:
    """The export's header and one line per game, chunk by chunk."""
    writer = csv.writer(_Echo())
    yield writer.writerow(header)
    for chunk in chunks:
        yield "".join(
            writer.writerow([csv_cell(value(row, labels)) for _header, value in CSV_COLUMNS])
            for row in chunk
        )
