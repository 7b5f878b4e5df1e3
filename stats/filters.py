"""GET filters of Alle Spiele and Sieg-Verteilungen (django-filter), German parameter names.

A team is chosen as a player and his partner (two selects of a few dozen players each) rather
than from a list of every team (780 at a million games); `team=<id>` still works as a link.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

import django_filters
from django import forms
from django.db.models import F, Q, QuerySet
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from klammernliga.models import BID_CHOICES, SUIT_CHOICES, Game, Team
from scoring import standings
from stats.selectors.games import PlayerName, league_players, team_played, team_players, took_part
from stats.selectors.standings import league_years

ALL = _("alle")


@dataclass(frozen=True, slots=True)
class Selection:
    """The league-wide part of a valid filter: a year, a player, a team (player and partner)."""

    year: int | None = None
    player: PlayerName | None = None
    team_id: int | None = None
    team_name: str = ""
    # Player and partner chosen, but they never played as a team: no games.
    no_team: bool = False


class LeagueForm(forms.Form):
    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if data.get("team") is not None:  # a known team was turned into player and partner
            self.add_error("team", _("Dieses Team gibt es nicht."))
        if data.get("partner") and data.get("partner") == data.get("spieler"):
            self.add_error("partner", _("Bitte einen anderen Spieler als Partner wählen."))
        return data


def _keep(queryset: QuerySet[Game], name: str, value: object) -> QuerySet[Game]:
    """Player and partner are applied together in filter_queryset."""
    return queryset


class LeagueFilter(django_filters.FilterSet):
    """Year, player and team: the filters every statistics page of games shares."""

    jahr = django_filters.ChoiceFilter(label=_("Jahr"), empty_label=ALL, method="filter_year")
    spieler = django_filters.ChoiceFilter(label=_("Spieler"), empty_label=ALL, method=_keep)
    partner = django_filters.ChoiceFilter(label=_("Partner"), empty_label=ALL, method=_keep)
    team = django_filters.NumberFilter(method=_keep, widget=forms.HiddenInput)

    class Meta:
        model = Game
        fields: list[str] = []
        form = LeagueForm

    def __init__(
        self,
        data: QueryDict | None = None,
        *args: Any,
        players: list[PlayerName] | None = None,
        **kwargs: Any,
    ) -> None:
        self.players = league_players() if players is None else players
        self.by_slug = {p.slug: p for p in self.players}
        if data is not None:
            data = _team_as_players(data, self.players)
        super().__init__(data, *args, **kwargs)
        years = [(str(y), str(y)) for y in league_years()]
        names = [(p.slug, p.name) for p in self.players]
        self.filters["jahr"].extra["choices"] = years
        self.filters["spieler"].extra["choices"] = names
        self.filters["partner"].extra["choices"] = names
        self._selection: Selection | None = None

    def filter_year(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        # A date range, not __year: the evening's date index answers it.
        year = int(value)
        return queryset.filter(
            match__evening__date__gte=datetime.date(year, 1, 1),
            match__evening__date__lt=datetime.date(year + 1, 1, 1),
        )

    def filter_queryset(self, queryset: QuerySet[Game]) -> QuerySet[Game]:
        queryset = super().filter_queryset(queryset)
        selection = self.selection()
        if selection.team_id is not None:
            return queryset.filter(team_played(selection.team_id))
        if selection.no_team:
            return queryset.none()
        if selection.player is not None:
            return queryset.filter(took_part(selection.player.pk))
        return queryset

    def selection(self) -> Selection:
        """Year, player and team of a valid filter (one query for a player and his partner)."""
        if self._selection is None:
            data = self.form.cleaned_data if self.is_bound and self.is_valid() else {}
            year = int(data["jahr"]) if data.get("jahr") else None
            chosen = [self.by_slug[s] for s in (data.get("spieler"), data.get("partner")) if s]
            team_id, team_name = None, ""
            if len(chosen) == 2:
                low, high = sorted(p.pk for p in chosen)
                team_id = (
                    Team.objects.filter(player_1_id=low, player_2_id=high)
                    .values_list("pk", flat=True)
                    .first()
                )
                team_name = standings.team_name(chosen[0].name, chosen[1].name)
            player = chosen[0] if chosen else None
            no_team = len(chosen) == 2 and team_id is None
            self._selection = Selection(year, player, team_id, team_name, no_team)
        return self._selection

    @property
    def active(self) -> bool:
        """Whether any filter is set (the page says so and offers to clear it)."""
        return any(self.data.get(name) for name in self.filters)


def _team_as_players(data: QueryDict, players: list[PlayerName]) -> QueryDict:
    """`team=<id>` (a link) becomes player and partner, which the form shows and keeps."""
    team = data.get("team")
    if not team:
        return data
    data = data.copy()
    if data.get("spieler") or data.get("partner"):  # the chosen players win
        del data["team"]
        return data
    pair = team_players(team)
    if pair is None:
        return data
    by_pk = {p.pk: p for p in players}
    del data["team"]
    data["spieler"], data["partner"] = by_pk[pair[0]].slug, by_pk[pair[1]].slug
    return data


class GameFilter(LeagueFilter):
    abend = django_filters.DateFilter(
        label=_("Abend"),
        field_name="match__evening__date",
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    trumpf = django_filters.ChoiceFilter(
        label=_("Trumpf"),
        field_name="trump",
        choices=SUIT_CHOICES,
        empty_label=ALL,
    )
    spiel = django_filters.ChoiceFilter(
        label=pgettext_lazy("bid", "Spiel"),
        field_name="bid",
        choices=BID_CHOICES,
        empty_label=ALL,
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

    # Filters on the games themselves: the count of games must then be taken from the games.
    GAME_FILTERS = ("abend", "trumpf", "spiel", "kontra", "ausgang")

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

    @property
    def on_games(self) -> bool:
        """Whether a filter on the games themselves is set (not only year, player, team)."""
        data = self.form.cleaned_data
        return any(data.get(name) for name in self.GAME_FILTERS)
