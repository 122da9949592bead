"""gunicorn settings for ginscore (scripts/run.sh, bench/bench_night.py, the two-server test).

A score pad is a short request that spends its time in Python (the ORM, the templates), so
the server runs processes, not threads: threads of one process take turns holding Python's
lock, and on a full night (bench/bench_night.py, 2 cores) 3 processes of 4 threads spent
11.6 ms of CPU a request where 4 processes of 1 thread spent 10.1 ms, and served 182 of 192
requests/s where the threads served 160. So: one process per core plus one (a process
waiting on the database or a phone leaves its core to another), one request at a time each;
the phones' kept-alive connections wait in each process's poller, not in a thread. A second
extra process costs more in switching than it gains in waiting: in three nights run back to
back with each, 3 processes on 2 cores kept the hand saves' p99 at 106, 130 and 289 ms where
4 kept it at 153, 200 and 578 ms, at 5-7% less CPU a request. Every value can be changed from
the environment (GINSCORE_WORKERS, GINSCORE_THREADS).
"""
import gc
import multiprocessing
import os
import resource
import signal
import threading
import time

# scripts/run.sh binds a socket file that only its front (nginx) uses (GINSCORE_BIND=unix:PATH).
bind = os.environ.get("GINSCORE_BIND") or f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("GINSCORE_WORKERS", multiprocessing.cpu_count() + 1))
worker_class = "gthread"
threads = int(os.environ.get("GINSCORE_THREADS", "1"))
# Phones keep their connection open between taps.
keepalive = 5
timeout = 30
graceful_timeout = 10
# Settings (and the secret key file) are read once, before the workers start.
preload_app = True
wsgi_app = "ginscore.wsgi:application"
errorlog = "-"
loglevel = os.environ.get("GINSCORE_GUNICORN_LOG_LEVEL", "info")
accesslog = "-" if os.environ.get("GINSCORE_ACCESS_LOG") == "1" else None
proc_name = "ginscore"
# No control socket: several servers (or several app servers of one club) share a machine.
control_socket_disable = True


# Garbage collection: everything loaded before the workers start (Django, the site, its settings)
# lives as long as the server, so it is moved out of the collector's sight before each fork; and a
# request makes thousands of short-lived objects, so the youngest generation is collected less
# often. Both cut the CPU a request costs (the collector otherwise walks every object loaded
# at start-up) and the pauses the slowest requests suffered.
GC_THRESHOLD = tuple(int(n) for n in os.environ.get("GINSCORE_GC_THRESHOLD", "5000,20,20").split(","))


def when_ready(server):
    """The site loaded in the master (preload_app) and made ready before the workers are forked:
    templates compiled, the address table built (ginscore/club/warm.py)."""
    from ginscore.club.warm import warm

    warm()


def pre_fork(server, worker):
    gc.collect()
    gc.freeze()


def post_fork(server, worker):
    gc.set_threshold(*GC_THRESHOLD)


# Every request has a time and a memory bound. gunicorn's own ``timeout`` only notices a worker
# whose main loop stops; a threaded worker's loop goes on while one request runs for minutes. So
# each worker watches its requests: one that runs past GINSCORE_REQUEST_SECONDS (60), or a process
# that grows past GINSCORE_WORKER_MEMORY_MB (1,024) while serving, is logged and the worker is
# ended at once (gunicorn starts a fresh one; the database takes back the request's unfinished
# transaction). A worker that has grown past the bound after a request finishes it, then is
# replaced. The site's largest requests (an import of 500 records, the download of every record,
# a match sheet of 2,000 hands) take a few seconds and about 150 MB.
REQUEST_SECONDS = float(os.environ.get("GINSCORE_REQUEST_SECONDS", "60"))
WORKER_MEMORY_MB = float(os.environ.get("GINSCORE_WORKER_MEMORY_MB", "1024"))
_serving: dict[int, tuple[float, str]] = {}   # thread -> (start, "GET /path") of the requests in hand


def _resident_mb() -> float:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def _watch(worker) -> None:
    while True:
        time.sleep(0.25)
        now, mb = time.monotonic(), _resident_mb()
        for start, what in list(_serving.values()):
            # Every bound crossed is named: a request that held the process (and this thread) while it
            # grew may be past both by the time this thread runs again.
            reasons = [reason for reason, crossed in (
                (f"grew the worker to {mb:.0f} MB (bound {WORKER_MEMORY_MB:g} MB)", mb > WORKER_MEMORY_MB),
                (f"ran past {REQUEST_SECONDS:g} s", now - start > REQUEST_SECONDS)) if crossed]
            if reasons:
                worker.log.error("Request %s %s: worker %s ended (GINSCORE_REQUEST_SECONDS, "
                                 "GINSCORE_WORKER_MEMORY_MB)", what, " and ".join(reasons), os.getpid())
                os.kill(os.getpid(), signal.SIGKILL)


# Logged by each worker once it takes connections, with how many there are (bench/loopback.py waits
# for every worker's and reads the count here; its WORKER_SERVING reads this text: this file is not
# a module the bench can import).
SERVING = "Worker %s takes connections (%d workers)"


def post_worker_init(worker):
    threading.Thread(target=_watch, args=(worker,), name="ginscore-request-bounds", daemon=True).start()
    worker.log.info(SERVING, os.getpid(), worker.cfg.workers)


def pre_request(worker, req):
    _serving[threading.get_ident()] = (time.monotonic(), f"{req.method} {req.path}")


def _peak_mb() -> float:
    """The most this process has ever held resident (Linux counts ru_maxrss in kB): no file read."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def post_request(worker, req, environ, resp):
    _serving.pop(threading.get_ident(), None)
    # Now is never above the peak: /proc is read (10 us a request, against 0.7 us) only past the bound.
    if _peak_mb() > WORKER_MEMORY_MB and _resident_mb() > WORKER_MEMORY_MB:
        worker.log.warning("Worker %s grew to %.0f MB: replaced after this request", os.getpid(), _resident_mb())
        worker.alive = False
