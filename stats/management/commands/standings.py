"""Print the standings of a year or of all time."""

import json

from django.core.management.base import BaseCommand, CommandParser

from scoring.standings import Standing
from stats.selectors import player_standings, team_standings

COLUMNS = [
    ("rank", "#"), ("name", "Name"), ("evenings", "Abende"), ("games", "Spiele"),
    ("rounds_won", "R+"), ("rounds_lost", "R-"), ("large_points", "GP"), ("kalte", "Kalte"),
    ("small_points", "KP"), ("small_points_against", "KP-"),
]  # fmt: skip


def as_dict(standing: Standing, *, teams: bool) -> dict[str, object]:
    row = standing.figures()
    if teams:
        row["players"] = list(standing.totals.players)
    return row


class Command(BaseCommand):
    help = "Standings of players (or teams) for one year or all time."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--year", type=int)
        parser.add_argument("--teams", action="store_true")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: object, year: int | None, teams: bool, json: bool,
               **options: object) -> None:  # fmt: skip
        select = team_standings if teams else player_standings
        rows = [as_dict(s, teams=teams) for s in select(year=year)]
        if json:
            self.stdout.write(_json_dumps(rows))
            return
        if not rows:
            self.stdout.write("Keine Spiele.")
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
