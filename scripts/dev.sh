#!/usr/bin/env bash
# For developers only: Django's runserver with DEBUG on (tracebacks in the browser, code
# reloaded on every change). Never for a club night: use scripts/run.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --dev
export GINSCORE_DEBUG=1
PY=.venv/bin/python
$PY manage.py migrate --noinput
$PY manage.py seed_demo --if-empty
exec $PY manage.py runserver "${HOST:-127.0.0.1}:${PORT:-8000}"
