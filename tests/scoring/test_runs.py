import datetime

from hypothesis import given
from hypothesis import strategies as st

from scoring.runs import EveningRuns, evening_runs, longest_run, longest_run_of


def brute_force(won: list[bool]) -> int:
    best = run = 0
    for w in won:
        run = run + 1 if w else 0
        best = max(best, run)
    return best


def test_an_evening_tells_its_runs_at_the_start_at_the_end_and_in_between() -> None:
    assert evening_runs([True, True, False, True, True, True, False, True]) == EveningRuns(
        start=2, end=1, best=3, lost=True
    )
    assert evening_runs([True, True]) == EveningRuns(start=2, end=2, best=0, lost=False)
    assert evening_runs([False]) == EveningRuns(start=0, end=0, best=0, lost=True)
    assert evening_runs([]) == EveningRuns()


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
    summed = longest_run_of((day, evening_runs(won)) for day, won in enumerate(evenings))
    assert summed.length == brute_force([w for won in evenings for w in won])
