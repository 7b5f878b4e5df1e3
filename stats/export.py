"""The one CSV export of the statistics pages (`?_export=csv`): a header and rows of plain
values, streamed (Alle Spiele may export a million games), each cell one a spreadsheet shows as
text where it could be read as a formula (klammernliga.validation.csv_cell)."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator, Sequence

from django.http import HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase

from klammernliga.validation import csv_cell

EXPORT_PARAMETER = "_export"
CONTENT_TYPE = "text/csv; charset=utf-8"


def asks_for_csv(query: object) -> bool:
    """Whether a query string asks for the page's CSV (any other value just shows the page)."""
    get = getattr(query, "get", None)
    return get is not None and get(EXPORT_PARAMETER) == "csv"


class _Echo:
    """A file-like object that hands back what csv.writer writes (for streaming)."""

    def write(self, value: str) -> str:
        return value


def _lines(header: Sequence[object], rows: Iterable[Sequence[object]]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    yield writer.writerow([csv_cell(str(cell)) for cell in header])
    for row in rows:
        yield writer.writerow([csv_cell(value) for value in row])


def _attachment[R: HttpResponseBase](response: R, filename: str) -> R:
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def csv_response(
    filename: str, header: Sequence[object], rows: Iterable[Sequence[object]]
) -> HttpResponse:
    """A table's CSV in one piece (a few hundred rows: the page cache keeps it like the page)."""
    content = "".join(_lines(header, rows))
    return _attachment(HttpResponse(content, content_type=CONTENT_TYPE), filename)


def csv_stream(
    filename: str, header: Sequence[object], rows: Iterable[Sequence[object]]
) -> StreamingHttpResponse:
    """The same CSV streamed, line by line: for Alle Spiele, up to a million games."""
    return _attachment(
        StreamingHttpResponse(_lines(header, rows), content_type=CONTENT_TYPE), filename
    )
