"""A kept PostgreSQL connection's health is checked on its socket, not with a query each request
(ginscore/postgresql/base.py): a healthy one is used without asking, one the server ended is
found out and replaced before the request's first query, as with Django's own check."""
import select
import time

import pytest
from django.db.backends.postgresql import base as django_pg

from tests.deploy.servers import environment as env_for
from tests.deploy.servers import setting

URL = "postgres://club:secret@db.example.org:5432/ginscore"


def test_postgresql_runs_through_the_sites_backend_and_sqlite_does_not(tmp_path):
    engine = "settings.DATABASES['default']['ENGINE']"
    assert setting(env_for(tmp_path, DATABASE_URL=URL), engine) == "ginscore.postgresql"
    assert setting(env_for(tmp_path, DATABASE_URL=URL), "settings.DATABASES['default']['CONN_HEALTH_CHECKS']")
    assert setting(env_for(tmp_path), engine) == "django.db.backends.sqlite3"
    assert setting(env_for(tmp_path, DATABASE_URL=URL, GINSCORE_PG_HEALTH_QUERY="1"),
                   "settings.GINSCORE_PG_HEALTH_QUERY") is True


@pytest.fixture
def kept(db, monkeypatch):
    """A second connection to the test database, as a worker keeps one between requests, and the
    queries Django's own health check sent on it."""
    from django.db import connection, connections

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://...)")
    asked = []
    real = django_pg.DatabaseWrapper.is_usable
    monkeypatch.setattr(django_pg.DatabaseWrapper, "is_usable", lambda self: asked.append(1) or real(self))
    other = connections.create_connection("default")
    other.ensure_connection()
    other.health_check_enabled, other.health_check_done = True, False
    yield other, asked
    other.close()


def _ended(other):
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [other.connection.info.backend_pid])
    deadline = time.monotonic() + 5
    while not select.select([other.connection.fileno()], [], [], 0.05)[0]:
        assert time.monotonic() < deadline, "the server's end never reached the client"


def test_a_healthy_kept_connection_is_used_without_a_query_first(kept):
    other, asked = kept
    pid = other.connection.info.backend_pid
    other.close_if_health_check_failed()
    assert asked == [] and other.connection is not None and other.connection.info.backend_pid == pid
    with other.cursor() as cursor:
        cursor.execute("SELECT 41 + 1")
        assert cursor.fetchone() == (42,)


def test_a_connection_the_server_ended_is_replaced_before_the_first_query(kept):
    other, asked = kept
    pid = other.connection.info.backend_pid
    _ended(other)
    other.close_if_health_check_failed()   # what Django does before a request's first query
    assert asked == [1]   # something waited on its socket: asked as Django asks, and found dead
    assert other.connection is None
    with other.cursor() as cursor:   # a new connection, no error for the request
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != pid


def test_the_query_each_time_when_told(kept, settings):
    other, asked = kept
    settings.GINSCORE_PG_HEALTH_QUERY = True
    other.close_if_health_check_failed()
    assert asked == [1] and other.connection is not None
