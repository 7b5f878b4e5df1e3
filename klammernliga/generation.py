"""The league's generation: a number that every change to the league raises, in the change's
own transaction, so it is committed (or rolled back) together with the change.

Pages are cached under it (klammernliga.http.page_cache). Every request reads the committed number,
so no process finds a page that was cached before the last committed change.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import F
from django.utils import timezone

from klammernliga.models import Generation

# The one row; it is created by the migration (and again by `bump` after a flush).
_ROW = 1


@dataclass(frozen=True, slots=True)
class Stamp:
    """The generation a page was made from: its number and when it was reached."""

    number: int
    changed_at: datetime.datetime | None

    @property
    def token(self) -> str:
        """Number and time together: a database restored or rebuilt from scratch starts at a
        low number again, but not at the same moment."""
        moment = int(self.changed_at.timestamp() * 1_000_000) if self.changed_at else 0
        return f"{self.number}.{moment}"


def bump() -> None:
    """Raise the generation by one (call inside the change's transaction)."""
    now = timezone.now()
    if not Generation.objects.filter(pk=_ROW).update(number=F("number") + 1, changed_at=now):
        Generation.objects.create(pk=_ROW, number=1, changed_at=now)


def current() -> Stamp:
    """The committed generation, in one query."""
    row = Generation.objects.filter(pk=_ROW).values_list("number", "changed_at").first()
    return Stamp(*row) if row else Stamp(0, None)
