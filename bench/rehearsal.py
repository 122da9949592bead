"""Rehearsal of a championship on loopback, side by side with today's one box, in one run.

Plays bench/bench_night.py's realistic night twice, back to back, each set-up in a process of its
own (its own database, its own servers, all stopped and removed afterwards):

- **one box**: the site as ``scripts/run.sh`` serves it (the front, nginx, before one gunicorn;
  a throw-away SQLite in WAL mode; the pages kept in files);
- **championship**: a PostgreSQL server this script starts (initdb in a scratch folder, a private
  port, PostgreSQL's own durability settings: fsync, synchronous_commit and full_page_writes on),
  Redis (the shared cache, ``GINSCORE_CACHE_URL``), ``--servers`` app servers (gunicorn as
  gunicorn.conf.py makes it, each with its own data folder, one secret key, the shared cache, on
  a socket file), the background jobs' worker (``manage.py db_worker``, when the site has it) and
  the front (ginscore/front.py's nginx sharing the requests between them);
  ``--kill-at`` of the way through the measured seconds one app server is killed (SIGKILL, its
  whole process group: a crash; ``--kill-with TERM``: a restart, gunicorn ending the requests it has
  first). With ``DATABASE_URL`` set to a PostgreSQL database, that one is used
  instead (a scratch one: its tables are created and filled).

The tables' phones send their hands as a phone's outbox does (static/ginscore/outbox.js: the send
URL with the hand's entry_key, sent again after no answer or a 5xx; bench_night.py ``--outbox``).
Each set-up prints bench_night's figures (an error there is what the front answered), then what was
lost (the hand saves the phones were told were saved against the hands stored; the hands a phone
had to send again, and those never told "saved": what a person lost) and what the viewers saw: every viewer of a table's pad
notes the match's revision its page shows (from the page's ETag) after each poll, and for every
save told at time t the rehearsal computes how long until every viewer of that table had seen
it (this includes the wait for each viewer's next poll: live.js asks every 1.5 s, 0.75 to 2.25 s
apart), and counts the polls sent more than 2 s after a save was told that still showed the page
before it ("behind"). Then one table, both set-ups side by side: the load offered and served,
p50/p99, errors, the front's cache, the viewers' lag, the CPU time of each part (the client,
nginx, the app servers, Redis, PostgreSQL) and the load average.

Exits non-zero when a save told "saved" is not stored (or stored twice), a hand was never told
"saved" (refused, or still in its phone's outbox when the night ended), or a viewer was behind
more than 2 s after the kill had settled (``--settle`` seconds after it).

    .venv/bin/python bench/rehearsal.py --tables 64 --viewers 256 --boards 2 --seconds 30
    .venv/bin/python bench/rehearsal.py --tables 1024 --viewers 4096 --boards 8 --seconds 60 --warmup 30 --servers 2
    .venv/bin/python bench/rehearsal.py --setups championship --tables 4 --viewers 8 --seconds 8

``--json FILE`` also writes each set-up's figures there (tests/deploy/test_rehearsal.py reads them).
"""
from __future__ import annotations

import asyncio
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_night  # noqa: E402
from loopback import (  # noqa: E402
    ROOT, Phone, Site, Tally, client_cpu, environment, free_port, gunicorn_shape, load_average, machine_kernel,
    loop_name, machine_speed, percentile, processes, run,
)

KEY = "the-championship-rehearsal-key-shared-by-every-app-server-" + "k" * 20
SETUPS = ("onebox", "championship")
LAG_GOAL = 2.0   # seconds: every viewer of a table shows a save within it
PAD_ETAG = re.compile(r"m(\d+)\.(\d+)\.")


