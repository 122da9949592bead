import functools
import os
import subprocess

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Playwright's sync API runs an event loop in the test thread; Django must allow ORM use there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# Shared fixtures for the Django apps: one account per role, two players, a match factory.
import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def _the_tests_keep_utc():
    """The site keeps its computer's time zone; the tests keep UTC wherever they run (a test of
    another zone says so with override_settings)."""
    from django.test.utils import override_settings

    with override_settings(TIME_ZONE="UTC"):
        yield


@pytest.fixture(scope="session", autouse=True)
def _pages_cache_of_the_tests_own(tmp_path_factory):
    """The pages cache's files in a folder of the test run's own, not the data folder of the site."""
    from django.conf import settings as django_settings
    from django.test.utils import override_settings

    caches = {**django_settings.CACHES,
              "pages": {**django_settings.CACHES["pages"], "LOCATION": str(tmp_path_factory.mktemp("pages"))}}
    with override_settings(CACHES=caches):
        yield


@pytest.fixture(scope="session", autouse=True)
def _jobs_run_in_the_request_and_keep_their_files_apart(tmp_path_factory):
    """A job runs inside the request that starts it, once its transaction commits (the immediate
    backend: no worker to start), and keeps its files in a folder of the test run's own. A test of
    the background itself switches to the database backend and starts ``manage.py db_worker``
    (tests/jobs/test_worker.py). In a test inside a transaction, the job runs when
    ``django_capture_on_commit_callbacks(execute=True)`` ends."""
    from django.test.utils import override_settings

    with override_settings(TASKS={"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend",
                                                "QUEUES": ["default", "push"]}},
                           GINSCORE_JOBS_DIR=tmp_path_factory.mktemp("jobs")):
        yield


@pytest.fixture(scope="session", autouse=True)
def _a_data_directory_of_the_tests_own(tmp_path_factory):
    """What the site makes in its data directory at run time (the notifications' VAPID key) goes in
    a folder of the test run's own, never the machine's ~/.local/share/ginscore."""
    from django.test.utils import override_settings

    from ginscore.push import keys

    keys.vapid.cache_clear()
    with override_settings(DATA_DIR=tmp_path_factory.mktemp("data")):
        yield
    keys.vapid.cache_clear()


@pytest.fixture(autouse=True)
def _pages_kept_by_this_process_forgotten(_pages_cache_of_the_tests_own):
    """The tournament pages a process keeps are keyed by their ETag (the tournament's id and
    revision), which never comes back on a real site; a test database rolled back gives the
    same ids and revisions to another test's tournament, so each test starts without them
    (in this process and in the pages cache)."""
    from ginscore.club import live
    from ginscore.ratings.selectors import KEPT as RATINGS_KEPT
    from ginscore.tournaments import selectors
    from ginscore.tournaments.views import ROUND_LINES

    live.forget_drawn()
    ROUND_LINES.pieces.clear()
    RATINGS_KEPT.pieces.clear()   # (kept under the ratings' stamp, which a rolled-back test gives back)
    selectors.BY_RESULTS.pieces.clear()

@pytest.fixture(autouse=True)
def _a_club_already_set_up():
    """Each test starts in a club that has started (no first-run page) with the default settings,
    kept for the whole test (so pages count no extra query); a write to the settings replaces them.
    tests/club/test_first_run.py starts from an empty database instead."""
    from ginscore.club import setup
    from ginscore.seasons.models import Club

    setup.forget(keep=Club(pk=1), started=True, forever=True)
    yield
    setup.forget(keep=Club(pk=1), started=True, forever=True)


