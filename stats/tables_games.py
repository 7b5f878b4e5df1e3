"""The table of games (Alle Spiele, an evening's matches), with plain values for the CSV export."""

from __future__ import annotations

from collections.abc import Iterable

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from klammernliga.models import Game, Meld
from stats.display import bid_label, pair, suit_html, suit_label

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


def _yes_no(value: bool) -> str:
    return gettext("ja") if value else gettext("nein")


def meld_text(melds: Iterable[Meld]) -> str:
    """A team's counted melds, e.g. "Terz (König), Belle"."""
    parts = []
    for meld in melds:
        text = meld.get_kind_display()
        if meld.top:
            text += f" ({meld.get_top_display()})"
        parts.append(str(text))
    return ", ".join(parts)


def _melds_of(record: Game, side: str) -> str:
    return meld_text(m for m in record.melds.all() if m.side == side)


class GamesTable(tables.Table):
    """A game a row; the combined cells are for reading, the hidden ones for the CSV export."""

    date = tables.Column(
        verbose_name=_("Datum"),
        accessor="match__evening__date",
        order_by=("match__evening__date", "match__position", "position"),
    )
    game_no = tables.Column(verbose_name=_("Nr."), accessor="position", orderable=False, attrs=NUM)
    teams = tables.Column(
        verbose_name=_("Teams"),
        accessor="match",
        orderable=False,
        exclude_from_export=True,
        attrs={"td": {"class": "teams"}},
    )
    team_a = tables.Column(verbose_name=_("Team A"), accessor="match__team_a", visible=False)
    team_b = tables.Column(verbose_name=_("Team B"), accessor="match__team_b", visible=False)
    declarer = tables.Column(
        verbose_name=pgettext_lazy("declarer", "Spieler"), order_by=("declarer__name",)
    )
    trump = tables.Column(verbose_name=_("Trumpf"))
    bid = tables.Column(verbose_name=pgettext_lazy("bid", "Spiel"))
    melds = tables.Column(
        verbose_name=_("Meldungen"), empty_values=(), orderable=False, exclude_from_export=True
    )
    melds_a = tables.Column(verbose_name=_("Meldungen A"), empty_values=(), visible=False)
    melds_b = tables.Column(verbose_name=_("Meldungen B"), empty_values=(), visible=False)
    kontra_re = tables.Column(
        verbose_name=_("Kontra/Re"),
        accessor="kontra",
        order_by=("kontra", "re"),
        exclude_from_export=True,
    )
    kontra = tables.Column(verbose_name=_("Kontra"), visible=False)
    re = tables.Column(verbose_name=_("Re"), visible=False)
    points = tables.Column(
        verbose_name=_("Punkte"),
        empty_values=(),
        orderable=False,
        exclude_from_export=True,
        attrs=NUM,
    )
    points_a = tables.Column(verbose_name=_("Punkte A"), visible=False)
    points_b = tables.Column(verbose_name=_("Punkte B"), visible=False)
    outcome = tables.Column(
        verbose_name=_("Spielende Mannschaft"), empty_values=(), orderable=False
    )
    small = tables.Column(
        verbose_name=_("Kleine Punkte"),
        empty_values=(),
        orderable=False,
        exclude_from_export=True,
        attrs=NUM,
    )
    small_a = tables.Column(verbose_name=_("Kleine Punkte A"), visible=False)
    small_b = tables.Column(verbose_name=_("Kleine Punkte B"), visible=False)
    score = tables.Column(
        verbose_name=_("Stand"), empty_values=(), orderable=False, exclude_from_export=True
    )
    score_a = tables.Column(verbose_name=_("Stand A"), visible=False)
    score_b = tables.Column(verbose_name=_("Stand B"), visible=False)
    ends_round = tables.Column(verbose_name=_("Rundenende"), visible=False)
    kalte = tables.Column(verbose_name=_("Kalte"), visible=False)

    class Meta:
        model = Game
        fields: tuple[str, ...] = ()
        orderable = True
        empty_text = _("Keine Spiele gefunden.")
        row_attrs = {"class": lambda record: "round-end" if record.ends_round else None}

    # --- cells as read on the page ----------------------------------------------------------

    def render_date(self, value: object, record: Game) -> SafeString:
        url = reverse("stats:evening", args=[record.match.evening.date.isoformat()])
        return format_html('<a href="{}">{}</a>', url, _date(record))

    def render_teams(self, record: Game) -> SafeString:
        match = record.match
        names = []
        for side, team in (("a", match.team_a), ("b", match.team_b)):
            if side == record.playing_side:
                names.append(format_html('<strong class="team playing">{}</strong>', team.name))
            else:
                names.append(format_html('<span class="team">{}</span>', team.name))
        return format_html('{}<span class="visually-hidden"> – </span>{}', *names)

    def render_declarer(self, value: object, record: Game) -> SafeString:
        player = record.declarer
        return format_html('<a href="{}">{}</a>', player.get_absolute_url(), player.name)

    def render_trump(self, value: str, record: Game) -> SafeString:
        return suit_html(record.trump)

    def render_bid(self, value: str, record: Game) -> str:
        return bid_label(record.bid)

    def render_melds(self, record: Game) -> str:
        a, b = _melds_of(record, "a"), _melds_of(record, "b")
        if not (a or b):
            return ""
        return f"{a or '–'} : {b or '–'}"

    def render_kontra_re(self, value: bool, record: Game) -> str:
        if record.re:
            return gettext("Kontra, Re")
        return gettext("Kontra") if record.kontra else ""

    def render_points(self, record: Game) -> str:
        return pair(record.points_a, record.points_b)

    def render_outcome(self, record: Game) -> SafeString:
        if record.playing_side_won:
            return format_html('<span class="outcome outcome-won">{}</span>', gettext("gewinnt"))
        return format_html('<span class="outcome outcome-lost">{}</span>', gettext("verliert"))

    def render_small(self, record: Game) -> str:
        return pair(record.small_a, record.small_b)

    def render_score(self, record: Game) -> SafeString:
        badges = []
        if record.ends_round:
            score = format_html(
                '<span class="badge badge-round">{} {}</span>',
                gettext("Runde"),
                pair(record.score_a, record.score_b),
            )
        else:
            score = format_html("{}", pair(record.score_a, record.score_b))
        if record.kalte:
            badges.append(format_html('<span class="badge badge-kalte">{}</span>', _("Kalte")))
        if record.in_laube_a or record.in_laube_b:
            badges.append(format_html('<span class="badge badge-laube">{}</span>', _("Laube")))
        return format_html(
            "{}{}", score, format_html_join("", " {}", ((badge,) for badge in badges))
        )

    # --- plain values for the CSV export ----------------------------------------------------

    def value_date(self, value: object, record: Game) -> str:
        return record.match.evening.date.isoformat()

    def value_team_a(self, value: object, record: Game) -> str:
        return record.match.team_a.name

    def value_team_b(self, value: object, record: Game) -> str:
        return record.match.team_b.name

    def value_declarer(self, value: object, record: Game) -> str:
        return record.declarer.name

    def value_trump(self, value: str, record: Game) -> str:
        return suit_label(record.trump)

    def value_bid(self, value: str, record: Game) -> str:
        return bid_label(record.bid)

    def value_melds_a(self, record: Game) -> str:
        return _melds_of(record, "a")

    def value_melds_b(self, record: Game) -> str:
        return _melds_of(record, "b")

    def value_kontra(self, value: bool) -> str:
        return _yes_no(value)

    def value_re(self, value: bool) -> str:
        return _yes_no(value)

    def value_outcome(self, record: Game) -> str:
        return gettext("gewinnt") if record.playing_side_won else gettext("verliert")

    def value_ends_round(self, value: bool) -> str:
        return _yes_no(value)

    def value_kalte(self, value: bool) -> str:
        return _yes_no(value)


def _date(record: Game) -> str:
    return date_format(record.match.evening.date, "SHORT_DATE_FORMAT")


class EveningGamesTable(GamesTable):
    """One match's games on the evening page: no date, no teams, in the order played."""

    class Meta(GamesTable.Meta):
        orderable = False
        exclude = ("date", "teams")
