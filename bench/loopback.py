"""What the room benchmarks share: the site started as scripts/run.sh serves it (nginx in front of
gunicorn; ``--direct``: gunicorn alone, as before the front), and phones
that talk to it on loopback from one asyncio event loop.

The clients are light on purpose: the machine has few cores, and a client that spends them
(hundreds of Python threads fighting for one lock) would slow the server it measures and add
its own waiting to every figure. Each phone is one keep-alive HTTP/1.1 connection with its
cookies, driven by one event loop in this process; the loop's own lateness is measured and
printed with the figures, and so is the CPU time the server and the client each spent.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import json
import mmap
import os
import random
import re
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLIENT_TIMEOUT = 30.0
# What each gunicorn worker logs once it takes connections, and how many workers there are
# (gunicorn.conf.py's SERVING).
WORKER_SERVING = re.compile(r"Worker \d+ takes connections \((\d+) workers\)")
GOAL_SAVE_P99 = 0.250   # seconds: a table's hand save, 99 in 100 times, however busy the room


# The site


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _AskWhole(argparse.Action):
    """--identity: every Phone asks for its answers whole."""

    def __call__(self, parser, namespace, values, option_string=None):
        Phone.ENCODING = "identity"
        setattr(namespace, self.dest, True)


def site_arguments(p: argparse.ArgumentParser) -> None:
    """The options every room benchmark takes: where the site listens and its gunicorn's shape."""
    p.add_argument("--port", type=int, help="loopback port (default: a free one)")
    p.add_argument("--workers", type=int, help="gunicorn processes (default: gunicorn.conf.py's)")
    p.add_argument("--threads", type=int, help="threads per process (default: gunicorn.conf.py's)")
    p.add_argument("--direct", action="store_true",
                   help="gunicorn alone on the port, without scripts/run.sh's front (nginx)")
    p.add_argument("--identity", action=_AskWhole, nargs=0, default=False,
                   help="the phones ask for every answer whole (Accept-Encoding: identity), no browser does: "
                        "a board of 1,024 tables then comes as 0.8 MB instead of 25 kB")


# Settings of the site a benchmark may be run with (the others are scripts/run.sh's).
PASSED_ON = ("GINSCORE_PG_PREPARE", "GINSCORE_PG_HEALTH_QUERY", "GINSCORE_PREPARED", "GINSCORE_KEPT_PAGES", "GINSCORE_ROUND_LINES",
             "GINSCORE_KEPT_PARTS", "GINSCORE_KEPT_RESULTS", "GINSCORE_LIVE_POLL_EARLY",
             "GINSCORE_LIVE_POLL_SHARED",  # the caches' switches
             "GINSCORE_WORKER", "GINSCORE_TASKS")  # the background jobs' worker (docs/background-jobs.md)


def environment(port: int, workers: int | None = None, threads: int | None = None) -> tuple[dict, str, Path]:
    """The environment scripts/run.sh gives gunicorn, with a throw-away data directory and, unless
    DATABASE_URL names a PostgreSQL database, a throw-away SQLite file (WAL mode); of this process's
    own GINSCORE_ settings, only those of ``PASSED_ON``. Also set in this process, which fills the
    database. Returns (env, database label, scratch directory)."""
    tmp = Path(tempfile.mkdtemp(prefix="ginscore-bench-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GINSCORE_", "DJANGO_")) or k in PASSED_ON}
    database = "PostgreSQL" if env.get("DATABASE_URL", "").startswith("postgres") else "SQLite (WAL)"
    if database.startswith("SQLite"):
        env["DATABASE_URL"] = f"sqlite:///{tmp / 'night.sqlite3'}"
    env.update(GINSCORE_DEBUG="0", GINSCORE_DATA_DIR=str(tmp / "data"), GINSCORE_STATIC_ROOT=str(tmp / "static"),
               GINSCORE_CONN_MAX_AGE="60", DJANGO_SETTINGS_MODULE="ginscore.settings",
               HOST="127.0.0.1", PORT=str(port))
    if workers:
        env["GINSCORE_WORKERS"] = str(workers)
    if threads:
        env["GINSCORE_THREADS"] = str(threads)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    return env, database, tmp


def prepare_database():
    """Tables created and static files collected, as scripts/setup.sh and run.sh do; and the club
    started (an account exists: else every page sends the phones to the first-run page)."""
    import secrets

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    if not get_user_model().objects.exists():
        get_user_model().objects.create_user("bench-admin", password=secrets.token_urlsafe(16))


