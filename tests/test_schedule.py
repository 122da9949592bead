"""Which test process runs which file (tests/schedule.py), in real pytest-xdist runs of small
files written here: the files with a test marked ``waits`` go to the last process, first; the
others to the other processes; when one kind is used up, a process takes the other kind."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TEST = '''import json, os, time
import pytest
{mark}
def test_it():
    time.sleep({seconds})
    with open({out!r}, "a", encoding="utf-8") as f:
        f.write(json.dumps([{name!r}, os.environ["PYTEST_XDIST_WORKER"], time.monotonic()]) + "\\n")
'''


def ran(tmp_path, files: dict[str, bool], processes=3, seconds=0.3) -> dict[str, list]:
    """Runs ``files`` (name: whether its test waits) in ``processes`` pytest-xdist processes, the
    files collected in name order; returns each process's files, in the order it ran them."""
    out = tmp_path / "ran.jsonl"
    folder = tmp_path / "suite"
    folder.mkdir()
    (folder / "pytest.ini").write_text("[pytest]\nmarkers =\n    waits(seconds): waits on purpose\n")
    for name, waits in files.items():
        (folder / f"test_{name}.py").write_text(TEST.format(
            mark="@pytest.mark.waits(1)" if waits else "", seconds=seconds, out=str(out), name=name))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.schedule",
                          "-n", str(processes), "--dist", "loadfile", "--no-loadscope-reorder", "--strict-markers", "."],
                         cwd=folder, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    rows = sorted((json.loads(line) for line in out.read_text().splitlines()), key=lambda row: row[2])
    assert sorted(name for name, _, _ in rows) == sorted(files)   # each file once
    by_process: dict[str, list] = {}
    for name, process, _ in rows:
        by_process.setdefault(process, []).append(name)
    return by_process


def test_the_files_that_wait_go_first_to_the_last_process_and_the_others_to_the_rest(tmp_path):
    files = {f"c{i}": False for i in range(1, 10)} | {"w1": True, "w2": True}   # (collected last)
    by_process = ran(tmp_path, files)
    assert by_process["gw2"][:2] == ["w1", "w2"], by_process
    assert not {"w1", "w2"} & set(by_process.get("gw0", []) + by_process.get("gw1", [])), by_process
    # the first files that compute went to the others, in order
    assert {"c1", "c2", "c3", "c4"} <= set(by_process["gw0"] + by_process["gw1"]), by_process
    # and once its own were done, the last process took files that compute too
    assert len(by_process["gw2"]) >= 3, by_process


def test_when_only_files_that_wait_are_left_every_process_takes_them(tmp_path):
    files = {"c1": False} | {f"w{i}": True for i in range(1, 7)}
    by_process = ran(tmp_path, files)
    assert "c1" not in by_process["gw2"], by_process
    assert len([process for process, names in by_process.items() if {"w1", "w2", "w3"} & set(names)]) >= 2, by_process


def test_the_suite_s_files_that_wait_are_known_by_their_marker():
    from tests import schedule

    class Item:
        def __init__(self, nodeid, waits):
            self.nodeid, self.waits = nodeid, waits

        def get_closest_marker(self, name):
            return name == "waits" and self.waits or None

    items = [Item("tests/a.py::test_1", False), Item("tests/b.py::test_1", False), Item("tests/b.py::test_2", True),
             Item("tests/c.py::test_1", True), Item("tests/c.py::test_2", True)]
    assert schedule.waiting_files(items) == ["tests/b.py", "tests/c.py"]
