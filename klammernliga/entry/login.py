"""The login form with messages a scorekeeper understands: after a wrong password it says that
name or password is wrong (Django's own text asks to enter them, as if they were missing)."""

from __future__ import annotations

from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext_lazy as _


class LoginForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "Benutzername oder Passwort ist falsch. Groß- und Kleinschreibung zählen bei beiden."
        ),
    }

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["username"].error_messages["required"] = _("Bitte den Benutzernamen eingeben.")
        self.fields["password"].error_messages["required"] = _("Bitte das Passwort eingeben.")
