"""Sessions in the database, as Django keeps them, read through a prepared query.

Every request of a table's phone (its pad, its hand saves, its live polls) reads its session;
Django builds that query from nothing each time. This store reads the same row with the query
compiled once (``ginscore.club.prepared``) and checks the expiry itself, as Django's own query
does (``expire_date`` after now). A cookie that cannot be a session key is no session.
Everything else is Django's database session store.
"""
from __future__ import annotations

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.contrib.sessions.models import Session
from django.utils import timezone

from ginscore.club.prepared import Prepared

_SESSION = Prepared(lambda key: Session.objects.filter(session_key=key), texts=(0,))


class SessionStore(DatabaseSessionStore):
    def _validate_session_key(self, key):
        """Django's keys are 32 lowercase letters and digits: a cookie holding anything else (a NUL,
        which PostgreSQL refuses in any query) is no session, never a failing page."""
        return bool(key) and 8 <= len(key) <= 40 and key.isascii() and key.isalnum()

    def _get_session_from_db(self):
        session = _SESSION.first(self.session_key)
        if session is not None and session.expire_date > timezone.now():
            self.stored_expiry = session.expire_date   # when the browser's cookie ends (ginscore.club.viewer)
            return session
        self._session_key = None
        return None
