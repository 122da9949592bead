"""The test processes' choice of their next file (tests/schedule.py): the longest first, and among
the next few the one that best fills the cores beside what the other processes run."""
from collections import OrderedDict

from tests import schedule

TIMES = {"tests/browser/test_waits.py": (10.0, 40.0),       # a quarter of a core
         "tests/browser/test_waits_too.py": (12.0, 40.0),
         "tests/engine/test_computes.py": (30.0, 31.0),     # a core
         "tests/sheets/test_computes_too.py": (28.0, 30.0),
         "tests/browser/test_draws.py": (20.0, 22.0)}


class Process:
    shutting_down = False

    def __init__(self, name):
        self.name, self.sent = name, []

    def send_runtest_some(self, indexes):
        self.sent.append(indexes)


def scheduler(queue, running, times=TIMES):
    """A scheduler whose queue holds ``queue`` (files, in order, a test each) and whose other
    processes run ``running`` (a file each, its test not done)."""
    sched = schedule.FillingTheCores.__new__(schedule.FillingTheCores)
    sched.times = times
    sched.workqueue = OrderedDict((name, {f"{name}::test": False}) for name in queue)
    me = Process("me")
    sched.assigned_work = {me: {}}
    for i, name in enumerate(running):
        sched.assigned_work[Process(f"other{i}")] = {"tests/done.py": {"tests/done.py::test": True},
                                                     name: {f"{name}::test": False}}
    collection = [f"{name}::test" for name in list(queue) + list(running)]
    sched.registered_collections = {me: collection}
    return sched, me


def taken(queue, running, times=TIMES):
    sched, me = scheduler(queue, running, times)
    sched._assign_work_unit(me)
    (name,) = sched.assigned_work[me]
    assert name not in sched.workqueue and len(sched.workqueue) == len(queue) - 1
    assert me.sent == [[sched.registered_collections[me].index(f"{name}::test")]]
    return name


def test_beside_two_files_that_wait_a_process_takes_one_that_computes():
    queue = ["tests/browser/test_draws.py", "tests/browser/test_waits_too.py", "tests/engine/test_computes.py"]
    assert taken(queue, ["tests/browser/test_waits.py", "tests/browser/test_waits_too.py"]) == \
        "tests/engine/test_computes.py"


def test_beside_two_files_that_compute_a_process_takes_one_that_waits():
    queue = ["tests/engine/test_computes.py", "tests/browser/test_draws.py", "tests/browser/test_waits.py"]
    assert taken(queue, ["tests/sheets/test_computes_too.py", "tests/browser/test_draws.py"]) == \
        "tests/browser/test_waits.py"


def test_with_nothing_beside_it_the_first_that_fills_a_core_is_taken_and_ties_go_to_the_first():
    queue = ["tests/browser/test_waits.py", "tests/engine/test_computes.py", "tests/sheets/test_computes_too.py"]
    # (two cores, nothing running: the first of those closest to two)
    times = {**TIMES, "tests/engine/test_computes.py": (31.0, 31.0), "tests/sheets/test_computes_too.py": (31.0, 31.0)}
    assert taken(queue, [], times) == "tests/engine/test_computes.py"


def test_only_the_next_few_are_chosen_among():
    filler = [f"tests/engine/test_{i}.py" for i in range(schedule.CHOICE)]
    times = {**TIMES, **{name: (31.0, 31.0) for name in filler}}
    queue = filler + ["tests/browser/test_waits.py"]   # the best fit, but too far down
    assert taken(queue, ["tests/engine/test_computes.py", "tests/sheets/test_computes_too.py"], times) == filler[0]


def test_a_file_not_measured_is_guessed_by_its_folder():
    assert schedule.rate("tests/browser/test_new.py", {}) == schedule.GUESSED_RATE[True]
    assert schedule.rate("tests/deploy/test_new.py", {}) == schedule.GUESSED_RATE[True]
    assert schedule.rate("tests/engine/test_new.py", {}) == schedule.GUESSED_RATE[False]
    assert schedule.rate("tests/browser/test_waits.py", TIMES) == 0.25


def test_the_files_are_handed_longest_first_measured_or_guessed(monkeypatch):
    monkeypatch.setattr(schedule, "measured", lambda: TIMES)
    guessed = {name: 1.0 for name in TIMES} | {"tests/browser/test_new.py": 35.0, "tests/engine/test_small.py": 0.5}
    assert schedule.handed_order(guessed) == [
        "tests/browser/test_waits.py", "tests/browser/test_waits_too.py", "tests/browser/test_new.py",
        "tests/engine/test_computes.py", "tests/sheets/test_computes_too.py", "tests/browser/test_draws.py",
        "tests/engine/test_small.py"]


def test_the_record_names_files_that_exist_with_their_cpu_and_wall_clock():
    record = schedule.measured()
    assert len(record) > 200
    for name, (cpu, wall) in record.items():
        assert (schedule.RECORD.parent.parent / name).is_file(), name
        assert cpu >= 0 and wall > 0, name
