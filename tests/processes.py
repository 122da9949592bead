"""The processes under a process, as Linux's /proc tells them: what a hung browser test kills
(tests/browser/conftest.py) and what ``scripts/test-times.sh`` counts (tests/times.py)."""
from __future__ import annotations

import os


def descendants(pid: int) -> dict[int, list[str]]:
    """Each process ``pid`` started, and the ones they started: pid -> the fields of its
    /proc/<pid>/stat after its name (``[1]`` its parent, ``[11:15]`` utime stime cutime cstime)."""
    stats, children = {}, {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                parent = int(fields[1])
            except (OSError, IndexError, ValueError):   # gone meanwhile
                continue
            stats[int(entry.name)] = fields
            children.setdefault(parent, []).append(int(entry.name))
    found, left = {}, [pid]
    while left:
        for child in children.get(left.pop(), []):
            found[child] = stats[child]
            left.append(child)
    return found
