"""gunicorn settings for ginscore (scripts/run.sh, bench/bench_night.py, the two-server test).

A score pad is a short request that mostly waits on the database or the engine, so a few
worker processes (one per core, plus one) each with a few threads serve a full club night on
a 2-core machine. Every value can be changed from the environment.
"""
import gc
import multiprocessing
import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("GINSCORE_WORKERS", multiprocessing.cpu_count() + 1))
worker_class = "gthread"
threads = int(os.environ.get("GINSCORE_THREADS", "4"))
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


def pre_fork(server, worker):
    gc.collect()
    gc.freeze()


def post_fork(server, worker):
    gc.set_threshold(*GC_THRESHOLD)
