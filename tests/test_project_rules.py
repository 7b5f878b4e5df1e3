"""Rules about the project itself rather than the league: every model change has its migration,
and HTML is marked safe only where templates build it."""

import io
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
