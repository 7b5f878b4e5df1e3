# Klammernliga: `make run` serves the site, `make test` runs the whole suite.
PYTHON ?= python3
# Local runs and tests use development settings; production sets DEBUG=0 and SECRET_KEY.
export DEBUG ?= 1
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
HOST_PORT ?= 127.0.0.1:8000

.PHONY: run test install check-python migrate demo lint format test-sqlite test-postgres bench messages clean

check-python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null || { \
	  echo "Klammernliga needs Python 3.12 or newer (Django 6.1); '$(PYTHON)' is $$($(PYTHON) --version 2>&1)."; \
	  echo "Install Python 3.13 (see .python-version) or run: make PYTHON=/path/to/python3.13 ..."; \
	  exit 1; }

$(STAMP): pyproject.toml | check-python
	@test -x $(PY) && $(PY) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' || { rm -rf $(VENV); $(PYTHON) -m venv $(VENV); }
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[postgres]' --group dev
	@touch $@

install: $(STAMP)

migrate: $(STAMP)
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py seed_demo --if-empty

run: demo
	$(PY) manage.py runserver $(HOST_PORT)

# Debian's Chromium drives the browser tests; Playwright cannot download its own here.
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	 else echo "Please install Debian's chromium (sudo apt-get install chromium)"; exit 1; fi

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/djlint templates --check
	$(BIN)/lint-imports
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .
	$(BIN)/djlint templates --reformat

test-sqlite: $(STAMP) $(CHROMIUM)
	$(BIN)/pytest -n 2 --dist loadgroup

# The same suite on a throwaway PostgreSQL 15 cluster (started and removed by the script);
# the browser tests run on SQLite only: they check pages, not the database.
test-postgres: $(STAMP)
	PYTHON=$(PY) scripts/with-postgres.sh $(BIN)/pytest -n 2 --dist loadgroup -m "not e2e"

test: lint test-sqlite test-postgres

# Builds the benchmark datasets under bench/out/, measures, and writes the table into docs/benchmarks.md.
bench: $(STAMP)
	$(PY) -m bench

# Collect the UI strings into locale/en and compile them (translate the new ones in the .po).
messages: $(STAMP)
	$(PY) manage.py makemessages -l en --ignore=.venv --ignore=tests --ignore=staticfiles --ignore=bench --no-obsolete
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
