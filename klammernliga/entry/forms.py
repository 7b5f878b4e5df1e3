"""The entry forms of an evening and a match; the game's form is in `game_forms`. Django checks
types and choices; every rule of the game is asked of `scoring` (through the services), and all
problems are shown at once next to the field they concern (`problems`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from klammernliga import services
from klammernliga.entry.problems import error_summary, problem_text
from klammernliga.models import Player
from klammernliga.validation import validate_evening_date
from scoring.rules import DUPLICATE_PLAYER

# --- an evening ---------------------------------------------------------------------------------


class EveningForm(forms.Form):
    date = forms.DateField(
        label=_("Datum"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"required": _("Bitte das Datum des Abends eintragen.")},
        validators=[validate_evening_date],
    )
    place = forms.CharField(label=_("Ort (optional)"), max_length=100, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"date": timezone.localdate()})
        super().__init__(*args, **kwargs)


# --- a match: the two teams ---------------------------------------------------------------------

SLOTS = ("a1", "a2", "b1", "b2")


class MatchForm(forms.Form):
    """Four seats: each an existing player, or a new player's name typed on the spot."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # One query for all four seats (a ModelChoiceField would ask once per seat).
        self.players = {p.pk: p for p in Player.objects.only("pk", "name").order_by("name")}
        choices = [("", gettext("– wählen –")), *((pk, p.name) for pk, p in self.players.items())]
        for slot in SLOTS:
            seat = slot[1]
            self.fields[f"player_{slot}"] = forms.TypedChoiceField(
                choices=choices,
                coerce=lambda pk: self.players[int(pk)],
                empty_value=None,
                required=False,
                label=_("Spieler %(seat)s") % {"seat": seat},
            )
            self.fields[f"new_{slot}"] = forms.CharField(
                required=False,
                max_length=60,
                label=_("oder neu"),
                widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
            )

    def slot_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [(self[f"player_{slot}"], self[f"new_{slot}"]) for slot in SLOTS]

    def summary(self) -> list[dict[str, str]]:
        places = {}
        for slot in SLOTS:
            for name in (f"player_{slot}", f"new_{slot}"):
                places[name] = (
                    gettext("Team %(team)s, Spieler %(seat)s")
                    % {"team": slot[0].upper(), "seat": slot[1]},
                    self[name].id_for_label,
                )
        return error_summary(self, places)

    def teams(self) -> tuple[tuple[Player | str, Player | str], tuple[Player | str, Player | str]]:
        refs = [self.cleaned_data[f"seat_{slot}"] for slot in SLOTS]
        return (refs[0], refs[1]), (refs[2], refs[3])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        complete = True
        for slot in SLOTS:
            player, name = data.get(f"player_{slot}"), (data.get(f"new_{slot}") or "").strip()
            if f"player_{slot}" in self.errors or f"new_{slot}" in self.errors:
                complete = False
            elif player and name:
                self.add_error(
                    f"new_{slot}", _("Entweder einen Spieler wählen oder einen neuen eintragen.")
                )
                complete = False
            elif not player and not name:
                self.add_error(
                    f"player_{slot}", _("Bitte einen Spieler wählen oder einen neuen eintragen.")
                )
                complete = False
            else:
                data[f"seat_{slot}"] = player or name
        # The four seats as far as they are filled: a player chosen twice is reported with the
        # other problems, not only once they are fixed.
        seats = [data.get(f"seat_{slot}", "") for slot in SLOTS]
        for problem in services.team_problems((seats[0], seats[1]), (seats[2], seats[3])):
            if complete or problem.message == DUPLICATE_PLAYER:
                self.add_error(None, problem_text(problem, {}))
        return data
