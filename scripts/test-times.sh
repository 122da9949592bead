#!/usr/bin/env bash
# Where the suite's time goes: runs scripts/test.sh (extra arguments go to pytest, e.g. tests/browser)
# with tests/times.py, then prints the slowest test files, by CPU seconds (the test process and the
# servers, browsers and manage.py processes it started) and by wall-clock seconds, and each worker's
# share. GINSCORE_TIMES_TOP=N: how many files (30).
set -euo pipefail
cd "$(dirname "$0")/.."
times=$(mktemp /tmp/ginscore-times.XXXXXX)
trap 'rm -f "$times"' EXIT
started=$(date +%s)
status=0
GINSCORE_TEST_TIMES="$times" PYTHONPATH=. scripts/test.sh -p tests.times "$@" || status=$?
echo "scripts/test.sh took $(( $(date +%s) - started )) s (exit $status)"
.venv/bin/python - "$times" "${GINSCORE_TIMES_TOP:-30}" <<'PY'
import collections, json, sys
rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
top = int(sys.argv[2])
for row in rows:
    row["total"] = row["cpu"] + row["children"]
print(f"{'file':62} {'tests':>5} {'cpu s':>7} {'(children)':>10} {'wall s':>7}  worker")
for row in sorted(rows, key=lambda r: -r["total"])[:top]:
    print(f"{row['file']:62} {row['tests']:5} {row['total']:7.1f} {row['children']:10.1f} {row['wall']:7.1f}  {row['worker']}")
workers = collections.defaultdict(lambda: [0, 0.0, 0.0])
for row in rows:
    w = workers[row["worker"]]
    w[0] += row["tests"]; w[1] += row["total"]; w[2] += row["wall"]
for name, (tests, cpu, wall) in sorted(workers.items()):
    print(f"worker {name}: {tests} tests, {cpu:.0f} s CPU, {wall:.0f} s in tests")
print(f"all: {sum(r['tests'] for r in rows)} tests, {sum(r['total'] for r in rows):.0f} s CPU")
PY
exit $status