def processes():
    """(pid, name, parent, process group, own CPU seconds, CPU seconds of its ended children) of every
    process living now."""
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        yield (int(entry.name), stat[stat.index("(") + 1:stat.rindex(")")], int(fields[1]), int(fields[2]),
               (int(fields[11]) + int(fields[12])) / tick, (int(fields[13]) + int(fields[14])) / tick)


def group_cpu_seconds(group: int) -> float:
    """User and system time so far of the living processes of the process group ``group``."""
    return sum(own for _, _, _, g, own, _ in processes() if g == group)


class Site:
    """The site as scripts/run.sh serves it (nginx in front of gunicorn: run.sh itself, on a database
    already filled), or with ``front=False`` gunicorn alone (gunicorn.conf.py) on the port; in its
    own process group, stopped on leaving the block."""

    def __init__(self, env: dict, tmp: Path, port: int, front: bool = True):
        self.env, self.port, self.log, self.front = env, port, tmp / "gunicorn.log", front
        self.proc = None

    def __enter__(self):
        # --direct: gunicorn alone, with the jobs' worker beside it as run.sh starts it.
        argv = (["scripts/run.sh"] if self.front else
                ["bash", "-c", f"{sys.executable} manage.py db_worker --no-startup-delay --no-reload --verbosity 0 & "
                 f"exec {Path(sys.executable).with_name('gunicorn')} -c gunicorn.conf.py"])
        self.proc = subprocess.Popen(argv, cwd=ROOT, env={**self.env, "GINSCORE_DEMO": "0"},
                                     stdout=open(self.log, "w"), stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 120
        while True:
            try:
                if asyncio.run(Phone(self.port).get_once("/accounts/login/")) == 200:
                    self._every_worker_serving(deadline)
                    return self
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                sys.exit(f"the site did not start; see {self.log}")
            time.sleep(0.3)

    def _every_worker_serving(self, deadline: float) -> None:
        """Waits until each of gunicorn's workers takes connections (gunicorn.conf.py logs it, in
        run.sh's output too), not only the one that answered first. A worker forked late on a busy machine would
        otherwise find the night's first connections (bench_slow_clients.py's slow ones) taken by
        the others, and serve every phone at once: the night would not be the one measured."""
        serving = []
        while time.monotonic() < deadline:
            serving = WORKER_SERVING.findall(self.log.read_text(errors="replace"))
            if serving and len(serving) >= int(serving[0]):
                return
            time.sleep(0.1)
        self.stop()
        sys.exit(f"not every worker of the site started ({serving[0] if serving else '?'}); see {self.log}")

    def cpu_seconds(self) -> float:
        """User and system time of the server's processes (master and workers) so far."""
        return group_cpu_seconds(self.proc.pid)

    def tracebacks(self) -> int:
        return self.log.read_text().count("Traceback")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()

    def __exit__(self, *exc):
        self.stop()


# The phones


class Phone:
    """One browser: one keep-alive HTTP/1.1 connection and its cookies. Like a browser it takes an answer
    compressed (the front sends the board so) and opens it before using it; with ``ENCODING`` (or
    ``encoding``) "identity" it asks for every answer whole (``--identity``: as every phone here did
    before 2026-11-29)."""

    ENCODING = "gzip"

    def __init__(self, port: int, encoding: str | None = None):
        self.port, self.encoding = port, encoding or Phone.ENCODING
        self.cookies: dict[str, str] = {}
        self.reader = self.writer = None
        self.head_at = 0.0   # (time.perf_counter()) when the last answer's head had come

    async def _connect(self):
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None,
                      opened: bool = True):
        """(status, headers with lower-case names, body). A keep-alive connection the server closed
        while idle is opened again once, as a browser does; any other failure raises. ``opened``
        False: a compressed body is left so (a live poll's page, which the client never reads: a
        phone opens it on its own CPU, not on the site's machine, where this client runs)."""
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", f"Accept-Encoding: {self.encoding}"]
        for name, value in (headers or {}).items():
            head.append(f"{name}: {value}")
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if body or method == "POST":
            head.append(f"Content-Length: {len(body)}")
        data = ("\r\n".join(head) + "\r\n\r\n").encode() + body
        for attempt in range(2):
            reused = self.writer is not None
            if not reused:
                await self._connect()
            try:
                self.writer.write(data)
                await self.writer.drain()
                status, response_headers, content = await self._response(method)
                break
            except (ConnectionError, asyncio.IncompleteReadError) as e:
                self.close()
                if attempt or not reused or getattr(e, "partial", b""):
                    raise
        for value in response_headers.get("set-cookie", []):
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if "close" in response_headers.get("connection", [""])[0].lower():
            self.close()
        if opened and content and response_headers.get("content-encoding", [""])[0].lower() == "gzip":
            content = gzip.decompress(content)
        return status, response_headers, content

    async def _response(self, method):
        head = await self.reader.readuntil(b"\r\n\r\n")
        self.head_at = time.perf_counter()
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers: dict[str, list[str]] = defaultdict(list)
        for line in lines[1:]:
            if line:
                name, _, value = line.partition(":")
                headers[name.strip().lower()].append(value.strip())
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            return status, headers, b""
        if "chunked" in headers.get("transfer-encoding", [""])[0].lower():
            chunks = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunks.append(await self.reader.readexactly(size + 2))
                if size == 0:
                    break
            return status, headers, b"".join(c[:-2] for c in chunks)
        if "content-length" in headers:
            return status, headers, await self.reader.readexactly(int(headers["content-length"][0]))
        content = await self.reader.read()
        self.close()
        return status, headers, content

    async def get_once(self, path):
        try:
            return (await self.request("GET", path))[0]
        finally:
            self.close()


