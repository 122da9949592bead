"""Benchmark: the machine itself, before taking any other figure.

A night's figures and the suite's time are comparable only on machines alike, and a plain-Python
loop alone does not say so: on the virtual machine of 2026-11-29 evening to 11-30, that loop was
quicker than on the machine of 11-29 morning while the suite and the servers spent two and a half
times the CPU, because what they do all the time (touch new memory, start processes, talk through
the kernel) cost several times more there. Prints, median of --runs runs:

- the plain-Python loop (``loopback.machine_speed``: 20 million additions);
- a page of new memory touched first (a page fault), a program started and ended (/bin/true),
  Python started (``python -S -c pass``), a small file's status read (a system call), a byte sent
  to another process and back through two pipes (a context switch each way);
- the load average before and after.

    .venv/bin/python bench/bench_machine.py
"""
from __future__ import annotations

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from loopback import load_average, machine_speed, page_fault_seconds, program_start_seconds  # noqa: E402


def pipe_round_trip(times: int = 20_000) -> float:
    there_r, there_w = os.pipe()
    back_r, back_w = os.pipe()
    child = os.fork()
    if child == 0:
        for _ in range(times):
            os.read(there_r, 1)
            os.write(back_w, b"x")
        os._exit(0)
    started = time.perf_counter()
    for _ in range(times):
        os.write(there_w, b"x")
        os.read(back_r, 1)
    took = (time.perf_counter() - started) / times
    os.waitpid(child, 0)
    for fd in (there_r, there_w, back_r, back_w):
        os.close(fd)
    return took


def _file_status(times: int) -> float:
    started = time.perf_counter()
    for _ in range(times):
        os.stat(__file__)
    return (time.perf_counter() - started) / times


PROBES = (
    ("plain-Python loop (s)", 1, machine_speed),
    ("a new page touched (us)", 1e6, page_fault_seconds),
    ("a program started (ms)", 1e3, program_start_seconds),
    ("Python started (ms)", 1e3, lambda: program_start_seconds((sys.executable, "-S", "-c", "pass"), 10)),
    ("a file's status read (us)", 1e6, lambda: _file_status(100_000)),
    ("a byte to another process and back (us)", 1e6, pipe_round_trip),
)


def main(argv=None) -> None:
    import argparse

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args(argv)
    before = load_average()
    print(f"{'':42} {'median':>8}  runs")
    for name, scale, probe in PROBES:
        runs = [probe() * scale for _ in range(args.runs)]
        print(f"{name:42} {statistics.median(runs):>8.2f}  " + " ".join(f"{r:.2f}" for r in runs))
    print(f"on {os.cpu_count()} cores; load average before / after {before} / {load_average()}")


if __name__ == "__main__":
    main()
