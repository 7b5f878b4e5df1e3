"""A login flood against gunicorn: four threads post random user names from one address for 20 s
while one client reads a cached page; the page's median is compared with its quiet figure.

    .venv/bin/python -m bench.login_flood [--seconds 20] [--threads 4]

gunicorn runs as the deployment guide sets it up: 2 workers of the gthread class with 4 threads
each. The flood fetches a CSRF token once per thread, as a real client would; every POST carries
a new random name. The target: the cached page's median within 3x of its quiet median.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import urlencode

from bench.load import free_port

ROOT = Path(__file__).resolve().parent.parent
PAGE = "/tabelle/ewig/"
TARGET = 3.0


def _request(
    port: int, method: str, path: str, body: str = "", headers: dict[str, str] | None = None
):
    connection = HTTPConnection("127.0.0.1", port, timeout=120)  # loopback only
    try:
        connection.request(method, path, body=body or None, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheader("Set-Cookie") or "", response.read()
    finally:
        connection.close()


def _page_medians(port: int, stop: threading.Event, out: list[float]) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        status, _cookie, _body = _request(port, "GET", PAGE)
        assert status == 200, status
        out.append((time.perf_counter() - started) * 1000)
        time.sleep(0.01)


def _flood(port: int, stop: threading.Event, statuses: list[int]) -> None:
    _status, cookie, body = _request(port, "GET", "/anmelden/")
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body)
    csrf = re.search(r"csrftoken=([^;]+)", cookie)
    assert token and csrf, "no CSRF token on the login page"
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": f"csrftoken={csrf.group(1)}",
        "Referer": f"http://127.0.0.1:{port}/anmelden/",
    }
    while not stop.is_set():
        form = {"csrfmiddlewaretoken": token.group(1).decode(), "username": uuid.uuid4().hex,
                "password": "falsch"}  # fmt: skip
        status, _cookie, _body = _request(port, "POST", "/anmelden/", urlencode(form), headers)
        statuses.append(status)


def measure(seconds: float, threads: int, worker_threads: int = 4) -> dict[str, object]:
    work = Path(tempfile.mkdtemp(prefix="login-flood-"))
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.settings", "DEBUG": "0",
           "BENCH_DB": str(work / "db.sqlite3")}  # fmt: skip
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    league = ROOT / "tests" / "klammernliga" / "data" / "league.csv"
    subprocess.run([*manage, "import_games", str(league)], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "klammernliga.config.wsgi", "--workers", "2",
         *(["--worker-class", "gthread", "--threads", str(worker_threads)]
           if worker_threads > 1 else ["--worker-class", "sync"]),
         "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                _request(port, "GET", PAGE)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("gunicorn did not start") from None
                time.sleep(0.2)
        for _ in range(20):  # the page is cached by both workers' shared file cache
            _request(port, "GET", PAGE)
        quiet: list[float] = []
        stop = threading.Event()
        reader = threading.Thread(target=_page_medians, args=(port, stop, quiet))
        reader.start()
        time.sleep(min(seconds, 10))
        stop.set()
        reader.join()
        flooded: list[float] = []
        statuses: list[int] = []
        stop = threading.Event()
        floods = [
            threading.Thread(target=_flood, args=(port, stop, statuses)) for _ in range(threads)
        ]
        reader = threading.Thread(target=_page_medians, args=(port, stop, flooded))
        for thread in [*floods, reader]:
            thread.start()
        time.sleep(seconds)
        stop.set()
        for thread in [*floods, reader]:
            thread.join()
    finally:
        server.terminate()
        server.wait(timeout=30)
    quiet_ms = statistics.median(quiet)
    flood_ms = statistics.median(flooded)
    return {
        "gunicorn": f"2 workers x {worker_threads} thread(s)",
        "quiet_ms": round(quiet_ms, 2),
        "flood_ms": round(flood_ms, 2),
        "ratio": round(flood_ms / quiet_ms, 2),
        "quiet_requests": len(quiet),
        "flood_page_requests": len(flooded),
        "posts": len(statuses),
        "refused_429": statuses.count(429),
        "other": {s: statuses.count(s) for s in set(statuses) if s != 429},
        "met": flood_ms <= TARGET * quiet_ms,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--threads", type=int, default=4, help="flooding client threads")
    parser.add_argument(
        "--worker-threads", type=int, default=4, help="threads per gunicorn worker (1: sync)"
    )
    args = parser.parse_args()
    result = measure(args.seconds, args.threads, args.worker_threads)
    for key, value in result.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
