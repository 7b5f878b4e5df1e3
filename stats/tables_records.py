"""Sortable tables of records: the player list (Spieler-Info) and the team list (Teambilanzen)."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from stats.display import percent_text

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
NAME = {"td": {"class": "name"}, "th": {"class": "name"}}


class ShareColumn(tables.Column):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(attrs=NUM, **kwargs)  # type: ignore[arg-type]

    def render(self, value: float | None) -> str:
        return percent_text(value)


class SignedColumn(tables.Column):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(attrs=NUM, **kwargs)  # type: ignore[arg-type]

    def render(self, value: int) -> str:
        return f"{value:+d}" if value else "0"


class PerEveningColumn(tables.Column):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(attrs=NUM, **kwargs)  # type: ignore[arg-type]

    def render(self, value: float | None) -> str:
        return number_format(value, 2) if value is not None else "–"


class FiguresTable(tables.Table):
    """Columns over a row's `figures` (scoring.standings.Totals)."""

    evenings = tables.Column(verbose_name=_("Abende"), accessor="figures__evenings", attrs=NUM)
    games = tables.Column(verbose_name=_("Spiele"), accessor="figures__games", attrs=NUM)
    game_share = ShareColumn(verbose_name=_("Spiele gewonnen"), accessor="game_share")
    rounds_won = tables.Column(
        verbose_name=_("Runden gewonnen"), accessor="figures__rounds_won", attrs=NUM
    )
    rounds_lost = tables.Column(
        verbose_name=_("Runden verloren"), accessor="figures__rounds_lost", attrs=NUM
    )
    round_share = ShareColumn(verbose_name=_("Rundenquote"), accessor="figures__round_share")
    large_points = tables.Column(
        verbose_name=_("Große Punkte"), accessor="figures__large_points", attrs=NUM
    )
    per_evening = PerEveningColumn(
        verbose_name=_("je Abend"), accessor="figures__large_points_per_evening"
    )
    kalte = tables.Column(verbose_name=_("Kalte"), accessor="figures__kalte", attrs=NUM)
    small_difference = SignedColumn(
        verbose_name=_("Kleine Punkte ±"), accessor="figures__small_point_difference"
    )

    class Meta:
        orderable = True
        empty_text = _("Noch keine Spiele.")


class PlayersTable(FiguresTable):
    name = tables.Column(verbose_name=_("Spieler"), accessor="player__name", attrs=NAME)
    first = tables.Column(verbose_name=_("seit"), attrs=NUM)

    class Meta(FiguresTable.Meta):
        sequence = ("name", "...", "first")

    def render_name(self, value: str, record: object) -> SafeString:
        return format_html('<a href="{}">{}</a>', record.player.get_absolute_url(), value)  # type: ignore[attr-defined]

    def render_first(self, value: object) -> str:
        return str(value.year)  # type: ignore[attr-defined]


class TeamsTable(FiguresTable):
    name = tables.Column(verbose_name=_("Team"), accessor="team__name", attrs=NAME)

    class Meta(FiguresTable.Meta):
        sequence = ("name", "...")

    def render_name(self, value: str, record: object) -> SafeString:
        url = reverse("stats:teams") + f"#team-{record.team.pk}"  # type: ignore[attr-defined]
        return format_html('<a href="{}">{}</a>', url, value)
