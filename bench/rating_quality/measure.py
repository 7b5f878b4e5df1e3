"""Measure what the KlammernBoss's model takes as known (scoring.rating: FEATURE_MEAN, LOADINGS,
NOISE_COVARIANCE) on leagues played by the card engine with known strengths:
`python -m bench.rating_quality.measure [--leagues 20] [--jobs 2]` prints the block to paste.

Each declared game's numbers (scoring.rating.features) are regressed on the true strengths of its
declarer, his partner and the two defenders together, in rating points measured from the league's
average (SKILL_POINTS per unit of the engine's strength): the intercept is the numbers' mean
between equal players, the slopes their loadings, the residuals' covariance their noise. The
leagues' seeds (101 on) are not those `python -m bench.rating_quality` measures the model on.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext

import numpy as np
import numpy.typing as npt

from bench.rating_quality.leagues import ALL_YEARS, play
from scoring.rating import FEATURES, SKILL_POINTS, features

FIRST_SEED = 101

type Matrix = npt.NDArray[np.float64]


def observations(seed: int, years: tuple[int, int] = ALL_YEARS) -> tuple[Matrix, Matrix]:
    """One league's declared games: their numbers, and (1, declarer, partner, defenders) in
    rating points from the league's average."""
    league = play("static", seed, years)
    numbers, strengths = [], []
    for evening in league.evenings:
        average = statistics.mean(evening.strengths.values())
        points = {name: SKILL_POINTS * (s - average) for name, s in evening.strengths.items()}
        for game in evening.games:
            numbers.append(features(game))
            defenders = points[game.defenders[0]] + points[game.defenders[1]]
            strengths.append((1.0, points[game.declarer], points[game.partner], defenders))
    return np.array(numbers), np.array(strengths)


def measure(
    seeds: Sequence[int], jobs: int, years: tuple[int, int] = ALL_YEARS
) -> tuple[Matrix, Matrix, Matrix, int]:
    """The means, the loadings (one row of three per number) and the noise covariance, and the
    number of games they come from."""
    # One job plays in this process: a fork from a threaded process (a test worker) can hang.
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        each = pool.map if pool is not None else map
        parts = list(each(observations, seeds, [years] * len(seeds)))
    numbers = np.vstack([n for n, _s in parts])
    strengths = np.vstack([s for _n, s in parts])
    fitted, *_ = np.linalg.lstsq(strengths, numbers, rcond=None)
    residuals = numbers - strengths @ fitted
    noise = np.atleast_2d(np.cov(residuals.T))
    return fitted[0], fitted[1:].T, noise, len(numbers)


def block(mean: Matrix, loadings: Matrix, noise: Matrix) -> str:
    """The constants as scoring.rating states them."""

    def numbers(values: Matrix) -> str:
        return ", ".join(f"{float(v):.4g}" for v in values)

    lines = [f"FEATURE_MEAN = ({numbers(mean)})", "LOADINGS = ("]
    lines += [
        f"    ({numbers(row)}),  # {name}" for row, name in zip(loadings, FEATURES, strict=True)
    ]
    lines += [")", "NOISE_COVARIANCE = ("]
    lines += [f"    ({numbers(row)})," for row in noise]
    lines.append(")")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.rating_quality.measure")
    parser.add_argument("--leagues", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args(argv)
    seeds = range(FIRST_SEED, FIRST_SEED + options.leagues)
    mean, loadings, noise, games = measure(seeds, options.jobs)
    print(f"# {games} declared games of {options.leagues} leagues (seeds {seeds[0]}–{seeds[-1]})")
    print(block(mean, loadings, noise))


if __name__ == "__main__":
    main()
