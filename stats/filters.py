"""GET filters of Alle Spiele and Sieg-Verteilungen (django-filter), German parameter names."""

from __future__ import annotations

import django_filters
from django import forms
from django.db.models import F, Q, QuerySet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from klammernliga.models import BID_CHOICES, SUIT_CHOICES, Game, Player, Team
from stats.selectors import league_years
from stats.selectors_games import team_played, took_part

ALL = _("alle")


def year_choices() -> list[tuple[str, str]]:
    return [(str(year), str(year)) for year in league_years()]


def team_choices() -> list[tuple[str, str]]:
    teams = Team.objects.select_related("player_1", "player_2")
    return sorted(((str(t.pk), t.name) for t in teams), key=lambda c: c[1].casefold())


class LeagueFilter(django_filters.FilterSet):
    """Year, player and team: the filters every statistics page of games shares."""

    jahr = django_filters.ChoiceFilter(
        label=_("Jahr"), choices=year_choices, empty_label=ALL, method="filter_year"
    )
    spieler = django_filters.ModelChoiceFilter(
        label=_("Spieler"),
        queryset=Player.objects.order_by("name"),
        to_field_name="slug",
        empty_label=ALL,
        method="filter_player",
    )
    team = django_filters.ChoiceFilter(
        label=_("Team"), choices=team_choices, empty_label=ALL, method="filter_team"
    )

    class Meta:
        model = Game
        fields: list[str] = []

    def filter_year(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        return queryset.filter(match__evening__date__year=int(value))

    def filter_player(self, queryset: QuerySet[Game], name: str, value: Player) -> QuerySet[Game]:
        return queryset.filter(took_part(value.pk))

    def filter_team(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        return queryset.filter(team_played(int(value)))

    @property
    def active(self) -> bool:
        """Whether any filter is set (the page says so and offers to clear it)."""
        return any(self.data.get(name) for name in self.filters)


class GameFilter(LeagueFilter):
    abend = django_filters.DateFilter(
        label=_("Abend"),
        field_name="match__evening__date",
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    trumpf = django_filters.ChoiceFilter(
        label=_("Trumpf"), field_name="trump", choices=SUIT_CHOICES, empty_label=ALL
    )
    spiel = django_filters.ChoiceFilter(
        label=pgettext_lazy("bid", "Spiel"), field_name="bid", choices=BID_CHOICES, empty_label=ALL
    )
    kontra = django_filters.ChoiceFilter(
        label=_("Kontra/Re"),
        choices=[
            ("ohne", _("ohne Kontra")),
            ("kontra", _("mit Kontra")),
            ("nur-kontra", _("Kontra ohne Re")),
            ("re", _("mit Re")),
        ],
        empty_label=ALL,
        method="filter_kontra",
    )
    ausgang = django_filters.ChoiceFilter(
        label=_("Spielende Mannschaft"),
        choices=[("gewonnen", _("gewinnt")), ("verloren", _("verliert"))],
        empty_label=ALL,
        method="filter_outcome",
    )

    class Meta(LeagueFilter.Meta):
        fields: list[str] = []

    def filter_kontra(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        conditions = {
            "ohne": Q(kontra=False),
            "kontra": Q(kontra=True),
            "nur-kontra": Q(kontra=True, re=False),
            "re": Q(re=True),
        }
        return queryset.filter(conditions[value])

    def filter_outcome(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        won = Q(winner_side=F("playing_side"))
        return queryset.filter(won if value == "gewonnen" else ~won)
