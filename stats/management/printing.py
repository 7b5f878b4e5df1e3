"""How the read side's commands print rows: JSON, or a plain table (name column left-aligned)."""

import json
from collections.abc import Sequence

from django.core.management.base import OutputWrapper


def print_rows(
    out: OutputWrapper,
    rows: Sequence[dict[str, object]],
    columns: Sequence[tuple[str, str]],
    *,
    as_json: bool,
    empty: str,
) -> None:
    if as_json:
        out.write(json.dumps(list(rows), ensure_ascii=False, indent=2))
        return
    if not rows:
        out.write(empty)
        return
    table = [[str(row[key]) for key, _title in columns] for row in rows]
    titles = [title for _key, title in columns]
    widths = [max(len(x) for x in col) for col in zip(titles, *table, strict=True)]
    for line in [titles, *table]:
        cells = [c.ljust(w) if i == 1 else c.rjust(w) for i, (c, w) in
                 enumerate(zip(line, widths, strict=True))]  # fmt: skip
        out.write("  ".join(cells))
