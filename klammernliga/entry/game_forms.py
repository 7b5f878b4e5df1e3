"""The form of a game: who declared, trump and bid, Kontra and Re, the melds of both teams and
the points; its edit and delete variants, and a stored game as the form's initial values. Every
rule of the game is asked of `scoring` (through the services); all problems are shown at once."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, cast

from django import forms
from django.forms.boundfield import BoundWidget
from django.http import QueryDict
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from klammernliga import services
from klammernliga.entry.problems import ProblemsMixin, error_summary, problem_text
from klammernliga.models import BID_CHOICES, RANK_CHOICES, SUIT_CHOICES, Game, Match, Player
from scoring.domain import (
    MELD_POINTS,
    Meld,
    MeldKind,
    Rank,
    Side,
    Suit,
)
from scoring.rules import SUM_MESSAGE, Problem, total_points

TERZ_COUNTS = [(n, str(n)) for n in range(5)]
FUENFZIG_COUNTS = [(n, str(n)) for n in range(3)]

# --- a game -------------------------------------------------------------------------------------


class PlayerRadioField(forms.ModelChoiceField):
    """Any existing player is a valid value (scoring says whether he sits at this table); the
    buttons offer the four of the match."""

    def __init__(self, players: list[Player], *, blank: str = "", **kwargs: Any) -> None:
        super().__init__(Player.objects.all(), widget=forms.RadioSelect, **kwargs)
        self.choices = [*([("", blank)] if blank else []), *((p.pk, p.name) for p in players)]


class GameForm(ProblemsMixin, forms.Form):
    """One game of a match, as the scorekeeper taps it in."""

    trump = forms.CharField(
        label=_("Trumpf"),
        required=False,
        max_length=20,
        widget=forms.RadioSelect(choices=SUIT_CHOICES),
    )
    bid = forms.CharField(
        label=pgettext_lazy("bid", "Spiel"),
        required=False,
        max_length=20,
        widget=forms.RadioSelect(choices=BID_CHOICES),
    )
    kontra = forms.BooleanField(label=_("Kontra"), required=False)
    re = forms.BooleanField(label=_("Re"), required=False)
    points_a = forms.IntegerField(required=False)
    points_b = forms.IntegerField(required=False)
    # Which points field the scorekeeper typed last (the page's script says): a sum that does
    # not add up is reported there.
    last_typed = forms.ChoiceField(
        choices=[("", ""), ("points_a", "points_a"), ("points_b", "points_b")],
        required=False,
        widget=forms.HiddenInput,
    )

    def __init__(self, *args: Any, match: Match, game: Game | None = None, **kwargs: Any) -> None:
        if game is not None and not kwargs.get("data") and "initial" not in kwargs:
            kwargs["initial"] = initial_for(game)
        super().__init__(*args, **kwargs)
        self.match = match
        self.game = game
        self.players = [*match.team_a.players, *match.team_b.players]
        self.names: dict[object, str] = {p.pk: p.name for p in self.players}
        self.computed: str | None = None  # the points field filled in from the other one
        if game is None:
            # One-time token: the same form sent twice stores one game.
            self.fields["token"] = forms.UUIDField(
                widget=forms.HiddenInput, required=False, initial=uuid.uuid4
            )
        self.fields["declarer"] = PlayerRadioField(
            self.players,
            label=_("Wer hat gespielt?"),
            error_messages={"required": _("Wer hat gespielt? Bitte einen Namen antippen.")},
        )
        self.fields["dealer"] = PlayerRadioField(
            self.players, label=_("Geber"), required=False, blank=gettext("nicht notiert")
        )
        for side in Side:
            team = match.team(side).name
            self.fields[f"points_{side}"].label = team
            self.fields[f"points_{side}"].widget = forms.TextInput(
                attrs={
                    "inputmode": "numeric",
                    "autocomplete": "off",
                    "enterkeyhint": "done",
                    "aria-describedby": "points-hint",
                    "data-points": side.value,
                }
            )
            self.fields[f"terz_{side}"] = forms.TypedChoiceField(
                label=_("Terz"), choices=TERZ_COUNTS, coerce=int, empty_value=0,  # type: ignore[arg-type]  # Django takes any empty value; the stubs say str
                required=False, initial=0, widget=forms.RadioSelect,
            )  # fmt: skip
            self.fields[f"fuenfzig_{side}"] = forms.TypedChoiceField(
                label=_("Fünfzig"), choices=FUENFZIG_COUNTS, coerce=int, empty_value=0,  # type: ignore[arg-type]  # Django takes any empty value; the stubs say str
                required=False, initial=0, widget=forms.RadioSelect,
            )  # fmt: skip
            self.fields[f"belle_{side}"] = forms.BooleanField(label=_("Belle"), required=False)
            self.fields[f"top_{side}"] = forms.ChoiceField(
                label=_("oberste Karte"),
                choices=[("", "–"), *RANK_CHOICES],
                required=False,
            )
        for side in Side:
            for kind in ("terz", "fuenfzig", "belle"):
                widget = self.fields[f"{kind}_{side}"].widget
                widget.attrs["data-meld-points"] = MELD_POINTS[MeldKind(kind)]

    # -- for the template

    def meld_groups(self) -> list[dict[str, Any]]:
        return [
            {
                "name": f"melds_{side}",
                "team": self.match.team(side).name,
                "terz": self[f"terz_{side}"],
                "fuenfzig": self[f"fuenfzig_{side}"],
                "belle": self[f"belle_{side}"],
                "top": self[f"top_{side}"],
                "errors": [
                    *self.errors.get(f"melds_{side}", []),
                    *(
                        e
                        for k in ("terz", "fuenfzig", "belle", "top")
                        for e in self.errors.get(f"{k}_{side}", [])
                    ),
                ],
            }
            for side in Side
        ]

    def declarer_by_team(self) -> list[tuple[str, list[BoundWidget]]]:
        radios = list(self["declarer"])
        return [(self.match.team_a.name, radios[:2]), (self.match.team_b.name, radios[2:])]

    def suit_radios(self) -> list[tuple[BoundWidget, str]]:
        return [(radio, Suit(radio.data["value"]).symbol) for radio in self["trump"]]

    def points_fields(self) -> list[forms.BoundField]:
        return [self["points_a"], self["points_b"]]

    def summary(self) -> list[dict[str, str]]:
        """The messages above the form, each naming its field and linking to its first input."""
        places = {
            "declarer": (gettext("Wer hat gespielt"), self["declarer"].auto_id + "_0"),
            "trump": (gettext("Trumpf"), self["trump"].auto_id + "_0"),
            "bid": (pgettext("bid", "Spiel"), self["bid"].auto_id + "_0"),
            "kontra": (gettext("Kontra"), self["kontra"].auto_id),
            "re": (gettext("Re"), self["re"].auto_id),
            "dealer": (gettext("Geber"), self["dealer"].auto_id + "_0"),
        }
        for side in Side:
            team = self.match.team(side).name
            points = gettext("Punkte %(team)s") % {"team": team}
            places[f"points_{side}"] = (points, self[f"points_{side}"].auto_id)
            melds = gettext("Meldungen %(team)s") % {"team": team}
            for name in ("melds", "terz", "fuenfzig", "belle", "top"):
                anchor = self[f"terz_{side}"].auto_id + "_0" if name != "top" else ""
                places[f"{name}_{side}"] = (melds, anchor or self[f"top_{side}"].auto_id)
        return error_summary(self, places)

    def show_melds(self) -> bool:
        """The melds stay folded unless there are any (most games have none)."""
        return self.has_melds() or any(group["errors"] for group in self.meld_groups())

    def has_melds(self) -> bool:
        if self.is_bound:
            keys = [f"{k}_{s}" for k in ("terz", "fuenfzig", "belle", "top") for s in Side]
            return any(self.data.get(self.add_prefix(k)) not in (None, "", "0") for k in keys)
        return any(
            self.initial.get(f"{k}_{s}") for k in ("terz", "fuenfzig", "belle") for s in Side
        )

    # -- validation

    def _melds(self, side: Side, data: Mapping[str, Any]) -> tuple[Meld, ...]:
        """A team's melds from the counts; an edited game keeps its melds' suits and tops."""
        kept = _melds_by_kind(self.game, side)
        top_choice = data.get(f"top_{side}") or ""
        melds: list[Meld] = []
        kinds = [MeldKind.FUENFZIG] * (data.get(f"fuenfzig_{side}") or 0)
        kinds += [MeldKind.TERZ] * (data.get(f"terz_{side}") or 0)
        for index, kind in enumerate(kinds):
            same = [m for m in kinds[:index] if m is kind]
            old = kept[kind][len(same)] if len(same) < len(kept[kind]) else None
            top = old.top if old else None
            if index == 0:  # the highest sequence carries the chosen top card
                top = Rank(top_choice) if top_choice else None
            melds.append(Meld(kind, old.suit if old else None, top))
        if top_choice and not kinds:
            self.add_group_error(
                f"melds_{side}",
                gettext("Eine oberste Karte gibt es nur zu einer Terz oder einem Fünfzig."),
            )
        if data.get(f"belle_{side}"):
            old_belle = kept[MeldKind.BELLE][0] if kept[MeldKind.BELLE] else None
            melds.append(Meld(MeldKind.BELLE, old_belle.suit if old_belle else None))
        return tuple(melds)

    def _fill_points(self, data: dict[str, Any]) -> None:
        """One team's points are enough: the other's follow from 164 plus all melds."""
        if "points_a" in self.errors or "points_b" in self.errors:
            return
        given = {side: data.get(f"points_{side}") for side in Side}
        missing = [side for side in Side if given[side] is None]
        if len(missing) == 2:
            self.add_error(
                "points_a",
                _("Bitte die Punkte einer Mannschaft eintragen; die anderen ergeben sich."),
            )
            return
        if not missing:
            return
        side = missing[0]
        other = given[side.other]
        assert other is not None  # one side is missing, so the other was given
        value = total_points(data["melds_a"], data["melds_b"]) - other
        name = f"points_{side}"
        data[name] = value
        self.computed = name
        # Shown again with the form if something else is wrong.
        shown = cast(QueryDict, self.data).copy()  # a bound form's data is the request's QueryDict
        shown[self.add_prefix(name)] = str(value)
        self.data = shown

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name in ("trump", "bid"):
            if not data.get(name) and name not in self.errors:
                message = {
                    "trump": _("Welcher Trumpf? Bitte eine Farbe antippen."),
                    "bid": _("Welches Spiel? Bitte rein, klein oder besser antippen."),
                }[name]
                self.add_error(name, message)
        data["melds_a"] = self._melds(Side.A, data)
        data["melds_b"] = self._melds(Side.B, data)
        self._fill_points(data)
        for player in (data.get("declarer"), data.get("dealer")):
            if player is not None:
                self.names[player.pk] = player.name
        problems = services.game_problems(match=self.match, **self.inputs(data))
        self.add_problems(self._as_typed(problems, data), self.names)
        return data

    def _as_typed(self, problems: Iterable[Problem], data: Mapping[str, Any]) -> list[Problem]:
        """Each problem at the field the user typed into: a points field left empty gets none
        (the other field or the form already says what is missing), and a problem of the
        filled-in points is one of the points typed for the other team."""
        kept = []
        for problem in problems:
            field = problem.field
            if field in ("points_a", "points_b") and data.get(field) is None:
                continue
            if field == self.computed:
                kept.append(self._of_typed_points(problem, data))
                continue
            if problem.message == SUM_MESSAGE and data.get("last_typed"):
                problem = replace(problem, field=data["last_typed"])
            kept.append(problem)
        return kept

    def _of_typed_points(self, problem: Problem, data: Mapping[str, Any]) -> Problem:
        computed = Side(self.computed[-1])  # type: ignore[index]  # set: only asked for the filled field
        team = self.match.team(computed).name
        value = data[f"points_{computed}"]
        total = total_points(data["melds_a"], data["melds_b"])
        if value < 0:
            message = gettext(
                "Zu viele Punkte: zusammen sind es %(total)d, für %(team)s blieben %(value)d."
            ) % {"total": total, "team": team, "value": value}
        else:
            message = gettext("Für %(team)s blieben %(value)d Punkte: %(problem)s") % {
                "team": team,
                "value": value,
                "problem": problem_text(problem, self.names),
            }
        return Problem(f"points_{computed.other}", message)

    def inputs(self, data: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The game as the services take it."""
        data = self.cleaned_data if data is None else data
        return {
            "declarer": data.get("declarer"),
            "dealer": data.get("dealer"),
            "trump": data.get("trump") or None,
            "bid": data.get("bid") or None,
            "points_a": data.get("points_a"),
            "points_b": data.get("points_b"),
            "melds_a": data.get("melds_a", ()),
            "melds_b": data.get("melds_b", ()),
            "kontra": bool(data.get("kontra")),
            "re": bool(data.get("re")),
        }


