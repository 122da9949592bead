"""Which test file a test process takes next (scripts/test.sh: pytest-xdist, a whole file to one
process), from each file's measured time (docs/suite-time.md).

``tests/file-times.json`` keeps, for each file, the CPU seconds it took (its test process and every
process it started: servers, chromium) and its wall-clock seconds, as ``scripts/test-times.sh``
measured them (``GINSCORE_TIMES_SAVE=tests/file-times.json scripts/test-times.sh`` writes it
again). A file's *rate* is the cores it keeps busy while it runs: its CPU over its wall clock. A
browser test waiting for a live page, a server starting or a test that hangs on purpose has a low
one; a file that only computes, a high one.

- The files are handed out longest first (``handed_order``), so that no long file starts last
  and keeps one process busy while the others have nothing left.
- Among the next few in that order, a process takes the one whose rate best fills the cores
  beside the files the other processes are running (``FillingTheCores``): beside two files that
  wait, one that computes; beside two that compute, one that waits. Without it, three files that
  wait left both cores idle at times, and three that draw crowded them.

A file not in the record (a new one) is guessed: its wall clock from its tests (``tests/conftest.py``,
``_test_cost``), its rate from its folder (``tests/browser/`` and ``tests/deploy/`` wait)."""
from __future__ import annotations

import json
import os
from pathlib import Path

from xdist.scheduler import LoadFileScheduling

RECORD = Path(__file__).with_name("file-times.json")
CORES = os.cpu_count() or 2
# How many of the next files in the order a process may choose among: more fills the cores better
# early on, and leaves more long files for the end.
CHOICE = 6
# A file not in the record: the cores it keeps busy, by kind.
GUESSED_RATE = {True: 0.4, False: 0.9}   # (waits, only computes)
WAITING = ("tests/browser/", "tests/deploy/")


def measured() -> dict[str, tuple[float, float]]:
    """Each file's (CPU seconds, wall-clock seconds) as last measured; {} without the record."""
    try:
        return {name: (float(cpu), float(wall)) for name, (cpu, wall) in json.loads(RECORD.read_text()).items()}
    except (OSError, ValueError, TypeError):
        return {}


def handed_order(guessed_seconds: dict[str, float]) -> list[str]:
    """The files, longest first: each one's measured wall clock, else ``guessed_seconds``."""
    times = measured()
    return sorted(guessed_seconds, key=lambda name: -(times[name][1] if name in times else guessed_seconds[name]))


def rate(name: str, times: dict) -> float:
    """The cores ``name`` keeps busy while it runs, measured or guessed."""
    if name in times:
        cpu, wall = times[name]
        return cpu / wall if wall > 0 else 1.0
    return GUESSED_RATE[name.startswith(WAITING)]


class FillingTheCores(LoadFileScheduling):
    """pytest-xdist's ``--dist loadfile`` (a whole file to one process, in the order collected),
    but a process about to be free takes, among the next CHOICE files, the one whose rate brings
    the rates of the files running in the other processes closest to the machine's cores."""

    def __init__(self, config, log=None):
        super().__init__(config, log)
        self.times = measured()

    def _running(self, node) -> list[str]:
        """The file each other process is running now (its first with a test not yet done)."""
        files = []
        for other, work in self.assigned_work.items():
            if other is node:
                continue
            current = next((scope for scope, tests in work.items() if not all(tests.values())), None)
            if current is not None:
                files.append(current)
        return files

    def _assign_work_unit(self, node) -> None:
        want = CORES - sum(rate(name, self.times) for name in self._running(node))
        candidates = list(self.workqueue)[:CHOICE]
        best = min(candidates, key=lambda name: (abs(rate(name, self.times) - want), candidates.index(name)))
        self.workqueue.move_to_end(best, last=False)   # (the parent takes the first)
        super()._assign_work_unit(node)
