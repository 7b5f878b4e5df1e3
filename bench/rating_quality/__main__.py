"""Measure the KlammernBoss on leagues played by the card engine with known strengths:
`python -m bench.rating_quality --seeds 1998 [--bound] [--json]`. Research, not the site: it
needs no database and the site never imports it."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from bench.rating_quality.bound import ROUNDS, Bound, estimate
from bench.rating_quality.quality import Bin, Quality, measure, reliability
from klammernliga import demo


class CommandError(ValueError):
    """A wrong option: said in one line, exit status 2."""


class Command:
    def __init__(self, stdout: TextIO) -> None:
        self.stdout = _Lines(stdout)

    help = (
        "Play leagues with the card engine (the demo league's circle and evenings) for the given "
        "seeds and strengths, rate them as the site does, and report the rank correlation "
        "(Spearman) of the ranking with the strengths, the Brier score of the round predictions "
        "and a reliability table; with --bound also the best Brier score any rating could reach "
        "(each pairing's true chance to win a round, estimated by the card engine)."
    )

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--seeds", default="1998", help="comma-separated, e.g. 1998,1,2")
        parser.add_argument(
            "--strengths",
            default="demo",
            help="demo (the demo's), shuffled (the demo's, shuffled among the players by the "
            "seed), random (drawn from 0.2-0.95 by the seed) or Name=0.8,… for all eight",
        )
        parser.add_argument("--years", default=f"{demo.FIRST_YEAR}-{demo.LAST_YEAR}")
        parser.add_argument(
            "--bound",
            nargs="?",
            type=int,
            const=ROUNDS,
            default=None,
            metavar="ROUNDS",
            help=f"also estimate each pairing's true round chance from ROUNDS engine-played "
            f"rounds (default {ROUNDS}; slow: minutes per league) and score it",
        )
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: object, bound: int | None, **options: str | bool) -> None:
        try:
            seeds = [int(s) for s in str(options["seeds"]).split(",")]
            years = demo.parse_years(str(options["years"]))
        except ValueError as error:
            raise CommandError(f"Ungültige Angabe: {error}") from error
        rounds = bound
        if rounds is not None and rounds < 1:
            raise CommandError("--bound braucht mindestens eine Runde je Paarung")
        results = []
        for seed in seeds:
            quality = measure(seed, _strengths(str(options["strengths"]), seed), years)
            truth = (
                None if rounds is None else estimate(quality.outcomes, quality.strengths, rounds)
            )
            results.append((quality, truth))
        if options["json"]:
            rows = [_as_dict(q) | ({"bound": _bound_dict(q, b)} if b else {}) for q, b in results]
            self.stdout.write(json.dumps(rows, ensure_ascii=False))
            return
        for quality, truth in results:
            self._report(quality)
            if truth is not None:
                self._report_bound(quality, truth)

    def _report(self, q: Quality) -> None:
        self.stdout.write(
            f"Seed {q.seed}: {q.games} Spiele, {q.rounds} Runden; "
            f"Spearman {q.spearman:.2f}, Brier {q.brier:.4f} (Münzwurf 0.25)"
        )
        for rank, (name, rating) in enumerate(q.ranking, 1):
            self.stdout.write(
                f"  {rank}. {name:<8} Wertung {rating.ordinal:6.1f}  "
                f"μ {rating.mu:6.1f} ± {rating.sigma:4.1f}  Stärke {q.strengths[name]:.2f}"
            )
        self.stdout.write("  Favorit vorhergesagt   Runden  vorhergesagt  eingetreten")
        for b in q.reliability:
            self.stdout.write(
                f"  {b.low:.0%}–{b.high:.0%}{'':>12}{b.rounds:6d}  {b.predicted:12.1%}"
                f"  {b.observed:11.1%}"
            )

    def _report_bound(self, q: Quality, b: Bound) -> None:
        self.stdout.write(
            f"  Schranke: wahre Chancen der {len(b.chances)} Paarungen "
            f"({b.rounds_per_pairing} Runden je Paarung): Brier {b.brier:.4f} "
            f"(erwartet {b.expected:.4f}); Wertung {q.brier:.4f}"
        )
        self.stdout.write("  Favorit vorhergesagt   Runden  Brier Wertung  Brier Schranke")
        for row in reliability(q.predictions, b.predictions):
            self.stdout.write(
                f"  {row.low:.0%}–{row.high:.0%}{'':>12}{row.rounds:6d}  {row.brier:13.4f}"
                f"  {row.bound or 0.0:14.4f}"
            )
        self.stdout.write("  Wahre Chance des Favoriten   Runden  wahr (Mittel)  eingetreten")
        for r in reliability(b.predictions):
            self.stdout.write(
                f"  {r.low:.0%}–{r.high:.0%}{'':>18}{r.rounds:6d}  {r.predicted:13.1%}"
                f"  {r.observed:11.1%}"
            )


def _strengths(kind: str, seed: int) -> dict[str, float]:
    names = list(demo.CIRCLE)
    if kind == "demo":
        return dict(demo.CIRCLE)
    if kind == "shuffled":
        values = list(demo.CIRCLE.values())
        random.Random(seed).shuffle(values)
        return dict(zip(names, values, strict=True))
    if kind == "random":
        rng = random.Random(seed)
        return {name: round(rng.uniform(0.2, 0.95), 2) for name in names}
    try:
        given = {
            name.strip(): float(value)
            for name, _sep, value in (part.partition("=") for part in kind.split(","))
        }
    except ValueError as error:
        raise CommandError(f"Ungültige Stärken: {kind}") from error
    if set(given) != set(names) or not all(0 <= v <= 1 for v in given.values()):
        raise CommandError(f"Stärken zwischen 0 und 1 für genau diese Spieler: {', '.join(names)}")
    return given


def _as_dict(q: Quality) -> dict[str, object]:
    return {
        "seed": q.seed,
        "games": q.games,
        "rounds": q.rounds,
        "spearman": round(q.spearman, 4),
        "brier": round(q.brier, 4),
        "ranking": [
            {
                "name": name,
                "rating": round(r.ordinal, 1),
                "mu": round(r.mu, 1),
                "sigma": round(r.sigma, 2),
                "strength": q.strengths[name],
            }
            for name, r in q.ranking
        ],
        "reliability": _bins(q.reliability),
    }


def _bound_dict(q: Quality, b: Bound) -> dict[str, object]:
    return {
        "rounds_per_pairing": b.rounds_per_pairing,
        "pairings": len(b.chances),
        "brier": round(b.brier, 4),
        "expected": round(b.expected, 4),
        "by_bin": _bins(reliability(q.predictions, b.predictions)),
        "reliability": _bins(reliability(b.predictions)),
    }


def _bins(bins: list[Bin]) -> list[dict[str, float]]:
    rows = []
    for b in bins:
        row = {
            "low": b.low,
            "high": b.high,
            "rounds": b.rounds,
            "predicted": round(b.predicted, 4),
            "observed": round(b.observed, 4),
            "brier": round(b.brier, 4),
        }
        if b.bound is not None:
            row["bound"] = round(b.bound, 4)
        rows.append(row)
    return rows


class _Lines:
    """Writes each text as a line, like a management command's stdout."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> None:
        self.stream.write(text + "\n")


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None) -> int:
    command = Command(stdout or sys.stdout)
    parser = argparse.ArgumentParser(
        prog="python -m bench.rating_quality", description=command.help
    )
    command.add_arguments(parser)
    options = vars(parser.parse_args(argv))
    try:
        command.handle(**options)
    except CommandError as error:
        print(f"rating_quality: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
