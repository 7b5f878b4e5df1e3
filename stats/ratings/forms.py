"""The prediction form: two teams of two different players, chosen by slug in a GET form."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from klammernliga.models import Player

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

TEAM_FIELDS = (("a1", "a2"), ("b1", "b2"))
FIELDS = tuple(name for team in TEAM_FIELDS for name in team)

_ERRORS = {
    "required": _("Bitte einen Spieler wählen."),
    "invalid_choice": _("Diesen Spieler gibt es nicht. Bitte einen aus der Liste wählen."),
}


TEAM_LEGENDS = (_("Team 1"), _("Team 2"))


@dataclass(frozen=True, slots=True)
class SelectField:
    """A player select as the page shows it."""

    id: str
    name: str
    label: str
    errors: list[str]
    # The <option>s: (value, label) pairs and the chosen value (templates/stats/_options.html).
    choices: list[tuple[str, str]]
    chosen: str


@dataclass(frozen=True, slots=True)
class TeamFields:
    legend: str | StrPromise
    selects: list[SelectField]


class PredictionForm(forms.Form):
    a1 = forms.ChoiceField(label=_("Spieler"), error_messages=_ERRORS)
    a2 = forms.ChoiceField(label=_("Partner"), error_messages=_ERRORS)
    b1 = forms.ChoiceField(label=_("Spieler"), error_messages=_ERRORS)
    b2 = forms.ChoiceField(label=_("Partner"), error_messages=_ERRORS)

    def __init__(self, *args: object, players: Sequence[Player], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # passed on as Django takes them
        # Choices from a list the view already has: no query per select.
        self._players = {p.slug: p for p in players}
        choices = [("", "—"), *((p.slug, p.name) for p in players)]
        for name in FIELDS:
            self.fields[name].choices = choices  # type: ignore[attr-defined]  # ChoiceFields; the stubs say Field

    @cached_property
    def choices(self) -> list[tuple[str, str]]:
        """The players to choose from, the same for all four selects."""
        return [("", "—"), *((slug, p.name) for slug, p in self._players.items())]

    @cached_property
    def teams_shown(self) -> list[TeamFields]:
        """The two teams' selects with all the template prints of them, read once: a plain
        loop in the template instead of an include per select."""
        return [
            TeamFields(
                legend,
                [
                    SelectField(
                        id=self[name].auto_id,
                        name=self[name].html_name,
                        label=str(self.fields[name].label),
                        errors=[str(e) for e in self.errors.get(name, [])],
                        choices=self.choices,
                        chosen=self[name].value() or "",
                    )
                    for name in names
                ],
            )
            for legend, names in zip(TEAM_LEGENDS, TEAM_FIELDS, strict=True)
        ]

    @classmethod
    def is_submitted(cls, data: object) -> bool:
        """Whether a query string asks for a prediction (then the form is bound and checked)."""
        return any(name in data for name in FIELDS)  # type: ignore[operator]  # a QueryDict or a dict

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        seen: dict[str, str] = {}
        for name in FIELDS:
            slug = cleaned.get(name)
            if not slug:
                continue
            if slug in seen:
                player = self._players[slug]
                self.add_error(
                    name,
                    _("%(name)s ist schon gewählt: es spielen vier verschiedene Spieler.")
                    % {"name": player.name},
                )
            else:
                seen[slug] = name
        return cleaned

    def teams(self) -> tuple[tuple[Player, Player], tuple[Player, Player]]:
        """The two chosen teams (only for a valid form)."""
        first, second = (
            (self._players[self.cleaned_data[p1]], self._players[self.cleaned_data[p2]])
            for p1, p2 in TEAM_FIELDS
        )
        return first, second
