"""Bar charts of the statistics pages, built from the selectors' figures."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from stats.charts.bars import LABEL_WIDTH, BarChart, Series, bar_chart
from stats.display import bid_label, suit_label
from stats.selectors.outcomes import Distributions
from stats.selectors.players import PlayerProfile

WON = Series("won", _("gewonnen"), pgettext_lazy("short for gewonnen", "gew."))
LOST = Series("lost", _("verloren"), pgettext_lazy("short for verloren", "verl."))


def partner_rounds(profile: PlayerProfile) -> BarChart:
    return _won_and_lost(
        "partner-runden",
        gettext("Runden mit jedem Partner: gewonnen und verloren"),
        gettext("Partner"),
        [(p.partner.name, p.figures.rounds_won, p.figures.rounds_lost) for p in profile.partners],
        label_width=96,
    )


def declarer_by_trump(profile: PlayerProfile) -> BarChart:
    return _won_and_lost(
        "spieler-trumpf",
        gettext("Eigene Spiele nach Trumpf: gewonnen und verloren"),
        gettext("Trumpf"),
        [(suit_label(r.key), r.won, r.games - r.won) for r in profile.by_trump],
    )


def declarer_by_bid(profile: PlayerProfile) -> BarChart:
    return _won_and_lost(
        "spieler-spiel",
        gettext("Eigene Spiele nach Ansage: gewonnen und verloren"),
        pgettext("bid", "Spiel"),
        [(bid_label(r.key), r.won, r.games - r.won) for r in profile.by_bid],
    )


def _won_and_lost(
    key: str,
    title: str,
    label_header: str,
    rows: list[tuple[str, int, int]],
    label_width: int = LABEL_WIDTH,
) -> BarChart:
    """A player's rounds or games won and lost, a bar per label (partner, trump or bid)."""
    return bar_chart(
        key=key,
        title=title,
        label_header=label_header,
        series=(WON, LOST),
        rows=[(label, (won, lost)) for label, won, lost in rows],
        label_width=label_width,
    )


ROUNDS = Series("total", _("Runden"))
KALTE = Series("kalte", _("Kalte"))
OTHER_ROUNDS = Series("other", _("andere Runden"))


def round_ends(dist: Distributions) -> BarChart:
    name = dist.perspective.name if dist.perspective else ""
    if dist.perspective:
        series: tuple[Series, ...] = (
            Series("won", gettext("gewonnen von %(name)s") % {"name": name}),
            Series("lost", gettext("verloren von %(name)s") % {"name": name}),
        )
        rows: list[tuple[str, tuple[int, ...]]] = [
            (r.label, (r.won, r.lost)) for r in dist.round_ends
        ]
    else:
        series = (ROUNDS,)
        rows = [(r.label, (r.count,)) for r in dist.round_ends]
    return bar_chart(
        key="rundenende",
        title=gettext("Wie die Runden enden (Gewinner : Verlierer)"),
        label_header=gettext("Endstand"),
        series=series,
        rows=rows,
    )


def margins(dist: Distributions, *, won: bool) -> BarChart:
    if won:
        title = gettext("Gewonnene Spiele der spielenden Mannschaft nach Punktabstand")
        series, rows = WON, [(b.label, (b.won,)) for b in dist.margins if b.low > 0]
    else:
        title = gettext("Verlorene Spiele der spielenden Mannschaft nach Punktabstand")
        series, rows = LOST, [(b.label, (b.lost,)) for b in dist.margins]
    return bar_chart(
        key="abstand-gewonnen" if won else "abstand-verloren",
        title=title,
        label_header=gettext("Abstand"),
        series=(series,),
        rows=rows,
    )


def kalte_years(dist: Distributions) -> BarChart:
    return bar_chart(
        key="kalte-jahre",
        title=gettext("Kalte unter den Runden, Jahr für Jahr"),
        label_header=gettext("Jahr"),
        series=(KALTE, OTHER_ROUNDS),
        rows=[(str(y.year), (y.kalte, y.rounds - y.kalte)) for y in dist.kalte_years],
        share_label=gettext("Anteil Kalte"),
        share_series=0,
    )
