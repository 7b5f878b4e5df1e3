import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command

DATA = Path(__file__).parent / "klammernliga" / "data"


def pytest_collection_modifyitems(config, items) -> None:
    """Tests marked `postgres` check what only a server database has (concurrent writers): they
    run in the PostgreSQL pass of `make test` and are left out (deselected) on SQLite."""
    from django.conf import settings

    if settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
        return
    left_out = [item for item in items if item.get_closest_marker("postgres")]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not item.get_closest_marker("postgres")]


@pytest.fixture(autouse=True)
def _empty_page_cache() -> None:
    """Each test starts with no cached page: a rolled-back test leaves its pages behind."""
    from django.core.cache import caches

    caches["pages"].clear()


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts in the site's language: a request in English leaves English active in
    its thread, and a test rendering numbers after it would print "12.2" for "12,2"."""
    from django.conf import settings
    from django.utils import translation

    with translation.override(settings.LANGUAGE_CODE):
        yield


@pytest.fixture
def league_file() -> Path:
    return DATA / "league.csv"


@pytest.fixture
def league(db, league_file):
    """The small hand-checked league of tests/klammernliga/data imported through the command."""
    call_command("import_games", str(league_file), stdout=io.StringIO())
    return league_file
