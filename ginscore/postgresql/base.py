"""Django's PostgreSQL backend, with the health check of a kept connection made without a query.

Django checks a connection kept from an earlier request (``conn_health_checks``) before its first
query by sending ``SELECT 1``: a round trip to PostgreSQL on every request, which on a live page's
poll (a 304 after one query) is half its queries. A connection the server ended (a restart, an
administrator's ``pg_terminate_backend``, an idle timeout) has its last words and the end of its
stream waiting to be read; a healthy idle one has nothing. So the socket is looked at first (no
round trip) and only a connection with something waiting is asked ``SELECT 1``, as Django does.
``GINSCORE_PG_HEALTH_QUERY=1`` asks every time, as Django does (bench/bench_revalidate.py measures both).
"""
from __future__ import annotations

import select

from django.conf import settings
from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self):
        if getattr(settings, "GINSCORE_PG_HEALTH_QUERY", False) or self.connection is None:
            return super().is_usable()
        if self.connection.closed or self.connection.broken:
            return False
        try:
            waiting, _, _ = select.select([self.connection.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not waiting or super().is_usable()
