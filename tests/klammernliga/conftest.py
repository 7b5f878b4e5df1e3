"""Fixtures of the entry tests: a client logged in as a scorekeeper, and the usual match."""

import pytest

from tests.factories import ScorekeeperFactory
from tests.klammernliga.entry_pages import anna_bernd_vs_carl_dora


@pytest.fixture
def scorekeeper(client):  # type: ignore[no-untyped-def]
    """The test client, logged in as a scorekeeper."""
    client.force_login(ScorekeeperFactory())
    return client


@pytest.fixture
def match(db):  # type: ignore[no-untyped-def]
    """Anna & Bernd against Carl & Dora on entry_pages.DAY, no games yet."""
    return anna_bernd_vs_carl_dora()
