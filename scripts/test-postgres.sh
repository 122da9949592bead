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
# The virtual environment first (the database is migrated below, before scripts/test.sh sets it up):
# a fresh clone can run this script alone.
scripts/setup.sh --dev
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
PGDIR=$(mktemp -d /tmp/ginscore-pg.XXXXXX)
PORT=${GINSCORE_PG_PORT:-54329}
run_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$PGDIR"
cleanup() { run_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$PGDIR"; }
trap cleanup EXIT
run_pg "$PGBIN/initdb" -D "$PGDIR/data" -U ginscore --auth=trust >/dev/null
# A throw-away server: nothing it writes need survive a crash (no fsync, no full pages in the log,
# commits not waited for), room for four test processes with their live servers' threads.
run_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -w \
  -o "-p $PORT -k $PGDIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off \
      -c full_page_writes=off -c wal_level=minimal -c max_wal_senders=0 -c max_wal_size=1GB \
      -c shared_buffers=256MB -c max_connections=160" start >/dev/null
export DATABASE_URL="postgres://ginscore@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
# The test database is built once from the migrations (the club's roles included), then copied for
# each test process (pytest-xdist's gw0, gw1...: CREATE DATABASE ... TEMPLATE, a file copy), which
# pytest-django then keeps using (--reuse-db) instead of running the migrations again in each.
psql() { "$PGBIN/psql" -q -h 127.0.0.1 -p "$PORT" -U ginscore -d postgres -v ON_ERROR_STOP=1 "$@"; }
psql -c "CREATE DATABASE test_postgres"
DATABASE_URL="${DATABASE_URL%/postgres}/test_postgres" GINSCORE_DATA_DIR="$PGDIR/site" \
  .venv/bin/python manage.py migrate --noinput -v 0
for n in $(seq 0 $(( ${GINSCORE_TEST_WORKERS:-4} > 4 ? ${GINSCORE_TEST_WORKERS:-4} - 1 : 3 ))); do
  psql -c "CREATE DATABASE test_postgres_gw$n TEMPLATE test_postgres"
done
scripts/test.sh --reuse-db "$@"
