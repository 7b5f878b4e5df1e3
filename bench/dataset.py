"""Build one benchmark dataset into the SQLite file named by BENCH_DB.

`python -m bench.dataset demo|peer|big` (run by `python -m bench` in a process of its own):
migrates, then fills the league — the demo league through `manage.py seed_demo` where that
command exists, otherwise (and for the larger leagues) through the synthetic generator and
`services.store_evenings`.
Prints one JSON line with what was built.
"""

from __future__ import annotations

import io
import json
import os
import sys
import time
from dataclasses import asdict

import django


def main(name: str) -> dict[str, object]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")
    django.setup()
    from django.core.management import call_command, get_commands

    from bench.generate import build
    from bench.shapes import SHAPES
    from klammernliga.models import Game, Player

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    call_command("migrate", verbosity=0, interactive=False)
    info: dict[str, object] = {"dataset": name}
    if name == "demo" and "seed_demo" in get_commands():
        started = time.perf_counter()
        call_command("seed_demo", stdout=io.StringIO())
        info["source"] = "manage.py seed_demo"
        info["seconds"] = time.perf_counter() - started
    else:
        shape = SHAPES[name]
        info["source"] = "bench.generate"
        info["shape"] = asdict(shape)
        info.update(build(shape, progress))
    info["games"] = Game.objects.count()
    info["players"] = Player.objects.count()
    return info


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1])))
