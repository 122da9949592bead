"""A pytest plugin (not loaded unless asked: ``-p tests.times``, as scripts/test-times.sh does) that
writes each test file's time to the file named by GINSCORE_TEST_TIMES, one JSON line a file and
process: its tests, the wall-clock seconds they took (their fixtures too) and the CPU seconds of the
test process and of every process it started, ended or still running (servers, ``manage.py``, and a
browser kept from one file to the next: its CPU counts in the file that used it, not the last), and
when its first test began and its last ended ("began", "ended": seconds since the epoch, a timeline)."""
from __future__ import annotations

import json
import os
import resource
import time

import pytest

from tests.processes import descendants

_FILES: dict[str, dict] = {}
_LAST: list[str] = []   # the file of the test before


_TICK = os.sysconf("SC_CLK_TCK")
# The descendants seen at the last count: pid -> (parent, its CPU seconds with its ended children's,
# its ended children's alone).
_SEEN: dict[int, tuple[int, float, float]] = {}
_LOST = 0.0      # what those that ended unwaited took with them
_REAPED = 0.0    # this process's ended children's, at the last count


def _descendants() -> dict[int, tuple[int, float, float]]:
    found = {}
    for pid, fields in descendants(os.getpid()).items():
        ticks = [int(tick) for tick in fields[11:15]]   # utime stime cutime cstime
        found[pid] = (int(fields[1]), sum(ticks) / _TICK, (ticks[2] + ticks[3]) / _TICK)
    return found


def _cpu() -> tuple[float, float]:
    """This process's CPU seconds, and those of every process it started, ended or still running.
    A process that ends moves its seconds to its parent's once waited for; one never waited for
    (chromium's zygotes, and the renderers they ended: a browser's close lost some 60 % of its CPU)
    takes them with it, so what it had at the last count is kept here as lost, less what its nearest
    ancestor still running was seen to take in meanwhile."""
    global _LOST, _REAPED
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    reaped = children.ru_utime + children.ru_stime
    now, me = _descendants(), os.getpid()
    ended: dict[int, float] = {}
    for pid, (parent, spent, _) in _SEEN.items():
        if pid not in now:
            while parent in _SEEN and parent not in now:   # its nearest ancestor still running
                parent = _SEEN[parent][0]
            ended[parent] = ended.get(parent, 0.0) + spent
    for ancestor, spent in ended.items():
        if ancestor == me:
            taken = reaped - _REAPED
        elif ancestor in now and ancestor in _SEEN:
            taken = now[ancestor][2] - _SEEN[ancestor][2]
        else:
            continue
        _LOST += max(0.0, spent - taken)
    _SEEN.clear()
    _SEEN.update(now)
    _REAPED = reaped
    return own.ru_utime + own.ru_stime, reaped + sum(spent for _, spent, _ in now.values()) + _LOST


def _row(name: str) -> dict:
    return _FILES.setdefault(name, {"tests": 0, "wall": 0.0, "cpu": 0.0, "children": 0.0})


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    started, (own, children) = time.monotonic(), _cpu()
    yield
    ended, (own2, children2) = time.monotonic(), _cpu()
    _LAST[:] = [item.nodeid.split("::")[0]]
    row = _row(_LAST[-1])
    row["tests"] += 1
    row["wall"] += ended - started
    now = time.time()   # when the file's first test began and its last ended (a timeline of the run)
    row["began"] = min(row.get("began", now), now - (ended - started))
    row["ended"] = now
    row["cpu"] += own2 - own
    row["children"] += children2 - children


def pytest_sessionfinish(session):
    if (path := os.environ.get("GINSCORE_TEST_TIMES")) and _FILES:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(path, "a", encoding="utf-8") as out:
            for name, row in _FILES.items():
                out.write(json.dumps({"file": name, "worker": worker, **{k: round(v, 2) if isinstance(v, float) else v
                                                                         for k, v in row.items()}}) + "\n")
