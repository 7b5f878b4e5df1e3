"""Create the demo league 1998–2011, every game dealt and played by the card engine."""

import time

from django.core.management.base import BaseCommand, CommandError, CommandParser

from klammernliga import services
from klammernliga.demo import parse_years
from klammernliga.services import seed_league


class Command(BaseCommand):
    help = "Play and store the demo league (deterministic for a given seed)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seed", type=int, default=1998)
        parser.add_argument("--years", default="1998-2011", help="e.g. 1998-2011 or 2005")
        parser.add_argument(
            "--replace", action="store_true", help="replace the whole league (in one change)"
        )
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing (and succeed) when games exist"
        )

    def handle(self, *args: object, seed: int, years: str, replace: bool, if_empty: bool,
               **options: object) -> None:  # fmt: skip
        try:
            span = parse_years(years)
        except ValueError as error:
            raise CommandError(str(error)) from error
        if if_empty and not services.league_is_empty():
            self.stdout.write("The league already has games; the demo league is not loaded.")
            return
        started = time.perf_counter()
        try:
            summary = seed_league(
                seed=seed,
                years=span,
                replace=replace,
                progress=lambda year, s: self.stdout.write(
                    f"{year}: {s.evenings} evenings, {s.games} games"
                ),
            )
        except services.LeagueRefused as refused:
            raise CommandError("Nothing was changed: " + "; ".join(refused.problems)) from refused
        self.stdout.write(
            f"Demo league {span[0]}–{span[1]}: {summary.evenings} evenings, {summary.games} games, "
            f"{summary.players} players in {time.perf_counter() - started:.1f} s."
        )
