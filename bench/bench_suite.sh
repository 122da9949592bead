#!/usr/bin/env bash
# Benchmark: the test suite's time as CI takes it (docs/suite-time.md). A fresh clone of this
# checkout's last commit in a temporary folder, the README's test command run there (or the
# command given, e.g. scripts/test-postgres.sh), then printed: the load average before, the wall
# clock, the cores' busy and idle seconds over the run (/proc/stat, every process on the machine:
# run it alone), and pytest's last line. The clone is removed after (GINSCORE_BENCH_KEEP=1 keeps it).
#   bench/bench_suite.sh
#   bench/bench_suite.sh scripts/test-postgres.sh
# Two figures compare only back to back on the same machine (A B A B), each with its load.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- scripts/test.sh
clone=$(mktemp -d /tmp/ginscore-suite.XXXXXX)
log="$clone.log"
git clone -q "$here" "$clone" || exit 1
[ -n "${GINSCORE_BENCH_KEEP:-}" ] || trap 'rm -rf "$clone"' EXIT

cores() {   # busy and idle jiffies of all cores since boot
  read -r _ user nice system idle iowait irq softirq steal _ < /proc/stat
  echo "$((user + nice + system + irq + softirq + steal)) $((idle + iowait))"
}
hz=$(getconf CLK_TCK)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
read -r busy0 idle0 < <(cores)
started=$(date +%s)
(cd "$clone" && "$@") > "$log" 2>&1
status=$?
ended=$(date +%s)
read -r busy1 idle1 < <(cores)
wall=$((ended - started))
echo "commit $(git -C "$clone" rev-parse --short HEAD), $* in a fresh clone, $(date -u -d @"$started" '+%Y-%m-%d %H:%M UTC')"
echo "load before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wall clock: $((wall / 60)) min $((wall % 60)) s; cores busy $(((busy1 - busy0) / hz)) s, idle $(((idle1 - idle0) / hz)) s"
echo "pytest: $(grep -E '(passed|failed|error)' "$log" | grep -E ' in [0-9.]+s' | tail -1)"
echo "exit status $status; the whole output: $log"
exit $status
