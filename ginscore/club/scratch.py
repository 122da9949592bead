"""A scratch database for a rehearsal: a fresh SQLite file in a temporary folder, migrated, used as
the default database for the time of a ``with`` block, then thrown away. The club's own database
is not read or written meanwhile (its connection is set aside, untouched)."""
from __future__ import annotations

import tempfile
from contextlib import contextmanager
from pathlib import Path

from django.core.management import call_command
from django.db import connections


@contextmanager
def scratch_database():
    """Yields the scratch file's path; every query of the block goes there."""
    with tempfile.TemporaryDirectory(prefix="ginscore-rehearsal-") as folder:
        path = Path(folder) / "rehearsal.sqlite3"
        kept_settings, kept_connection = connections.settings["default"], connections["default"]
        connections.settings["default"] = {
            **kept_settings, "ENGINE": "django.db.backends.sqlite3", "NAME": str(path), "USER": "", "PASSWORD": "",
            "HOST": "", "PORT": "", "CONN_MAX_AGE": 0, "CONN_HEALTH_CHECKS": False, "ATOMIC_REQUESTS": False,
            "AUTOCOMMIT": True, "OPTIONS": {"timeout": 20, "init_command": "PRAGMA synchronous=OFF"},
            "TEST": {**kept_settings.get("TEST", {}), "NAME": None}}
        connections["default"] = connections.create_connection("default")
        try:
            call_command("migrate", verbosity=0, interactive=False)
            yield path
        finally:
            connections["default"].close()
            connections["default"] = kept_connection
            connections.settings["default"] = kept_settings
