"""The one table system: django-tables2 tables over lists sorted by a plain key per column."""

from django.test import RequestFactory

from stats import sortable

Table = sortable.table_class("Table", "Name", [("games", "Spiele"), ("share", "Quote")])
KEYS = {"name": lambda r: r["name"], "games": lambda r: r["games"], "share": lambda r: r["share"]}
ROWS = [
    {"name": "Anna", "games": 3, "share": 0.5},
    {"name": "Bernd", "games": 9, "share": None},
    {"name": "Clara", "games": 5, "share": 0.75},
]


def names(table) -> list[str]:
    return [row["name"] for row in table.data]


def test_a_list_is_sorted_by_the_column_asked_for_rows_without_a_value_last_either_way() -> None:
    assert names(sortable.sorted_table(Table, ROWS, KEYS, "-games")) == ["Bernd", "Clara", "Anna"]
    assert names(sortable.sorted_table(Table, ROWS, KEYS, "share")) == ["Anna", "Clara", "Bernd"]
    assert names(sortable.sorted_table(Table, ROWS, KEYS, "-share")) == ["Clara", "Anna", "Bernd"]


def test_an_unknown_column_leaves_the_given_order() -> None:
    for nonsense in ("bogus", "-", "", None, "--games"):
        assert names(sortable.sorted_table(Table, ROWS, KEYS, nonsense)) == [
            "Anna",
            "Bernd",
            "Clara",
        ]


def test_a_broken_or_too_large_page_number_shows_the_first_or_last_page() -> None:
    for value, number in (("abc", 1), ("", 1), ("2", 2), ("99", 2), ("-1", 2)):
        table = sortable.sorted_table(Table, ROWS, KEYS, "name")
        sortable.paginate(table, RequestFactory().get("/", {"page": value}), per_page=2)
        assert table.page.number == number, value
