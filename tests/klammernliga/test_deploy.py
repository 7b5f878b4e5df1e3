"""Production settings: what docs/deployment.md documents passes Django's deployment checks."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]


def documented_environment() -> dict[str, str]:
    """The KEY=VALUE lines of docs/deployment.md's `/etc/klammernliga.env` block; placeholders filled."""
    readme = (ROOT / "docs" / "deployment.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n# /etc/klammernliga\.env\n(.*?)```", readme, re.DOTALL)
    assert block, "docs/deployment.md documents the production environment"
    env = {}
    for line in block.group(1).splitlines():
        key, _sep, value = line.partition("=")
        env[key.strip()] = value.strip()
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    return env


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # A clean environment: nothing of the test run's (DEBUG, DJANGO_ALLOW_ASYNC_UNSAFE …) leaks in.
    base = {k: os.environ[k] for k in ("PATH", "HOME", "LANG", "TMPDIR") if k in os.environ}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_readme_documents_a_production_environment_with_debug_off_and_postgres() -> None:
    env = documented_environment()
    assert env["DEBUG"] == "0"
    assert env["DATABASE_URL"].startswith("postgres://")
    assert env["ALLOWED_HOSTS"]


def test_the_deployment_check_is_clean_with_the_documented_environment() -> None:
    run = manage("check", "--deploy", "--fail-level", "WARNING", env=documented_environment())
    assert run.returncode == 0, run.stderr + run.stdout
    assert "System check identified no issues" in run.stdout
    assert "WARNING" not in run.stderr + run.stdout


def test_the_deployment_check_warns_when_https_settings_are_missing() -> None:
    env = documented_environment()
    for key in ("HTTPS", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS"):
        env.pop(key)
    run = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert run.returncode != 0
    assert "security.W004" in run.stderr and "security.W008" in run.stderr


def test_without_a_secret_key_production_refuses_to_start_and_says_why() -> None:
    env = documented_environment()
    del env["SECRET_KEY"]
    run = manage("check", env=env)
    assert run.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in run.stderr


def test_debug_is_off_unless_set() -> None:
    run = manage(
        "shell",
        "--no-imports",
        "-c",
        "from django.conf import settings; print('DEBUG', settings.DEBUG)",
        env={"SECRET_KEY": secrets.token_urlsafe(50)},
    )
    assert run.returncode == 0, run.stderr
    assert "DEBUG False" in run.stdout


def test_production_serves_hashed_static_files_through_whitenoise(tmp_path: Path) -> None:
    env = {**documented_environment(), "STATIC_ROOT": str(tmp_path / "static")}
    # No database is needed to serve a static file; SSL redirect is off for the plain request.
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", SECURE_SSL_REDIRECT="0")
    env["ALLOWED_HOSTS"] = "testserver"
    collected = manage("collectstatic", "--noinput", env=env)
    assert collected.returncode == 0, collected.stderr
    script = (
        "from django.templatetags.static import static; from django.test import Client; "
        "url = static('css/site.css'); r = Client().get(url, secure=True); "
        "print(url, r.status_code, r.headers.get('Cache-Control'))"
    )
    run = manage("shell", "--no-imports", "-c", script, env=env)
    assert run.returncode == 0, run.stderr
    url, status, cache = run.stdout.split()[:3]
    assert re.fullmatch(r"/static/css/site\.[0-9a-f]{12}\.css", url)
    assert status == "200"
    assert "immutable" in run.stdout or cache.startswith("max-age=")


def test_logs_go_to_stdout() -> None:
    script = "import logging; logging.getLogger('klammernliga').warning('hello from the log')"
    run = manage("shell", "--no-imports", "-c", script, env={"DEBUG": "1"})
    assert "hello from the log" in run.stdout
    assert "hello from the log" not in run.stderr


@pytest.mark.django_db
def test_every_page_carries_a_strict_content_security_policy(client: Client) -> None:
    response = client.get("/")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "default-src 'self'" in policy
    assert "unsafe-inline" not in policy