def parse_args(argv=None):
    extra = list(argv if argv is not None else sys.argv[1:])
    own = {"--servers": 2, "--kill-at": 0.5, "--kill-with": "KILL", "--settle": 5.0, "--setups": ",".join(SETUPS), "--one": None,
           "--json": None, "--pg-port": None}
    for name, default in list(own.items()):
        if name in extra:
            i = extra.index(name)
            own[name] = type(default)(extra[i + 1]) if default is not None else extra[i + 1]
            del extra[i:i + 2]
    args = bench_night.parse_args(extra)
    args.servers, args.kill_at, args.settle = own["--servers"], own["--kill-at"], own["--settle"]
    args.kill_with = own["--kill-with"].upper().removeprefix("SIG")
    if args.kill_with not in ("KILL", "TERM"):
        sys.exit("--kill-with: KILL (a crash) or TERM (a restart: gunicorn ends the requests it has first)")
    args.setups = [s for s in own["--setups"].split(",") if s]
    if set(args.setups) - set(SETUPS) or (own["--one"] and own["--one"] not in SETUPS):
        sys.exit(f"--setups: {', '.join(SETUPS)}")
    args.one, args.json, args.direct = own["--one"], own["--json"], False
    args.outbox = True   # the phones send their hands as outbox.js does (and again after a failure)
    args.pg_port = int(own["--pg-port"] or os.environ.get("GINSCORE_PG_PORT") or free_port())
    args.passed = extra
    return args


# The servers


def wait_for(check, what: str, seconds: float = 60):
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            sys.exit(f"{what} did not start")
        time.sleep(0.2)


def start(argv, env, log: Path) -> subprocess.Popen:
    return subprocess.Popen(argv, cwd=ROOT, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT,
                            start_new_session=True)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


