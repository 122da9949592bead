#!/usr/bin/env bash
# Sets everything up, loads the demo club (only into an empty database) and
# starts the site on http://127.0.0.1:8000/ . Log in as "director" / "ginscore-demo".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
PY=.venv/bin/python
$PY manage.py migrate --noinput
$PY manage.py seed_demo --if-empty
echo
echo "ginscore is starting on http://127.0.0.1:${PORT:-8000}/"
echo "Demo accounts (password ginscore-demo): admin, director, ann, ben"
exec $PY manage.py runserver "${HOST:-127.0.0.1}:${PORT:-8000}"
