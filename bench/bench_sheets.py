"""How long the printed sheets take to build. Prints figures; asserts nothing.

Run: .venv/bin/python bench/bench_sheets.py
Goals (issue 5): sixty-four table sheets in one PDF under 2 s; a 300-hand match sheet under 1 s.
"""
from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The sheets read their languages from the site's list (club.language), so Django is set up first.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ginscore.settings")
import django  # noqa: E402

django.setup()

from ginscore.sheets.bracket import bracket_pages, build_bracket  # noqa: E402
from ginscore.sheets.common import register_fonts  # noqa: E402
from ginscore.sheets.data import MatchSheet, Pad  # noqa: E402
from ginscore.sheets.match_sheet import build_match_sheet  # noqa: E402
from ginscore.sheets.pads import build_pad  # noqa: E402
from ginscore.sheets.tournament import build_table_sheets  # noqa: E402
from tests.sheets.samples import long_match, single_elimination, table_sheets  # noqa: E402


def timed(label: str, goal: float | None, build, runs: int = 3) -> None:
    """The best of ``runs`` builds: wall-clock time (the goal's) and the process's CPU time, which a
    busy machine disturbs much less."""
    best, cpu, size = float("inf"), float("inf"), 0
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        pdf = build()
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
        size = len(pdf)
    verdict = "" if goal is None else (f"  (goal < {goal:.1f} s: {'met' if best < goal else 'MISSED'})")
    print(f"{label:<44} {best:7.3f} s  cpu {cpu:6.3f} s  {size / 1024:7.0f} KiB{verdict}")


def main() -> None:
    register_fonts()  # once per process, as in the site
    for rules in ("standard", "hollywood", "oklahoma"):
        sheets = table_sheets(64, rules)
        timed(f"64 table sheets, one PDF ({rules})", 2.0, lambda: build_table_sheets(sheets))
    rec, result = long_match(300)
    sheet = MatchSheet(result, rec, title="Marathon")
    timed("300-hand match sheet", 1.0, lambda: build_match_sheet(sheet))
    bracket = single_elimination(128)
    timed(f"128-player bracket ({len(bracket_pages(bracket))} sheets)", None, lambda: build_bracket(bracket))
    timed("blank standard pads, 10 pages", None, lambda: build_pad(Pad(pages=10)))


if __name__ == "__main__":
    main()
