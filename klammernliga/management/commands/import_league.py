"""Load a league document written by export_league: all or nothing."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from klammernliga.backup import BackupError, import_league
from klammernliga.backup.document import unique_keys


class Command(BaseCommand):
    help = (
        "Import a league document written by export_league into this database, in one "
        "transaction. Refuses a database that already holds a league unless --replace is given."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--replace",
            action="store_true",
            help="delete the league in this database (records and history) and load the file",
        )

    def handle(self, *args: object, file: Path, replace: bool, **options: object) -> None:
        try:
            with file.open(encoding="utf-8") as stream:
                document = json.load(stream, object_pairs_hook=unique_keys)
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{file}: cannot read the file: {error}") from error
        except json.JSONDecodeError as error:
            raise CommandError(f"{file}: not a JSON document: {error}") from error
        except RecursionError as error:
            raise CommandError(f"{file}: the JSON document is nested too deeply") from error
        except ValueError as error:  # e.g. a number of more digits than Python converts
            raise CommandError(f"{file}: not a readable JSON document: {error}") from error
        try:
            summary = import_league(document, replace=replace)
        except BackupError as error:
            for problem in error.problems:
                self.stderr.write(problem)
            raise CommandError(f"{file}: nothing was imported.") from error
        counts = ", ".join(f"{n} {key}" for key, n in summary.counts.items())
        history = sum(summary.history.values())
        self.stdout.write(
            f"Imported {counts}, {history} history entries"
            + (f"; new users: {', '.join(summary.users_created)}" if summary.users_created else "")
            + (
                f"; kept existing users: {', '.join(summary.users_kept)}"
                if summary.users_kept
                else ""
            )
            + (" (the previous league was replaced)" if summary.replaced else "")
            + "."
        )
