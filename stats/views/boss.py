"""The KlammernBoss page: the rating ranking, its history as a chart, and a prediction."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from klammernliga.models import Player
from scoring.rating import Strengths
from stats.charts.lines import LineChart, Series, colours_by_order
from stats.display import likelihood, number
from stats.ratings.chart import decimal, rating_series_chart
from stats.ratings.forms import PredictionForm
from stats.selectors.ratings import (
    BossRank,
    Line,
    history_period,
    players_to_pick,
    predict,
    ranking,
    rating_lines,
    rating_span,
    strengths,
)
from stats.tables import ColumnSets, grouped_sets


@dataclass(frozen=True, slots=True)
class RankLine:
    """A line of the ranking with its texts made once: the template prints them in a plain
    loop, without a filter or a translation per cell."""

    rank: BossRank
    number: str
    name: str
    url: str
    mu: str
    sigma: str
    rounds: str
    change: str
    # The trend as seen (an arrow and the change) and as read aloud.
    trend_mark: str
    trend_text: str

    @property
    def is_boss(self) -> bool:
        return self.rank.is_boss

    @property
    def provisional(self) -> bool:
        return self.rank.provisional

    @property
    def trend(self) -> str:
        return self.rank.trend


def rank_lines(ranks: list[BossRank]) -> list[RankLine]:
    one = decimal(1)
    base = reverse("stats:players")
    # Each text translated once, not once a line.
    up, down, same = _("gestiegen um %(change)s"), _("gefallen um %(change)s"), _("unverändert")
    lines = []
    for r in ranks:
        change = one(r.change_size)
        trend = r.trend
        if trend == "up":
            mark, text = f"▲ +{change}", up % {"change": change}
        elif trend == "down":
            mark, text = f"▼ −{change}", down % {"change": change}
        else:
            mark, text = "–", same
        mu, sigma, rounds = one(r.mu), one(r.sigma), number(r.rounds)
        lines.append(
            RankLine(
                rank=r,
                number=str(r.rank),
                name=r.player.name,
                url=f"{base}{r.player.slug}/",
                mu=mu,
                sigma=sigma,
                rounds=rounds,
                change=change,
                trend_mark=mark,
                trend_text=text,
            )
        )
    return lines


def boss_chart(lines: list[Line], period: str, players: list[Player]) -> LineChart:
    """The ranking's history; each player in the colour of his id's rank among all players
    (the prediction form's, read anyway), not of his place in the ranking."""
    colours = colours_by_order(p.pk for p in players)
    series = [Series(p.name, points, key=p.slug, colour=colours.get(p.pk)) for p, points in lines]
    return rating_series_chart(series, period=period)


def lead_chance(known: Strengths[int], ranks: list[BossRank]) -> tuple[BossRank, str] | None:
    """The runner-up (the best established player after the KlammernBoss) and the chance, as
    shown, that the KlammernBoss really plays stronger; None without both."""
    established = [r for r in ranks if not r.provisional]
    if len(established) < 2 or not established[0].is_boss:
        return None
    boss, second = established[0], established[1]
    return second, likelihood(known.stronger_chance(boss.player.pk, second.player.pk))


# Players of the year-end table a phone shows at a time.
CHART_SET_SIZE = 3


class BossView(TemplateView):
    template_name = "stats/boss.html"

    def get_context_data(self, **kwargs: object) -> dict[str, object]:
        context = super().get_context_data(**kwargs)
        known = strengths()
        ranks = ranking(known)
        query = self.request.GET
        players = players_to_pick()
        form = PredictionForm(
            query if PredictionForm.is_submitted(query) else None, players=players
        )
        valid = form.is_bound and form.is_valid()
        prediction = predict(*form.teams(), known=known) if valid else None
        # A long history is drawn from month (or year) ends: the chart has no room for more.
        span = rating_span()
        period = history_period(*span) if span else "evening"
        chart = boss_chart(rating_lines(period, players), period, players)
        context.update(
            ranking=rank_lines(ranks),
            # On a phone the ranking shows rounds and trend, or the uncertainty, beside rank and
            # rating.
            ranking_sets=ColumnSets(
                "rangliste-spalten", (_("Runden & Trend"), _("Unsicherheit")), ()
            ),
            boss=next((r for r in ranks if r.is_boss), None),
            lead=lead_chance(known, ranks),
            chart=chart,
            # On a phone the year-end table shows three players at a time.
            chart_sets=grouped_sets("verlauf-spalten", chart.table_columns, CHART_SET_SIZE)
            if len(chart.table_columns) > CHART_SET_SIZE
            else None,
            period=period,
            form=form,
            prediction=prediction,
        )
        return context
