"""Measure the KlammernBoss on leagues played by the card engine with known strengths, against
two plain statistics: `python -m bench.rating_quality [--leagues 35] [--json]`. Research, not the
site: it needs no database and the site never imports it (docs/klammernboss.md)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any, TextIO

from bench.rating_quality.leagues import SEATINGS, League, play
from bench.rating_quality.quality import (
    AFTER_CHANGE,
    FOUND,
    MARKS,
    Figure,
    Model,
    bound,
    figure,
    found,
    methods,
    order_chances,
    riser_rank,
    run,
    spread_ratio,
)
from klammernliga import demo

# Seeds never used while the model's constants were chosen (those were leagues 101–130, risers
# 101–130 and leagues of the demo's strengths 301–330: docs/klammernboss.md).
FIRST_SEED = 1
REPLICATE_SEED = 201


def static_league(
    seed: int, years: tuple[int, int], kind: str = "static", seating: str = "circle"
) -> dict[str, Any]:
    league = play(kind, seed, years, seating)
    runs = {method.name: run(method, league) for method in methods()}
    unchanging = run(Model(follow=False), league)
    known = bound(league)
    marks = [m for m in MARKS if m <= len(league.evenings)]
    return {
        "seed": seed,
        "found": {k: r.found for k, r in runs.items()},
        "spearman": {k: {m: r.spearman[m - 1] for m in marks} for k, r in runs.items()},
        "bound": {"found": found(known), "spearman": {m: known[m - 1] for m in marks}},
        "final": {k: r.spearman[-1] for k, r in runs.items()},
        "final_unchanging": unchanging.spearman[-1],
        "log_loss": {k: r.log_loss for k, r in runs.items()},
        "games": next(iter(runs.values())).games,
        "calibration": calibration(league),
        "order": order_chances(league),
    }


def calibration(league: League) -> list[tuple[float, bool]]:
    """The KlammernBoss's round predictions (team A's chance, whether team A won), each made
    before its evening."""
    model = Model()
    predicted = []
    for evening in league.evenings:
        chances: dict[object, float] = {}
        for team_a, team_b, a_won in evening.rounds:
            if (team_a, team_b) not in chances:
                chances[(team_a, team_b)] = model.state.win_chance(team_a, team_b)[0]
            predicted.append((chances[(team_a, team_b)], a_won))
        model.learn(evening)
    return predicted


def riser_league(seed: int, seating: str = "circle") -> dict[str, int]:
    league = play("riser", seed, seating=seating)
    return {method.name: riser_rank(method, league) for method in methods()}


def measure(
    leagues: int,
    risers: int,
    replicates: int,
    jobs: int,
    years: tuple[int, int] = (demo.FIRST_YEAR, demo.LAST_YEAR),
    strengths: str = "shuffled",
    seating: str = "circle",
) -> dict[str, Any]:
    """Every figure over `leagues` unchanging leagues of `years` (strengths `shuffled`: the
    demo's, shuffled among the players; `drawn`: from 0.2–0.95), `risers` riser leagues (all
    years: the change comes in 2005) and `replicates` leagues of the demo's strengths, all of
    them seated by `seating` (bench.rating_quality.leagues)."""
    seeds = range(FIRST_SEED, FIRST_SEED + leagues)
    kind = {"shuffled": "static", "drawn": "drawn"}[strengths]
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        each = pool.map if pool is not None else map
        static = list(
            each(static_league, seeds, [years] * leagues, [kind] * leagues, [seating] * leagues)
        )
        rising = list(
            each(riser_league, range(FIRST_SEED, FIRST_SEED + risers), [seating] * risers)
        )
        same = list(
            each(
                play,
                ["replicate"] * replicates,
                range(REPLICATE_SEED, REPLICATE_SEED + replicates),
                [years] * replicates,
                [seating] * replicates,
            )
        )
    names = list(static[0]["found"])
    marks = sorted(set.intersection(*(set(s["spearman"][names[0]]) for s in static)))
    figures = [
        figure("found", {n: [s["found"][n] for s in static] for n in names}, median=True),
        *(
            figure(f"spearman_{m}", {n: [s["spearman"][n][m] for s in static] for n in names})
            for m in marks
        ),
        figure("log_loss", {n: [s["log_loss"][n] for s in static] for n in names}),
        figure("riser_rank", {n: [r[n] for r in rising] for n in names}),
    ]
    model = names[0]
    unchanging = [s["final_unchanging"] - s["final"][model] for s in static]
    predictions = [p for s in static for p in s["calibration"]]
    orders = [p for s in static for p in s["order"]]
    return {
        "strengths": strengths,
        "seating": seating,
        "leagues": leagues,
        "risers": risers,
        "replicates": replicates,
        "games": sum(s["games"] for s in static),
        "figures": [_figure(f) for f in figures],
        "bound": {
            "found": statistics.median(s["bound"]["found"] for s in static),
            "spearman": {
                m: statistics.mean(s["bound"]["spearman"][m] for s in static) for m in marks
            },
        },
        "cost_of_following": statistics.mean(unchanging),
        "spread": {
            m: dict(zip(("ratio", "error"), spread_ratio(same, m), strict=True))
            for m in (200, 420)
            if replicates > 1 and all(len(league.evenings) >= m for league in same)
        },
        "calibration": _calibration(predictions),
        "order_calibration": _calibration(orders, step=0.1),
    }


def _figure(f: Figure) -> dict[str, Any]:
    return {"name": f.name, "values": f.values, "differences": f.differences}


def _calibration(
    predictions: Sequence[tuple[float, bool]], step: float = 0.05
) -> list[dict[str, float]]:
    """Predictions by the favourite's chance, in bins of `step` from 50 %: the mean predicted
    chance and the share that came true."""
    last = round(0.5 / step) - 1
    bins: dict[int, list[tuple[float, bool]]] = {}
    for p, happened in predictions:
        favourite, came_true = (p, happened) if p >= 0.5 else (1 - p, not happened)
        bins.setdefault(min(int((favourite - 0.5) / step), last), []).append((favourite, came_true))
    return [
        {
            "low": 0.5 + step * index,
            "high": 0.5 + step * (index + 1),
            "count": len(rows),
            "predicted": statistics.mean(p for p, _w in rows),
            "observed": statistics.mean(float(w) for _p, w in rows),
        }
        for index, rows in sorted(bins.items())
    ]


LABELS = {
    "found": f"Abende bis Spearman ≥ {FOUND} für immer (Median)",
    **{f"spearman_{m}": f"Spearman nach {m} Abenden (Mittel)" for m in MARKS},
    "log_loss": "Log-Loss der angesagten Spiele, jedes vor seinem Abend vorhergesagt (Mittel)",
    "riser_rank": f"Rang des Aufsteigers {AFTER_CHANGE} Abende nach dem Wechsel (wahr: 2)",
}


SEATED = {
    "circle": "gesetzt wie der Demo-Kreis",
    "open": "offene Tische: alle acht an zwei Tischen, Partner neu gelost",
}


def report(result: dict[str, Any], out: TextIO) -> None:
    figures = result["figures"]
    names = list(figures[0]["values"])
    baselines = names[1:]
    drawn = "gezogen aus 0,2–0,95" if result["strengths"] == "drawn" else "die des Demos, gemischt"
    seated = SEATED[result["seating"]]
    out.write(
        f"{result['leagues']} Ligen ({result['games']} Spiele; Stärken {drawn}; {seated}), "
        f"{result['risers']} mit Aufsteiger, {result['replicates']} mit gleichen Stärken\n\n"
    )
    out.write(
        "| Maß | "
        + " | ".join(names)
        + " | "
        + " | ".join(f"Differenz zu {b}" for b in baselines)
        + " |\n"
    )
    out.write("| --- " * (1 + len(names) + len(baselines)) + "|\n")
    for f in figures:
        digits = 1 if f["name"] in ("found", "riser_rank") else 4 if f["name"] == "log_loss" else 3
        values = " | ".join(f"{f['values'][n]:.{digits}f}" for n in names)
        diffs = " | ".join(
            f"{f['differences'][b][0]:+.{digits}f} ± {f['differences'][b][1]:.{digits}f}"
            for b in baselines
        )
        out.write(f"| {LABELS[f['name']]} | {values} | {diffs} |\n")
    known = result["bound"]
    out.write(
        "\nSchranke (jeder Spieler wie im Modell gelesen, die Stärken aller anderen bekannt): "
        f"{known['found']:.1f} Abende bis Spearman ≥ {FOUND}, Spearman "
        + " / ".join(f"{value:.3f}" for value in known["spearman"].values())
        + " nach "
        + " / ".join(str(m) for m in known["spearman"])
        + " Abenden\n"
    )
    out.write(
        f"\nWas das Folgen kostet (Spearman am Ende, ohne Drift und Alarm minus mit): "
        f"{result['cost_of_following']:+.4f}\n"
    )
    for evenings, spread in result["spread"].items():
        out.write(
            f"Streuung der Differenzen / angegebene nach {evenings} Abenden: "
            f"{spread['ratio']:.3f} ± {spread['error']:.3f}\n"
        )
    out.write("\nRunden nach der Chance des Favoriten: vorhergesagt, eingetreten\n")
    for row in result["calibration"]:
        out.write(
            f"  {row['low']:.0%}–{row['high']:.0%}: {row['count']:6d} Runden, "
            f"{row['predicted']:.1%} vorhergesagt, {row['observed']:.1%} eingetreten\n"
        )
    out.write(
        "\nWer stärker spielt, nach der Chance der Wertung (Paare nach "
        + " / ".join(str(m) for m in MARKS)
        + " Abenden): vorhergesagt, eingetreten\n"
    )
    for row in result["order_calibration"]:
        out.write(
            f"  {row['low']:.0%}–{row['high']:.0%}: {row['count']:6d} Paare, "
            f"{row['predicted']:.1%} vorhergesagt, {row['observed']:.1%} eingetreten\n"
        )


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rating_quality", description=__doc__)
    parser.add_argument("--leagues", type=int, default=35, help="leagues of unchanging strengths")
    parser.add_argument("--risers", type=int, default=30, help="leagues with a rising player")
    parser.add_argument("--replicates", type=int, default=30, help="leagues of the same strengths")
    parser.add_argument("--jobs", type=int, default=2, help="processes (1: this one)")
    parser.add_argument(
        "--years",
        default=f"{demo.FIRST_YEAR}-{demo.LAST_YEAR}",
        help="the years of the unchanging and replicate leagues (riser leagues: all)",
    )
    parser.add_argument(
        "--strengths",
        choices=("shuffled", "drawn"),
        default="shuffled",
        help="the unchanging leagues' strengths: the demo's shuffled among the players, or drawn "
        "from 0.2–0.95 (near-ties included)",
    )
    parser.add_argument(
        "--seating",
        choices=SEATINGS,
        default="circle",
        help="how the eight sit down: as the demo's circle (four fixed teams, one table an "
        "evening), or at open tables (all eight every evening at two tables, partners drawn "
        "anew, each table a whole evening's games)",
    )
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    out = stdout or sys.stdout
    try:
        years = demo.parse_years(options.years)
    except ValueError as error:
        print(f"rating_quality: Ungültige Jahre: {error}", file=sys.stderr)
        return 2
    if options.leagues < 2 or options.risers < 1 or options.replicates < 0 or options.jobs < 1:
        print("rating_quality: mindestens zwei Ligen und ein Aufsteiger", file=sys.stderr)
        return 2
    result = measure(
        options.leagues,
        options.risers,
        options.replicates,
        options.jobs,
        years,
        options.strengths,
        options.seating,
    )
    if options.json:
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
    else:
        report(result, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
