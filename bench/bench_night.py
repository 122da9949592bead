"""Benchmark: a full tournament night against the site as scripts/run.sh serves it.

Starts gunicorn (gunicorn.conf.py, DEBUG off, static files collected) on loopback with a
throw-away SQLite database in WAL mode, or the PostgreSQL database DATABASE_URL names
(its tables are created and filled; use a scratch database). Builds a Swiss tournament of
T tables plus one match of 100 hands, then for --seconds seconds:

- each table (a phone holding its match's table link) loads its pad and saves a hand,
  every --save-every seconds;
- each viewer reads, in turn, the 100-hand score pad, the round page, the standings and the
  floor (a trivial page: the log-in form), pausing --read-every seconds between pages.

Prints, per kind of request: requests/s, p50 and p99, errors, and p50/p99 as a ratio to the
floor measured in the same run. Stops the server by itself.

    .venv/bin/python bench/bench_night.py                       # 128 tables, 256 viewers, 60 s
    .venv/bin/python bench/bench_night.py --tables 16 --viewers 32 --seconds 20
    DATABASE_URL=postgres://ginscore@127.0.0.1:54400/wt_b .venv/bin/python bench/bench_night.py
"""
from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("hand save", "table pad", "pad 100 hands", "round page", "standings", "floor")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=128)
    p.add_argument("--viewers", type=int, default=256)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--save-every", type=float, default=4.0, help="seconds between a table's hands")
    p.add_argument("--read-every", type=float, default=2.0, help="seconds between a viewer's pages")
    p.add_argument("--port", type=int, default=8290)
    p.add_argument("--workers", type=int, help="gunicorn processes (default: gunicorn.conf.py's)")
    p.add_argument("--threads", type=int, help="threads per process (default: gunicorn.conf.py's)")
    return p.parse_args()


def build_night(tables: int):
    """The tournament (round 1 open at ``tables`` tables) and a 100-hand match, in the database."""
    import django

    django.setup()
    from django.core.management import call_command

    from ginscore.engine import record_from_json
    from ginscore.matches.services import match_import
    from ginscore.tournaments import services
    from ginscore.tournaments.models import TournamentMatch

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    t = services.tournament_create(name=f"Bench night {time.strftime('%H:%M:%S')}", format="swiss", rounds=4)
    services.entries_set(tournament=t, names=[f"Player {i:03d}" for i in range(2 * tables)])
    services.tournament_start(tournament=t, shuffle_seed=1)
    rows = list(TournamentMatch.objects.filter(tournament=t).exclude(match=None).select_related("match"))
    rng = random.Random(5)
    hands = []
    for _ in range(100):
        by, other = rng.sample(["Ann", "Ben"], 2)
        hands.append({"end": "knock", "by": by, "deadwood": {by: rng.randint(0, 10), other: rng.randint(11, 40)}})
    record = record_from_json({"players": ["Ann", "Ben"], "hands": hands,
                               "rules": {"preset": "hollywood", "match_target": 1_000_000}})
    long_match = match_import(record=record)
    first = rows[0]
    return {
        "tables": [(r.match.pk, r.match.table_token) for r in rows],
        "pad": f"/matches/{long_match.pk}/",
        "round": f"/tournaments/{t.pk}/rounds/{first.stage}/{first.play_round}/",
        "standings": f"/tournaments/{t.pk}/standings/",
        "floor": "/accounts/login/",
    }


class Phone:
    """One browser on one keep-alive connection, with its cookies."""

    def __init__(self, port):
        self.port = port
        self.conn = None
        self.cookies = {}

    def request(self, method, path, body=None, headers=None):
        headers = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                data = response.read()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.conn.close()
                self.conn = None  # the server closed an idle keep-alive connection: once more
                if attempt:
                    raise
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, data

    def close(self):
        if self.conn:
            self.conn.close()


