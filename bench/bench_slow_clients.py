"""Benchmark: slow connections held against the site while the room's phones save hands and poll.

Starts the site as scripts/run.sh serves it (nginx in front of gunicorn; --direct: gunicorn alone,
as before the front), builds a Swiss round of --tables tables, and for --seconds seconds:

- --slow connections that each send a request's headers (the log-in form's POST announcing a
  body, with a form-token cookie) and then one byte of its body every --byte-every seconds (3), and --slow-headers more that
  send their header lines one every --byte-every seconds; one that is dropped connects again
  (a guesser, or a phone on a dying wifi, does not give up);
- each table's phone loads its pad and saves a hand every --save-every seconds (2);
- --viewers phones keep a live page open (a table's pad, the round, the standings), polled every
  --poll-every seconds (1) with its ETag, as static/ginscore/live.js does.

Prints per kind of phone request: how many, p50, p99, the slowest, how many took over a second or
were not answered within --give-up seconds (5); and what became of the slow connections. With
--json, the same figures as one JSON line at the end (tests/deploy/test_slow_clients.py reads it).

    .venv/bin/python bench/bench_slow_clients.py                      # 30 slow connections, 20 s
    .venv/bin/python bench/bench_slow_clients.py --direct --seconds 10
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_night import build_night, hand_form, seat_tables  # noqa: E402
from loopback import Phone, Site, environment, free_port, load_average, percentile, site_arguments, spread  # noqa: E402

ANSWERED_WITHIN = 1.0   # seconds: the room's goal for every phone's request


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--slow", type=int, default=30, help="connections sending a body a byte at a time")
    p.add_argument("--slow-headers", type=int, default=0, help="connections sending their headers a line at a time")
    p.add_argument("--byte-every", type=float, default=3.0)
    p.add_argument("--tables", type=int, default=8)
    p.add_argument("--viewers", type=int, default=16)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--save-every", type=float, default=2.0)
    p.add_argument("--poll-every", type=float, default=1.0)
    p.add_argument("--give-up", type=float, default=5.0, help="seconds after which a phone's request is unanswered")
    p.add_argument("--json", action="store_true")
    site_arguments(p)
    args = p.parse_args(argv)
    args.port = args.port or free_port()
    return args


class Figures:
    def __init__(self, give_up: float):
        self.give_up = give_up
        self.times: dict[str, list[float]] = {}
        self.unanswered: dict[str, int] = {}
        self.errors: list[str] = []

    async def timed(self, kind, phone, method, path, expect, **kw):
        t0 = time.perf_counter()
        self.times.setdefault(kind, [])
        try:
            status, headers, content = await asyncio.wait_for(phone.request(method, path, **kw), self.give_up)
        except asyncio.TimeoutError:
            phone.close()
            self.unanswered[kind] = self.unanswered.get(kind, 0) + 1
            return None, {}, b""
        except OSError as e:
            phone.close()
            self.errors.append(f"{kind}: {type(e).__name__} {e}")
            return None, {}, b""
        self.times[kind].append(time.perf_counter() - t0)
        if status not in expect:
            self.errors.append(f"{kind}: {status} {method} {path}")
        return status, headers, content


async def slow_connection(port: int, head: bytes, trickle: bytes, every: float, stop_at: float, tally: dict):
    """Sends ``head`` at once, then ``trickle`` a byte every ``every`` seconds, connecting again when dropped."""
    while time.monotonic() < stop_at:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            tally["refused"] += 1
            await asyncio.sleep(every)
            continue
        tally["opened"] += 1
        try:
            writer.write(head)
            await writer.drain()
            for i in range(len(trickle)):
                await asyncio.sleep(every)
                if time.monotonic() >= stop_at:
                    tally["held to the end"] += 1
                    break
                if reader.at_eof():
                    raise ConnectionResetError
                writer.write(trickle[i:i + 1])
                await writer.drain()
        except OSError:
            tally["dropped by the server"] += 1
        finally:
            writer.close()


async def table(figures, phone, port, match_id, rng, every, stop_at):
    pad = f"/matches/{match_id}/"
    await asyncio.sleep(rng.uniform(0, every))
    while time.monotonic() < stop_at:
        due = time.monotonic() + every
        status, _, html = await figures.timed("table pad", phone, "GET", pad, (200,))
        form = hand_form(html.decode(), rng) if status == 200 else None
        if form:
            await figures.timed("hand save", phone, "POST", f"/matches/{match_id}/hands/new/", (302,),
                                body=urllib.parse.urlencode(form).encode(),
                                headers={"Content-Type": "application/x-www-form-urlencoded",
                                         "Referer": f"http://127.0.0.1:{port}{pad}"})
        await asyncio.sleep(max(0.0, min(due, stop_at) - time.monotonic()))
    phone.close()


async def viewer(figures, port, path, rng, every, stop_at):
    phone = Phone(port)
    status, headers, _ = await figures.timed("page opened", phone, "GET", path, (200,))
    etag = (headers.get("etag") or [""])[0]
    await asyncio.sleep(rng.uniform(0, every))
    while time.monotonic() < stop_at:
        status, headers, _ = await figures.timed("live poll", phone, "GET", path, (200, 304),
                                                 headers={"If-None-Match": etag, "X-Live": "1"})
        if status == 200:
            etag = (headers.get("etag") or [etag])[0]
        await asyncio.sleep(every * rng.uniform(0.8, 1.2))
    phone.close()


async def room(args, plan):
    seated = await seat_tables(args.port, plan["tables"])
    figures = Figures(args.give_up)
    slow = {"opened": 0, "refused": 0, "dropped by the server": 0, "held to the end": 0}
    start = time.monotonic()
    stop_at = start + args.seconds
    match_id = plan["tables"][0][0]
    # A log-in form posted with a form-token cookie, as anyone may: the site reads the body to check it.
    body_head = (f"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1:{args.port}\r\n"
                 f"Cookie: csrftoken={'k' * 32}\r\nReferer: http://127.0.0.1:{args.port}/accounts/login/\r\n"
                 "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n\r\n").encode()
    header_head = f"GET /matches/{match_id}/ HTTP/1.1\r\nHost: 127.0.0.1:{args.port}\r\n".encode()
    holders = [slow_connection(args.port, body_head, b"x" * 4000, args.byte_every, stop_at, slow)
               for _ in range(args.slow)]
    holders += [slow_connection(args.port, header_head, b"X-Slow: 1\r\n" * 400, args.byte_every, stop_at, slow)
                for _ in range(args.slow_headers)]
    tasks = [asyncio.ensure_future(h) for h in holders]
    await asyncio.sleep(min(2.0, args.seconds / 4))   # the slow connections settle in first
    rngs = spread(7, len(plan["tables"]) + args.viewers)
    pages = ["round", "standings", "pad"]
    clients = [table(figures, phone, args.port, m, rngs.pop(), args.save_every, stop_at)
               for phone, (m, _) in zip(seated, plan["tables"])]
    clients += [viewer(figures, args.port,
                       plan[pages[i % 3]] if pages[i % 3] != "pad" else f"/matches/{plan['tables'][i % len(plan['tables'])][0]}/",
                       rngs.pop(), args.poll_every, stop_at) for i in range(args.viewers)]
    await asyncio.gather(*clients)
    await asyncio.gather(*tasks)
    return figures, slow


def report(args, figures: Figures, slow: dict, load: tuple) -> dict:
    print(f"\nginscore under slow connections: {args.slow} sending a body and {args.slow_headers} sending headers, "
          f"a byte every {args.byte_every:g} s, for {args.seconds:g} s, "
          f"{'gunicorn alone' if args.direct else 'nginx in front of gunicorn (scripts/run.sh)'}; "
          f"{args.tables} tables, {args.viewers} viewers; load average before/after {load[0]} / {load[1]}")
    print(f"{'kind':12} {'answered':>8} {'p50':>9} {'p99':>9} {'slowest':>9} {'> 1 s':>6} {'unanswered':>10}")
    kinds = {}
    for kind, values in figures.times.items():
        late = sum(1 for v in values if v > ANSWERED_WITHIN)
        unanswered = figures.unanswered.get(kind, 0)
        row = {"answered": len(values), "late": late, "unanswered": unanswered,
               "p50": percentile(sorted(values), 50) if values else None,
               "p99": percentile(sorted(values), 99) if values else None,
               "slowest": max(values) if values else None}
        kinds[kind] = row
        ms = (lambda v: f"{v * 1e3:7.1f}ms" if v is not None else f"{'-':>9}")
        print(f"{kind:12} {len(values):>8} {ms(row['p50'])} {ms(row['p99'])} {ms(row['slowest'])} {late:>6} "
              f"{unanswered:>10}")
    print("slow connections: " + ", ".join(f"{k} {v}" for k, v in slow.items()))
    for line in figures.errors[:5]:
        print(f"  error: {line}")
    within = all(k["late"] == 0 and k["unanswered"] == 0 for k in kinds.values()) and not figures.errors
    print(f"goal: every phone answered within {ANSWERED_WITHIN:g} s: {'met' if within else 'NOT met'}")
    result = {"kinds": kinds, "slow": slow, "errors": figures.errors, "within": within}
    if args.json:
        print(json.dumps(result))
    return result


def main(argv=None):
    args = parse_args(argv)
    random.seed(3)
    env, _database, tmp = environment(args.port, args.workers, args.threads)
    plan = build_night(args.tables)
    with Site(env, tmp, args.port, front=not args.direct):
        load_before = load_average()
        figures, slow = asyncio.run(room(args, plan))
        load = (load_before, load_average())
    return report(args, figures, slow, load)


if __name__ == "__main__":
    main()
