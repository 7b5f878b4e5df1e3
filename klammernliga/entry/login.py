"""The login form with messages a scorekeeper understands: after a wrong password it says that
name or password is wrong (Django's own text asks to enter them, as if they were missing).

A name with too many recent failures waits before its next try (klammernliga.http.login_throttle);
that is checked before the password hasher runs.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from klammernliga.http import login_throttle


class LoginForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "Benutzername oder Passwort ist falsch. Groß- und Kleinschreibung zählen bei beiden."
        ),
    }

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # passed on as Django takes them
        self.fields["username"].error_messages["required"] = _("Bitte den Benutzernamen eingeben.")
        self.fields["password"].error_messages["required"] = _("Bitte das Passwort eingeben.")

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username") or ""
        request = self.request
        if username and request is not None and not login_throttle.known_device(request, username):
            wait = login_throttle.name_wait(username)
            if wait:
                raise ValidationError(
                    ngettext(
                        "Zu viele Fehlversuche mit diesem Namen. "
                        "Bitte in %(seconds)d Sekunde noch einmal versuchen.",
                        "Zu viele Fehlversuche mit diesem Namen. "
                        "Bitte in %(seconds)d Sekunden noch einmal versuchen.",
                        wait,
                    )
                    % {"seconds": wait},
                    code="name_waits",
                )
        return super().clean()


class LoginView(auth_views.LoginView):
    """Django's login; after it, this browser is a known device for the name."""

    authentication_form = LoginForm

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_valid(form)
        login_throttle.remember_device(self.request, response, form.get_user().get_username())
        return response
