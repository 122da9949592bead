"""The test database after a transactional test (a live server's, a browser's, two processes
racing): back as the migrations left it, cheaply.

Django's flush empties every table, then makes the content types and permissions again
(post_migrate: some 0.3 s a test, most of a browser test's own database work) and loses the rows
the data migrations made (the club's roles: ginscore/club/migrations/0004_roles.py). Here the rows
the migrations left are remembered before the first transactional test of a process; after each
one, only the tables holding rows are emptied, in one transaction (the foreign keys are checked at
its end), and the migrations' rows are put back: the next test finds the roles as a new club does.
The content types and permissions are left as they are unless the test changed their number or
last id."""
from __future__ import annotations

from django.db import connections, transaction

KEPT = ("django_content_type", "auth_permission")   # what post_migrate would make again, the same rows

_MIGRATED: dict[str, dict] = {}   # database alias -> {"kept": {table: (rows, last id)}, "rows": {table: (columns, rows)}}


def _tables(connection) -> list[str]:
    return sorted(connection.introspection.django_table_names(only_existing=True, include_views=False))


def _filled(connection, tables) -> dict[str, tuple]:
    """For each KEPT table its number of rows and last id, for the others whether it holds rows
    (1 or 0): one query."""
    qn = connection.ops.quote_name
    parts = [f"SELECT '{t}', (SELECT COUNT(*) FROM {qn(t)}), (SELECT MAX(id) FROM {qn(t)})" if t in KEPT else
             f"SELECT '{t}', CASE WHEN EXISTS (SELECT 1 FROM {qn(t)}) THEN 1 ELSE 0 END, 0"
             for t in tables]   # (names from the models)
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts))
        return {table: (n, last) for table, n, last in cursor.fetchall()}


def remember(alias: str) -> None:
    """The rows the migrations left in database ``alias`` (once a process, before its first
    transactional test: every test before it was rolled back)."""
    if alias in _MIGRATED:
        return
    connection = connections[alias]
    tables = _tables(connection)
    filled = _filled(connection, tables)
    rows = {}
    with connection.cursor() as cursor:
        for table in tables:
            if filled[table][0]:
                cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
                rows[table] = ([c[0] for c in cursor.description], cursor.fetchall())
    _MIGRATED[alias] = {"kept": {t: filled[t] for t in KEPT if t in filled}, "rows": rows}


def back_to_migrated(alias: str) -> bool:
    """Database ``alias`` as the migrations left it; False (nothing done) before ``remember``."""
    migrated = _MIGRATED.get(alias)
    if migrated is None:
        return False
    connection = connections[alias]
    tables = _tables(connection)
    filled = _filled(connection, tables)
    # The tables written (a KEPT table only if its rows changed), emptied; then the migrations' rows put back.
    written = [t for t in tables if (filled[t] != migrated["kept"][t] if t in KEPT else filled[t][0])]
    qn = connection.ops.quote_name
    with transaction.atomic(using=alias), connection.cursor() as cursor:
        for table in written:
            cursor.execute(f"DELETE FROM {qn(table)}")
        for table, (columns, rows) in migrated["rows"].items():
            if table in written or not filled[table][0]:
                cursor.executemany(f"INSERT INTO {qn(table)} ({', '.join(qn(c) for c in columns)}) "
                                   f"VALUES ({', '.join(['%s'] * len(columns))})", rows)
    if "django_content_type" in written:
        from django.contrib.contenttypes.models import ContentType

        ContentType.objects.clear_cache()
    return True


def install(case) -> callable:
    """``case`` (django.test.TransactionTestCase) remembers the migrated database before its first
    test and goes back to it after each; returns what undoes this."""
    setup, teardown = case.__dict__["_fixture_setup"], case.__dict__["_fixture_teardown"]

    def plain(test) -> bool:
        return test.available_apps is None and not test.serialized_rollback and not test.fixtures

    def fixture_setup(cls):
        if plain(cls):
            for alias in cls._databases_names(include_mirrors=False):
                remember(alias)
        return setup.__func__(cls)

    def fixture_teardown(self):
        if plain(self) and all(back_to_migrated(alias) for alias in self._databases_names(include_mirrors=False)):
            return
        return teardown(self)

    case._fixture_setup, case._fixture_teardown = classmethod(fixture_setup), fixture_teardown

    def undo():
        case._fixture_setup, case._fixture_teardown = setup, teardown

    return undo
