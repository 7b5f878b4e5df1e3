import datetime

from hypothesis import given
from hypothesis import strategies as st

from scoring.runs import StretchRuns, longest_run, longest_run_of, stretch_runs


def brute_force(won: list[bool]) -> int:
    best = run = 0
    for w in won:
        run = run + 1 if w else 0
        best = max(best, run)
    return best


def test_a_stretch_tells_its_runs_at_the_start_at_the_end_and_in_between() -> None:
    assert stretch_runs([True, True, False, True, True, True, False, True]) == StretchRuns(
        start=2, end=1, best=3, lost=True
    )
    assert stretch_runs([True, True]) == StretchRuns(start=2, end=2, best=0, lost=False)
    assert stretch_runs([False]) == StretchRuns(start=0, end=0, best=0, lost=True)
    assert stretch_runs([]) == StretchRuns()


def test_a_run_remembers_where_it_started_and_ended() -> None:
    d = [datetime.date(2010, 1, n) for n in range(1, 8)]
    rounds = [(d[0], True), (d[1], False), (d[2], True), (d[3], True), (d[4], True), (d[5], False)]
    run = longest_run(rounds)
    assert (run.length, run.start, run.end) == (3, d[2], d[4])
    assert longest_run([]).length == 0
    assert longest_run([(d[0], False)]).start is None


def test_a_run_goes_on_over_evenings() -> None:
    # Two won at the end of the first evening, three at the start of the second.
    run = longest_run(
        [(1, False), (1, True), (1, True), (2, True), (2, True), (2, True), (2, False)]
    )
    assert (run.length, run.start, run.end) == (5, 1, 2)


@given(st.lists(st.lists(st.booleans(), max_size=8), max_size=8))
def test_joining_evenings_finds_the_longest_run_of_all_rounds(evenings: list[list[bool]]) -> None:
    summed = longest_run_of((day, stretch_runs(won)) for day, won in enumerate(evenings))
    assert summed.length == brute_force([w for won in evenings for w in won])


@given(st.lists(st.lists(st.lists(st.booleans(), max_size=5), max_size=3), max_size=6))
def test_joining_matches_finds_the_same_run_as_joining_evenings(
    evenings: list[list[list[bool]]],
) -> None:
    """An evening's matches summed up one by one and joined give the same longest run, with
    the same first and last evening, as the evening's rounds summed up at once."""
    by_match = longest_run_of(
        (day, stretch_runs(won)) for day, matches in enumerate(evenings) for won in matches
    )
    by_evening = longest_run_of(
        (day, stretch_runs(w for won in matches for w in won))
        for day, matches in enumerate(evenings)
    )
    assert by_match == by_evening
    assert by_match.length == brute_force([w for m in evenings for won in m for w in won])
