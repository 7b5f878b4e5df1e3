"""`python -m bench` (`make bench`): build the datasets, measure, print and record the table.

Options: --only demo|peer|big, --rebuild, --requests N, --load-seconds N, --no-load,
--no-write, --no-recompute, --import-rows N (0: no import run), --no-post (no game entered as a
logged-in HTTP POST to gunicorn, bench/entry_http.py). The generated datasets (peer:
30,000 games, big: 1,000,000) are built once and reused from bench/out/ while their shape is
unchanged; the demo league is rebuilt on every run. With the big dataset, `import_games` of a
generated file is timed into an empty database.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sqlite3
import subprocess
import sys
import time
import timeit
from dataclasses import asdict
from pathlib import Path
from typing import Any

from bench import load
from bench.report import render, write_report
from bench.shapes import SHAPES

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"


def log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _env(db: Path) -> dict[str, str]:
    return {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.settings", "BENCH_DB": str(db)}


def build(name: str, *, rebuild: bool) -> dict[str, Any]:
    db = OUT / f"{name}.sqlite3"
    sidecar = OUT / f"{name}.json"
    shape = json.loads(json.dumps(asdict(SHAPES[name])))
    if name != "demo" and not rebuild and db.exists() and sidecar.exists():
        info = json.loads(sidecar.read_text())
        if info.get("shape") == shape:
            log(f"{name}: reusing {db.name} ({info['games']:,} games, built in "
                f"{info.get('seconds', 0):,.0f} s)")  # fmt: skip
            return info
    for stale in OUT.glob(f"{name}.sqlite3*"):
        stale.unlink()
    log(f"{name}: building {db.name} …")
    started = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "bench.dataset", name],
        cwd=ROOT, env=_env(db), stdout=subprocess.PIPE, text=True, check=True,
    )  # fmt: skip
    info = json.loads(run.stdout.strip().splitlines()[-1])
    info["wall_seconds"] = time.perf_counter() - started
    sidecar.write_text(json.dumps(info, indent=1))
    return info


def measure(name: str, *, requests: int, recompute: bool, post: bool) -> dict[str, Any]:
    db = OUT / f"{name}.sqlite3"
    log(f"{name}: measuring …")
    run = subprocess.run(
        [sys.executable, "-m", "bench.measure", name, str(requests), "1" if recompute else "0"],
        cwd=ROOT, env=_env(db), stdout=subprocess.PIPE, text=True, check=True,
    )  # fmt: skip
    result = dict(json.loads(run.stdout.strip().splitlines()[-1]))
    if post:
        log(f"{name}: entering games as logged-in HTTP POSTs to gunicorn (a copy of the league) …")
        run = subprocess.run(
            [sys.executable, "-m", "bench.entry_http", name],
            cwd=ROOT, env=_env(db), stdout=subprocess.PIPE, text=True, check=True,
        )  # fmt: skip
        result["post_game"] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def import_run(rows: int) -> dict[str, Any]:
    """`import_games` of a generated file of `rows` games into an empty database."""
    db = OUT / "import.sqlite3"
    for stale in OUT.glob("import.sqlite3*"):
        stale.unlink()
    log(f"import: import_games of {rows:,} rows into an empty database …")
    run = subprocess.run(
        [sys.executable, "-m", "bench.imports", str(rows)],
        cwd=ROOT, env=_env(db), stdout=subprocess.PIPE, text=True, check=True,
    )  # fmt: skip
    outcome = dict(json.loads(run.stdout.strip().splitlines()[-1]))
    log(f"import: {outcome['games']:,} games in {outcome['seconds']} s")
    return outcome


def calibrate() -> float:
    """How fast the machine runs Python right now: the best of five runs of a fixed loop, in ms.
    The same code's figures move with it (docs/benchmarks.md, "How much the figures move")."""
    return round(min(timeit.repeat("sum(range(100))", number=200_000, repeat=5)) * 1000, 1)


