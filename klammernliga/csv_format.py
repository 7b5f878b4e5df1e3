"""The league's CSV file format: one game a row, in the order of play.

date,a1,a2,b1,b2,dealer,declarer,trump,bid,melds_a,melds_b,kontra,re,points_a,points_b
"""

from __future__ import annotations

import csv
import datetime
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from klammernliga.records import EveningRecord, GameRecord, ImportProblem
from klammernliga.validation import csv_text, date_problem
from scoring.domain import Meld, MeldKind, Rank

HEADER = [
    "date", "a1", "a2", "b1", "b2", "dealer", "declarer", "trump", "bid",
    "melds_a", "melds_b", "kontra", "re", "points_a", "points_b",
]  # fmt: skip
YES, NO = "ja", "nein"


class CsvProblem(ValueError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def parse_melds(text: str, field: str) -> tuple[Meld, ...]:
    """`terz:K+belle` → melds; empty → none."""
    melds = []
    for part in filter(None, (p.strip() for p in text.split("+"))):
        kind_text, _sep, top_text = part.partition(":")
        try:
            kind = MeldKind(kind_text.strip().lower())
        except ValueError:
            raise CsvProblem(
                field, f"unbekannte Meldung „{kind_text}“ (erlaubt: terz, fuenfzig, belle)"
            ) from None
        top = None
        if top_text:
            try:
                top = Rank(top_text.strip().upper())
            except ValueError:
                raise CsvProblem(
                    field, f"unbekannte oberste Karte „{top_text}“ (erlaubt: 7 8 9 10 B D K A)"
                ) from None
            if kind is MeldKind.BELLE:
                raise CsvProblem(field, "eine Belle hat keine oberste Karte")
        melds.append(Meld(kind, None, top))
    return tuple(melds)


def format_melds(melds: Iterable[Meld]) -> str:
    return "+".join(f"{m.kind.value}:{m.top.value}" if m.top else m.kind.value for m in melds)


def _parse_flag(text: str, field: str) -> bool:
    value = text.strip().lower()
    if value in (YES, NO):
        return value == YES
    raise CsvProblem(field, f"„{text}“ ist weder ja noch nein")


def _parse_points(text: str) -> object:
    value = text.strip()
    # isdigit() admits "²" and other scripts' digits; int() does not. Long numbers stay text.
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 9 else value


def _parse_date(text: str, dates: dict[str, datetime.date]) -> datetime.date:
    """A row's date; `dates` holds the texts found good so far (an evening's rows share one)."""
    if text in dates:
        return dates[text]
    try:
        date = datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise CsvProblem("date", f"„{text}“ ist kein Datum der Form JJJJ-MM-TT") from None
    problem = date_problem(date)
    if problem:
        raise CsvProblem("date", problem)
    dates[text] = date
    return date


def _parse_row(
    row: dict[str, str], line: int, dates: dict[str, datetime.date]
) -> tuple[datetime.date | None, GameRecord | None, list[ImportProblem]]:
    problems: list[ImportProblem] = []

    def attempt(field: str, parse: Callable[[], Any], default: Any) -> Any:
        try:
            return parse()
        except CsvProblem as problem:
            problems.append(ImportProblem(line, problem.field, problem.message))
            return default

    date = attempt("date", lambda: _parse_date(row["date"], dates), None)
    # Names come back as export_games wrote them (a formula-like name behind a quote).
    seats = ("a1", "a2", "b1", "b2", "dealer", "declarer")
    names = {key: csv_text(row[key]).strip() for key in seats}
    for key in ("a1", "a2", "b1", "b2"):
        if not names[key]:
            problems.append(ImportProblem(line, key, "der Spielername fehlt"))
    melds_a = attempt("melds_a", lambda: parse_melds(row["melds_a"], "melds_a"), ())
    melds_b = attempt("melds_b", lambda: parse_melds(row["melds_b"], "melds_b"), ())
    kontra = attempt("kontra", lambda: _parse_flag(row["kontra"], "kontra"), False)
    re = attempt("re", lambda: _parse_flag(row["re"], "re"), False)
    if problems:
        return date, None, problems
    record = GameRecord(
        team_a=(names["a1"], names["a2"]),
        team_b=(names["b1"], names["b2"]),
        declarer=names["declarer"],
        dealer=names["dealer"] or None,
        trump=row["trump"].strip().lower(),
        bid=row["bid"].strip().lower(),
        melds_a=melds_a,
        melds_b=melds_b,
        kontra=kontra,
        re=re,
        points_a=_parse_points(row["points_a"]),
        points_b=_parse_points(row["points_b"]),
        line=line,
    )
    return date, record, []


def read_games(stream: TextIO) -> tuple[list[EveningRecord], list[ImportProblem]]:
    """Parse a league file into evenings (games in file order) and the problems of its form.

    The rules themselves are checked later, by the service, for every row that parsed.
    """
    reader = csv.reader(stream)
    problems: list[ImportProblem] = []
    by_date: dict[datetime.date, list[GameRecord]] = {}
    dates: dict[str, datetime.date] = {}
    rows = _rows(reader, problems)
    header = next(rows, None)
    if header is None:
        return [], [*problems, ImportProblem(None, "file", "die Datei enthält keine Spiele")]
    if [h.strip().lower() for h in header] != HEADER:
        return [], [ImportProblem(1, "header", "die Kopfzeile muss lauten: " + ",".join(HEADER))]
    for row_values in rows:
        line = reader.line_num
        if not any(v.strip() for v in row_values):
            continue
        if len(row_values) != len(HEADER):
            problems.append(
                ImportProblem(
                    line, "row", f"{len(HEADER)} Felder erwartet, {len(row_values)} gefunden"
                )
            )
            continue
        date, record, row_problems = _parse_row(
            dict(zip(HEADER, row_values, strict=True)), line, dates
        )
        problems.extend(row_problems)
        if date is not None and record is not None:
            by_date.setdefault(date, []).append(record)
    if not by_date and not problems:
        problems.append(ImportProblem(None, "file", "die Datei enthält keine Spiele"))
    return [EveningRecord(date=d, games=g) for d, g in by_date.items()], problems


def _rows(reader: Any, problems: list[ImportProblem]) -> Iterator[list[str]]:
    """The reader's rows; a row the csv module cannot read (e.g. a field over its size limit)
    is a problem of its line, and reading goes on after it."""
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            problems.append(ImportProblem(reader.line_num, "row", f"unlesbare Zeile ({error})"))
            continue
        yield row
