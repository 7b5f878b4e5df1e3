"""The smaller doors: create_scorekeeper takes only names the login takes, the language cookie is
SameSite=Lax (and Secure with HTTPS), import_games prints a bounded number of problems."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from klammernliga.management.commands.import_games import MAX_PRINTED_PROBLEMS

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["", "   ", "a" * 200, "a b/c", "anna<script>", "x\x00y"])
def test_create_scorekeeper_refuses_names_the_login_refuses(monkeypatch, name: str) -> None:
    monkeypatch.setenv("KL_PASSWORD", "klammern-geheim-1998")
    with pytest.raises(CommandError, match="User name"):
        call_command(
            "create_scorekeeper", name, "--password-from-env", "KL_PASSWORD", stdout=io.StringIO()
        )
    assert not get_user_model().objects.exists()


@pytest.mark.django_db
def test_create_scorekeeper_still_takes_a_plain_name(monkeypatch) -> None:
    monkeypatch.setenv("KL_PASSWORD", "klammern-geheim-1998")
    call_command(
        "create_scorekeeper",
        "anna.m-2@x",
        "--password-from-env",
        "KL_PASSWORD",
        stdout=io.StringIO(),
    )
    assert get_user_model().objects.get().username == "anna.m-2@x"


def test_the_language_cookie_is_samesite_lax(client) -> None:
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    cookie = response.cookies["django_language"]
    assert cookie["samesite"] == "Lax"
    assert not cookie["secure"]  # plain HTTP in development


def _settings_value(name: str, **env: str) -> str:
    base = {k: os.environ[k] for k in ("PATH", "HOME") if k in os.environ}
    code = f"import klammernliga.config.settings as s; print(s.{name})"
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**base, **env},
        timeout=60,
    )
    return run.stdout.strip() or run.stderr


def test_the_language_cookie_is_secure_with_https() -> None:
    production = {"DEBUG": "0", "SECRET_KEY": "x" * 50, "HTTPS": "1"}
    assert _settings_value("LANGUAGE_COOKIE_SECURE", **production) == "True"
    assert _settings_value("LANGUAGE_COOKIE_SAMESITE", **production) == "Lax"
    assert _settings_value("LANGUAGE_COOKIE_SECURE", DEBUG="1") == "False"


@pytest.mark.django_db
def test_import_games_prints_at_most_fifty_problems_and_counts_the_rest(
    tmp_path, league_file
) -> None:
    header = league_file.read_text(encoding="utf-8").splitlines()[0]
    broken = [header] + ["kaputt"] * 300
    path = tmp_path / "broken.csv"
    path.write_text("\n".join(broken) + "\n", encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError, match="nothing was stored") as raised:
        call_command("import_games", str(path), stdout=io.StringIO(), stderr=err)
    lines = err.getvalue().splitlines()
    total = int(str(raised.value).split()[0])
    assert total > MAX_PRINTED_PROBLEMS == 50
    assert len(lines) == MAX_PRINTED_PROBLEMS + 1
    assert lines[-1] == f"... and {total - MAX_PRINTED_PROBLEMS} more problem(s) not shown."
