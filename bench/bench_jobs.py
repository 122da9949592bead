"""Benchmark: how long the largest import and the largest bulk PDF hold a gunicorn worker, with the
work in the request (before: ``GINSCORE_TASKS=immediate``, the job run inside the request that
starts it, as the site did before the background jobs) and with the background worker (after:
scripts/run.sh's ``manage.py db_worker``), back to back on the same machine.

The site runs as scripts/run.sh serves it (nginx, gunicorn, the worker), on a throw-away SQLite file
(or DATABASE_URL's PostgreSQL). One director uploads files of 500 records x 24 hands (the largest
import the site takes) and prints the table sheets of a 64-table round (the largest PDF), one at a
time; the request's time is how long it held its worker; "done" is until the job's page says done.
With the worker, ``--runs`` more imports are then started back to back (each 1.5 s after the one
before, while the worker writes it): on SQLite such a request waits for the worker's write batch.
Prints the median and the spread of ``--runs`` runs, and the load average.

    .venv/bin/python bench/bench_jobs.py [--runs 3] [--tables 64]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import time
import urllib.parse
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_import import PASSWORD, csrf, file_arguments, log_in, records_file  # noqa: E402
from loopback import Phone, Site, environment, free_port, load_average, prepare_database  # noqa: E402


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=3, help="imports and PDFs in each mode (default 3)")
    p.add_argument("--tables", type=int, default=64, help="tables of the round printed (default 64)")
    file_arguments(p)
    return p.parse_args(argv)


def build(tables: int) -> int:
    """A director (who imports and prints) and a started Swiss event of ``tables`` tables; its pk."""
    prepare_database()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from ginscore.club.roles import DIRECTOR_GROUP
    from ginscore.tournaments import services

    user = get_user_model().objects.create_user(username="importer", password=PASSWORD)
    user.groups.add(Group.objects.get_or_create(name=DIRECTOR_GROUP)[0])
    t = services.tournament_create(name="Bench jobs", format="swiss", rounds=4)
    services.entries_set(tournament=t, names=[f"Player {i:03d}" for i in range(2 * tables)])
    services.tournament_start(tournament=t, shuffle_seed=1)
    return t.pk


async def until_done(phone: Phone, job_path: str, limit: float = 600) -> str:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        _, _, page = await phone.request("GET", job_path)
        status = re.search(rb'data-status="(\w+)"', page).group(1).decode()
        if status in ("done", "failed"):
            return status
        await asyncio.sleep(0.5)   # (a phone's page asks every 2 s)
    return "timed out"


async def timed(phone: Phone, out: dict, label: str, sending) -> None:
    """The request ``sending`` makes, timed (``out[label]``), then its job until done (``out[label + " done"]``)."""
    start = time.monotonic()
    status, headers, _ = await sending
    out[label].append(time.monotonic() - start)
    job = urllib.parse.urlsplit((headers.get("location") or [""])[0]).path
    done = await until_done(phone, job) if status == 302 and job.startswith("/jobs/") else f"HTTP {status}"
    out[f"{label} done"].append(time.monotonic() - start)
    if done != "done":
        out["failed"].append(f"{label}: {done}")


async def upload(phone: Phone, port: int, args, seed: int):
    """The import page's upload of a file of ``args.records`` x ``args.hands`` (the request, not yet sent)."""
    content = records_file(args.records, args.hands, seed)
    _, _, page = await phone.request("GET", "/matches/import/")
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrfmiddlewaretoken\"\r\n\r\n{csrf(page)}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"club.json\"\r\n"
            f"Content-Type: application/json\r\n\r\n").encode() + content + f"\r\n--{boundary}--\r\n".encode()
    return phone.request("POST", "/matches/import/", body, {
        "Content-Type": f"multipart/form-data; boundary={boundary}",
        "Referer": f"http://127.0.0.1:{port}/matches/import/"})


async def one_mode(port: int, args, tournament: int, seed0: int, back_to_back: bool) -> dict:
    phone = Phone(port)
    await log_in(phone, port)
    out = {"import": [], "import done": [], "pdf": [], "pdf done": [], "failed": [], "back to back": []}
    for run in range(args.runs):
        await timed(phone, out, "import", await upload(phone, port, args, seed0 + run))
        await timed(phone, out, "pdf", phone.request("GET", f"/sheets/tournaments/{tournament}/rounds/1/1/tables.pdf"))
    if back_to_back:
        # Imports started one after the other without waiting: each request (its job written in the
        # database) while the worker writes the one before.
        jobs = []
        for run in range(args.runs + 1):
            sending = await upload(phone, port, args, seed0 + 100 + run)
            start = time.monotonic()
            status, headers, _ = await sending
            if run:   # the first finds the worker idle
                out["back to back"].append(time.monotonic() - start)
            jobs.append(urllib.parse.urlsplit((headers.get("location") or [""])[0]).path)
            await asyncio.sleep(1.5)   # the worker is writing it
        for job in jobs:
            done = await until_done(phone, job) if job.startswith("/jobs/") else "no job"
            if done != "done":
                out["failed"].append(f"back-to-back import: {done}")
    phone.close()
    return out


def figure(times: list[float]) -> str:
    return f"median {statistics.median(times):6.2f} s (min {min(times):.2f}, max {max(times):.2f})"


def main(argv=None):
    args = parse_args(argv)
    port = free_port()
    env, database, tmp = environment(port)
    tournament = build(args.tables)
    env["GINSCORE_SITE_URL"] = "http://club.example"   # the QR codes' address (not this loopback one)
    results = {}
    for n, (mode, tasks) in enumerate((("before: in the request", "immediate"), ("after: background worker", "database"))):
        with Site({**env, "GINSCORE_TASKS": tasks}, tmp, port):
            load_before = load_average()
            results[mode] = asyncio.run(one_mode(port, args, tournament, 1000 * (n + 1), tasks == "database"))
            results[mode]["load"] = f"{load_before} / {load_average()}"
    print(f"\nginscore jobs: {args.runs} imports of {args.records} records x {args.hands} hands and {args.runs} "
          f"table-sheet PDFs of {args.tables} tables in each mode, on {database}, {os.cpu_count()} cores")
    for mode, r in results.items():
        print(f"{mode} (load average before/after {r['load']}):")
        print(f"  import: the request holds a worker {figure(r['import'])}; done after {figure(r['import done'])}")
        print(f"  PDF:    the request holds a worker {figure(r['pdf'])}; done after {figure(r['pdf done'])}")
        if r["back to back"]:
            print(f"  import started while the worker writes another: the request {figure(r['back to back'])}")
        for failure in r["failed"]:
            print(f"  FAILED {failure}")


if __name__ == "__main__":
    main()
