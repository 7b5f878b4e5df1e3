"""Write the whole league (records, users, change history) to a JSON file."""

import json
from pathlib import Path
from typing import cast

from django.core.management.base import BaseCommand, CommandError, CommandParser

from klammernliga.backup import export_league


class Command(BaseCommand):
    help = "Export the whole league as a versioned JSON document (restore with import_league)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: object, file: Path, **options: object) -> None:
        document = export_league()
        try:
            with file.open("w", encoding="utf-8") as stream:
                json.dump(document, stream, ensure_ascii=False, indent=1)
                stream.write("\n")
        except OSError as error:
            raise CommandError(f"{file}: cannot write the file: {error}") from error
        counts = ", ".join(
            f"{len(cast(list[object], document[key]))} {key}"
            for key in ("players", "games", "users")
        )
        self.stdout.write(f"Exported {counts} to {file}.")
