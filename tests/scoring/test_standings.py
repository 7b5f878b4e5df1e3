from scoring.standings import Totals, rank, team_name


def test_a_team_is_named_by_its_players_in_alphabetical_order() -> None:
    assert team_name("Dieter", "anna") == "anna & Dieter"


def test_rows_are_ordered_by_large_points_then_difference_then_name() -> None:
    rows = [
        Totals("z", "Zoe", large_points=3, small_points=10, small_points_against=10),
        Totals("b", "Bert", large_points=3, small_points=12, small_points_against=10),
        Totals("a", "Anna", large_points=3, small_points=10, small_points_against=10),
        Totals("c", "Carl", large_points=5),
    ]
    assert [(s.rank, s.totals.name) for s in rank(rows)] == [
        (1, "Carl"), (2, "Bert"), (3, "Anna"), (4, "Zoe"),
    ]  # fmt: skip


def test_equal_rows_still_get_consecutive_ranks() -> None:
    rows = [Totals("b", "B"), Totals("a", "A")]
    assert [s.rank for s in rank(rows)] == [1, 2]