# What was measured


@dataclass
class Tally:
    """Every request's time by kind, the failures, and how late the clients were (the event loop's own
    lateness: a client that cannot keep up would show here, not be mistaken for the server)."""

    warmup_until: float = 0.0
    times: dict = field(default_factory=lambda: defaultdict(list))
    statuses: dict = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    errors: dict = field(default_factory=lambda: defaultdict(list))
    sent: dict = field(default_factory=lambda: defaultdict(int))
    lateness: list = field(default_factory=list)
    done: int = 0  # every answer, warm-up included (the server's CPU time is shared out over these)
    heads: dict = field(default_factory=lambda: defaultdict(list))   # until the answer's head came, by kind

    async def timed(self, kind: str, phone: Phone, method: str, path: str, expect=(200,), **kw):
        """The request, timed from sending to the last byte; counted unless sent during the warm-up."""
        counted = time.monotonic() >= self.warmup_until
        if counted:
            self.sent[kind] += 1
        t0 = time.perf_counter()
        try:
            async with asyncio.timeout(CLIENT_TIMEOUT):   # (no task of its own, as wait_for makes: the client's CPU)
                status, headers, content = await phone.request(method, path, **kw)
        except Exception as e:  # noqa: BLE001 - every failure is counted and reported
            phone.close()
            status, headers, content = f"{type(e).__name__} {e}".strip(), {}, b""
        elapsed = time.perf_counter() - t0
        self.done += 1
        if counted:
            if status in expect:
                self.times[kind].append(elapsed)
                self.heads[kind].append(phone.head_at - t0)
                self.statuses[kind][status] += 1
            else:
                self.errors[kind].append(f"{status} {method} {path} {content[:120]!r}")
        return status, headers, content

    def take(self, warmup_until: float) -> "Tally":
        """What was measured so far, handed over; this tally starts again, counting from ``warmup_until``
        (the clients keep using it: a benchmark in steps takes one tally a step)."""
        taken = Tally(self.warmup_until, self.times, self.statuses, self.errors, self.sent, self.lateness, self.done)
        fresh = Tally(warmup_until)
        self.times, self.statuses, self.errors = fresh.times, fresh.statuses, fresh.errors
        self.sent, self.lateness, self.done, self.warmup_until = fresh.sent, fresh.lateness, 0, warmup_until
        return taken

    async def schedule(self, rng: random.Random, every: float, start: float, stop_at: float):
        """Yields at a client's times until ``stop_at``: the first at random within ``every`` of
        ``start``, then every ``every`` seconds on average (0.5 to 1.5 times it). The times are
        kept whatever the answers do: a late answer is followed at once, not a period later."""
        due = start + rng.uniform(0, every)
        while True:
            await self.sleep(due - time.monotonic(), stop_at)
            if time.monotonic() >= stop_at:
                return
            due += rng.uniform(0.5, 1.5) * every
            yield due

    async def sleep(self, seconds: float, stop_at: float):
        """Sleeps (never past ``stop_at``), noting how late the loop woke up."""
        seconds = max(0.0, min(stop_at - time.monotonic(), seconds))
        due = time.monotonic() + seconds
        await asyncio.sleep(seconds)
        if due >= self.warmup_until:
            self.lateness.append(time.monotonic() - due)


