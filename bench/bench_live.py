"""Benchmark: how many live viewers the production server holds beside the tables' hand saves.

Starts gunicorn as scripts/run.sh would (see bench_night.py: throw-away SQLite in WAL mode, or
the PostgreSQL database DATABASE_URL names) with a Swiss round of T tables, each saving a hand
on average every --save-every seconds (a pad and a save, as in bench_night.py). Then adds live
viewers in steps (--steps): each opens one page and asks for it again every --poll-every
seconds the way static/ginscore/live.js does (If-None-Match with the page's ETag, X-Live: 1;
304 Not Modified while nothing changed, the new page when something did). Half the viewers
follow a table's score pad (the two players' phones and onlookers), a quarter the round page,
an eighth the standings and an eighth the board on the wall.

Each step runs --step-seconds (its first --settle seconds not counted) and prints the polls'
p50/p99 and share answered 304, the hand saves' p50/p99, errors, and the CPU time the server
and this client spent. A step holds when nothing failed and the hand saves' p99 stays under
250 ms; the figure printed at the end is the largest step that held.

    .venv/bin/python bench/bench_live.py                                  # 32 tables, 64..2048 viewers
    .venv/bin/python bench/bench_live.py --steps 100,200,400 --step-seconds 30
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_night import build_night, play_table, seat_tables  # noqa: E402
from loopback import (  # noqa: E402
    GOAL_SAVE_P99, Site, Tally, client_cpu, environment, free_port, gunicorn_shape, live_viewer, load_average,
    percentile, site_arguments, spread,
)

PAGES = ("pad", "pad", "pad", "pad", "round", "round", "standings", "board")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=32)
    p.add_argument("--save-every", type=float, default=4.0, help="seconds between a table's hands")
    p.add_argument("--poll-every", type=float, default=1.5, help="seconds between a viewer's polls (live.js: 1.5)")
    p.add_argument("--steps", default="64,128,256,512,1024,2048", help="live viewers at each step")
    p.add_argument("--step-seconds", type=float, default=20)
    p.add_argument("--settle", type=float, default=5, help="seconds at the start of a step not counted")
    site_arguments(p)
    p.add_argument("--keep-going", action="store_true", help="run every step, also after one that did not hold")
    args = p.parse_args(argv)
    args.port = args.port or free_port()
    args.steps = [int(n) for n in args.steps.split(",")]
    return args


def viewer_page(i: int, plan: dict) -> tuple[str, str]:
    """(kind, address) of the i-th viewer's page."""
    kind = PAGES[i % len(PAGES)]
    if kind == "pad":
        match_id, _ = plan["tables"][(i // len(PAGES) * 4 + i % 4) % len(plan["tables"])]
        return kind, f"/matches/{match_id}/"
    return kind, plan[kind]


def step_line(n: int, tally: Tally, seconds: float, cpu: float, client_cpu: float) -> dict:
    polls, saves = tally.times.get("live poll", []), tally.times.get("hand save", [])
    errors = sum(len(v) for v in tally.errors.values())
    answered = sum(tally.statuses["live poll"].values())
    not_modified = tally.statuses["live poll"].get(304, 0)
    save99 = percentile(saves, 99) if saves else None
    held = errors == 0 and save99 is not None and save99 < GOAL_SAVE_P99
    late = percentile(sorted(tally.lateness), 99) if tally.lateness else 0.0

    def ms(values, q):
        return f"{percentile(values, q) * 1e3:7.1f}" if values else f"{'-':>7}"

    print(f"{n:>7} {len(polls) / seconds:>7.0f} {ms(polls, 50)} {ms(polls, 99)} "
          f"{100 * not_modified / max(1, answered):>5.0f}% {len(saves) / seconds:>6.1f} {ms(saves, 50)} {ms(saves, 99)} "
          f"{errors:>6} {cpu / seconds:>6.2f} {client_cpu / seconds:>6.2f} {late * 1e3:>7.1f}  "
          f"{'held' if held else 'did not hold'}", flush=True)
    for kind, lines in tally.errors.items():
        for line in lines[:2]:
            print(f"          error ({kind}): {line}")
    return {"viewers": n, "held": held, "save_p99": save99, "errors": errors}


async def room(args, plan: dict, site: Site) -> list[dict]:
    seated = await seat_tables(args.port, plan["tables"])
    start = time.monotonic()
    stop_at = start + len(args.steps) * args.step_seconds + 3600  # tables play until the steps are done
    tally = Tally(warmup_until=start + args.settle)
    rngs = spread(15, len(plan["tables"]) + max(args.steps))
    tables = [asyncio.create_task(play_table(tally, phone, args.port, m, rngs.pop(), args.save_every, start, stop_at))
              for phone, (m, _) in zip(seated, plan["tables"])]
    viewers, results = [], []
    print(f"{'viewers':>7} {'polls/s':>7} {'poll50':>7} {'poll99':>7} {'304':>6} {'saves/s':>6} {'save50':>7} "
          f"{'save99':>7} {'errors':>6} {'server':>6} {'client':>6} {'late99':>7}")
    print(f"{'':>7} {'':>7} {'ms':>7} {'ms':>7} {'':>6} {'':>6} {'ms':>7} {'ms':>7} {'':>6} {'cores':>6} "
          f"{'cores':>6} {'ms':>7}")
    step_stop = time.monotonic()
    for n in args.steps:
        step_start = time.monotonic()
        tally.take(step_start + args.settle)
        step_stop = step_start + args.step_seconds
        for i in range(len(viewers), n):
            _, path = viewer_page(i, plan)
            viewers.append(asyncio.create_task(
                live_viewer(tally, args.port, path, rngs.pop(), args.poll_every, stop_at)))
        await asyncio.sleep(args.settle)
        cpu0, client0 = site.cpu_seconds(), client_cpu()
        await asyncio.sleep(max(0.0, step_stop - time.monotonic()))
        measured = tally.take(time.monotonic())
        result = step_line(n, measured, step_stop - step_start - args.settle, site.cpu_seconds() - cpu0,
                           client_cpu() - client0)
        results.append(result)
        if not result["held"] and not args.keep_going:
            break
    for task in tables + viewers:
        task.cancel()
    await asyncio.gather(*tables, *viewers, return_exceptions=True)
    return results


def main(argv=None):
    args = parse_args(argv)
    env, database, tmp = environment(args.port, args.workers, args.threads)
    plan = build_night(args.tables)
    print(f"ginscore live room: {len(plan['tables'])} tables saving a hand every {args.save_every:g} s on average, "
          f"viewers polling every {args.poll_every:g} s; {database}, gunicorn {gunicorn_shape(env)}; "
          f"{os.cpu_count()} cores, load average {load_average()}")
    with Site(env, tmp, args.port, front=not args.direct) as site:
        results = asyncio.run(room(args, plan, site))
    held = [r["viewers"] for r in results if r["held"]]
    best = max(held) if held else 0
    more = "" if len(held) < len(results) or not results else " (every step held: try more)"
    print(f"live viewers held with hand saves' p99 under {GOAL_SAVE_P99 * 1e3:.0f} ms and no error: {best}{more}; "
          f"load average {load_average()}; server log: {site.tracebacks()} tracebacks ({site.log})")
    return {"viewers": best, "steps": results}


if __name__ == "__main__":
    main()
