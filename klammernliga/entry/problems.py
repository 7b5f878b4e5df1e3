"""Scoring's problems as the entry forms show them: the field each one belongs to, its message in
the reader's language, and the summary above a form that links to each wrong field."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext

from scoring.domain import LABELS_BY_TYPE
from scoring.rules import Problem

# Where a problem of scoring is shown: a form field, a team's melds, or above the form (None).
FIELD_OF_PROBLEM: Mapping[str, str | None] = {
    "players": None,
    "declarer": "declarer",
    "dealer": "dealer",
    "trump": "trump",
    "bid": "bid",
    "re": "re",
    "melds_a": "melds_a",
    "melds_b": "melds_b",
    "points_a": "points_a",
    "points_b": "points_b",
}
MELD_GROUPS = ("melds_a", "melds_b")


def _param_text(key: str, value: object, names: Mapping[object, str]) -> object:
    labels = LABELS_BY_TYPE.get(type(value))  # card words by their names
    if labels is not None:
        return gettext(labels[value])
    if key == "kind" and isinstance(value, str):
        return gettext(value)  # scoring names a meld kind by its label ("Terz")
    # Only a player is named: a number (164 points) may equal some player's id.
    return names.get(value, value) if key == "player" else value


def problem_text(problem: Problem, names: Mapping[object, str]) -> str:
    """scoring's message in the current language, players shown by name, cards by their names."""
    params = {key: _param_text(key, value, names) for key, value in problem.params.items()}
    message = gettext(problem.message)
    return message % params if params else message


class ProblemsMixin:
    """Puts scoring's problems next to the fields; a team's melds count as one field."""

    def add_problems(self, problems: Iterable[Problem], names: Mapping[object, str]) -> None:
        form: forms.Form = self  # type: ignore[assignment]  # a mixin: only ever part of a Form
        # A field Django already refused (a missing or mistyped value) keeps that one message.
        refused = set(form.errors)
        for problem in problems:
            name = FIELD_OF_PROBLEM.get(problem.field)
            if name in refused:
                continue
            text = problem_text(problem, names)
            if name in MELD_GROUPS:
                self.add_group_error(name, text)
            else:
                form.add_error(name, text)

    def add_group_error(self, name: str, message: str) -> None:
        """An error of a group of fields (a team's melds); it makes the form invalid."""
        form: forms.Form = self  # type: ignore[assignment]  # a mixin: only ever part of a Form
        form.errors.setdefault(name, form.error_class()).append(message)


def error_summary(form: forms.Form, places: Mapping[str, tuple[str, str]]) -> list[dict[str, str]]:
    """Every message of a form for the summary above it: the field's name and the id of the
    input it links to (`places`: field → (name, id)); a message of no field has neither."""
    entries = [
        {"text": str(message), "name": "", "anchor": ""} for message in form.non_field_errors()
    ]
    for field, messages in form.errors.items():
        if field == NON_FIELD_ERRORS:
            continue
        name, anchor = places.get(field, ("", ""))
        for message in messages:
            text = str(message)
            # "Wer hat gespielt? Bitte einen Namen antippen." names its field itself.
            shown = "" if text.casefold().startswith(name.casefold()) else name
            entries.append({"text": text, "name": shown, "anchor": anchor})
    return entries
