"""Write every game to a CSV file in the import format (import again with import_games)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from klammernliga.backup import write_games_csv


class Command(BaseCommand):
    help = "Export all games, in order of play, as a CSV file in the import_games format."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: object, file: Path, **options: object) -> None:
        try:
            with file.open("w", encoding="utf-8", newline="") as stream:
                count = write_games_csv(stream)
        except OSError as error:
            raise CommandError(f"{file}: cannot write the file: {error}") from error
        self.stdout.write(f"Exported {count} games to {file}.")