class EditGameForm(GameForm):
    """A stored game; `version` is the optimistic lock (who saves an out-of-date form loses)."""

    version = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=1,
        error_messages={
            "required": _("Das Formular ist unvollständig; bitte die Seite neu laden."),
            "invalid": _("Das Formular ist unvollständig; bitte die Seite neu laden."),
        },
    )


class DeleteGameForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


def _melds_by_kind(game: Game | None, side: Side) -> dict[MeldKind, list[Meld]]:
    by_kind: dict[MeldKind, list[Meld]] = {kind: [] for kind in MeldKind}
    if game is not None:
        for meld in game.melds.all():
            if meld.side == side.value:
                by_kind[MeldKind(meld.kind)].append(services.meld_value(meld))
    return by_kind


def initial_for(game: Game) -> dict[str, Any]:
    """The form's values for a stored game."""
    initial: dict[str, Any] = {
        "declarer": game.declarer_id,
        "dealer": game.dealer_id,
        "trump": game.trump,
        "bid": game.bid,
        "kontra": game.kontra,
        "re": game.re,
        "points_a": game.points_a,
        "points_b": game.points_b,
        "version": game.version,
    }
    for side in Side:
        melds = _melds_by_kind(game, side)
        initial[f"terz_{side}"] = len(melds[MeldKind.TERZ])
        initial[f"fuenfzig_{side}"] = len(melds[MeldKind.FUENFZIG])
        initial[f"belle_{side}"] = bool(melds[MeldKind.BELLE])
        best = next(iter(melds[MeldKind.FUENFZIG] or melds[MeldKind.TERZ]), None)
        initial[f"top_{side}"] = best.top.value if best and best.top else ""
    return initial
