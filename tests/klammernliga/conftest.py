"""Fixtures of the entry tests: a client logged in as a scorekeeper, and the usual match; the
malformed-input tests' table."""

import pytest

from klammernliga import services
from klammernliga.models import Team
from tests.factories import MatchFactory, PlayerFactory, ScorekeeperFactory
from tests.klammernliga.entry_pages import anna_bernd_vs_carl_dora
from tests.klammernliga.malformed import OUTSIDER, TABLE


@pytest.fixture
def scorekeeper(client):
    """The test client, logged in as a scorekeeper."""
    client.force_login(ScorekeeperFactory())
    return client


@pytest.fixture
def match(db):
    """Anna & Bernd against Carl & Dora on entry_pages.DAY, no games yet."""
    return anna_bernd_vs_carl_dora()


@pytest.fixture
def table() -> dict[str | None, object]:
    """A match of Anna & Bernd against Clara & Dieter with one game, and Emil beside the table."""
    players = {name: PlayerFactory(name=name) for name in [*TABLE, OUTSIDER]}
    match = MatchFactory(
        team_a=Team.objects.for_players(players["Anna"], players["Bernd"]),
        team_b=Team.objects.for_players(players["Clara"], players["Dieter"]),
    )
    services.record_game(
        match=match, declarer=players["Anna"], trump="herz", bid="rein", points_a=100, points_b=64
    )
    return {"match": match, None: None, "": None, **players}
