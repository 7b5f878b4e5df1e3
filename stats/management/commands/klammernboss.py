"""Print the KlammernBoss ranking as the page shows it."""

import json

from django.core.management.base import BaseCommand, CommandParser

from stats.ratings.selectors import ranking

COLUMNS = [
    ("rank", "#"), ("name", "Name"), ("rating", "Wertung"), ("mu", "μ"), ("sigma", "σ"),
    ("rounds", "Runden"),
]  # fmt: skip


class Command(BaseCommand):
    help = "The KlammernBoss ranking: rank, name, rating, strength μ, uncertainty σ, rounds."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: object, json: bool, **options: object) -> None:
        rows = [
            {
                "rank": r.rank,
                "name": r.player.name,
                "rating": round(r.ordinal, 1),
                "mu": round(r.mu, 1),
                "sigma": round(r.sigma, 2),
                "rounds": r.rounds,
            }
            for r in ranking()
        ]
        if json:
            self.stdout.write(_json_dumps(rows))
            return
        if not rows:
            self.stdout.write("Noch keine Wertung.")
            return
        table = [[str(row[key]) for key, _title in COLUMNS] for row in rows]
        titles = [title for _key, title in COLUMNS]
        widths = [max(len(x) for x in col) for col in zip(titles, *table, strict=True)]
        for line in [titles, *table]:
            cells = [c.ljust(w) if i == 1 else c.rjust(w) for i, (c, w) in
                     enumerate(zip(line, widths, strict=True))]  # fmt: skip
            self.stdout.write("  ".join(cells))


def _json_dumps(rows: list[dict[str, object]]) -> str:
    return json.dumps(rows, ensure_ascii=False, indent=2)
