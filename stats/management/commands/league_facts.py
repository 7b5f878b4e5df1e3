"""Print how the league plays (the demo league's figures in docs/demo-league.md)."""

import json
from typing import Any, cast

from django.core.management.base import BaseCommand, CommandParser

from stats.selectors.standings import league_facts


class Command(BaseCommand):
    help = "Shares of wins, Kontra, Re, bids and trumps; games per round; the Kalte rate."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: object, **options: object) -> None:
        facts = league_facts()
        if options["json"]:
            self.stdout.write(json.dumps(facts, indent=2))
            return

        def pct(value: Any) -> str:
            return f"{100 * value:.1f} %"

        self.stdout.write(f"games                      {facts['games']}")
        self.stdout.write(f"playing team wins          {pct(facts['playing_team_wins'])}")
        self.stdout.write(f"Kontra                     {pct(facts['kontra'])}")
        self.stdout.write(f"Re                         {pct(facts['re'])}")
        for bid, share in cast(dict[str, float], facts["bids"]).items():
            self.stdout.write(f"bid {bid:<22} {pct(share)}")
        for trump, share in cast(dict[str, float], facts["trumps"]).items():
            self.stdout.write(f"trump {trump:<20} {pct(share)}")
        self.stdout.write(f"completed rounds           {facts['completed_rounds']}")
        self.stdout.write(f"games per round            {facts['games_per_round']:.2f}")
        self.stdout.write(f"Kalte rate (per round)     {pct(facts['kalte_rate'])}")
