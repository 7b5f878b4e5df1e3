"""Import a league file (CSV): all or nothing."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from klammernliga.csv_format import read_games
from klammernliga.services import store_evenings


class Command(BaseCommand):
    help = "Import games from a UTF-8 CSV file in the league format (all or nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--replace", action="store_true", help="replace evenings that already have games"
        )

    def handle(self, *args: object, file: Path, replace: bool, **options: object) -> None:
        try:
            with file.open(encoding="utf-8-sig", newline="") as stream:
                evenings, problems = read_games(stream)
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{file}: cannot read the file: {error}") from error
        summary = None
        if not problems:
            summary = store_evenings(evenings, replace=replace)
            problems = summary.problems
        if problems:
            for problem in problems:
                where = f"line {problem.line}: " if problem.line else ""
                self.stderr.write(f"{where}{problem.field}: {problem.message}")
            raise CommandError(f"{len(problems)} problem(s) found; nothing was stored.")
        assert summary is not None
        self.stdout.write(
            f"Stored {summary.games} games in {summary.matches} matches on "
            f"{summary.evenings} evenings"
            + (
                f", replaced {summary.replaced_evenings} evenings"
                if summary.replaced_evenings
                else ""
            )
            + (f"; new players: {', '.join(summary.new_players)}" if summary.new_players else "")
            + "."
        )