async def live_viewer(tally: Tally, port: int, path: str, rng: random.Random, every: float, stop_at: float,
                      opened: str = "page opened", poll: str = "live poll", redrawn: str | None = None,
                      open_within: float = 0.0, seen=None, cookies: dict | None = None):
    """One open page, as static/ginscore/live.js keeps it: loaded once (at a random moment within
    ``open_within`` seconds), then asked for again on its schedule with its ETag (If-None-Match,
    X-Live: 1): 304 while nothing changed, the new page when something did. Timed under ``opened``
    and ``poll``; the polls answered with a new page also under ``redrawn`` (the page's cost when
    it changed). A table's pad names the versions of its block of pads (<meta name="live-versions">):
    those are polled first, without cookies, under ``poll`` too, and the page only when its version
    there moved. ``cookies``: the phone's own (a player's session: its polls are never shared by the
    front), else a visitor's, without any. ``seen(sent, answered, etag, how)``, if given, is told the version the page shows
    after each answer and how the front made that answer (its X-Cache) (bench/rehearsal.py: how long
    until every viewer saw a hand, and how a poll behind was answered)."""
    phone = Phone(port)
    phone.cookies.update(cookies or {})
    await tally.sleep(rng.uniform(0, open_within), stop_at)
    sent = time.monotonic()
    status, headers, content = await tally.timed(opened, phone, "GET", path)
    etag = (headers.get("etag") or [""])[0]
    # A phone with a session polls a page visitors share as one of them, when the page says so
    # (live.js: without its cookies, its version named in each language; its own page on a change).
    languages = poll_languages(content) if cookies else []
    visitor = Phone(port) if languages else None
    # A table's pad names the versions of its block of pads: polled first, without cookies, the
    # page only when its version there moved (live.js); not there (a 4xx), the page polled itself.
    versions = live_versions(content) if status == 200 else None
    shared, known, known_tag = Phone(port) if versions else None, None, None
    if seen and status == 200:
        seen(sent, time.monotonic(), etag, (headers.get("x-cache") or ["-"])[0])
    async for _ in tally.schedule(rng, every, time.monotonic(), stop_at):
        sent = time.monotonic()
        counted, started = sent >= tally.warmup_until, time.perf_counter()
        now, own_poll = etag_version(etag), poll
        if versions and now is not None:
            status, headers, body = await tally.timed(
                poll, shared, "GET", versions[0], expect=(200, 304),
                headers={"X-Live": "1", **({"If-None-Match": known_tag} if known_tag else {})})
            if status == 200:
                known, known_tag = json.loads(body), (headers.get("etag") or [None])[0]
            elif status != 304 and isinstance(status, int) and status < 500:
                versions = None   # (the page polled itself, from now on)
            if versions and (status not in (200, 304) or (known is not None and known.get(versions[1]) == now)):
                if seen and status in (200, 304):
                    seen(sent, time.monotonic(), etag, (headers.get("x-cache") or ["-"])[0])
                continue
        if visitor is not None and now is not None:
            tags = ", ".join(f'"{now}.{code}"' for code in languages)
            status, headers, _ = await tally.timed(poll, visitor, "GET", path, expect=(200, 304),
                                                   headers={"If-None-Match": tags, "X-Live": "1"}, opened=False)
            moved = status == 200 and etag_version((headers.get("etag") or [""])[0]) != now
            own_poll = poll.replace(" poll", " own poll") if moved else None
        if own_poll:
            status, headers, _ = await tally.timed(own_poll, phone, "GET", path, expect=(200, 304), opened=False,
                                                   headers={"If-None-Match": etag, "X-Live": "1"} if etag else {})
            if status == 200:
                etag = (headers.get("etag") or [etag])[0]
                if redrawn and counted:
                    tally.times[redrawn].append(time.perf_counter() - started)
        if seen and status in (200, 304):
            seen(sent, time.monotonic(), etag, (headers.get("x-cache") or ["-"])[0])
    phone.close()
    for other in (visitor, shared):
        if other is not None:
            other.close()


_LIVE_VERSIONS = re.compile(rb'<meta name="live-versions" content="([^"]*)" data-key="([^"]*)">')
_POLL_LANGUAGES = re.compile(rb'<meta name="live-poll-languages" content="([^"]*)"')
_ETAG_VERSION = re.compile(r'^(?:W/)?"(.*)\.[^."]*"$')


def poll_languages(page: bytes) -> list[str]:
    """The languages a page asks live.js to name its version in when polling as a visitor (ginscore/club/live.py)."""
    found = _POLL_LANGUAGES.search(page or b"")
    return found.group(1).decode().split() if found else []


def live_versions(page: bytes) -> tuple[str, str] | None:
    """(address, key) of the versions a page's live.js polls first (a table's pad: its block of pads), or None."""
    found = _LIVE_VERSIONS.search(page or b"")
    return (found.group(1).decode(), found.group(2).decode()) if found else None


def etag_version(tag: str) -> str | None:
    """The version a live page's ETag names ('"v.fr"': "v"), as live.js reads it."""
    found = _ETAG_VERSION.match(tag or "")
    return found.group(1) if found else None


