"""Benchmark: what an app server spends on the polls the front asks it again (a 304 after one query),
per request, on PostgreSQL as the championship runs it (bench/rehearsal.py's set-up without the front).

Starts a throw-away PostgreSQL and one gunicorn (gunicorn.conf.py, ``--workers`` processes) on
loopback, builds bench_night.py's tournament of ``--tables`` tables, then asks the site
``--requests`` times, from ``--connections`` kept-alive connections as nginx does, for table pads
with their ETag (answered 304), and a few of the kept pages (round page, standings, answered 200
from the pages kept). Prints the CPU seconds of the app server (all its processes) and of
PostgreSQL per request, read from /proc. ``--variant NAME:SETTING=VALUE,...`` starts the app server
with those settings too; the variants are measured in turn, ``--rounds`` times (A B A B), on the
same database: compare their medians (a busy machine moves each figure by a tenth or more).
``--players``: each connection is a table's phone, holding its table link's session (the front
never answers those polls from its copy: each reaches the app server).

    .venv/bin/python bench/bench_revalidate.py --requests 12000 --rounds 3 \
        --variant "query:GINSCORE_PG_HEALTH_QUERY=1" --variant "socket:"
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from loopback import Phone, Site, environment, free_port, processes  # noqa: E402


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=64)
    p.add_argument("--requests", type=int, default=20000)
    p.add_argument("--connections", type=int, default=8)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--pages", type=float, default=0.1, help="share of the requests that ask for a kept page")
    p.add_argument("--variant", action="append", default=[],
                   help="NAME:VAR=VALUE,VAR=VALUE: the app server started with these settings too; the variants "
                        "are measured in turn, --rounds times (A B A B)")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--players", action="store_true", help="each connection holds a table link's session")
    p.add_argument("--pg-port", type=int, default=int(os.environ.get("GINSCORE_PG_PORT") or 0) or None)
    return p.parse_args(argv)


def cpu(groups, postmaster) -> tuple[float, float]:
    app = pg = 0.0
    for pid, _name, ppid, group, own, ended in processes():
        if pid == postmaster:
            pg += own + ended
        elif ppid == postmaster:
            pg += own
        elif group in groups:
            app += own
    return app, pg


async def ask(port, plan, n, connections, pages_share, players=False):
    phones = [Phone(port) for _ in range(connections)]
    for phone, (_, token) in zip(phones if players else [], plan["tables"]):
        await phone.request("GET", f"/matches/table/{token}/")
    pads = [f"/matches/{mid}/" for mid, _ in plan["tables"]]
    etags = {}
    for path in pads + [plan["round"], plan["standings"]]:
        _, headers, _ = await phones[0].request("GET", path)
        etags[path] = headers["etag"][0]
    rng, left, statuses = random.Random(5), [n], {}

    async def one(phone):
        while left[0] > 0:
            left[0] -= 1
            path = rng.choice([plan["round"], plan["standings"]]) if rng.random() < pages_share else rng.choice(pads)
            headers = {"X-Live": "1"} if path not in pads else {"X-Live": "1", "If-None-Match": etags[path]}
            status, _, _ = await phone.request("GET", path, headers=headers)
            statuses[status] = statuses.get(status, 0) + 1
    await asyncio.gather(*(one(p) for p in phones))
    for p in phones:
        p.close()
    return statuses


def main(argv=None):
    args = parse_args(argv)
    from rehearsal import PostgreSQL

    port = free_port()
    with PostgreSQL(args.pg_port or free_port(), max_connections=50) as pg:
        os.environ["DATABASE_URL"] = pg.url
        env, _database, tmp = environment(port, args.workers, 1)
        import bench_night

        plan = bench_night.build_night(args.tables)
        from django.db import connections
        connections.close_all()
        variants = [(v.split(":", 1)[0], dict(kv.split("=", 1) for kv in v.split(":", 1)[1].split(",") if kv))
                    for v in args.variant] or [("as is", {})]
        figures = {name: [] for name, _ in variants}
        for _ in range(args.rounds):
            for name, settings in variants:
                with Site({**env, **settings}, tmp, port, front=False) as site:
                    asyncio.run(ask(port, plan, 2000, args.connections, args.pages, args.players))   # warm
                    groups, postmaster = [site.proc.pid], pg.pid()
                    app0, pg0 = cpu(groups, postmaster)
                    t0 = time.monotonic()
                    statuses = asyncio.run(ask(port, plan, args.requests, args.connections, args.pages, args.players))
                    wall = time.monotonic() - t0
                    app1, pg1 = cpu(groups, postmaster)
                n = args.requests
                figures[name].append((1e3 * (app1 - app0) / n, 1e3 * (pg1 - pg0) / n))
                print(f"{name}: {n} requests in {wall:.1f} s ({n / wall:.0f}/s), answers {dict(sorted(statuses.items()))}; "
                      f"CPU a request: app {figures[name][-1][0]:.3f} ms, PostgreSQL {figures[name][-1][1]:.3f} ms; "
                      f"load {os.getloadavg()[0]:.1f}", flush=True)
        for name, runs in figures.items():
            print(f"{name:24} app " + " ".join(f"{a:.3f}" for a, _ in runs) + " ms, PostgreSQL "
                  + " ".join(f"{p:.3f}" for _, p in runs) + " ms a request")

if __name__ == "__main__":
    main()
