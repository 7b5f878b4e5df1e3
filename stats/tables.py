"""The league tables (Wertungen) as django-tables2 tables over the ranked standings.

Rows are plain dicts made from `stats.selectors` standings, so sorting by a column only
reorders the rows: the rank column keeps its meaning, the table rank of docs/rules.md "Tables".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import django_tables2 as tables
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.standings import Standing

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

# The shared table template: scroll wrapper, sort links with aria-sort, short headers.
TABLE_TEMPLATE = "stats/tables2.html"


@dataclass(frozen=True, slots=True)
class ColumnSets:
    """A long table on a phone or tablet: its key columns and one set of the others at a time,
    chosen with radio buttons (no JavaScript; templates/stats/_column_sets.html). So it fits the
    width without a box of its own, and its header row sticks while the page scrolls.

    `head` gives every column's set (0: always shown), `lead` how many columns come before the
    figure cells (rank, name), `labels` the name of each set, `name` the radios' name.
    """

    name: str
    labels: tuple[str | StrPromise, ...]
    head: tuple[int, ...]
    lead: int = 1

    @property
    def cells(self) -> tuple[int, ...]:
        return self.head[self.lead :]

    @property
    def choices(self) -> list[tuple[int, str | StrPromise]]:
        return list(enumerate(self.labels, start=1))


# The most sets a table's columns come in: static/css/tables.css shows g1 … g16.
MAX_SETS = 16


def grouped_sets(name: str, columns: Sequence[str], size: int) -> ColumnSets:
    """Columns of one kind (players, teams) in sets of `size` after the row's label, each set
    named by its first and last column ("1 … 4", "Anna … Jens": a range, never read as a team);
    larger sets when the columns would make more than MAX_SETS."""
    size = max(size, -(-len(columns) // MAX_SETS))
    groups = [columns[i : i + size] for i in range(0, len(columns), size)]
    labels = tuple(g[0] if len(g) == 1 else f"{g[0]} … {g[-1]}" for g in groups)
    return ColumnSets(name, labels, (0, *(i // size + 1 for i in range(len(columns)))))


def standing_sets(name: str = "tabelle") -> ColumnSets:
    """A standings table's sets: place, name, large points and ± always."""
    return ColumnSets(
        name,
        (
            gettext("Abende"),
            gettext("Runden"),
            gettext("Kalte & Laube"),
            gettext("Kleine Punkte"),
            gettext("je Abend"),
        ),
        # #  Name GP ± Abende Spiele R+ R− Quote Kalte Laube KP KP− GP/Abend
        (0, 0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5),
        lead=2,
    )


def record_sets(name: str, *, since: bool = False) -> ColumnSets:
    """The sets of a player's or team's record list (Spieler-Info, Alle Teams): the name,
    games and large points always."""
    return ColumnSets(
        name,
        (
            gettext("Abende"),
            gettext("Runden"),
            gettext("Quoten"),
            gettext("Kalte, ± & seit") if since else gettext("Kalte & ±"),
        ),
        # Name Abende Spiele gewonnen R+ R− Quote GP je-Abend Kalte KP± (seit)
        (0, 1, 0, 3, 2, 2, 3, 0, 1, 4, 4, *((4,) if since else ())),
    )


def figure_sets(name: str) -> ColumnSets:
    """The sets of a player's figure tables (years, partners, opposing teams): the row's label,
    games and large points always."""
    return ColumnSets(
        name,
        (gettext("Runden"), gettext("Abende & Siege"), gettext("Kalte & kleine Punkte")),
        # Label Abende Spiele gewonnen Runden Quote GP Kalte KP
        (0, 2, 0, 2, 1, 1, 0, 3, 3),
    )


def standing_rows(standings: Iterable[Standing]) -> list[dict[str, Any]]:
    """One plain dict per ranked player or team, with the derived extras of the tables."""
    rows = []
    for standing in standings:
        t = standing.totals
        rows.append(
            {
                **standing.figures(),
                "key": t.key,
                "players": t.players,
                "difference": t.small_point_difference,
                "round_share": t.round_share,
                "large_per_evening": t.large_points_per_evening,
            }
        )
    return rows


def with_links(rows: list[dict[str, Any]], *, link_players: bool = False) -> list[dict[str, Any]]:
    """The rows a page shows, each with the `url` of its player's page (players' tables only);
    the template (stats/_standings.html) draws every cell."""
    player_url = _player_url() if link_players else None
    for row in rows:
        row["url"] = player_url.replace("__key__", row["key"]) if player_url else ""
    return rows


def _player_url() -> str | None:
    try:
        return reverse("stats:player", args=["__key__"])
    except NoReverseMatch:  # the player pages are not part of this build
        return None


class NumberColumn(tables.Column):
    """A right-aligned figure, sorted high to low on the first click.

    The sort is stable over rows in table order, so equal figures keep their table ranks' order.
    """

    def __init__(self, *args: Any, short: str | StrPromise = "", **kwargs: Any) -> None:
        self.short = short
        attrs = {"th": {"class": "num"}, "td": {"class": "num"}}
        kwargs.setdefault("attrs", attrs)
        kwargs.setdefault("initial_sort_descending", True)
        super().__init__(*args, **kwargs)


class NameColumn(tables.Column):
    """The name of a row: rendered as the row's header cell."""

    row_header = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("attrs", {"th": {"class": "name"}, "td": {"class": "name"}})
        super().__init__(*args, **kwargs)


class StandingsTable(tables.Table):
    rank = NumberColumn(verbose_name=_("Platz"), short="#", initial_sort_descending=False)
    name = NameColumn(verbose_name=_("Name"))
    large_points = NumberColumn(verbose_name=_("Große Punkte"), short=_("GP"))
    difference = NumberColumn(verbose_name=_("Differenz kleine Punkte"), short="±")
    evenings = NumberColumn(verbose_name=_("Abende"))
    games = NumberColumn(verbose_name=_("Spiele"))
    rounds_won = NumberColumn(verbose_name=_("Runden gewonnen"), short=_("R+"))
    rounds_lost = NumberColumn(verbose_name=_("Runden verloren"), short=_("R−"))
    round_share = NumberColumn(
        verbose_name=_("Anteil gewonnener Runden in Prozent"), short=_("Quote")
    )
    kalte = NumberColumn(verbose_name=_("Kalte"))
    laube = NumberColumn(verbose_name=_("Laube"))
    small_points = NumberColumn(verbose_name=_("Kleine Punkte"), short=_("KP"))
    small_points_against = NumberColumn(verbose_name=_("Kleine Punkte gegen"), short=_("KP−"))
    large_per_evening = NumberColumn(verbose_name=_("Große Punkte je Abend"), short=_("GP/Abend"))

    class Meta:
        template_name = TABLE_TEMPLATE
        orderable = True
        attrs = {"class": "table standings"}
        row_attrs = {"class": lambda record: "leader" if record["rank"] == 1 else ""}
        empty_text = _("Noch keine Spiele.")

    # The page renders the rows' precomputed `cells` (see standing_rows); these give the CSV
    # its plain values.
    def value_round_share(self, value: float | None) -> str:
        return "" if value is None else f"{value * 100:.1f}"

    def value_large_per_evening(self, value: float | None) -> str:
        return "" if value is None else f"{value:.2f}"


@dataclass(frozen=True, slots=True)
class FigureLine:
    """A row of a table of figures (stats/_figure_body.html): its heading (a link when `url` is
    set) and its cells as display strings."""

    label: str
    cells: tuple[str, ...]
    url: str = ""
