"""Rules about the project itself rather than the league: every model change has its migration,
HTML is marked safe only where templates build it, and a type: ignore is said with its reason
where mypy checks and not at all where it does not."""

import io
import re
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.django_db
def test_no_model_change_is_missing_a_migration() -> None:
    out = io.StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


def test_no_html_is_marked_safe_outside_template_tags() -> None:
    found = {
        str(path.relative_to(ROOT))
        for package in ("stats", "klammernliga")
        for path in (ROOT / package).rglob("*.py")
        if "mark_safe" in path.read_text() and "templatetags" not in path.parts
    }
    assert found == set()


def _lines(*packages: str) -> list[tuple[str, int, str]]:
    return [
        (str(path.relative_to(ROOT)), number, line)
        for package in packages
        for path in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
    ]


def test_every_type_ignore_in_the_checked_code_says_why() -> None:
    # mypy checks scoring, klammernliga and stats: an ignore there names its error and a reason.
    pattern = re.compile(r"# type" r": ignore(?!\[[-a-z, ]+\]  # \S)")
    found = [f"{p}:{n}" for p, n, line in _lines("scoring", "klammernliga", "stats")
             if pattern.search(line)]  # fmt: skip
    assert found == []


def test_the_tests_and_the_bench_carry_no_type_ignores() -> None:
    # mypy checks neither: an ignore there would silence nothing.
    marker = "# type" + ": ignore"  # spelled apart: this file is one of the tests
    found = [f"{p}:{n}" for p, n, line in _lines("tests", "bench") if marker in line]
    assert found == []
