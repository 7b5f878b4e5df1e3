import io
from pathlib import Path

import pytest
from django.core.management import call_command

DATA = Path(__file__).parent / "klammernliga" / "data"


@pytest.fixture
def league_file() -> Path:
    return DATA / "league.csv"


@pytest.fixture
def league(db, league_file):  # type: ignore[no-untyped-def]
    """The small hand-checked league of tests/klammernliga/data imported through the command."""
    call_command("import_games", str(league_file), stdout=io.StringIO())
    return league_file
