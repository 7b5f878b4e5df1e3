"""Entering a game as a real logged-in HTTP POST under gunicorn:
`python -m bench.entry_http NAME [POSTS]` (run by `python -m bench` for every dataset).

On a copy of the dataset (the games are stored for real), gunicorn as docs/deployment.md runs it
(2 sync workers) on 127.0.0.1; a scorekeeper logs in through the login form, then the new-game
form of the latest Partie is posted POSTS times after a warm-up, each on a new connection (the
sync workers close each) with the session and CSRF cookies a browser sends. Timed: the POST until
its redirect is read (not the page it leads to). After each POST the stored game is deleted again
through the services (not timed), so every POST saves the next game of a Partie of its usual
length, as `services.record_game` is measured in-process. Prints one JSON line.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
WARMUP = 20
USERNAME, PASSWORD = "bench-http-schriftfuehrer", "bench-" + "k" * 20


class Browser:
    """A client that keeps its cookies, one connection per request."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None
    ) -> tuple[int, str, bytes]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://127.0.0.1:{self.port}{path}"
        connection = HTTPConnection("127.0.0.1", self.port, timeout=120)  # loopback only
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            content = response.read()
            for cookie in response.msg.get_all("Set-Cookie") or []:
                name, _, value = cookie.split(";", 1)[0].partition("=")
                self.cookies[name.strip()] = value.strip()
            return response.status, response.getheader("Location") or "", content
        finally:
            connection.close()

    def csrf(self, path: str) -> str:
        """The CSRF token of the form on the page at `path` (its cookie is kept)."""
        status, _location, body = self.request("GET", path)
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body)
        if status != 200 or not token:
            raise RuntimeError(f"{path} answered {status} without a CSRF token")
        return token.group(1).decode()


def _copy(name: str, into: Path) -> Path:
    """A consistent copy of the dataset (SQLite's backup, whatever its journal holds)."""
    target = into / "db.sqlite3"
    source = sqlite3.connect(OUT / f"{name}.sqlite3")
    copy = sqlite3.connect(target)
    with copy:
        source.backup(copy)
    source.close()
    copy.close()
    return target


def _prepare() -> dict[str, object]:
    """A scorekeeper to log in as, and the latest Partie with a player of its first team."""
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.db import connections

    from bench.measure import _latest_match
    from klammernliga.entry.access import ensure_scorekeeper_group

    keeper = User.objects.create_user(USERNAME, password=PASSWORD)
    keeper.groups.add(ensure_scorekeeper_group())
    match = _latest_match()
    facts = {
        "date": match.evening.date.isoformat(),
        "match": match.pk,
        "declarer": match.team_a.player_1_id,
    }
    connections.close_all()
    return facts


def _undo(token: str) -> None:
    """Delete the game the POST with `token` stored, through the services (not timed)."""
    from django.db import connections

    from klammernliga import services
    from klammernliga.models import Game

    services.delete_game(game=Game.objects.get(entry_token=uuid.UUID(token)))
    connections.close_all()


def measure(name: str, posts: int) -> dict[str, object]:
    from bench.load import free_port
    from bench.measure import timing

    work = Path(tempfile.mkdtemp(prefix="entry-http-"))
    try:
        db = _copy(name, work)
        os.environ.update(DJANGO_SETTINGS_MODULE="bench.settings", BENCH_DB=str(db), DEBUG="0")
        facts = _prepare()
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "klammernliga.config.wsgi", "--workers", "2",
             "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
            cwd=ROOT, env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            browser = Browser(port)
            deadline = time.monotonic() + 60
            while True:
                try:
                    token = browser.csrf("/anmelden/")
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("gunicorn did not start") from None
                    time.sleep(0.2)
            login = {"csrfmiddlewaretoken": token, "username": USERNAME, "password": PASSWORD}
            status, _location, _body = browser.request("POST", "/anmelden/", login)
            if status != 302 or "sessionid" not in browser.cookies:
                raise RuntimeError(f"logging in answered {status}")
            evening = f"/erfassen/abend/{facts['date']}/"
            csrf = browser.csrf(evening)
            form = {"csrfmiddlewaretoken": csrf, "match": str(facts["match"]),
                    "declarer": str(facts["declarer"]), "trump": "herz", "bid": "rein",
                    "points_a": "100"}  # fmt: skip
            samples = []
            for sample in range(WARMUP + posts):
                entry = str(uuid.uuid4())
                started = time.perf_counter()
                status, location, _body = browser.request(
                    "POST", f"{evening}spiel/", {**form, "token": entry}
                )
                elapsed = time.perf_counter() - started
                if status != 302 or not location.startswith(evening):
                    raise RuntimeError(f"entering a game answered {status} ({location})")
                _undo(entry)
                if sample >= WARMUP:
                    samples.append(elapsed)
        finally:
            server.terminate()
            server.wait(timeout=30)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    t = timing(samples)
    return {"median_ms": t.median_ms, "p95_ms": t.p95_ms, "samples": t.samples,
            "gunicorn": "2 sync workers"}  # fmt: skip


if __name__ == "__main__":
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    print(json.dumps(measure(sys.argv[1], count)))
