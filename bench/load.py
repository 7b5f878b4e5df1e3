"""A bounded load run: gunicorn (2 workers) on 127.0.0.1, a small threaded client, loopback only.

The client stops after `seconds` or `max_requests`, whichever comes first.
"""

from __future__ import annotations

import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.client import HTTPConnection, HTTPException
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class LoadResult:
    """What a load run measured: requests per second over its whole length, and the latency."""

    dataset: str
    paths: list[str]
    workers: int
    clients: int
    seconds: float
    requests: int
    errors: int
    rps: float
    median_ms: float
    p95_ms: float
    error_samples: list[str]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> int:
    with urllib.request.urlopen(url, timeout=120) as response:  # loopback only
        response.read()
        return int(response.status)


def _fetch(port: int, path: str, method: str = "GET") -> int:
    """One GET on a new connection (gunicorn's sync workers close each), with less client work
    than urllib's: the client shares the machine's cores with the workers (about a fifth less
    of the client's CPU time per request)."""
    connection = HTTPConnection("127.0.0.1", port, timeout=120)  # loopback only
    try:
        connection.request(method, path)
        response = connection.getresponse()
        response.read()
        return int(response.status)
    finally:
        connection.close()


@contextmanager
def serving(db: Path, workers: int = 2) -> Iterator[int]:
    """gunicorn as docs/deployment.md runs it, serving `db` on a free loopback port (yielded)
    with the benchmark's settings, until the block ends."""
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "BENCH_DB": str(db),
        "DEBUG": "0",
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "klammernliga.config.wsgi", "--workers", str(workers),
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                _get(f"http://127.0.0.1:{port}/__bench__/empty/")
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("gunicorn did not start") from None
                time.sleep(0.2)
        yield port
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


@dataclass(frozen=True)
class ColdPage:
    """A page's first request after a change, as a real HTTP request to gunicorn."""

    label: str
    path: str
    requests: int
    errors: int
    median_ms: float
    p95_ms: float


def cold_pages(db: Path, pages: list[tuple[str, str]], requests: int = 40) -> list[ColdPage]:
    """Each page `requests` times, each time right after the league's generation was raised (a
    POST to the benchmark's own change-without-a-change): the page is made anew by a worker,
    its time measured by the client on a new connection, as a visitor after a saved game."""
    result = []
    with serving(db) as port:
        for label, path in pages:
            _fetch(port, path)  # both workers' code and connections warmed up a little
            _fetch(port, path)
            times, errors = [], 0
            for _ in range(requests):
                _fetch(port, "/__bench__/bump/", method="POST")
                started = time.perf_counter()
                try:
                    ok = _fetch(port, path) == 200
                except (HTTPException, OSError):
                    ok = False
                times.append((time.perf_counter() - started) * 1000)
                errors += not ok
            ms = sorted(times)
            median = round(statistics.median(ms), 1)
            p95 = round(statistics.quantiles(ms, n=100, method="inclusive")[94], 1)
            result.append(ColdPage(label, path, requests, errors, median, p95))
    return result


def run(dataset: str, db: Path, paths: list[str], *, seconds: float = 30, workers: int = 2,
        clients: int = 4, max_requests: int = 100_000) -> LoadResult:  # fmt: skip
    with serving(db, workers) as port:
        base = f"http://127.0.0.1:{port}"
        for path in paths:  # warm both workers' caches a little; failures count below
            for _ in range(2):
                try:
                    _get(base + path)
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    break
        latencies: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        stop_at = time.monotonic() + seconds
        counter = iter(range(max_requests))

        def client(offset: int) -> None:
            i = offset
            while time.monotonic() < stop_at:
                with lock:
                    if next(counter, None) is None:
                        return
                path = paths[i % len(paths)]
                i += 1
                started = time.perf_counter()
                try:
                    status = _fetch(port, path)
                    ok = status == 200
                except (HTTPException, OSError) as error:
                    ok, status = False, str(error)
                with lock:
                    latencies.append(time.perf_counter() - started)
                    if not ok:
                        errors.append(f"{path}: {status}")

        started = time.monotonic()
        threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - started
        ms = sorted(x * 1000 for x in latencies)
        return LoadResult(
            dataset, paths, workers, clients,
            seconds=round(elapsed, 1),
            requests=len(latencies),
            errors=len(errors),
            rps=round(len(latencies) / elapsed, 1),
            median_ms=round(statistics.median(ms), 1),
            p95_ms=round(statistics.quantiles(ms, n=100, method="inclusive")[94], 1),
            error_samples=errors[:5],
        )  # fmt: skip
