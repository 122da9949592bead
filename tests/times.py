"""A pytest plugin (not loaded unless asked: ``-p tests.times``, as scripts/test-times.sh does) that
writes each test file's time to the file named by GINSCORE_TEST_TIMES, one JSON line a file and
process: its tests, the wall-clock seconds they took (their fixtures too) and the CPU seconds of the
test process and of the processes it started and waited for (servers, browsers, ``manage.py``)."""
from __future__ import annotations

import json
import os
import resource
import time

import pytest

_FILES: dict[str, dict] = {}
_LAST: list[str] = []   # the file of the test before


def _cpu() -> tuple[float, float]:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


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
    row["cpu"] += own2 - own
    row["children"] += children2 - children


def pytest_sessionfinish(session):
    if (path := os.environ.get("GINSCORE_TEST_TIMES")) and _FILES:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(path, "a", encoding="utf-8") as out:
            for name, row in _FILES.items():
                out.write(json.dumps({"file": name, "worker": worker, **{k: round(v, 2) if isinstance(v, float) else v
                                                                         for k, v in row.items()}}) + "\n")