def machine(calibrated: float) -> dict[str, str]:
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    return {
        "date": datetime.date.today().isoformat(),
        "cores": str(os.cpu_count()),
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "platform": platform.platform(terse=True),
        "commit": commit,
        # Other work on the machine skews the figures: the load when the table was written.
        "load": " / ".join(f"{x:.1f}" for x in os.getloadavg()),
        "calibration": f"{calibrated:,.0f} / {calibrate():,.0f}",
    }


def publish(table: str, root: Path = ROOT) -> Path:
    """Write the table into docs/benchmarks.md under `root`; the README only links to it."""
    report = root / "docs" / "benchmarks.md"
    write_report(report, table)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--only", choices=list(SHAPES))
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--load-seconds", type=float, default=30)
    parser.add_argument("--no-load", action="store_true")
    parser.add_argument("--no-http", action="store_true", help="no cold pages over HTTP")
    parser.add_argument("--http-requests", type=int, default=40, metavar="N")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument(
        "--no-recompute", action="append", default=[], metavar="DATASET",
        help="skip the full recompute of this dataset (demo, peer or big); repeatable",
    )  # fmt: skip
    parser.add_argument("--import-rows", type=int, default=100_000, metavar="N")
    parser.add_argument(
        "--no-post", action="store_true",
        help="skip entering games as logged-in HTTP POSTs to gunicorn",
    )  # fmt: skip
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    calibrated = calibrate()
    names = [args.only] if args.only else list(SHAPES)
    results: dict[str, Any] = {}
    builds: dict[str, Any] = {}
    for name in names:
        builds[name] = build(name, rebuild=args.rebuild)
        recompute = name not in args.no_recompute
        results[name] = measure(
            name, requests=args.requests, recompute=recompute, post=not args.no_post
        )
    http_cold: dict[str, Any] = {}
    if not args.no_http:
        for name in names:
            built = [(p["label"], p["url"]) for p in results[name]["pages"] if p["built"]]
            if built:
                log(f"{name}: cold pages as HTTP requests to gunicorn …")
                cold = load.cold_pages(OUT / f"{name}.sqlite3", built, args.http_requests)
                http_cold[name] = [asdict(page) for page in cold]
    imports = import_run(args.import_rows) if args.import_rows and "big" in names else None
    # Kept before the load run, so a failing server cannot lose the measurements.
    (OUT / "measured.json").write_text(json.dumps({"builds": builds, "results": results}))
    loads = []
    if not args.no_load:
        target = "big" if "big" in results else names[0]
        built = [p for p in results[target]["pages"] if p["built"]]
        # The table and statistics pages; the home page only while none of them is built.
        paths = [p["url"] for p in built if p["label"] != "Home"] or [p["url"] for p in built]
        if paths:
            log(f"{target}: load run against gunicorn, {args.load_seconds:.0f} s …")
            outcome = load.run(target, OUT / f"{target}.sqlite3", paths, seconds=args.load_seconds)
            loads.append(asdict(outcome))
        else:
            log("no table or statistics page is built yet: no load run")
    previous = OUT / "results.json"
    if args.only and previous.exists():
        # Keep the other dataset's figures from the last run, so the table stays complete.
        earlier = json.loads(previous.read_text())
        for name, result in earlier.get("results", {}).items():
            if name not in results:
                results[name] = result
                builds[name] = earlier["builds"].get(name, {})
        loads = loads or earlier.get("loads", [])
        http_cold = {**earlier.get("http_cold", {}), **http_cold}
        imports = imports or earlier.get("imports")
        results = {n: results[n] for n in SHAPES if n in results}
    document = {
        "machine": machine(calibrated), "builds": builds, "results": results, "loads": loads,
        "imports": imports, "http_cold": http_cold,
    }  # fmt: skip
    (OUT / "results.json").write_text(json.dumps(document, indent=1))
    table = render(document)
    print(table)
    if not args.no_write:
        log(f"{publish(table).relative_to(ROOT)}: benchmark table updated")


if __name__ == "__main__":
    main()
