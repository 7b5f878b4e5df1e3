"""Invariants of the rules over generated games and leagues."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.domain import BASE_TOTAL, Meld, MeldKind, Side
from scoring.rounds import progress, tally
from scoring.rules import GameSheet, result

players = ("A1", "A2", "B1", "B2")


@st.composite
def valid_sheets(draw: st.DrawFn) -> GameSheet:
    sequence_side = draw(st.sampled_from([None, Side.A, Side.B]))
    sequences = draw(st.lists(st.sampled_from([MeldKind.TERZ, MeldKind.FUENFZIG]), max_size=2))
    belle_side = draw(st.sampled_from([None, Side.A, Side.B]))
    melds: dict[Side, list[Meld]] = {Side.A: [], Side.B: []}
    if sequence_side:
        melds[sequence_side] += [Meld(kind) for kind in sequences]
    if belle_side:
        melds[belle_side].append(Meld(MeldKind.BELLE))
    own_a = sum(m.points for m in melds[Side.A])
    own_b = sum(m.points for m in melds[Side.B])
    total = BASE_TOTAL + own_a + own_b
    points_a = draw(st.integers(min_value=own_a, max_value=total - own_b))
    kontra = draw(st.booleans())
    return GameSheet(
        team_a=("A1", "A2"),
        team_b=("B1", "B2"),
        declarer=draw(st.sampled_from(players)),
        trump=draw(st.sampled_from(["kreuz", "pik", "herz", "karo"])),
        bid="rein",
        melds_a=tuple(melds[Side.A]),
        melds_b=tuple(melds[Side.B]),
        kontra=kontra,
        re=kontra and draw(st.booleans()),
        points_a=points_a,
        points_b=total - points_a,
    )


@given(valid_sheets())
def test_exactly_one_side_scores_in_every_game(sheet: GameSheet) -> None:
    outcome = result(sheet)
    assert (outcome.small_a > 0) != (outcome.small_b > 0)
    assert outcome.small(outcome.winner) in {1, 2, 4, 8}


@given(valid_sheets())
def test_a_tie_never_wins_for_the_playing_team(sheet: GameSheet) -> None:
    outcome = result(sheet)
    playing_points = sheet.points(outcome.playing_side)
    defending_points = sheet.points(outcome.playing_side.other)
    if playing_points == defending_points:
        assert not outcome.playing_side_won
    assert outcome.playing_side_won == (playing_points > defending_points)


@settings(max_examples=40)
@given(st.lists(st.lists(valid_sheets(), max_size=25), max_size=4))
def test_large_points_handed_out_equal_completed_rounds_plus_kalte(
    matches: list[list[GameSheet]],
) -> None:
    handed_out = completed = kalte = 0
    for games in matches:
        small = [(r.small_a, r.small_b) for r in map(result, games)]
        steps = progress(small)
        figures = tally(small, steps)
        handed_out += figures.a.large_points + figures.b.large_points
        completed += sum(1 for s in steps if s.ends_round)
        kalte += figures.a.kalte + figures.b.kalte
        assert figures.a.rounds_won + figures.b.rounds_won == sum(1 for s in steps if s.ends_round)
        assert figures.a.small_points == sum(a for a, _b in small)
    assert handed_out == completed + kalte
