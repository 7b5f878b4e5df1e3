"""Import a league file (CSV): all or nothing."""

import io
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from klammernliga.csv_format import read_games
from klammernliga.services import check_evenings, store_evenings

# A broken file can have a problem on every line: the first ones say what is wrong.
MAX_PRINTED_PROBLEMS = 50


class Command(BaseCommand):
    help = "Import games from a UTF-8 CSV file in the league format (all or nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--replace", action="store_true", help="replace evenings that already have games"
        )

    def handle(self, *args: object, file: Path, replace: bool, **options: object) -> None:
        try:
            data = file.read_bytes()
        except OSError as error:
            raise CommandError(f"{file}: cannot read the file: {error}") from error
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            raise CommandError(
                f"{file}: line {line}: not UTF-8 ({error.reason}); nothing was stored."
            ) from error
        evenings, problems = read_games(io.StringIO(text, newline=""))
        summary = None
        if problems:
            # Every problem at once: the rules' problems of the rows that could be read too.
            problems = sorted(
                problems + check_evenings(evenings, replace=replace), key=lambda p: p.line or 0
            )
        else:
            summary = store_evenings(evenings, replace=replace)
            problems = summary.problems
        if problems:
            for problem in problems[:MAX_PRINTED_PROBLEMS]:
                where = f"line {problem.line}: " if problem.line else ""
                self.stderr.write(f"{where}{problem.field}: {problem.message}")
            if len(problems) > MAX_PRINTED_PROBLEMS:
                more = len(problems) - MAX_PRINTED_PROBLEMS
                self.stderr.write(f"... and {more} more problem(s) not shown.")
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
