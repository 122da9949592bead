#!/usr/bin/env bash
# Runs the whole suite against a real PostgreSQL server that this script
# installs (Debian's postgresql) and starts itself on a private socket,
# and stops again afterwards. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
PGDIR=$(mktemp -d /tmp/ginscore-pg.XXXXXX)
PORT=${GINSCORE_PG_PORT:-54329}
run_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$PGDIR"
cleanup() { run_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$PGDIR"; }
trap cleanup EXIT
run_pg "$PGBIN/initdb" -D "$PGDIR/data" -U ginscore --auth=trust >/dev/null
run_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -w \
  -o "-p $PORT -k $PGDIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60" start >/dev/null
export DATABASE_URL="postgres://ginscore@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
scripts/test.sh "$@"
