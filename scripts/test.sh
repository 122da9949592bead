#!/usr/bin/env bash
# Sets everything up (virtual environment, test tools, chromium, pdftoppm), checks the code
# (migrations, ruff, the catalogues) and runs every test. Extra arguments go to pytest, e.g. scripts/test.sh tests/engine
# With DATABASE_URL set (postgres://...), the suite runs against that database.
set -euo pipefail
cd "$(dirname "$0")/.."
# Compiled modules kept in __pycache__ (ignored by git), even where the environment says not to write
# them: else each test process rewrites the asserts of every test module again (some 7 s of CPU) and
# each server and manage.py process a test starts compiles the site again.
unset PYTHONDONTWRITEBYTECODE
scripts/setup.sh --dev
.venv/bin/python manage.py makemigrations --check --dry-run >/dev/null || {
  echo "Models changed without a migration: run .venv/bin/python manage.py makemigrations" >&2; exit 1; }
# pyflakes' errors and syntax errors (ruff.toml); most are mended by: .venv/bin/ruff check --fix .
.venv/bin/ruff check --quiet . || { echo "ruff: the problems above (.venv/bin/ruff check --fix . mends most)" >&2; exit 1; }
# The catalogues: every marked string collected and translated (docs/translating.md).
.venv/bin/python scripts/check_messages.py || exit 1
# Four processes share the tests (pytest-xdist), a whole file to one process: a file's live server
# and browser stay together; the costliest files first (tests/conftest.py). Three take the files that
# compute and one the files that wait on purpose (polls, a dwell, a hang: tests/schedule.py), which
# keep a fraction of a core busy: on two cores, beside each other, they use the cores the others
# leave (docs/suite-time.md). GINSCORE_TEST_WORKERS=1 runs them in one process (0: no workers at all).
workers=${GINSCORE_TEST_WORKERS:-4}
if [ "$workers" = 0 ]; then exec .venv/bin/python -m pytest "$@"; fi
exec .venv/bin/python -m pytest -n "$workers" --dist loadfile --no-loadscope-reorder "$@"
