"""Settings for Klammernliga, driven by the environment.

SQLite in the project folder by default; PostgreSQL by setting DATABASE_URL.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parents[2]


def envbool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def envint(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def envlist(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off (for local development set DEBUG=1)."
        )
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_filters",
    "simple_history",
    "axes",
    "klammernliga",
    "stats",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "klammernliga.http.middleware.ChosenLanguageMiddleware",
    # A login from a locked address is refused here, before the session and the form.
    "klammernliga.http.login_throttle.RefuseLockedAddressMiddleware",
    "klammernliga.http.middleware.PagingParametersMiddleware",
    # After the language is chosen; a cached page skips everything below.
    "klammernliga.http.page_cache.PageCacheMiddleware",
    "klammernliga.http.compression.PublicGZipMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "klammernliga.config.urls"
WSGI_APPLICATION = "klammernliga.config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "stats.context_processors.site_menu",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=envint("CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
# Connections are kept between requests (also for SQLite: opening the file and setting its
# pragmas cost about 3 ms, most of a cached page's answer).
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

# Pages are cached under the league's generation (klammernliga.http.page_cache), so any cache is
# correct; one shared by the workers (file or database) is also fast for all of them.
PAGE_CACHE = os.environ.get("PAGE_CACHE", "locmem" if DEBUG else "file")
PAGE_CACHE_BACKENDS: dict[str, dict[str, object]] = {
    "locmem": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "file": {
        "BACKEND": "klammernliga.http.cache_backends.PageFileCache",
        "LOCATION": os.environ.get("PAGE_CACHE_DIR") or str(BASE_DIR / "page_cache"),
    },
    "db": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "page_cache",
    },
    "off": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
}
if PAGE_CACHE not in PAGE_CACHE_BACKENDS:
    raise ImproperlyConfigured(f"PAGE_CACHE must be one of {', '.join(PAGE_CACHE_BACKENDS)}.")
# The file cache also holds at most PAGE_CACHE_MAX_MB megabytes (the oldest pages go first).
PAGE_CACHE_MAX_MB = envint("PAGE_CACHE_MAX_MB", 200)
PAGE_CACHE_OPTIONS: dict[str, object] = {"MAX_ENTRIES": 5000}
if PAGE_CACHE == "file":
    PAGE_CACHE_OPTIONS["MAX_BYTES"] = PAGE_CACHE_MAX_MB * 1024 * 1024
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "pages": {**PAGE_CACHE_BACKENDS[PAGE_CACHE], "OPTIONS": PAGE_CACHE_OPTIONS},
}
PAGE_CACHE_ALIAS = "pages"
PAGE_CACHE_SECONDS = envint("PAGE_CACHE_SECONDS", 24 * 3600)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "stats:home"
LOGOUT_REDIRECT_URL = "stats:home"

# Failed logins (klammernliga.http.login_throttle): per address by django-axes, whatever the user
# names: after AXES_FAILURE_LIMIT failures the address gets 429 for AXES_COOLOFF_TIME hours;
# per user name over all addresses a doubling wait after LOGIN_NAME_FREE_TRIES failures, at most
# LOGIN_NAME_MAX_DELAY seconds. A browser that logged in as a name is neither for that name.
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", 20)
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
# A login does not clear its address's failures: they were perhaps another's at that address.
AXES_RESET_ON_SUCCESS = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_WHITELIST_CALLABLE = "klammernliga.http.login_throttle.whitelisted"
# The quarter of an hour counts from the lock: tries during it do not restart it.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# Behind the proxy every connection comes from 127.0.0.1: the client is in its header.
AXES_CLIENT_IP_CALLABLE = "klammernliga.http.proxy.client_ip" if envbool("BEHIND_PROXY") else None
LOGIN_NAME_FREE_TRIES = envint("LOGIN_NAME_FREE_TRIES", 3)
LOGIN_NAME_MAX_DELAY = envint("LOGIN_NAME_MAX_DELAY", 300)

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("Deutsch")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# Content-Security-Policy: no inline scripts, nothing from elsewhere.
SECURE_CSP = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", not DEBUG and envbool("HTTPS", False))
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
# A refused token: the site's own page, or for the phone's queue an answer that keeps its games.
CSRF_FAILURE_VIEW = "klammernliga.http.csrf.csrf_failure"
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SAMESITE = "Lax"
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if envbool("BEHIND_PROXY") else None

DJANGO_TABLES2_TEMPLATE = "stats/tables2.html"
DJANGO_TABLES2_TABLE_ATTRS = {"class": "table"}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "plain",
        }
    },
    "root": {"handlers": ["stdout"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}, "axes": {"level": "WARNING"}},
}
