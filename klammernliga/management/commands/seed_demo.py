"""Create the demo league 1998–2011, every game dealt and played by the card engine."""

import time

from django.core.management.base import BaseCommand, CommandError, CommandParser

from klammernliga import services
from klammernliga.demo import parse_years
from klammernliga.derive import summaries
from klammernliga.models import Evening, Game, Match, Participation
from klammernliga.services import seed_league


class Command(BaseCommand):
    help = "Play and store the demo league (deterministic for a given seed)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seed", type=int, default=1998)
        parser.add_argument("--years", default="1998-2011", help="e.g. 1998-2011 or 2005")
        parser.add_argument("--replace", action="store_true", help="delete all games first")
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing (and succeed) when games exist"
        )

    def handle(self, *args: object, seed: int, years: str, replace: bool, if_empty: bool,
               **options: object) -> None:  # fmt: skip
        try:
            span = parse_years(years)
        except ValueError as error:
            raise CommandError(str(error)) from error
        if Game.objects.exists():
            if if_empty:
                self.stdout.write("The league already has games; the demo league is not loaded.")
                return
            if not replace:
                raise CommandError("The database already has games; use --replace to start over.")
            with services.writing():
                # Derived rows first, then the records; raw deletes keep this fast.
                Participation.objects.all()._raw_delete(Participation.objects.db)
                Game.objects.all().delete()
                Match.objects.all().delete()
                Evening.objects.all().delete()
                summaries.follow(since=None)
        started = time.perf_counter()
        summary = seed_league(
            seed=seed,
            years=span,
            progress=lambda year, s: self.stdout.write(
                f"{year}: {s.evenings} evenings, {s.games} games"
            ),
        )
        self.stdout.write(
            f"Demo league {span[0]}–{span[1]}: {summary.evenings} evenings, {summary.games} games, "
            f"{summary.players} players in {time.perf_counter() - started:.1f} s."
        )
