#!/usr/bin/env bash
# Sets up everything ginscore needs on a fresh machine with Python 3.11:
# GNU gettext (to compile the catalogues), Debian's nginx (the front of scripts/run.sh),
# a virtual environment in .venv with the pinned packages, and (for tests)
# Debian's chromium (the whole browser and its headless shell), poppler-utils and redis-server (the shared cache's tests). Safe to run again: it skips what is there.
#   scripts/setup.sh          the site
#   scripts/setup.sh --dev    the site, the test tools, chromium and pdftoppm
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  # apt_install PACKAGE... : installs the Debian packages that are missing.
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing system packages: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

if ! "$PY" -c "import venv, ensurepip" >/dev/null 2>&1; then
  apt_install python3-venv
fi

# The front (docs/deploying.md): Debian's nginx, which scripts/run.sh starts with its own configuration
# in front of gunicorn. Debian's package also starts a server of its own on port 80 (a welcome page):
# when it is installed here, that one is stopped and not started again at boot.
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  apt_install nginx
  if command -v systemctl >/dev/null 2>&1; then as_root systemctl disable --now nginx >/dev/null 2>&1 || true; fi
fi

REQ=requirements.txt
[ "${1:-}" = "--dev" ] && REQ=requirements-dev.txt
STAMP=".venv/.installed-$(basename "$REQ" .txt)"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
# The pinned packages, through uv (Astral's installer, itself installed by pip into the environment):
# some 4 s where pip takes 18 (uv installs and compiles in parallel; docs/suite-time.md). Where uv
# cannot be had or fails, pip installs them.
UV_VERSION=0.13.9
if [ ! -f "$STAMP" ] || [ "$REQ" -nt "$STAMP" ] || [ requirements.txt -nt "$STAMP" ]; then
  if ! { .venv/bin/python -m pip install -q "uv==$UV_VERSION" 2>/dev/null &&
         .venv/bin/uv pip install -q --compile-bytecode --python .venv/bin/python -r "$REQ"; }; then
    echo "uv did not install the packages: pip installs them"
    .venv/bin/python -m pip install -q -r "$REQ"
  fi
  touch "$STAMP"
fi

if [ "${1:-}" = "--dev" ]; then
  apt_install chromium chromium-headless-shell poppler-utils redis-server
fi

# The catalogues (docs/translating.md): GNU gettext's msgfmt compiles them, then each language's
# JavaScript catalogue is written as a static file.
# Only when a catalogue changed since (each start of scripts/run.sh comes here).
command -v msgfmt >/dev/null 2>&1 || apt_install gettext
changed=$(find locale ginscore -path '*/LC_MESSAGES/*.po' | while read -r po; do [ "${po%.po}.mo" -nt "$po" ] || echo "$po"; done)
[ -z "$changed" ] || .venv/bin/python manage.py compilemessages --ignore .venv -v 0
# (Written beside them first and moved in only where one changed: a site or a test serving the
# catalogues at that moment never reads a half-written file.)
JSI18N=generated/static/ginscore/jsi18n
COMPILED=generated/.jsi18n-compiled
if [ ! -f "$COMPILED" ] || [ -n "$(find locale ginscore ginscore/settings.py "$STAMP" -newer "$COMPILED" \
     \( -name '*.mo' -o -name settings.py -o -name "$(basename "$STAMP")" \) -print -quit)" ]; then
  mkdir -p "$JSI18N"
  fresh=$(mktemp -d generated/.jsi18n.XXXXXX)
  .venv/bin/python manage.py compilejsi18n -v 0 -o "$fresh"
  (cd "$fresh" && find . -type f) | while read -r f; do
    cmp -s "$fresh/$f" "$JSI18N/$f" || { mkdir -p "$(dirname "$JSI18N/$f")"; mv "$fresh/$f" "$JSI18N/$f"; }
  done
  rm -rf "$fresh"
  touch "$COMPILED"
fi

# The static files, with hashed and compressed names, for whitenoise to serve (DEBUG off).
GINSCORE_DEBUG=0 .venv/bin/python manage.py collectstatic --noinput -v 0
