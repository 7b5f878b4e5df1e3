#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster:
#   scripts/with-postgres.sh CMD [ARGS...]
# The cluster lives in a fresh /tmp directory, listens on 127.0.0.1 at a free port, trusts local
# connections, and is stopped and removed when the command ends (also when it fails). The command
# sees DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres; its exit code is returned.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 CMD [ARGS...]" >&2
  exit 2
fi

PG_USER=${PG_USER:-postgres}
PYTHON=${PYTHON:-python3}

# The server binaries: on PATH, else Debian's versioned folder.
if ! command -v initdb >/dev/null 2>&1; then
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && PATH="$dir:$PATH"
  done
fi
if ! command -v initdb >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "with-postgres: installing PostgreSQL server binaries (apt)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && PATH="$dir:$PATH"
  done
fi
if ! command -v initdb >/dev/null 2>&1; then
  echo "with-postgres: initdb not found; install PostgreSQL 15 server binaries" >&2
  exit 1
fi
export PATH

# PostgreSQL refuses to run as root: as root, run its programs as an unprivileged user.
if [ "$(id -u)" = 0 ]; then
  if ! id "$PG_USER" >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_USER"
  fi
  as_pg() { runuser -u "$PG_USER" -- env PATH="$PATH" "$@"; }
else
  as_pg() { "$@"; }
fi

DATA_DIR=$(mktemp -d /tmp/klammernliga-pg.XXXXXX)
chmod 700 "$DATA_DIR"
[ "$(id -u)" = 0 ] && chown "$PG_USER" "$DATA_DIR"

cleanup() {
  if [ -f "$DATA_DIR/data/postmaster.pid" ]; then
    as_pg pg_ctl -D "$DATA_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$DATA_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

PORT=$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

as_pg initdb -D "$DATA_DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
  >"$DATA_DIR/initdb.log" 2>&1 || { cat "$DATA_DIR/initdb.log" >&2; exit 1; }
as_pg pg_ctl -D "$DATA_DIR/data" -l "$DATA_DIR/server.log" -w -t 60 start \
  -o "-p $PORT -k $DATA_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=50" \
  >/dev/null || { cat "$DATA_DIR/server.log" >&2; exit 1; }

echo "with-postgres: PostgreSQL $(as_pg postgres --version | awk '{print $3}') on 127.0.0.1:$PORT ($DATA_DIR)" >&2
set +e
DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" "$@"
status=$?
set -e
exit "$status"
