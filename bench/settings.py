"""Settings for benchmark runs: production-like (DEBUG off), a dataset chosen by BENCH_DB."""

import os

os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 50)
if os.environ.get("BENCH_DB"):
    os.environ["DATABASE_URL"] = "sqlite:///" + os.environ["BENCH_DB"]

from klammernliga.config.settings import *  # noqa: F403
from klammernliga.config.settings import BASE_DIR, LOGGING

DEBUG = False
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
ROOT_URLCONF = "bench.urls"
# Pages only link static files; the benchmark never fetches them, so no manifest is needed.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

LOGGING["root"]["level"] = "ERROR"
LOGGING["loggers"]["django.request"] = {"level": "CRITICAL"}
LOGGING["loggers"]["gunicorn.access"] = {"level": "WARNING"}
BENCH_OUT = BASE_DIR / "bench" / "out"
# The page cache the gunicorn workers share, as in production (files; see PAGE_CACHE).
CACHES["pages"] = {  # noqa: F405
    "BACKEND": "klammernliga.http.cache_backends.PageFileCache",
    "LOCATION": str(BENCH_OUT / "page_cache"),
    "OPTIONS": {"MAX_ENTRIES": 5000},
}
