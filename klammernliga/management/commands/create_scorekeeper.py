"""Create the first scorekeeper (or make an existing user one)."""

import getpass
import os
import sys

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.db.models import Field

from klammernliga.entry.access import SCOREKEEPER_GROUP, ensure_scorekeeper_group


class Command(BaseCommand):
    help = (
        f"Create a scorekeeper: a user in the group '{SCOREKEEPER_GROUP}', who may enter and "
        "change results at /erfassen/. An existing user is added to the group."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument(
            "--password-from-env",
            metavar="VAR",
            help="read the password from this environment variable (else it is asked for)",
        )
        parser.add_argument("--email", default="", help="the user's e-mail address")

    def handle(self, *args: object, **options: object) -> None:
        username = str(options["username"])
        variable = options["password_from_env"]
        user_model = get_user_model()
        # The same rules as the login form's field: not empty, at most 150 characters, letters,
        # digits and @.+-_ only.
        try:
            field = user_model._meta.get_field(user_model.USERNAME_FIELD)
            assert isinstance(field, Field)
            field.clean(username, None)
        except ValidationError as error:
            raise CommandError(f"User name {username!r}: {' '.join(error.messages)}") from error
        user = user_model.objects.filter(**{user_model.USERNAME_FIELD: username}).first()
        password = None
        if variable:
            password = os.environ.get(str(variable))
            if not password:
                raise CommandError(f"The environment variable {variable} is not set or empty.")
        elif user is None:
            password = self._ask_password()
        with transaction.atomic():
            created = user is None
            if user is None:
                user = user_model(**{user_model.USERNAME_FIELD: username})
            if options["email"]:
                user.email = str(options["email"])
            if password is not None:
                try:
                    validate_password(password, user)
                except ValidationError as error:
                    raise CommandError(" ".join(error.messages)) from error
                user.set_password(password)
            user.save()
            user.groups.add(ensure_scorekeeper_group())
        verb = "Created scorekeeper" if created else "Made scorekeeper"
        self.stdout.write(f"{verb} {username} (group {SCOREKEEPER_GROUP}).")

    def _ask_password(self) -> str:
        if not sys.stdin.isatty():
            raise CommandError(
                "No password: pass --password-from-env VAR, or run the command in a terminal."
            )
        password = getpass.getpass("Password: ")
        if password != getpass.getpass("Password (again): "):
            raise CommandError("The two passwords differ.")
        if not password:
            raise CommandError("The password must not be empty.")
        return password