@pytest.fixture(autouse=True)
def _the_clubs_language_again():
    """A page asked for in French leaves its thread in French (Django activates a request's language
    and nothing puts it back): each test starts in the club's language, as a command or a new
    request would."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


PASSWORD = "table-talk-42"


def _user(django_user_model, username, group=None, **extra):
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user(username=username, password=PASSWORD, **extra)
    if group:
        user.groups.add(Group.objects.get_or_create(name=group)[0])
    return user


@pytest.fixture
def club_admin(db, django_user_model):
    from ginscore.club.roles import ADMIN_GROUP

    return _user(django_user_model, "carla", ADMIN_GROUP)


@pytest.fixture
def director(db, django_user_model):
    from ginscore.club.roles import DIRECTOR_GROUP

    return _user(django_user_model, "dora", DIRECTOR_GROUP)


@pytest.fixture
def member(db, django_user_model):
    """A member who plays as ``ann``."""
    return _user(django_user_model, "ann")


@pytest.fixture
def other_member(db, django_user_model):
    """A member who plays in no match of the fixtures."""
    return _user(django_user_model, "omar")


@pytest.fixture
def ann(db, member):
    from ginscore.players.models import Player

    return Player.objects.create(name="Ann", user=member)


@pytest.fixture
def ben(db):
    from ginscore.players.models import Player

    return Player.objects.create(name="Ben")


@pytest.fixture
def make_match(db, ann, ben):
    """``make_match(hands=[...], rules="standard", ...)``: a stored match between Ann and Ben.

    ``hands`` are record hands as the spec writes them (``{"end": "knock", "by": "Ann",
    "deadwood": {...}}``), stored through the services so every cache is right.
    """
    from ginscore.engine import MatchLength, record_from_json
    from ginscore.matches import services

    def make(hands=(), rules="standard", player_a=None, player_b=None, stake=None, length=None,
             first_dealer=None, created_by=None):
        a, b = player_a or ann, player_b or ben
        data = {"rules": rules, "players": [a.name, b.name], "hands": list(hands)}
        if stake is not None:
            data["stake"] = str(stake)
        if first_dealer:
            data["first_dealer"] = first_dealer
        record = record_from_json(data)
        if length is not None:
            record = record.__class__(record.rules, record.players, record.first_dealer, record.stake,
                                      record.hands, length if isinstance(length, MatchLength) else MatchLength(*length))
        return services.match_import(record=record, created_by=created_by)

    return make


@pytest.fixture(scope="session")
def django_db_modify_db_settings_tox_suffix(tmp_path_factory):
    """SQLite test databases live in a file, as the site's does (then pytest-django adds its
    xdist suffix). An in-memory test database's shared cache makes a second writer fail at once
    ("database table is locked") instead of waiting its turn, so concurrent saves could not be tested."""
    from django.db import connections

    settings = connections["default"].settings_dict
    if settings["ENGINE"] == "django.db.backends.sqlite3" and not settings.get("TEST", {}).get("NAME"):
        settings.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("sqlite") / "test.sqlite3")
        # A test database need not survive a power cut: skip the fsyncs.
        settings.setdefault("OPTIONS", {})["init_command"] = "PRAGMA synchronous=OFF"


@pytest.fixture(scope="session", autouse=True)
def _a_folder_the_test_processes_share(tmp_path_factory):
    """The folder the processes of one test run share (pytest-xdist's workers: their own folders'
    parent), where the database migrated once a run and the static files collected once are kept
    (tests/deploy/servers.py's ``prepared_folder``)."""
    from tests.deploy import servers

    base = tmp_path_factory.getbasetemp()
    servers.SHARED[:] = [base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base]
    yield
    servers.SHARED.clear()


@pytest.fixture(scope="session")
def django_db_keepdb(request, django_db_modify_db_settings, django_db_createdb, _a_folder_the_test_processes_share):
    """On SQLite each test process starts from a copy of the database migrated once a run (the one
    the servers the tests start copy too: ``prepared_folder``), kept as pytest-django's --reuse-db
    keeps one (Django's migrate then finds nothing to do), instead of migrating its own: some 2 s
    of CPU a process. ``--create-db`` migrates anew; PostgreSQL keeps its own way
    (scripts/test-postgres.sh)."""
    from pathlib import Path

    from django.db import connections

    from tests.deploy.servers import copy_database, prepared_folder

    reuse = request.config.getvalue("reuse_db")
    settings = connections["default"].settings_dict
    if reuse or django_db_createdb or settings["ENGINE"] != "django.db.backends.sqlite3":
        return reuse
    copy_database(prepared_folder() / "db.sqlite3", Path(settings["TEST"]["NAME"]))
    return True


@pytest.fixture(scope="session", autouse=True)
def _transactional_tests_leave_the_database_as_migrated():
    """After a transactional test (live server, browser) the database is as the migrations left it,
    the club's roles included, without Django's flush and its post_migrate (tests/database.py)."""
    from django.test import TransactionTestCase

    from tests import database

    undo = database.install(TransactionTestCase)
    yield
    undo()


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    """Accounts made by tests hash their password cheaply (the real hasher takes ~0.3 s each)."""
    from django.test.utils import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(scope="session", autouse=True)
def _static_files_uncollected(tmp_path_factory):
    """Tests serve static files from the source folders, uncollected: the hashed, compressed
    storage the site uses needs ``collectstatic`` first (tests/deploy/test_gunicorn.py checks it).
    Their STATIC_ROOT is an empty folder of the test run's own: whitenoise never scans the
    checkout's ``staticfiles/``, which ``scripts/run.sh`` (run by a test in another process) may be
    collecting again at that moment; the servers the tests start collect into folders of their own
    (tests/deploy/servers.py)."""
    from django.conf import settings as django_settings
    from django.test.utils import override_settings

    storages = {**django_settings.STORAGES,
                "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    with override_settings(STORAGES=storages, STATIC_ROOT=tmp_path_factory.mktemp("static-root")):
        yield


@pytest.fixture(scope="session", autouse=True)
def _static_files_listed_once_a_process():
    """Django's test client loads the middleware anew for each client (about one a test), and
    whitenoise listed every static file from the finders and read each one's headers each time
    (some 6 ms of CPU a client). The files do not change under the tests: they are listed once a
    process for each set of the settings whitenoise reads them with, and every middleware shares them."""
    from django.conf import settings as django_settings
    from whitenoise.middleware import WhiteNoiseMiddleware

    listed = {}
    add = WhiteNoiseMiddleware.add_files_from_finders

    def add_files_from_finders(self):
        key = (self.static_prefix, self.max_age, self.allow_all_origins, self.charset, self.add_headers_function,
               *(repr(getattr(django_settings, name, None)) for name in (
                   "STORAGES", "STATICFILES_DIRS", "STATICFILES_FINDERS", "INSTALLED_APPS", "WHITENOISE_MIMETYPES",
                   "WHITENOISE_IMMUTABLE_FILE_TEST", "WHITENOISE_INDEX_FILE")))
        if key not in listed:
            kept, self.files = self.files, {}
            try:
                add(self)
                listed[key] = self.files
            finally:
                self.files = kept
        self.files.update(listed[key])

    WhiteNoiseMiddleware.add_files_from_finders = add_files_from_finders
    yield
    WhiteNoiseMiddleware.add_files_from_finders = add


# The order the files are handed to the test processes (scripts/test.sh: pytest-xdist, a whole file
# to one process, --no-loadscope-reorder): the costliest first, so that no long file starts last
# and keeps one process busy while the other has nothing left. A test's cost is guessed in tenths
# of a second: an in-process test about one, a browser test ten, one that starts servers (or
# commands) twenty more.
# A test that waits on purpose (a live page's next polls, a board's dwell, a cookie's expiry, a
# hang, a server slow on purpose) says so, ``@pytest.mark.waits(seconds)``, about how long, and
# counts that too: handed out early, not last, holding the run's end; and its file goes to the
# process that takes the files that wait (tests/schedule.py).
COSTS = {"servers": 20, "browser": 10, "live_server": 5, "transactional": 2, "other": 1}
SERVERS = "tests.deploy.servers"


@functools.cache
def _starts_servers(module) -> bool:
    """Whether a test file starts processes (servers, commands) of its own."""
    return any(value is subprocess or getattr(value, "__module__", None) == SERVERS
               for value in vars(module).values())


def _test_cost(item) -> int:
    return _guessed_cost(item) + sum(int(10 * mark.args[0]) for mark in item.iter_markers("waits"))


def _guessed_cost(item) -> int:
    module = getattr(item, "module", None)
    servers = COSTS["servers"] if module is not None and _starts_servers(module) else 0
    if item.get_closest_marker("browser"):
        return COSTS["browser"] + servers
    if servers:
        return servers
    if "live_server" in getattr(item, "fixturenames", ()):
        return COSTS["live_server"]
    db = item.get_closest_marker("django_db")
    if db and (db.kwargs.get("transaction") or (db.args and db.args[0])):
        return COSTS["transactional"]
    return COSTS["other"]


# A test that hangs fails after its time (pytest-timeout: pytest.ini's timeout, a browser test's
# BROWSER_SECONDS), with every thread's stack where it hung, instead of holding the run until CI's
# limit. A browser test failed so is run once more, with a new chromium (pytest-rerunfailures; its
# browser is killed, tests/browser/conftest.py): a call into chromium that never returned held a
# whole run twice in some ten on a loaded machine, the same test passing again alone. Only that
# failure is tried again, and the summary shows it as a rerun (docs/suite-time.md).
BROWSER_SECONDS = int(os.environ.get("GINSCORE_TEST_BROWSER_SECONDS", 240))
TIMED_OUT = "from pytest-timeout"


def _bounded(item):
    if item.get_closest_marker("browser"):
        item.add_marker(pytest.mark.timeout(BROWSER_SECONDS))
        if not item.get_closest_marker("flaky"):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[TIMED_OUT]))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """A rerun's own time: pytest-timeout sets its timer once for all the tries of a test."""
    if getattr(item, "execution_count", 1) > 1:
        import pytest_timeout

        item.ihook.pytest_timeout_set_timer(item=item, settings=pytest_timeout._get_item_settings(item))


