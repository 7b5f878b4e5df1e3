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


def _stat(path: str) -> tuple[float, int]:
    """When the file was written and its size; (0, 0) when it is gone."""
    try:
        found = os.stat(path)
    except FileNotFoundError:  # removed by another worker meanwhile
        return 0.0, 0
    return found.st_mtime, found.st_size


class PageFileCache(FileBasedCache):
    """A FileBasedCache that culls on one store in CULL_EVERY, the oldest files first.

    Two caps: MAX_ENTRIES files and MAX_BYTES bytes (OPTIONS; no byte cap without it). Past
    either, the oldest files go until a CULL_FREQUENCY-th of the files (and of the bytes) is
    free. Between two looks each process may store up to CULL_EVERY pages beyond the caps.
    """

    CULL_EVERY = 50

    def __init__(self, dir: str, params: dict[str, object]) -> None:
        super().__init__(dir, params)
        self._stores = itertools.count()
        options = params.get("OPTIONS") or {}
        assert isinstance(options, dict)
        self._max_bytes = int(options.get("MAX_BYTES") or 0)

    def _cull(self) -> None:
        if next(self._stores) % self.CULL_EVERY:
            return
        files: list[str] = self._list_cache_files()  # type: ignore[attr-defined]  # FileBasedCache's own helper, absent from the stubs
        if len(files) < self._max_entries and not self._max_bytes:
            return
        stats = {name: _stat(name) for name in files}
        total = sum(size for _when, size in stats.values())
        over_bytes = bool(self._max_bytes) and total > self._max_bytes
        if len(files) < self._max_entries and not over_bytes:
            return
        if self._cull_frequency == 0:
            self.clear()
            return
        files.sort(key=lambda name: stats[name][0])
        keep_files = len(files) - len(files) // self._cull_frequency
        keep_bytes = self._max_bytes - self._max_bytes // self._cull_frequency
        for index, name in enumerate(files):
            enough_files = len(files) - index <= keep_files or len(files) < self._max_entries
            if enough_files and (not over_bytes or total <= keep_bytes):
                break
            self._delete(name)  # type: ignore[attr-defined]  # FileBasedCache's own helper, absent from the stubs
            total -= stats[name][1]