class Night:
    def __init__(self, args, plan):
        self.args, self.plan = args, plan
        self.times = defaultdict(list)
        self.errors = defaultdict(list)
        self.lock = threading.Lock()
        self.stop_at = 0.0

    def timed(self, kind, phone, method, path, expect, **kw):
        t0 = time.perf_counter()
        try:
            status, data = phone.request(method, path, **kw)
        except Exception as e:  # noqa: BLE001 - every failure is counted and reported
            status, data = repr(e), b""
        elapsed = time.perf_counter() - t0
        with self.lock:
            if status == expect:
                self.times[kind].append(elapsed)
            else:
                self.errors[kind].append(f"{status} {path} {data[:120]!r}")
        return status, data

    def running(self):
        return time.monotonic() < self.stop_at

    def pause(self, seconds):
        time.sleep(min(max(0.0, self.stop_at - time.monotonic()), seconds))

    def table(self, match_id, token, rng):
        phone = Phone(self.args.port)
        phone.request("GET", f"/matches/table/{token}/")
        self.pause(rng.uniform(0, self.args.save_every))
        pad = f"/matches/{match_id}/"
        while self.running():
            status, html = self.timed("table pad", phone, "GET", pad, 200)
            if status != 200:
                self.pause(self.args.save_every)
                continue
            page = html.decode()
            fields = {name: re.search(rf'name="{name}" value="([^"]*)"', page) for name in
                      ("csrfmiddlewaretoken", "number", "revision")}
            if not all(fields.values()):
                break  # the match is over: this table is done for the night
            form = {name: m.group(1) for name, m in fields.items()}
            form.update({"action": "save", "end": "knock", "by": rng.choice("ab"), "knocker_deadwood": rng.randint(0, 10),
                         "defender_deadwood": rng.randint(11, 30)})
            self.timed("hand save", phone, "POST", f"/matches/{match_id}/hands/new/",
                       302, body=urllib.parse.urlencode(form),
                       headers={"Content-Type": "application/x-www-form-urlencoded",
                                "Referer": f"http://127.0.0.1:{self.args.port}{pad}"})
            self.pause(rng.uniform(0.5, 1.5) * self.args.save_every)
        phone.close()

    def viewer(self, rng):
        phone = Phone(self.args.port)
        pages = [("pad 100 hands", self.plan["pad"]), ("round page", self.plan["round"]),
                 ("standings", self.plan["standings"]), ("floor", self.plan["floor"])]
        i = rng.randrange(len(pages))
        self.pause(rng.uniform(0, self.args.read_every))
        while self.running():
            kind, path = pages[i % len(pages)]
            self.timed(kind, phone, "GET", path, 200)
            i += 1
            self.pause(rng.uniform(0.5, 1.5) * self.args.read_every)
        phone.close()

    def run(self):
        rng = random.Random(11)
        self.stop_at = time.monotonic() + self.args.seconds
        threads = [threading.Thread(target=self.table, args=(m, tok, random.Random(rng.random())), daemon=True)
                   for m, tok in self.plan["tables"]]
        threads += [threading.Thread(target=self.viewer, args=(random.Random(rng.random()),), daemon=True)
                    for _ in range(self.args.viewers)]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join(max(1.0, self.stop_at - time.monotonic() + 35))
        return time.monotonic() - started


def report(night: Night, elapsed: float, args, database: str):
    def pct(values, q):
        return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]

    floor = night.times.get("floor")
    f50, f99 = (pct(floor, 50), pct(floor, 99)) if floor else (None, None)
    print(f"\nginscore night: {len(night.plan['tables'])} tables, {args.viewers} viewers, {elapsed:.0f} s on "
          f"{database}; load average before/after {night.load_before} / {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    offered = 2 * len(night.plan["tables"]) / args.save_every + (args.viewers / args.read_every if args.read_every
                                                                  else float("inf"))
    print(f"offered load about {offered:.0f} requests/s (tables: a pad and a save every {args.save_every:g} s; "
          f"viewers: a page every {args.read_every:g} s); client timeout 30 s")
    print(f"{'kind':16} {'requests':>8} {'req/s':>7} {'p50':>9} {'p99':>9} {'errors':>7} {'p50/floor':>10} "
          f"{'p99/floor':>10}")
    for kind in KINDS:
        values, errors = night.times.get(kind, []), night.errors.get(kind, [])
        if not values:
            print(f"{kind:16} {0:>8} {'':>7} {'':>9} {'':>9} {len(errors):>7}")
            continue
        p50, p99 = pct(values, 50), pct(values, 99)
        ratio = f"{p50 / f50:>9.1f}x {p99 / f99:>9.1f}x" if f50 else ""
        print(f"{kind:16} {len(values):>8} {len(values) / elapsed:>7.1f} {p50 * 1e3:>7.1f}ms {p99 * 1e3:>7.1f}ms "
              f"{len(errors):>7} {ratio}")
    total = sum(len(v) for v in night.times.values())
    print(f"{'all':16} {total:>8} {total / elapsed:>7.1f}")
    for kind, errors in night.errors.items():
        for line in errors[:3]:
            print(f"  error ({kind}): {line}")


def main():
    args = parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="ginscore-night-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GINSCORE_", "DJANGO_"))}
    database = "PostgreSQL" if env.get("DATABASE_URL", "").startswith("postgres") else "SQLite (WAL)"
    if database.startswith("SQLite"):
        env["DATABASE_URL"] = f"sqlite:///{tmp / 'night.sqlite3'}"
    env.update(GINSCORE_DEBUG="0", GINSCORE_DATA_DIR=str(tmp / "data"), GINSCORE_STATIC_ROOT=str(tmp / "static"),
               GINSCORE_CONN_MAX_AGE="60", DJANGO_SETTINGS_MODULE="ginscore.settings",
               HOST="127.0.0.1", PORT=str(args.port))
    if args.workers:
        env["GINSCORE_WORKERS"] = str(args.workers)
    if args.threads:
        env["GINSCORE_THREADS"] = str(args.threads)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    plan = build_night(args.tables)
    server = subprocess.Popen([str(Path(sys.executable).with_name("gunicorn")), "-c", "gunicorn.conf.py"],
                              cwd=ROOT, env=env, stdout=open(tmp / "gunicorn.log", "w"), stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        probe = Phone(args.port)
        deadline = time.monotonic() + 60
        while True:
            try:
                if probe.request("GET", "/accounts/login/")[0] == 200:
                    break
            except OSError:
                probe.conn = None
            if server.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"gunicorn did not start; see {tmp / 'gunicorn.log'}")
            time.sleep(0.3)
        probe.close()
        night = Night(args, plan)
        night.load_before = f"{os.getloadavg()[0]:.1f}"
        elapsed = night.run()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    report(night, elapsed, args, database)
    errors = (tmp / "gunicorn.log").read_text().count("Traceback")
    print(f"server log: {errors} tracebacks ({tmp / 'gunicorn.log'})")


if __name__ == "__main__":
    main()