class PostgreSQL:
    """A throw-away PostgreSQL server (Debian's, the newest in /usr/lib/postgresql) on 127.0.0.1:``port``,
    initialised in a scratch folder and removed on leaving the block. PostgreSQL's own durability
    settings (fsync, synchronous_commit, full_page_writes on), as a championship would run it; run as
    the ``postgres`` user when this is root (PostgreSQL refuses root)."""

    def __init__(self, port: int, max_connections: int):
        self.port, self.max_connections = port, max_connections
        self.bin = Path(sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[4]))[-1])
        self.dir = Path(tempfile.mkdtemp(prefix="ginscore-rehearsal-pg-"))
        self.url = f"postgres://ginscore@127.0.0.1:{port}/postgres"

    def _run(self, *argv):
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run([*prefix, *map(str, argv)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def __enter__(self):
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        self._run(self.bin / "initdb", "-D", self.dir / "data", "-U", "ginscore", "--auth=trust")
        self._run(self.bin / "pg_ctl", "-D", self.dir / "data", "-l", self.dir / "log", "-w", "-o",
                  f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                  f"-c max_connections={self.max_connections}", "start")
        version = subprocess.run([self.bin / "postgres", "--version"], capture_output=True, text=True).stdout.split()[2]
        self.label = (f"PostgreSQL {version} (fsync, synchronous_commit, full_page_writes on; "
                      f"max_connections {self.max_connections})")
        return self

    def pid(self) -> int:
        return int((self.dir / "data" / "postmaster.pid").read_text().split()[0])

    def __exit__(self, *exc):
        try:
            self._run(self.bin / "pg_ctl", "-D", self.dir / "data", "-m", "fast", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def cpu_by_part(groups: list[int], postmaster: int | None = None) -> Counter:
    """CPU seconds so far (user and system) of the processes in the process groups ``groups``, by part:
    "front" (nginx), "redis", "app" (gunicorn, run.sh); and "postgres": the postmaster ``postmaster``,
    the connections it has ended (its children's time) and those alive."""
    parts = Counter()
    for pid, name, ppid, group, own, ended in processes():
        if postmaster and pid == postmaster:
            parts["postgres"] += own + ended
        elif postmaster and ppid == postmaster:
            parts["postgres"] += own
        elif group in groups:
            parts["front" if name.startswith("nginx") else "redis" if name.startswith("redis") else "app"] += own
    return parts


# What the viewers saw


@dataclass
class FrontTally(Tally):
    """bench_night's tally, also counting how the front answered each kind (its X-Cache header)."""

    cache: dict = field(default_factory=lambda: defaultdict(Counter))

    async def timed(self, kind, phone, method, path, expect=(200,), **kw):
        status, headers, content = await super().timed(kind, phone, method, path, expect, **kw)
        if time.monotonic() >= self.warmup_until:
            self.cache[kind][(headers.get("x-cache") or ["-"])[0]] += 1
        return status, headers, content


class Watch:
    """The saves the phones were told were saved, and the revision each viewer of a table's pad saw
    after each poll; the app server to kill, and when."""

    def __init__(self, kill=None, kill_at: float = 0.5):
        self.kill, self.kill_at, self.killed_at, self.warm = kill, kill_at, None, None
        self.saves: list[tuple[int, int, float]] = []   # (match, revision, told at) of the saves told "saved"
        self.told_hands: set[tuple[int, int]] = set()   # (match, hand number) of those
        self.tried: Counter = Counter()   # hands sent (each once, however many tries), by match
        self.sent_again = 0   # hands the phone's outbox had to send again (no answer, or a 5xx) before "saved"
        self.unsaved = 0   # hands a phone was never told "saved" (refused, or still in its outbox at the end)
        self.viewers: dict[int, list] = defaultdict(list)   # match -> each viewer's [(sent, answered, revision)]

    def told(self, match_id: int, number: int, revision: int, when: float, saved: bool, tries: int = 1) -> None:
        self.tried[match_id] += 1
        self.sent_again += saved and tries > 1
        self.unsaved += not saved
        if saved:
            self.saves.append((match_id, revision, when))
            self.told_hands.add((match_id, number))

    def lost_and_doubled(self) -> tuple[int, int, int]:
        """(saves told "saved" whose hand is not stored; hands stored beyond the saves sent to their match;
        hands stored whose phone was not told: its answer was an error), from the database."""
        from django.db.models import Count

        from ginscore.matches.models import Hand

        stored = set(Hand.objects.filter(match_id__in=self.tried).values_list("match_id", "number"))
        per_match = dict(Hand.objects.filter(match_id__in=self.tried).values("match_id")
                         .annotate(n=Count("id")).values_list("match_id", "n"))
        doubled = sum(max(0, n - self.tried[m]) for m, n in per_match.items())
        return len(self.told_hands - stored), doubled, len(stored - self.told_hands)

    def seen(self, i: int, path: str):
        found = re.fullmatch(r"/matches/(\d+)/", path)
        if not found:
            return None
        rows = []
        self.viewers[int(found.group(1))].append(rows)

        def note(sent: float, answered: float, etag: str, how: str = "-") -> None:
            version = PAD_ETAG.search(etag)
            if version:
                rows.append((sent, answered, int(version.group(2)), how))
        return note

    async def started(self, tally: Tally, stop_at: float):
        self.warmup_until, self.stop_at = tally.warmup_until, stop_at
        await asyncio.sleep(max(0.0, tally.warmup_until - time.monotonic()))
        if self.warm:
            self.warm(tally)
        if self.kill:
            await asyncio.sleep(max(0.0, tally.warmup_until + (stop_at - tally.warmup_until) * self.kill_at
                                    - time.monotonic()))
            self.kill()
            self.killed_at = time.monotonic()

    def lag(self, settle: float) -> dict:
        """For each save told after the warm-up at a table someone watches: how long until every viewer
        of that table had seen it; the polls sent over LAG_GOAL after a save was told that still showed
        the page before it (while the kill settled, and after)."""
        every_viewer, behind, behind_settling, unseen, examples, how = [], 0, 0, 0, [], Counter()
        for match_id, revision, told in self.saves:
            views = self.viewers.get(match_id)
            if told < self.warmup_until or not views:
                continue
            worst = 0.0
            for rows in views:
                seen = next((answered for _, answered, r, _ in rows if r >= revision), None)
                late = [sent for sent, _, r, _ in rows if r < revision and sent >= told + LAG_GOAL]
                if late:
                    stale = next(row for row in rows if row[0] == late[0])
                    examples.append(f"match {match_id} revision {revision} told at {told - self.warmup_until:.2f} s; "
                                    f"a poll sent {stale[0] - told:.2f} s later, answered {stale[1] - told:.2f} s "
                                    f"later, showed revision {stale[2]} (the front's X-Cache: {stale[3]})")
                    settling = self.killed_at is not None and self.killed_at - LAG_GOAL <= late[0] <= self.killed_at + settle
                    behind_settling += settling
                    behind += not settling
                    if not settling:
                        how[stale[3]] += 1
                if seen is None:
                    unseen += 1   # the night ended first (no poll of that viewer after the save)
                    continue
                worst = max(worst, seen - told)
            every_viewer.append(worst)
        every_viewer.sort()
        return {"saves": len(every_viewer), "viewers": sum(len(v) for v in self.viewers.values()),
                "p50": percentile(every_viewer, 50) if every_viewer else None,
                "p99": percentile(every_viewer, 99) if every_viewer else None,
                "max": every_viewer[-1] if every_viewer else None,
                "over": sum(lag > LAG_GOAL for lag in every_viewer),
                "behind": behind, "behind_settling": behind_settling, "behind how": dict(how), "unseen": unseen,
                "examples": examples[:5]}


# One set-up


def championship(args, env: dict, tmp: Path, procs: list):
    """Redis, the app servers, the jobs' worker and the front, each added to ``procs`` as it starts (so
    that a stop midway stops those); returns (the app servers, an app server's shape)."""
    from ginscore import front

    redis_port = free_port()
    cache_url = f"redis://127.0.0.1:{redis_port}/0"
    procs.append(start([shutil.which("redis-server") or "/usr/bin/redis-server", "--port", str(redis_port), "--bind",
                    "127.0.0.1", "--save", "", "--appendonly", "no"], env, tmp / "redis.log"))
    sockets = [tmp / f"app{i}.sock" for i in range(args.servers)]
    servers = []
    # On one machine the app servers share its cores: gunicorn.conf.py's cores + 1 processes shared
    # out between them (rounded up), unless --workers says; on machines of their own each has its own.
    workers = args.workers or -(-((os.cpu_count() or 1) + 1) // args.servers)
    for i, sock in enumerate(sockets):
        server_env = {**env, "GINSCORE_DATA_DIR": str(tmp / f"app{i}"), "GINSCORE_SECRET_KEY": KEY,
                      "GINSCORE_CACHE_URL": cache_url, "GINSCORE_FRONT": "1", "GINSCORE_BIND": f"unix:{sock}",
                      "GINSCORE_WORKERS": str(workers)}
        servers.append(start([str(Path(sys.executable).with_name("gunicorn")), "-c", "gunicorn.conf.py"],
                             server_env, tmp / f"app{i}.log"))
        procs.append(servers[-1])
    from django.core.management import get_commands

    if "db_worker" in get_commands():   # the background jobs' worker (docs/deploying.md), when the site has one
        procs.append(start([sys.executable, "manage.py", "db_worker", "--no-startup-delay", "--no-reload", "--verbosity", "0"],
                           {**server_env, "GINSCORE_DATA_DIR": str(tmp / "worker")}, tmp / "worker.log"))
    for sock in sockets:
        wait_for(sock.exists, f"the app server on {sock}")
    os.environ["GINSCORE_DATA_DIR"] = str(tmp / "front")
    place = front.write(host="127.0.0.1", port=args.port, servers=[str(s) for s in sockets])
    procs.append(start([front.nginx_binary(), "-p", str(place), "-c", str(place / "nginx.conf"), "-e", "stderr"],
                       env, tmp / "nginx.log"))

    def answers() -> bool:
        try:
            return asyncio.run(Phone(args.port).get_once("/accounts/login/")) == 200
        except OSError:
            return False
    wait_for(answers, "the front")
    return servers, gunicorn_shape(server_env)


def run_one(args) -> dict:
    """One set-up's night (in this process: Django is set up once, on that set-up's database)."""
    pg = None
    if args.one == "championship" and not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pg = PostgreSQL(args.pg_port, max_connections=max(100, args.servers * 2 * ((os.cpu_count() or 1) + 1)
                                                         * (args.threads or 1) + 20)).__enter__()
        os.environ["DATABASE_URL"] = pg.url
    procs, site = [], None
    try:
        env, database, tmp = environment(args.port, args.workers, args.threads)
        if pg:
            database = pg.label
        plan = bench_night.build_night(args.tables)
        killed = Counter()
        if args.one == "onebox":
            site = Site(env, tmp, args.port, front=True)
            site.__enter__()   # (assigned first: a stop while it starts stops it)
            groups, shape = [site.proc.pid], f"one app server of {gunicorn_shape(env)}, files as cache"
            watch = Watch()
        else:
            servers, shape = championship(args, env, tmp, procs)
            groups = [p.pid for p in procs]
            shape = f"{args.servers} app servers of {shape}, Redis as cache"

            def kill():
                killed.update(cpu_by_part([servers[0].pid]))
                os.killpg(servers[0].pid, getattr(signal, f"SIG{args.kill_with}"))
                print(f"app server 1 of {args.servers} killed (SIG{args.kill_with}) at {time.strftime('%H:%M:%S')}",
                      flush=True)
            watch = Watch(kill, args.kill_at)
        postmaster = pg.pid() if pg else None
        warm = {}

        def at_warm(tally):   # the CPU counted from the end of the warm-up (the pages' first drawing is not the night)
            warm.update(cpu=cpu_by_part(groups, postmaster), client=client_cpu(), done=tally.done)
        watch.warm = at_warm
        load_before, client0, cpu0 = load_average(), client_cpu(), cpu_by_part(groups, postmaster)
        tally, elapsed = run(bench_night.night(args, plan, tally_class=FrontTally, watch=watch))
        cpu_end = cpu_by_part(groups, postmaster) + killed
        client_end = client_cpu()
        cpu_parts = cpu_end.copy()
        cpu_parts.subtract(cpu0)
        client = client_end - client0
        measured = cpu_end.copy()
        measured.subtract(warm["cpu"])
        measured = {"cpu": dict(measured), "client": client_end - warm["client"], "requests": tally.done - warm["done"]}
        load_after = load_average()
        if site:
            site.stop()
        for proc in reversed(procs):
            stop(proc)
        server = sum(cpu_parts.values())
        cpu = {"server": server, "requests": tally.done, "client": client, "workers": shape}
        bench_night.report(tally, elapsed, args, database, plan, cpu, (load_before, load_after))
        lost, doubled, untold = watch.lost_and_doubled()
    finally:
        if site:
            site.stop()
        for proc in reversed(procs):
            stop(proc)
        if pg:
            from django.db import connections

            connections.close_all()
            pg.__exit__(None, None, None)
    lag = watch.lag(args.settle)
    result = summary(args, tally, elapsed, plan, database, shape, cpu_parts, client, (load_before, load_after),
                     (len(watch.saves), lost, doubled, untold, watch.sent_again, watch.unsaved), lag, measured)
    print_lost_and_lag(result)
    print(f"logs in {tmp}")
    return result


def summary(args, tally, elapsed, plan, database, shape, cpu_parts, client, load, kept, lag, measured) -> dict:
    polls = sorted(v for kind, values in tally.times.items() if kind.endswith(" poll") for v in values)
    saves = sorted(tally.times.get("hand save", []))
    answered = Counter()
    for kind, counts in tally.cache.items():
        if kind.endswith(" poll"):
            answered.update(counts)
    served = sum(len(v) for kind, v in tally.times.items() if kind != "board redrawn")
    return {
        "setup": args.one, "database": database, "shape": shape,
        "short": f"{1 if args.one == 'onebox' else args.servers} x {shape.split(' of ', 1)[1].split(' (')[0]}",
        "cache": "files" if args.one == "onebox" else "Redis", "tables": len(plan["tables"]),
        "viewers": args.viewers, "boards": args.boards, "seconds": elapsed,
        "offered": 2 * len(plan["tables"]) / args.save_every + (args.viewers + args.boards) / args.poll_every,
        "served": served / elapsed, "errors": sum(len(v) for v in tally.errors.values()),
        "save": (percentile(saves, 50), percentile(saves, 99)) if saves else None,
        "poll": (percentile(polls, 50), percentile(polls, 99)) if polls else None,
        "poll kinds": {kind: percentile(sorted(v), 99) for kind, v in tally.times.items() if kind.endswith(" poll")},
        "poll heads": {kind: percentile(sorted(v), 99) for kind, v in tally.heads.items() if kind.endswith(" poll")},
        "front": dict(answered),
        "front by kind": {kind: dict(counts) for kind, counts in tally.cache.items() if kind.endswith(" poll")},
        "cpu": measured["cpu"], "client": measured["client"], "requests": measured["requests"],
        "cpu with warm-up": sum(cpu_parts.values()), "client with warm-up": client, "client loop": loop_name(),
        "late p99": percentile(sorted(tally.lateness), 99) if tally.lateness else 0.0,
        "load": load, "told": kept[0], "lost": kept[1], "doubled": kept[2], "untold": kept[3], "lag": lag,
        "sent again": kept[4], "unsaved": kept[5], "save errors": len(tally.errors.get("hand save", [])),
    }


def failures(result: dict) -> list[str]:
    out = []
    if result["lost"] or result["doubled"]:
        out.append(f"{result['setup']}: of {result['told']} saves told 'saved', {result['lost']} not stored; "
                   f"{result['doubled']} hands stored beyond the saves sent")
    if result["unsaved"]:
        out.append(f"{result['setup']}: {result['unsaved']} hands were never told 'saved' to their phone (refused, "
                   "or still in its outbox when the night ended)")
    if result["lag"]["behind"]:
        out.append(f"{result['setup']}: {result['lag']['behind']} polls showed a table's pad more than "
                   f"{LAG_GOAL:g} s behind a save told (after the kill had settled)")
    return out


def ms(value) -> str:
    return "-" if value is None else f"{value * 1e3:,.0f}" if value >= 0.1 else f"{value * 1e3:.1f}"


def print_lost_and_lag(r: dict) -> None:
    lag = r["lag"]
    print(f"hand saves the phones were told were saved: {r['told']}, of which not stored: {r['lost']}; hands stored "
          f"beyond the saves sent: {r['doubled']}; stored though the phone was not told (its answer an error or "
          f"a timeout above): {r['untold']}")
    print(f"what a person saw of the saves: the front answered {r['save errors']} tries with an error; "
          f"{r['sent again']} hands were sent again by the phone's outbox (outbox.js) and then saved; "
          f"{r['unsaved']} never told 'saved' (refused, or still in the phone's outbox at the end)")
    print(f"what the viewers saw ({lag['viewers']} viewers of the tables' pads, {lag['saves']} saves watched): every "
          f"viewer of the table showed a save p50 {ms(lag['p50'])} ms, p99 {ms(lag['p99'])} ms, max {ms(lag['max'])} ms "
          f"after the phone was told (this includes the wait for each viewer's next poll, 0.75-2.25 s apart); "
          f"{lag['over']} saves over {LAG_GOAL:g} s; polls sent over {LAG_GOAL:g} s after a save and still showing "
          f"the page before it: {lag['behind']} {lag.get('behind how') or ''} (and {lag['behind_settling']} while the kill "
          f"settled); "
          f"{lag['unseen']} not yet polled again when the night ended")
    for line in lag["examples"]:
        print(f"  behind: {line}")


def side_by_side(results: list[dict], speed: tuple) -> None:
    heads = [f"{r['setup']}" for r in results]
    rows = [
        ("database", [r["database"].split(" (")[0] for r in results]),
        ("app servers x processes x threads", [r["short"] for r in results]),
        ("cache", [r["cache"] for r in results]),
        ("tables / viewers / boards", [f"{r['tables']} / {r['viewers']} / {r['boards']}" for r in results]),
        ("offered / served req/s", [f"{r['offered']:.0f} / {r['served']:.0f}" for r in results]),
        ("errors the front answered (on saves)", [f"{r['errors']} ({r['save errors']})" for r in results]),
        ("hand save p50 / p99 ms", [f"{ms(r['save'][0])} / {ms(r['save'][1])}" if r["save"] else "-" for r in results]),
        ("live polls p50 / p99 ms", [f"{ms(r['poll'][0])} / {ms(r['poll'][1])}" if r["poll"] else "-" for r in results]),
    ]
    for kind in ("player poll", "player own poll", "pad poll", "round poll", "standings poll", "board poll"):
        if not any(kind in r["poll kinds"] for r in results):
            continue   # (the players' polls: --players-poll)
        rows.append((f"  {kind} p99 ms (its head came)", [f"{ms(r['poll kinds'].get(kind))} "
                                                          f"({ms(r['poll heads'].get(kind))})" for r in results]))

    def hits(r):
        total = sum(r["front"].values()) or 1
        return ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in sorted(r["front"].items(), key=lambda kv: -kv[1])[:3])
    rows += [
        ("polls answered by the front", [hits(r) for r in results]),
        ("saves told / lost / doubled", [f"{r['told']} / {r['lost']} / {r['doubled']}" for r in results]),
        ("hands sent again by the phone / never saved", [f"{r['sent again']} / {r['unsaved']}" for r in results]),
        ("stored, the phone not told", [str(r["untold"]) for r in results]),
        ("every viewer saw a save p50/p99/max ms", [f"{ms(r['lag']['p50'])} / {ms(r['lag']['p99'])} / {ms(r['lag']['max'])}"
                                                   for r in results]),
        (f"saves seen by all over {LAG_GOAL:g} s", [f"{r['lag']['over']} of {r['lag']['saves']}" for r in results]),
        (f"polls behind over {LAG_GOAL:g} s (settling)", [f"{r['lag']['behind']} ({r['lag']['behind_settling']})"
                                                        for r in results]),
    ]
    for part in ("front", "app", "redis", "postgres"):
        rows.append((f"CPU s: {part}", [f"{r['cpu'].get(part, 0):.1f}" for r in results]))
    rows += [
        ("CPU s: all servers (cores; ms a request)",
         [f"{sum(r['cpu'].values()):.1f} ({sum(r['cpu'].values()) / (r['seconds'] or 1):.2f}; "
          f"{1e3 * sum(r['cpu'].values()) / max(1, r['requests']):.2f})" for r in results]),
        (f"CPU s: the client, on {loop_name()} (cores; ms a request)",
         [f"{r['client']:.1f} ({r['client'] / (r['seconds'] or 1):.2f}; {1e3 * r['client'] / max(1, r['requests']):.2f})"
          for r in results]),
        ("client timers late p99 ms", [ms(r["late p99"]) for r in results]),
        ("load average before / after", [f"{r['load'][0]} / {r['load'][1]}" for r in results]),
    ]
    width = max(len(name) for name, _ in rows)
    cols = [max(len(h), *(len(values[i]) for _, values in rows)) for i, h in enumerate(heads)]
    print("\n" + "=" * 20 + " side by side " + "=" * 20)
    print(f"{'':{width}}  " + "  ".join(f"{h:>{c}}" for h, c in zip(heads, cols)))
    for name, values in rows:
        print(f"{name:{width}}  " + "  ".join(f"{v:>{c}}" for v, c in zip(values, cols)))
    print(f"on {os.cpu_count()} cores; machine speed (loopback.machine_speed, lower is faster) {speed[0]:.2f} s "
          f"before, {speed[1]:.2f} s after; its kernel: {machine_kernel()}; the CPU lines count the measured "
          "seconds only (each set-up's own "
          "figures above count the warm-up too: the pages' first drawing, the tables' seating)")


def stopped(signum, frame):
    """SIGTERM (a timeout, Ctrl-C's neighbour): leave through the ``finally`` blocks, which stop the
    servers and remove PostgreSQL's folder, instead of leaving them running."""
    raise SystemExit(f"stopped by signal {signum}")


def main(argv=None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, stopped)
    if args.one:
        result = run_one(args)
        if args.json:
            Path(args.json).write_text(json.dumps(result))
        return 0
    scratch = Path(tempfile.mkdtemp(prefix="ginscore-rehearsal-"))
    speed0, results, broken = machine_speed(), [], []
    for setup in args.setups:
        print(f"\n==================== {setup} ====================", flush=True)
        out = scratch / f"{setup}.json"
        extra = ["--servers", str(args.servers), "--kill-at", str(args.kill_at), "--kill-with", args.kill_with,
                 "--settle", str(args.settle),
                 "--pg-port", str(args.pg_port)]
        one = subprocess.Popen([sys.executable, __file__, "--one", setup, "--json", str(out), *extra, *args.passed],
                               cwd=ROOT)
        try:
            returncode = one.wait()
        finally:
            if one.poll() is None:   # this process was stopped: the set-up stops its servers too
                one.terminate()
                one.wait(60)
        if returncode or not out.exists():
            broken.append(f"{setup}: the rehearsal stopped (exit {returncode})")
            continue
        results.append(json.loads(out.read_text()))
    shutil.rmtree(scratch, ignore_errors=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results))
    if results:
        side_by_side(results, (speed0, machine_speed()))
    broken += [f for r in results for f in failures(r)]
    for line in broken:
        print(f"FAILED: {line}")
    if not broken:
        print("nothing lost; no viewer behind over 2 s after the kill settled")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
