"""Recompute every derived result from the games' inputs."""

from django.core.management.base import BaseCommand

from klammernliga.services import recompute_all


class Command(BaseCommand):
    help = "Recompute all derived results (rounds, tallies, tables, ratings). Idempotent."

    def handle(self, *args: object, **options: object) -> None:
        count = recompute_all()
        self.stdout.write(f"Recomputed {count} matches.")
