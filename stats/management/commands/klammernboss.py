"""Print the KlammernBoss ranking as the page shows it."""

from django.core.management.base import BaseCommand, CommandParser

from stats.management.printing import print_rows
from stats.selectors.ratings import ranking

COLUMNS = [
    ("rank", "#"), ("name", "Name"), ("rating", "Wertung"), ("sigma", "±"),
    ("provisional", "vorläufig"), ("rounds", "Runden"),
]  # fmt: skip


class Command(BaseCommand):
    help = "The KlammernBoss ranking: rank, name, rating, its uncertainty, provisional, rounds."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: object, json: bool, **options: object) -> None:
        rows = [
            {
                "rank": r.rank,
                "name": r.player.name,
                "rating": round(r.mu, 1),
                "sigma": round(r.sigma, 1),
                "provisional": r.provisional,
                "rounds": r.rounds,
            }
            for r in ranking()
        ]
        print_rows(self.stdout, rows, COLUMNS, as_json=json, empty="Noch keine Wertung.")
