"""Benchmark: the room's hand saves while a member imports the largest file the site takes.

Starts the site as scripts/run.sh serves it (gunicorn, a throw-away SQLite file in WAL mode, or
the PostgreSQL database DATABASE_URL names), seats the tables of a tournament round, and lets
each table save a hand every few seconds while a member uploads, one after another, files of
500 records and 12,000 hands (the site's cap on one import) through the import page. Prints the
tables' taps (the pad, then the hand saved) p50/p99/max while no import runs and while one does,
each import's time (its request, and until its job page says done), and the failures (a save refused by "database is locked", an import that failed).

    .venv/bin/python bench/bench_import.py [--tables 32] [--seconds 40] [--save-every 3]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import time
import urllib.parse
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_night import hand_form, seat_tables  # noqa: E402
from loopback import (  # noqa: E402
    Phone, Site, client_cpu, environment, free_port, load_average, percentile, prepare_database, site_arguments,
)

PASSWORD = "bench-import-42"


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=32, help="tables scoring (default 32)")
    p.add_argument("--seconds", type=float, default=40, help="how long the room plays (default 40)")
    p.add_argument("--save-every", type=float, default=3.0, help="seconds between a table's hands (default 3)")
    file_arguments(p)
    site_arguments(p)
    args = p.parse_args(argv)
    args.port = args.port or free_port()
    return args


def file_arguments(p: argparse.ArgumentParser) -> None:
    """The size of the files imported: the largest the site takes, by default."""
    p.add_argument("--records", type=int, default=500, help="records a file (default 500: the site's cap)")
    p.add_argument("--hands", type=int, default=24, help="hands a record (default 24: 12,000 a file)")


def build(tables: int) -> dict:
    prepare_database()
    from django.contrib.auth import get_user_model

    from ginscore.tournaments import services
    from ginscore.tournaments.models import TournamentMatch

    get_user_model().objects.create_user(username="importer", password=PASSWORD)
    t = services.tournament_create(name="Bench import", format="swiss", rounds=4)
    services.entries_set(tournament=t, names=[f"Player {i:03d}" for i in range(2 * tables)])
    services.tournament_start(tournament=t, shuffle_seed=1)
    rows = TournamentMatch.objects.filter(tournament=t).exclude(match=None).select_related("match")
    return {"tables": [(r.match.pk, r.match.table_token) for r in rows]}


def records_file(records: int, hands: int, seed: int) -> bytes:
    """``records`` records of ``hands`` hands each, none already stored (each its own stake)."""
    rng = random.Random(seed)
    out = []
    for n in range(records):
        played = []
        for _ in range(hands):
            by, other = rng.sample(["Imported Ann", "Imported Ben"], 2)
            played.append({"end": "knock", "by": by, "deadwood": {by: rng.randint(0, 10), other: rng.randint(11, 40)}}
                          if rng.random() < 0.5 else {"end": "dead"})
        out.append({"players": ["Imported Ann", "Imported Ben"], "stake": f"{seed}.{n:04d}",
                    "rules": {"preset": "standard", "match_target": 1_000_000}, "hands": played})
    return json.dumps(out).encode()


def csrf(page: bytes) -> str:
    return re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()


async def log_in(phone: Phone, port: int) -> None:
    _, _, page = await phone.request("GET", "/accounts/login/")
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": csrf(page), "username": "importer",
                                   "password": PASSWORD}).encode()
    status, _, _ = await phone.request("POST", "/accounts/login/", body, {
        "Content-Type": "application/x-www-form-urlencoded", "Referer": f"http://127.0.0.1:{port}/accounts/login/"})
    if status != 302:
        sys.exit(f"the importer could not log in ({status})")


async def importer(phone: Phone, port: int, args, stop_at: float, imports: list, busy: list):
    """Uploads files one after another until ``stop_at``; notes each import's (start, end, status)."""
    await log_in(phone, port)
    seed = 1
    while time.monotonic() < stop_at:
        content = records_file(args.records, args.hands, seed)
        seed += 1
        _, _, page = await phone.request("GET", "/matches/import/")
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrfmiddlewaretoken\"\r\n\r\n{csrf(page)}\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"club.json\"\r\n"
                f"Content-Type: application/json\r\n\r\n").encode() + content + f"\r\n--{boundary}--\r\n".encode()
        start = time.monotonic()
        busy.append([start, None])
        try:
            status, headers, answer = await asyncio.wait_for(phone.request("POST", "/matches/import/", body, {
                "Content-Type": f"multipart/form-data; boundary={boundary}",
                "Referer": f"http://127.0.0.1:{port}/matches/import/"}), 600)
        except Exception as e:  # noqa: BLE001 - reported
            phone.close()
            status, answer = f"{type(e).__name__}", b""
        answered = time.monotonic()
        # The import is a background job (docs/background-jobs.md): the room is "beside an import"
        # until its page says done; the member waits for it before sending the next file.
        job = (headers.get("location") or [""])[0] if status == 302 else ""
        if "/jobs/" in job:
            job = urllib.parse.urlsplit(job).path
            while time.monotonic() < stop_at + 600:
                _, _, page = await phone.request("GET", job)
                if re.search(rb'data-status="(done|failed)"', page):
                    break
                await asyncio.sleep(2)   # as the job page asks again
        busy[-1][1] = time.monotonic()
        imports.append((start, answered, busy[-1][1], status, answer[:200]))


