#!/usr/bin/env bash
# The CPU seconds a command and every process it starts use (chromium's renderers, servers and
# manage.py processes included), counted by the kernel in a cgroup of its own: exact on a busy
# machine, where wall-clock seconds are not. Needs root and cgroup v1's cpuacct (or cgroup v2).
#   scripts/cpu.sh .venv/bin/python -m pytest -q tests/browser/test_french_crawl.py
# prints, after the command's own output: "cpu 101.0 s, wall 93.2 s, exit 0".
set -uo pipefail
if [ -d /sys/fs/cgroup/cpuacct ]; then
  group=/sys/fs/cgroup/cpuacct/ginscore-cpu-$$; read_cpu() { awk '{print $1 / 1e9}' "$group/cpuacct.usage"; }
elif [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  group=/sys/fs/cgroup/ginscore-cpu-$$; read_cpu() { awk '/^usage_usec/ {print $2 / 1e6}' "$group/cpu.stat"; }
else
  echo "scripts/cpu.sh: no cgroup to count in (/sys/fs/cgroup)" >&2; exit 2
fi
mkdir "$group" || { echo "scripts/cpu.sh: cannot make a cgroup (run as root)" >&2; exit 2; }
started=$(date +%s%N)
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' _ "$group" "$@"
status=$?
wall=$(awk -v a="$started" -v b="$(date +%s%N)" 'BEGIN {print (b - a) / 1e9}')
sleep 0.5   # what the command left running counts until now
cpu=$(read_cpu)
for pid in $(cat "$group/cgroup.procs"); do echo "$pid" > "$(dirname "$group")/cgroup.procs" 2>/dev/null; done
rmdir "$group" 2>/dev/null
printf 'cpu %.1f s, wall %.1f s, exit %d\n' "$cpu" "$wall" "$status"
exit $status
