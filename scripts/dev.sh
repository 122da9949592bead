#!/usr/bin/env bash
# For developers only: Django's runserver with DEBUG on (tracebacks in the browser, code
# reloaded on every change). Never for a club night: use scripts/run.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --dev
export GINSCORE_DEBUG=1
# No background worker here: each job (an import, a big round's table sheets) runs inside the
# request that starts it (docs/background-jobs.md). GINSCORE_TASKS=database with
# `manage.py db_worker` in another terminal tries the worker.
export GINSCORE_TASKS=${GINSCORE_TASKS:-immediate}
PY=.venv/bin/python
$PY manage.py migrate --noinput
$PY manage.py seed_demo --if-empty
exec $PY manage.py runserver "${HOST:-127.0.0.1}:${PORT:-8000}"
