"""The file cache the gunicorn workers share for pages (settings.PAGE_CACHE "file").

Django's FileBasedCache lists every file of its directory on each store to decide whether to
cull, and culls at random. Pages are stored under the league's generation (page_cache), so each
change makes a new page for every address asked for, and an older generation's pages are never
read again: with a few thousand pages, listing them cost milliseconds of every newly made page
(3 ms at 1,342 files) and grows with the cache. This one looks only on one store in
CULL_EVERY and then removes the oldest pages first.
"""

from __future__ import annotations

import itertools
import os

from django.core.cache.backends.filebased import FileBasedCache


def _modified(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except FileNotFoundError:  # removed by another worker meanwhile
        return 0.0


class PageFileCache(FileBasedCache):
    """A FileBasedCache that culls on one store in CULL_EVERY, the oldest files first.

    Between two looks each process may store up to CULL_EVERY pages beyond MAX_ENTRIES.
    """

    CULL_EVERY = 50

    def __init__(self, dir: str, params: dict[str, object]) -> None:
        super().__init__(dir, params)
        self._stores = itertools.count()

    def _cull(self) -> None:
        if next(self._stores) % self.CULL_EVERY:
            return
        files: list[str] = self._list_cache_files()  # type: ignore[attr-defined]  # FileBasedCache's own helper, absent from the stubs
        if len(files) < self._max_entries:
            return
        if self._cull_frequency == 0:
            self.clear()
            return
        files.sort(key=_modified)
        for name in files[: len(files) // self._cull_frequency]:
            self._delete(name)  # type: ignore[attr-defined]  # FileBasedCache's own helper, absent from the stubs
