"""Time `manage.py import_games` of a generated league file into an empty database.

`python -m bench.imports ROWS` (run by `python -m bench` in a process of its own, with BENCH_DB
naming a database file that is created afresh): writes a league of ROWS games in the import
format (`klammernliga.csv_format`) from the synthetic generator, migrates the empty database,
then times the command alone, validation and everything it derives included. Prints one JSON line.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

import django


def write_league(path: Path, rows: int) -> int:
    """The generator's league of `rows` games as a CSV file in the import format."""
    from bench.generate import evenings
    from bench.shapes import IMPORT
    from klammernliga.csv_format import HEADER, NO, YES, format_melds

    count = 0
    with path.open("w", encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(HEADER)
        for chunk in evenings(replace(IMPORT, games=rows)):
            for evening in chunk:
                for game in evening.games:
                    writer.writerow([
                        evening.date.isoformat(), *game.team_a, *game.team_b,
                        game.dealer or "", game.declarer, game.trump, game.bid,
                        format_melds(game.melds_a), format_melds(game.melds_b),
                        YES if game.kontra else NO, YES if game.re else NO,
                        game.points_a, game.points_b,
                    ])  # fmt: skip
                    count += 1
    return count


def main(rows: int) -> dict[str, object]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")
    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from klammernliga.models import Game

    path = Path(settings.BENCH_OUT) / f"import-{rows}.csv"
    written = write_league(path, rows)
    call_command("migrate", verbosity=0, interactive=False)
    out = io.StringIO()
    started = time.perf_counter()
    call_command("import_games", str(path), stdout=out)
    seconds = time.perf_counter() - started
    return {
        "rows": written,
        "games": Game.objects.count(),
        "seconds": round(seconds, 2),
        "message": out.getvalue().strip(),
    }


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]))))