# The tries failed by pytest-timeout and tried again, with where they hung, printed after the
# summary: pytest-rerunfailures shows only their names (-raR), and a hang that passed on its second
# try left no trace of where it was. (In the process that reports: pytest-xdist's controller gets every worker's report.)
_HUNG: list = []


# A flaky test's failed tries (``@pytest.mark.flaky``) likewise, the end of their failure only.
_RETRIED: list = []


def pytest_runtest_logreport(report):
    if report.outcome != "rerun":
        return
    if TIMED_OUT in str(report.longrepr):
        _HUNG.append((report.nodeid, str(report.longrepr)))   # (every thread's stack: printed as it hung)
    else:
        _RETRIED.append((report.nodeid, "\n".join(str(report.longrepr).splitlines()[-25:])))


def pytest_terminal_summary(terminalreporter):
    for nodeid, where in _HUNG:
        terminalreporter.write_sep("=", f"hung, tried again: {nodeid}")
        terminalreporter.write_line(where)
    for nodeid, why in _RETRIED:
        terminalreporter.write_sep("=", f"failed, tried again: {nodeid}")
        terminalreporter.write_line(why)


def pytest_configure(config):
    from tests import schedule

    config.pluginmanager.register(schedule, "ginscore-schedule")


def pytest_collection_modifyitems(config, items):
    for item in items:
        _bounded(item)
    files: dict[str, list] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
    costs = {name: sum(_test_cost(item) for item in tests) for name, tests in files.items()}
    items[:] = [item for name in _handed_order(files, costs) for item in files[name]]


def _handed_order(files: dict, costs: dict) -> list[str]:
    """The files in the order they are handed out: the costliest first, then those that wait (a
    browser, servers) and those that only compute, each costliest first, taken from the two in
    step (whichever has the smaller share of its cost handed out next): fewer browsers drawing at
    once. Measured B A B A (docs/suite-time.md): the suite 428 and 431 s against 450 and 466 s,
    its CPU 703-718 s against 764-795 s, the idle cores the same."""
    first = max(files, key=lambda name: costs[name])   # (the French crawl: a process of its own for a while)
    # (a browser test, or one that starts servers, costs COSTS["browser"] or more)
    waiting = {name: any(_test_cost(item) >= COSTS["browser"] for item in files[name]) for name in files}
    queues = [sorted((n for n in files if n != first and waiting[n] == kind), key=lambda name: -costs[name])
              for kind in (True, False)]
    totals = [sum(costs[n] for n in queue) or 1 for queue in queues]
    handed, order = [0, 0], [first]
    while queues[0] or queues[1]:
        k = min((i for i in (0, 1) if queues[i]), key=lambda i: handed[i] / totals[i])
        name = queues[k].pop(0)
        handed[k] += costs[name]
        order.append(name)
    return order
