"""Which test process runs which file (scripts/test.sh: pytest-xdist, ``--dist loadfile``, a whole
file to one process, in the order ``tests/conftest.py`` hands them out). A pytest plugin, registered
by ``tests/conftest.py``.

One process, the last, takes the files that wait first: those with a test marked
``@pytest.mark.waits(seconds)`` (a live page's polls, a board's dwell, a cookie's expiry, a hang,
a server slow on purpose). The other processes take the files that compute. A file that waits
keeps a fraction of a core busy, so the waiting process's files run beside the others' nearly for
free; spread among all the processes, three files that waited at once left both cores idle for
seconds at a time (docs/suite-time.md). When its own kind is used up, a process takes the next file
of any kind: no process is idle while a file is left.

The files are known by their tests' markers, which only the test processes see (they collect; the
controller that hands the files out only receives their names): each writes the names of the files
that wait to a file the controller named for it, and the controller reads them once every process
has collected."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from xdist.scheduler import LoadFileScheduling

INPUT = "ginscore_waiting_files"   # (the key in each process's workerinput: where to write them)
_FOLDER = pytest.StashKey[str]()


def waiting_files(items) -> list[str]:
    """The files with a test that waits on purpose, in the order they come."""
    return list(dict.fromkeys(item.nodeid.split("::", 1)[0] for item in items if item.get_closest_marker("waits")))


def pytest_configure_node(node):
    """(The controller, for each test process it starts.)"""
    config = node.config
    if _FOLDER not in config.stash:
        config.stash[_FOLDER] = tempfile.mkdtemp(prefix="ginscore-schedule-")
    node.workerinput[INPUT] = str(Path(config.stash[_FOLDER]) / "waiting.json")


def pytest_unconfigure(config):
    if _FOLDER in config.stash:
        shutil.rmtree(config.stash[_FOLDER], ignore_errors=True)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """(A test process, once its tests are collected and ordered.)"""
    target = getattr(config, "workerinput", {}).get(INPUT)
    if target:
        written = f"{target}.{os.getpid()}"
        Path(written).write_text(json.dumps(waiting_files(items)), encoding="utf-8")
        os.replace(written, target)   # (every process writes the same names; none reads half of them)


def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") == "loadfile":
        return WaitingApart(config, log)
    return None


class WaitingApart(LoadFileScheduling):
    """pytest-xdist's ``--dist loadfile``, but the last process takes the files that wait first,
    and the others the files that do not."""

    waiting: frozenset[str] = frozenset()

    def schedule(self) -> None:
        if self.collection is None and _FOLDER in self.config.stash:
            try:
                names = json.loads((Path(self.config.stash[_FOLDER]) / "waiting.json").read_text(encoding="utf-8"))
                self.waiting = frozenset(names)
            except (OSError, ValueError):   # (not written: every file of one kind)
                self.waiting = frozenset()
        super().schedule()

    def waiting_process(self):
        """The process that takes the files that wait: the last (gw0, gw1, ..., gw10)."""
        return max(self.nodes, key=lambda node: (len(node.gateway.id), node.gateway.id))

    def _assign_work_unit(self, node) -> None:
        wants_waiting = node is self.waiting_process()
        chosen = next((name for name in self.workqueue if (name in self.waiting) == wants_waiting),
                      next(iter(self.workqueue)))
        self.workqueue.move_to_end(chosen, last=False)   # (the parent's takes the first)
        super()._assign_work_unit(node)
