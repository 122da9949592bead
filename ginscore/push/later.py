"""Off the request: the news (``ginscore.tournaments.news``, sent once the write is committed) is
handed to a small pool of sending threads in this process (``WORKERS`` threads, at most ``QUEUE``
pieces of news waiting; past that a piece is dropped and logged), so a save never waits for a
push service, however slow. Each thread reads the notices from the database and sends them
(``ginscore.push.send``), then closes its database connection.

A piece of news still waiting when the process stops (gunicorn restarting a worker) is not sent:
notifications are a courtesy, the pages are the truth."""
from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from django.db import connections

from ginscore.push.send import deliver

logger = logging.getLogger("ginscore.push")
WORKERS = 2
QUEUE = 200

_pool: ThreadPoolExecutor | None = None
_lock = threading.Lock()
_room = threading.BoundedSemaphore(QUEUE)
_busy = threading.Condition()
_pending = 0


def on_news(sender, *, kind: str, ids: dict, **kwargs) -> None:
    """The receiver of ``news``: the notices are sent off the request."""
    send_later(kind, ids)


def send_later(kind: str, ids: dict) -> bool:
    """Hands one piece of news to the sending threads; False: dropped (too many waiting)."""
    global _pool, _pending
    if not _room.acquire(blocking=False):
        logger.warning("push %s %s dropped: %s pieces of news already waiting", kind, ids, QUEUE)
        return False
    with _lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="ginscore-push")
    with _busy:
        _pending += 1
    _pool.submit(_run, kind, ids)
    return True


def _run(kind: str, ids: dict) -> None:
    global _pending
    try:
        deliver(kind, ids)
    except Exception:
        logger.exception("push %s %s failed", kind, ids)
    finally:
        connections.close_all()
        _room.release()
        with _busy:
            _pending -= 1
            _busy.notify_all()


def wait_sent(timeout: float = 30) -> bool:
    """Waits until every piece of news handed over is sent (tests, a command ending); False: timed out."""
    with _busy:
        return _busy.wait_for(lambda: _pending == 0, timeout)
