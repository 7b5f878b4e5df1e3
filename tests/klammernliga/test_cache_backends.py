"""The workers' shared page files: culled rarely, the oldest first."""

import os

from klammernliga.http.cache_backends import PageFileCache


def test_the_directory_is_listed_on_one_store_in_cull_every_and_the_oldest_pages_go(
    tmp_path, monkeypatch
) -> None:
    cache = PageFileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}})
    monkeypatch.setattr(PageFileCache, "CULL_EVERY", 5)
    listed = 0
    list_files = cache._list_cache_files

    def counting() -> list[str]:
        nonlocal listed
        listed += 1
        return list_files()

    monkeypatch.setattr(cache, "_list_cache_files", counting)
    for n in range(12):
        cache.set(f"page-{n}", n)
        path = cache._key_to_file(f"page-{n}")
        os.utime(path, (1_000_000 + n, 1_000_000 + n))  # page-0 the oldest
    # A store looks before it writes: stores 0, 5 and 10 looked; only the last found ten pages.
    assert listed == 3
    # Half of the ten found went, the oldest: page-0 to page-4.
    assert {n for n in range(12) if cache.get(f"page-{n}") == n} == set(range(5, 12))
    for n in range(12, 15):
        cache.set(f"page-{n}", n)
    assert listed == 3, "no look between two"
    cache.set("page-15", 15)
    assert listed == 4
    assert {n for n in range(16) if cache.get(f"page-{n}") == n} == set(range(10, 16))


def test_a_file_removed_meanwhile_by_another_worker_is_no_error(tmp_path, monkeypatch) -> None:
    cache = PageFileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 2}})
    monkeypatch.setattr(PageFileCache, "CULL_EVERY", 1)
    cache.set("a", 1)
    cache.set("b", 2)
    gone = cache._key_to_file("a")
    list_files = cache._list_cache_files
    monkeypatch.setattr(cache, "_list_cache_files", lambda: [*list_files(), gone + ".missing"])
    cache.set("c", 3)
    assert cache.get("c") == 3


def test_past_the_byte_cap_the_oldest_pages_go_until_a_share_is_free(tmp_path, monkeypatch) -> None:
    options = {"MAX_ENTRIES": 1000, "CULL_FREQUENCY": 2, "MAX_BYTES": 100_000}
    cache = PageFileCache(str(tmp_path), {"OPTIONS": options})
    monkeypatch.setattr(PageFileCache, "CULL_EVERY", 1)
    page = os.urandom(20_000)  # five pages fill the cap (random: the files are compressed)
    for n in range(8):
        cache.set(f"page-{n}", page)
        os.utime(cache._key_to_file(f"page-{n}"), (1_000_000 + n, 1_000_000 + n))
    sizes = sum(os.path.getsize(name) for name in cache._list_cache_files())
    assert sizes <= 100_000 + 20_100  # at most one page past the cap before the next look
    kept = {n for n in range(8) if cache.get(f"page-{n}") == page}
    assert 7 in kept and 0 not in kept  # the newest stays, the oldest went
    assert kept == set(range(min(kept), 8))  # oldest first


def test_the_settings_give_the_file_cache_its_byte_cap() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    code = (
        "import klammernliga.config.settings as s; print(s.CACHES['pages']['OPTIONS']['MAX_BYTES'])"
    )
    env = {k: os.environ[k] for k in ("PATH", "HOME") if k in os.environ}
    env |= {"DEBUG": "1", "PAGE_CACHE": "file", "PAGE_CACHE_MAX_MB": "7"}
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, env=env, timeout=60
    )
    assert run.stdout.strip() == str(7 * 1024 * 1024), run.stderr
