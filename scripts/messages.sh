#!/usr/bin/env bash
# Collects every marked string into the catalogues and compiles them:
#   ginscore/<app>/locale/   each app's pages, forms, messages and commands
#   ginscore/engine/locale/  the engine's refusals and labels (plain Python, read through the site)
#   locale/                  the JavaScript (static/ginscore/*.js)
#   scripts/messages.sh              every catalogue, every language the site offers but English
#   scripts/messages.sh -l de        a new language: its catalogues, ready for a translator
#   scripts/messages.sh --app matches   one app's catalogue (or engine, or js)
# docs/translating.md says the rest.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=$ROOT/.venv/bin/python
langs=() app=""
while [ $# -gt 0 ]; do
  case "$1" in
    -l) langs+=("$2"); shift 2 ;;
    --app) app="$2"; shift 2 ;;
    *) echo "usage: scripts/messages.sh [-l LANG]... [--app APP|engine|js]" >&2; exit 2 ;;
  esac
done
if [ ${#langs[@]} -eq 0 ]; then
  mapfile -t langs < <(DJANGO_SETTINGS_MODULE=ginscore.settings $PY -c "
import django; django.setup()
from django.conf import settings; print('\n'.join(c for c, _ in settings.LANGUAGES if c != 'en'))")
fi
args=(--add-location file --no-obsolete -v 0)
for lang in "${langs[@]}"; do args+=(-l "$lang"); done
ignore=(--ignore '.venv' --ignore 'staticfiles' --ignore 'generated' --ignore 'tests' --ignore 'bench'
        --ignore 'docs' --ignore 'scripts' --ignore 'node_modules' --ignore 'migrations')
case "$app" in
  "")
    $PY manage.py makemessages "${args[@]}" "${ignore[@]}"
    $PY manage.py makemessages -d djangojs "${args[@]}" "${ignore[@]}" ;;
  js)
    $PY manage.py makemessages -d djangojs "${args[@]}" "${ignore[@]}" ;;
  *)
    dir=ginscore/$app
    [ -d "$dir/locale" ] || { echo "no catalogue folder $dir/locale" >&2; exit 2; }
    (cd "$dir" && $PY "$ROOT/manage.py" makemessages "${args[@]}" "${ignore[@]}") ;;
esac
$PY manage.py compilemessages --ignore '.venv' -v 0
$PY manage.py compilejsi18n -v 0
