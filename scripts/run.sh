#!/usr/bin/env bash
# Sets everything up and serves the site the way a club should run it: Debian's nginx in front
# (it reads every request whole, so slow phones never hold the site; ginscore/front.py) passing
# them to gunicorn on a socket file only nginx uses, DEBUG off, static files collected and served
# by whitenoise, the secret key kept in the data directory, SQLite in WAL mode (or DATABASE_URL).
# The demo club is loaded only into an empty database.
#   scripts/run.sh                      http://127.0.0.1:8000/ on this computer only
#   HOST=0.0.0.0 scripts/run.sh         also the phones on the club's network
#   PORT=8080 scripts/run.sh            another port
# A background worker (manage.py db_worker) does the long jobs (imports, bulk PDFs) off the requests.
# Stop it with Ctrl-C (nginx, gunicorn and the worker all stop). For development (runserver, DEBUG on) use scripts/dev.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export GINSCORE_DEBUG=0
export GINSCORE_CONN_MAX_AGE=${GINSCORE_CONN_MAX_AGE:-60}
export HOST=${HOST:-127.0.0.1} PORT=${PORT:-8000}
PY=.venv/bin/python
$PY manage.py migrate --noinput
if [ "${GINSCORE_DEMO:-1}" = 1 ]; then
  $PY manage.py seed_demo --if-empty
else
  $PY manage.py seed_demo --say-if-loaded   # the demo's database, kept from a first try: how to start empty
fi
echo
echo "ginscore is starting on:"
if [ "$HOST" = 0.0.0.0 ] || [ "$HOST" = "::" ]; then
  $PY -c "from ginscore.environment import machine_hosts as m; print('\n'.join(h for h in m() if h[0].isdigit() or h[0] == '['))" |
    while read -r addr; do echo "  http://$addr:$PORT/"; done
else
  echo "  http://$HOST:$PORT/"
fi
if [ "${GINSCORE_DEMO:-1}" = 1 ]; then
  echo "Demo accounts, only in a new database (password ginscore-demo): admin, director, ann, ben"
else
  echo "A database with no account yet opens on the first-run page: the club's name, its first admin, the phones' address."
fi

# The front (docs/deploying.md): nginx on HOST:PORT, gunicorn on a socket file in its folder.
FRONT=$($PY -m ginscore.front --listen "$HOST:$PORT")
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
rm -f "$FRONT/gunicorn.sock"
export GINSCORE_FRONT=1 GINSCORE_BIND="unix:$FRONT/gunicorn.sock"
pids=()
stop() { trap - INT TERM EXIT; kill -TERM "${pids[@]}" 2>/dev/null || true; wait || true; }
trap stop INT TERM EXIT
.venv/bin/gunicorn -c gunicorn.conf.py &
pids+=($!)
# nginx starts once gunicorn listens (the site is loaded before the socket appears).
for _ in $(seq 600); do
  [ -S "$FRONT/gunicorn.sock" ] && break
  kill -0 "${pids[0]}" 2>/dev/null || { echo "gunicorn did not start" >&2; exit 1; }
  sleep 0.1
done
"$NGINX" -p "$FRONT" -c "$FRONT/nginx.conf" -e stderr &
pids+=($!)
# The jobs' worker (docs/background-jobs.md): one process, the queue is a table of the database.
# GINSCORE_WORKER=0: no worker on this machine (another runs the jobs); GINSCORE_TASKS=immediate
# runs the jobs inside their requests instead, and no worker starts.
if [ "${GINSCORE_TASKS:-database}" = database ] && [ "${GINSCORE_WORKER:-1}" != 0 ]; then
  $PY manage.py db_worker --no-startup-delay --no-reload --verbosity 0 &
  pids+=($!)
  # The phones' notifications (docs/running-a-night.md): their own queue and worker, never behind a long job.
  $PY manage.py db_worker --queue-name push --no-startup-delay --no-reload --verbosity 0 &
  pids+=($!)
fi
# Any one ending stops the others.
wait -n "${pids[@]}"
