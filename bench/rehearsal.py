"""Rehearsal of a championship on loopback: several app servers behind one front, one killed midway.

Starts, on this machine: redis-server (the shared cache, GINSCORE_CACHE_URL), --servers app
servers (gunicorn as gunicorn.conf.py makes it, each with its own data folder, one secret key,
the shared cache) on socket files, and the front (Debian's nginx, ginscore/front.py) sharing the
requests between them; on the PostgreSQL database DATABASE_URL names (a scratch one: its tables
are created and filled) or a throw-away SQLite file. Plays bench/bench_night.py's realistic night
through the front and, --kill-at of the way through the measured seconds, kills one app server
(SIGKILL, its whole process group). Prints the night's figures, then what was lost: the hand saves
the phones were told were saved against the hands in the database (none lost, none doubled).

    .venv/bin/python bench/rehearsal.py --tables 64 --viewers 256 --boards 2 --seconds 30
    DATABASE_URL=postgres://ginscore@127.0.0.1:54332/scratch .venv/bin/python bench/rehearsal.py --servers 3
"""
from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_night  # noqa: E402
from loopback import (  # noqa: E402
    ROOT, Phone, client_cpu, environment, free_port, group_cpu_seconds, gunicorn_shape, load_average,
)

KEY = "the-championship-rehearsal-key-shared-by-every-app-server-" + "k" * 20


def parse_args(argv=None):
    extra = [a for a in (argv if argv is not None else sys.argv[1:])]
    servers, kill_at = 2, 0.5
    for name in ("--servers", "--kill-at"):
        if name in extra:
            i = extra.index(name)
            value = extra[i + 1]
            del extra[i:i + 2]
            servers, kill_at = (int(value), kill_at) if name == "--servers" else (servers, float(value))
    args = bench_night.parse_args(extra)
    args.servers, args.kill_at, args.direct = servers, kill_at, False
    return args


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


class CountingTally(bench_night.Tally):
    """bench_night's tally, also counting every hand save answered "saved", the warm-up's included."""

    saved = 0

    async def timed(self, kind, phone, method, path, expect=(200,), **kw):
        status, headers, content = await super().timed(kind, phone, method, path, expect, **kw)
        if kind == "hand save" and status == 302:
            CountingTally.saved += 1
        return status, headers, content


def hands_stored() -> int:
    from ginscore.matches.models import Hand

    return Hand.objects.count()


def main(argv=None):
    args = parse_args(argv)
    env, database, tmp = environment(args.port, args.workers, args.threads)
    from ginscore import front

    plan = bench_night.build_night(args.tables)
    before = hands_stored()
    redis_port = free_port()
    cache_url = f"redis://127.0.0.1:{redis_port}/0"
    procs = [start([shutil.which("redis-server") or "/usr/bin/redis-server", "--port", str(redis_port), "--bind",
                    "127.0.0.1", "--save", "", "--appendonly", "no"], env, tmp / "redis.log")]
    sockets = [tmp / f"app{i}.sock" for i in range(args.servers)]
    servers = []
    try:
        for i, sock in enumerate(sockets):
            server_env = {**env, "GINSCORE_DATA_DIR": str(tmp / f"app{i}"), "GINSCORE_SECRET_KEY": KEY,
                          "GINSCORE_CACHE_URL": cache_url, "GINSCORE_FRONT": "1", "GINSCORE_BIND": f"unix:{sock}"}
            servers.append(start([str(Path(sys.executable).with_name("gunicorn")), "-c", "gunicorn.conf.py"],
                                 server_env, tmp / f"app{i}.log"))
        procs += servers
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

        async def rehearsal():
            async def kill():
                await asyncio.sleep(args.warmup + args.seconds * args.kill_at + 5)   # (5 s: seating the tables)
                killed_cpu.append(group_cpu_seconds(servers[0].pid))
                os.killpg(servers[0].pid, signal.SIGKILL)
                print(f"app server 1 of {args.servers} killed at {time.strftime('%H:%M:%S')}")
            killer = asyncio.ensure_future(kill())
            result = await bench_night.night(args, plan)
            killer.cancel()
            return result

        bench_night.Tally = CountingTally
        killed_cpu = []
        load_before, client0 = load_average(), client_cpu()
        server0 = sum(group_cpu_seconds(p.pid) for p in procs)
        tally, elapsed = asyncio.run(rehearsal())
        server = sum(group_cpu_seconds(p.pid) for p in procs) + sum(killed_cpu) - server0
        cpu = {"server": server, "requests": tally.done, "client": client_cpu() - client0,
               "workers": f"{args.servers} app servers of {gunicorn_shape(env)}, Redis (CPU: all of them and nginx)"}
        bench_night.report(tally, elapsed, args, database, plan, cpu, (load_before, load_average()))
    finally:
        for proc in reversed(procs):
            stop(proc)
    stored = hands_stored() - before
    print(f"hand saves the phones were told were saved: {CountingTally.saved}; hands stored: {stored} "
          f"({'none lost, none doubled' if stored == CountingTally.saved else 'NOT the same'}; a save whose answer "
          "was lost with the killed server is an error above, and may or may not be stored)")
    print(f"logs in {tmp}")


if __name__ == "__main__":
    main()
