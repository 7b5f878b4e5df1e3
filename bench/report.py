"""The benchmark table (Markdown) and its place in docs/benchmarks.md between the bench markers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

START, END = "<!-- bench:start -->", "<!-- bench:end -->"
# The targets: the first request after a change (cold) p95 per page; a page requested
# again (warm) within twice the p95 of the empty page requested in turn with it; saving one game.
COLD_P95_MS = {"demo": 30.0, "peer": 50.0, "big": 100.0}
WARM_TIMES_FLOOR = 2.0
# Saving one game: p95 at 1,000,000 games; at 30,000 games no more than a public peer's
# (ZipLeague's) whole form-and-save path, 5.3 ms, a median (docs/benchmarks.md).
SAVE_MS = {"peer": ("median", 5.3), "big": ("p95", 25.0)}
# Entering one game as a real logged-in HTTP POST to gunicorn: p95 at 1,000,000 games.
POST_MS = {"big": ("p95", 40.0)}
RECOMPUTE_S = {"big": 60.0}
IMPORT_ROWS, IMPORT_S = 100_000, 20.0  # import_games of 100,000 rows within 20 s
LOAD_RPS = 500.0  # the gunicorn load run (2 workers): at least this, with no errors
TITLES = {"demo": "demo league", "peer": "30,000 games", "big": "1,000,000 games"}


def _ms(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


def _pair(median: float | None, p95: float | None) -> str:
    return f"{_ms(median)} / {_ms(p95)}"


def _dataset_line(name: str, build: dict[str, Any], result: dict[str, Any]) -> str:
    years = result["years"]
    span = f"{min(years)}–{max(years)}" if years else "no games"
    how = build.get("source", "")
    seconds = build.get("seconds")
    built = f", built in {seconds:,.0f} s ({how})" if seconds else f" ({how})"
    return (
        f"- **{TITLES.get(name, name)}**: {result['games']:,} games, {result['players']} players, "
        f"{len(years)} years ({span}){built}"
    )


def render(document: dict[str, Any]) -> str:
    m = document["machine"]
    results: dict[str, Any] = document["results"]
    names = list(results)
    lines = [
        f"Measured on {m['date']} (commit `{m['commit']}`): {m['cores']} cores, Python "
        f"{m['python']}, SQLite {m['sqlite']}, {m['platform']}, load average {m.get('load', '?')}"
        " (1/5/15 min) when the run ended; a fixed Python loop (`bench.__main__.calibrate`) took "
        f"{m.get('calibration', '?')} ms at its start and end (the same code's times move with "
        "it: 118 ms on a fast hour of 2026-12-02, 204 ms on a slow one). In-process through "
        "Django's test client with production settings (`DEBUG` off), after a warm-up; times in "
        "milliseconds, median / p95. *Warm*: the page requested again (from the page cache), in "
        "turn with the empty page, whose p95 in those same moments sets the warm target; "
        "*cold*: the first request after a change (the league's generation raised before each "
        "one); *304*: a repeat visit that sends the page's ETag back.",
        "",
        *[_dataset_line(n, document["builds"].get(n, {}), results[n]) for n in names],
        "",
    ]
    header = ["page"]
    for n in names:
        t = TITLES.get(n, n)
        header += [f"{t}: warm", "cold", "304", "queries cold / warm", "main query alone"]
    header.append("target: cold p95, warm p95")
    lines += ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    labels = [p["label"] for p in results[names[0]]["pages"]]
    missed_any = False
    for index, label in enumerate(labels):
        row = [label]
        verdicts = []
        for n in names:
            page = results[n]["pages"][index]
            if not page["built"]:
                row += [page["note"] or "not built", "", "", "", ""]
                continue
            few = f" ({page['note']})" if page.get("note") else ""
            row += [
                _pair(page.get("median_ms"), page.get("p95_ms")) + few,
                _pair(page.get("cold_median_ms"), page.get("cold_p95_ms")),
                _pair(page.get("not_modified_median_ms"), page.get("not_modified_p95_ms")),
                f"{page.get('cold_queries', '–')} / {page['queries']}",
                _ms(page["main_sql_ms"]),
            ]
            # The empty page measured in turn with the warm page; older results have only one.
            floor_p95 = page.get("floor_p95_ms") or results[n]["empty_page"]["p95_ms"]
            for value, limit in (
                (page.get("cold_p95_ms"), COLD_P95_MS.get(n)),
                (page.get("p95_ms"), WARM_TIMES_FLOOR * floor_p95),
            ):
                if value is None or limit is None:
                    continue
                if value <= limit:
                    verdicts.append(f"≤ {_ms(limit)} ✓")
                else:
                    missed_any = True
                    verdicts.append(f"**missed** ({TITLES.get(n, n)}: > {_ms(limit)})")
        row.append(", ".join(verdicts) if verdicts else "not built")
        lines.append("| " + " | ".join(row) + " |")
    floor = ["empty page (Django's floor)"]
    for n in names:
        e = results[n]["empty_page"]
        floor += [_pair(e["median_ms"], e["p95_ms"]), "", "", "0", ""]
    floor.append("")
    lines.append("| " + " | ".join(floor) + " |")
    http_lines, http_missed = _http_cold(document.get("http_cold") or {})
    lines += http_lines
    missed_any = missed_any or http_missed
    lines += ["", "| operation | " + " | ".join(TITLES.get(n, n) for n in names) + " | target |",
              "|" + " --- |" * (len(names) + 2)]  # fmt: skip
    for key, label, targets in (
        ("save_game", "save one game (`services.record_game`, median / p95)", SAVE_MS),
        ("enter_game", "enter one game (the form's POST through every middleware)", {}),
        ("post_game", "enter one game as a logged-in HTTP POST to gunicorn (2 workers)", POST_MS),
    ):
        row, verdicts = [label], []
        for n in names:
            s = results[n].get(key)
            row.append(f"{_ms(s['median_ms'])} / {_ms(s['p95_ms'])}" if s else "–")
            if s and n in targets:
                statistic, most = targets[n]
                ok = s[f"{statistic}_ms"] <= most
                missed_any = missed_any or not ok
                limit = f"{TITLES.get(n, n)}: {statistic} ≤ {most:g}"
                verdicts.append(f"{limit} ✓" if ok else f"**missed** ({limit})")
        lines.append("| " + " | ".join([*row, ", ".join(verdicts)]) + " |")
    recompute = ["full `recompute` (seconds)"]
    recompute_verdict = ""
    for n in names:
        r = results[n].get("recompute_s")
        recompute.append(f"{r:,.1f} s" if r is not None else "–")
        if r is not None and n in RECOMPUTE_S:
            ok = r <= RECOMPUTE_S[n]
            missed_any = missed_any or not ok
            limit = f"{RECOMPUTE_S[n]:.0f} s"
            recompute_verdict = f"≤ {limit} ✓" if ok else f"**missed** (> {limit})"
    lines.append("| " + " | ".join([*recompute, recompute_verdict]) + " |")
    imports = document.get("imports")
    if imports:
        verdict = ""
        if imports["rows"] == IMPORT_ROWS:  # the target speaks of this size only
            ok = imports["seconds"] <= IMPORT_S
            missed_any = missed_any or not ok
            verdict = f"≤ {IMPORT_S:.0f} s ✓" if ok else f"**missed** (> {IMPORT_S:.0f} s)"
        label = f"`import_games` of {imports['rows']:,} rows into an empty database"
        cells = ["–"] * (len(names) - 1) + [f"{imports['seconds']:,.1f} s"]
        lines.append("| " + " | ".join([label, *cells, verdict]) + " |")
    for load in document.get("loads", []):
        lines += [
            "",
            f"Load run: gunicorn with {load['workers']} workers on 127.0.0.1 serving the "
            f"{TITLES.get(load['dataset'], load['dataset'])}, {load['clients']} client threads on "
            f"the same machine for {load['seconds']:.0f} s over {len(load['paths'])} page(s) "
            f"({', '.join(f'`{p}`' for p in load['paths'])}): **{load['rps']:,.1f} requests/s**, "
            f"{load['requests']:,} requests, **{load['errors']} errors**, latency median "
            f"{_ms(load['median_ms'])} ms, p95 {_ms(load['p95_ms'])} ms. " + _load_verdict(load),
        ]
        missed_any = missed_any or not _load_met(load)
    not_built = [p["label"] for p in results[names[0]]["pages"] if not p["built"]]
    if not_built:
        lines += ["", f"Not built yet when measured: {', '.join(not_built)}."]
    if missed_any:
        lines += ["", "Targets marked **missed** were not met in this run."]
    return "\n".join(lines)


def _http_cold(measured: dict[str, list[dict[str, Any]]]) -> tuple[list[str], bool]:
    """The table of cold pages as real HTTP requests to gunicorn; whether a target was missed."""
    names = [n for n in TITLES if measured.get(n)]
    if not names:
        return [], False
    lines = [
        "",
        "Cold pages as real HTTP requests to gunicorn (2 sync workers, as docs/deployment.md runs "
        "it; before each request the league's generation is raised by a POST, so a worker makes "
        "the page anew, as after a saved game; timed by a client on the same machine, a new "
        "connection each), median / p95 in milliseconds:",
        "",
        "| page | " + " | ".join(f"{TITLES[n]}: cold over HTTP" for n in names) + " | target |",
        "|" + " --- |" * (len(names) + 2),
    ]
    missed = False
    by_label = {n: {page["label"]: page for page in measured[n]} for n in names}
    for label in dict.fromkeys(page["label"] for n in names for page in measured[n]):
        row, verdicts = [label], []
        for n in names:
            page = by_label[n].get(label)
            if page is None:
                row.append("–")
                continue
            errors = f" ({page['errors']} errors)" if page["errors"] else ""
            row.append(_pair(page["median_ms"], page["p95_ms"]) + errors)
            limit = COLD_P95_MS.get(n)
            if limit is None:
                continue
            ok = page["p95_ms"] <= limit and not page["errors"]
            missed = missed or not ok
            target = f"{TITLES[n]}: p95 ≤ {_ms(limit)}"
            verdicts.append(f"{target} ✓" if ok else f"**missed** ({target})")
        lines.append("| " + " | ".join([*row, ", ".join(verdicts)]) + " |")
    return lines, missed


def _load_met(load: dict[str, Any]) -> bool:
    return bool(load["rps"] >= LOAD_RPS and not load["errors"])


def _load_verdict(load: dict[str, Any]) -> str:
    target = f"≥ {LOAD_RPS:,.0f} requests/s with no errors"
    return f"Target: {target} ✓" if _load_met(load) else f"Target **missed** ({target})."


def write_report(report: Path, table: str) -> None:
    """Put `table` between the bench markers of `report` (docs/benchmarks.md); no other file."""
    text = report.read_text(encoding="utf-8") if report.exists() else "# Benchmarks\n"
    block = f"{START}\n{table}\n{END}"
    if START in text and END in text:
        pattern = re.escape(START) + ".*?" + re.escape(END)
        text = re.sub(pattern, lambda _m: block, text, flags=re.DOTALL)
    else:
        text = text.rstrip("\n") + "\n\n## The latest run\n\n" + block + "\n"
    report.write_text(text, encoding="utf-8")
