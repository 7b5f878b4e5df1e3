from scoring.standings import MADE_OF, Totals, rank, sums_of, team_name


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
        (1, "Carl"), (2, "Bert"), (3, "Anna"), (3, "Zoe"),
    ]  # fmt: skip


def test_equal_records_share_a_rank_and_the_next_rank_skips_as_in_sports_tables() -> None:
    rows = [
        Totals("k", "Karin", large_points=66, small_points=126, small_points_against=100),
        Totals("c", "Claus", large_points=66, small_points=126, small_points_against=100),
        Totals("a", "Anke", large_points=60),
        Totals("b", "Bernd", large_points=66, small_points=100, small_points_against=100),
        Totals("d", "Dörte", large_points=60),
    ]
    assert [(s.rank, s.totals.name) for s in rank(rows)] == [
        (1, "Claus"), (1, "Karin"), (3, "Bernd"), (4, "Anke"), (4, "Dörte"),
    ]  # fmt: skip


def test_equal_difference_with_other_small_points_still_shares_the_rank() -> None:
    rows = [
        Totals("b", "B", large_points=2, small_points=20, small_points_against=10),
        Totals("a", "A", large_points=2, small_points=30, small_points_against=20),
    ]
    assert [(s.rank, s.totals.name) for s in rank(rows)] == [(1, "A"), (1, "B")]


def test_a_derived_figure_is_made_of_the_sums_it_names_and_a_summed_one_of_itself() -> None:
    full = Totals("a", "Anna", evenings=4, games=30, games_won=17, rounds_won=5, rounds_lost=3,
                  large_points=7, kalte=1, laube=2, small_points=41, small_points_against=29)  # fmt: skip
    for figure in MADE_OF:
        parts = {name: getattr(full, name) for name in sums_of(figure)}
        assert getattr(Totals("a", "Anna", **parts), figure) == getattr(full, figure)
        assert getattr(Totals("a", "Anna"), figure) != getattr(full, figure)
    assert sums_of("kalte") == ("kalte",)