async def table(phone: Phone, port: int, match_id: int, rng: random.Random, every: float, stop_at: float,
                saves: list):
    pad = f"/matches/{match_id}/"
    await asyncio.sleep(rng.uniform(0, every))
    while time.monotonic() < stop_at:
        t0 = time.monotonic()   # a tap: the pad, then the hand saved (a phone kept on a busy worker waits)
        status, _, html = await phone.request("GET", pad)
        form = hand_form(html.decode(), rng) if status == 200 else None
        if form is None:
            break
        try:
            status, _, answer = await asyncio.wait_for(phone.request(
                "POST", f"/matches/{match_id}/hands/new/", urllib.parse.urlencode(form).encode(),
                {"Content-Type": "application/x-www-form-urlencoded", "Referer": f"http://127.0.0.1:{port}{pad}"}), 60)
        except Exception as e:  # noqa: BLE001 - reported
            phone.close()
            status, answer = type(e).__name__, b""
        saves.append((t0, time.monotonic() - t0, status, answer[:120]))
        await asyncio.sleep(rng.uniform(0.5, 1.5) * every)
    phone.close()


async def room(args, plan):
    seated = await seat_tables(args.port, plan["tables"])
    start = time.monotonic()
    stop_at = start + args.seconds
    saves, imports, busy = [], [], []
    rngs = [random.Random(i) for i in range(len(seated))]
    await asyncio.gather(importer(Phone(args.port), args.port, args, stop_at, imports, busy),
                         *(table(phone, args.port, m, rng, args.save_every, stop_at, saves)
                           for phone, (m, _), rng in zip(seated, plan["tables"], rngs)))
    return saves, imports, busy


def during(t: float, busy: list) -> bool:
    return any(a <= t <= (b or float("inf")) for a, b in busy)


def main(argv=None):
    args = parse_args(argv)
    env, database, tmp = environment(args.port, args.workers, args.threads)
    plan = build(args.tables)
    with Site(env, tmp, args.port, front=not args.direct) as site:
        load_before, cpu0 = load_average(), client_cpu()
        saves, imports, busy = asyncio.run(room(args, plan))
        load_after = load_average()
    print(f"\nginscore import beside the room: {args.tables} tables (a hand every {args.save_every:g} s each), "
          f"{args.seconds:g} s, files of {args.records} records x {args.hands} hands, on {database}; "
          f"load average before/after {load_before} / {load_after} on {os.cpu_count()} cores")
    for label, chosen in (("no import running", [s for s in saves if not during(s[0], busy)]),
                          ("an import running", [s for s in saves if during(s[0], busy)])):
        ok = [s[1] for s in chosen if s[2] == 302]
        failed = [s for s in chosen if s[2] != 302]
        if ok:
            print(f"taps (pad + save), {label:18}: {len(ok):4} saved, p50 {1e3 * percentile(ok, 50):6.0f} ms, "
                  f"p99 {1e3 * percentile(ok, 99):6.0f} ms, max {1e3 * max(ok):6.0f} ms; {len(failed)} failed")
        for s in failed[:3]:
            print(f"  failed save: {s[2]} {s[3]!r}")
    for start, answered, end, status, answer in imports:
        print(f"import: {status}, the request answered in {answered - start:.1f} s, the import done after "
              f"{end - start:.1f} s" + ("" if status == 302 else f" {answer!r}"))
    print(f"server log: {site.tracebacks()} tracebacks ({site.log}); client CPU {client_cpu() - cpu0:.1f} s")


if __name__ == "__main__":
    main()
