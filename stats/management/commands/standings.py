"""Print the standings of a year or of all time."""

from django.core.management.base import BaseCommand, CommandParser

from scoring.standings import Standing
from stats.management.printing import print_rows
from stats.selectors.standings import player_standings, team_standings

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
        print_rows(self.stdout, rows, COLUMNS, as_json=json, empty="Keine Spiele.")