def gunicorn_shape(env: dict) -> str:
    """"3 workers x 1 threads": what gunicorn.conf.py makes of the environment."""
    import runpy

    saved = dict(os.environ)
    os.environ.update(env)
    try:
        conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return f"{conf['workers']} workers x {conf['threads']} threads ({conf['worker_class']})"


def percentile(values, q):
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def run(coroutine):
    """``asyncio.run``, on uvloop's event loop when it is installed (requirements-dev.txt) and
    ``GINSCORE_BENCH_LOOP`` is not "asyncio": the phones' client shares the cores with the site, and
    uvloop's loop costs it less CPU a request (docs/performance.md, "How the benchmarks work").
    While it runs, the client goes before the site's processes for the cores (``client_first``)."""
    with client_first(), asyncio.Runner(loop_factory=_loop_factory()) as runner:
        return runner.run(coroutine)


# The phones' niceness while they play (GINSCORE_BENCH_NICE; 0: the site's own, as before 2026-11-30).
CLIENT_NICE = int(os.environ.get("GINSCORE_BENCH_NICE", "-10"))


@contextlib.contextmanager
def client_first():
    """The phones (this thread: the event loop's) at niceness ``CLIENT_NICE`` while inside,
    then back. The phones of a real night are on their own hardware; here they share two cores with
    the front, the app servers and the databases, and on even terms the kernel left them waiting
    behind the site's processes for up to a second (their timers' lateness), which counted as the
    site's time. Started after the site, so no server inherits it. Lowering a niceness needs root:
    elsewhere the phones keep the site's (``client_niceness`` says which)."""
    before = os.getpriority(os.PRIO_PROCESS, 0)
    try:
        os.setpriority(os.PRIO_PROCESS, 0, CLIENT_NICE)
    except PermissionError:
        pass
    try:
        yield
    finally:
        os.setpriority(os.PRIO_PROCESS, 0, before)   # (raising one back is always allowed)


def client_niceness() -> str:
    """The phones' niceness as ``run`` would set it here, for the figures ("niceness -10")."""
    with client_first():
        return f"niceness {os.getpriority(os.PRIO_PROCESS, 0)}"


def _loop_factory():
    if os.environ.get("GINSCORE_BENCH_LOOP", "uvloop") == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def loop_name() -> str:
    """The event loop the phones run on ("uvloop" or "asyncio") and their niceness (``client_first``)."""
    return ("uvloop" if _loop_factory() is not None else "asyncio") + ", " + client_niceness()


def client_cpu() -> float:
    """The CPU seconds this process (the phones) has spent."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def machine_speed() -> float:
    """Seconds this machine takes for a fixed loop of plain Python (20 million additions): a shared
    machine's speed varies from hour to hour (on the 2-core machine of the README, 1.7 s quiet,
    up to 2.6 s busy), and a night's figures are only comparable at a like speed."""
    started = time.process_time()
    total = 0
    for i in range(20_000_000):
        total += i
    return time.process_time() - started


def page_fault_seconds(pages: int = 16_384) -> float:
    """Seconds a page of new memory takes to be touched first (a page fault), over ``pages`` (64 MiB)."""
    started = time.perf_counter()
    memory = mmap.mmap(-1, pages * 4096)
    for offset in range(0, pages * 4096, 4096):
        memory[offset] = 1
    memory.close()
    return (time.perf_counter() - started) / pages


def program_start_seconds(command=("/bin/true",), times: int = 20) -> float:
    """Seconds a program takes to be started and ended, over ``times``."""
    started = time.perf_counter()
    for _ in range(times):
        subprocess.run(list(command), check=True)
    return (time.perf_counter() - started) / times


def machine_kernel() -> str:
    """What this machine's kernel charges for what servers and browsers do all the time, which the
    plain-Python loop of ``machine_speed`` does not show: a page of new memory touched first (a page
    fault) and a small program started and ended. On the virtual machine of 2026-11-29 evening to
    11-30, whose loop took 0.9-1.4 s (quick), these cost 6-7 us and 1.0 ms, and the suite and the
    servers spent two and a half times the CPU they spent on the machine of 2026-11-29 morning.
    bench/bench_machine.py prints these and more."""
    fault = (page_fault_seconds() + page_fault_seconds()) / 2
    return f"a new page touched {fault * 1e6:.1f} us, a program started {program_start_seconds() * 1e3:.2f} ms"


def load_average() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def spread(seed: int, n: int) -> list[random.Random]:
    rng = random.Random(seed)
    return [random.Random(rng.random()) for _ in range(n)]
