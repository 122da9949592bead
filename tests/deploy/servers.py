"""Real servers for the deployment tests: ``manage.py`` and gunicorn in their own processes,
with an environment of the test's choosing, on loopback, always stopped."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")


def environment(tmp_path: Path, **extra) -> dict:
    """A clean environment: no DEBUG, a private data directory, SQLite file and static folder unless
    told. Never the checkout's own ``staticfiles/``: ``scripts/run.sh`` collects into it, and the tests
    in another process would find its files changing under them."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GINSCORE_", "DJANGO_", "DATABASE_URL"))}
    env.update(GINSCORE_DATA_DIR=str(tmp_path / "data"), DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
               GINSCORE_STATIC_ROOT=str(tmp_path / "static"))
    env.update({k: v for k, v in extra.items() if v is not None})
    for k in [k for k, v in extra.items() if v is None]:
        env.pop(k, None)
    return env


def manage(env: dict, *args, timeout=120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


_PREPARED: list[Path] = []   # the migrated database and collected files, made once a test run
SHARED: list[Path] = []   # the folder of the test run the test processes share (tests/conftest.py)


def prepared_folder() -> Path:
    """The folder of this test run's migrated SQLite database (``db.sqlite3``, as a new site's first
    ``manage.py migrate`` leaves it) and collected static files (``static``), made on first use by
    whichever test process of the run needs it first; the other processes wait for it and share it."""
    if not _PREPARED:
        import fcntl
        import shutil

        if SHARED:
            made = SHARED[0] / "ginscore-prepared"
        else:   # (outside the suite's pytest: a folder of this process's own)
            import atexit

            made = Path(tempfile.mkdtemp(prefix="ginscore-prepared-")) / "ginscore-prepared"
            atexit.register(shutil.rmtree, made.parent, ignore_errors=True)
        with open(f"{made}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)   # (another process of the run may be making it)
            if not (made / "done").exists():
                shutil.rmtree(made, ignore_errors=True)
                done = manage(environment(made), "shell", "-c", "from django.core.management import call_command as c; "
                              "c('migrate', verbosity=0); c('collectstatic', interactive=False, verbosity=0)",
                              timeout=300)
                assert done.returncode == 0, done.stderr
                (made / "done").touch()
        _PREPARED.append(made)
    return _PREPARED[0]


def prepared(env: dict, *, database: bool = True, static: bool = True) -> dict:
    """``env``'s SQLite database migrated (``database``) and its static files collected (``static``),
    as ``manage.py migrate`` and ``collectstatic`` leave them: copies of ones made once a test
    run (``prepared_folder``), where each server's own ``migrate`` and ``collectstatic`` cost some
    3 s of CPU. Returns ``env``."""
    import shutil

    made = prepared_folder()
    if database:
        path = env["DATABASE_URL"].removeprefix("sqlite:///")
        assert path != env["DATABASE_URL"], "a prepared database is an SQLite file"
        copy_database(made / "db.sqlite3", Path(path))
    if static:
        shutil.copytree(made / "static", env["GINSCORE_STATIC_ROOT"], dirs_exist_ok=True)
    return env


def copy_database(source: Path, path: Path) -> None:
    """The SQLite database ``source`` copied to ``path`` (a consistent copy, its WAL mode kept)."""
    import sqlite3

    path.parent.mkdir(parents=True, exist_ok=True)
    source, copy = sqlite3.connect(source), sqlite3.connect(path)
    try:
        source.backup(copy)
    finally:
        source.close()
        copy.close()


def setting(env: dict, expression: str):
    """The value of a Python expression over ``settings`` in a fresh process with ``env``."""
    code = ("import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'ginscore.settings'); "
            f"from django.conf import settings; print(repr({expression}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    import ast

    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def gunicorn(env: dict, *, workers=2, threads=2, timeout=60, log_path: Path | None = None, app: str | None = None):
    """gunicorn as scripts/run.sh starts it, on a free loopback port; yields its base URL.
    ``log_path``: where its log is written (else a temporary file); ``app``: another WSGI
    application ("module:name") instead of the site's."""
    port = free_port()
    env = {**env, "HOST": "127.0.0.1", "PORT": str(port), "GINSCORE_WORKERS": str(workers),
           "GINSCORE_THREADS": str(threads)}
    argv = [str(GUNICORN), "-c", "gunicorn.conf.py", *([app] if app else [])]
    with serving(argv, env, port, timeout=timeout, log_path=log_path) as url:
        yield url


@contextmanager
def runserver(env: dict, *options: str, timeout=60, log_path: Path | None = None):
    """``manage.py runserver`` as a newcomer starts it (no reloader; ``options`` such as
    ``--insecure``), on a free loopback port; yields its base URL."""
    port = free_port()
    argv = [sys.executable, "manage.py", "runserver", "--noreload", *options, f"127.0.0.1:{port}"]
    with serving(argv, env, port, timeout=timeout, log_path=log_path) as url:
        yield url


@contextmanager
def serving(argv: list[str], env: dict, port: int, *, timeout=60, log_path: Path | None = None):
    """The server ``argv`` starts, once it answers the log-in page on ``port``; stopped after."""
    log = open(log_path, "w+") if log_path else tempfile.TemporaryFile("w+")
    proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        with serving_process(proc, log, port) as url:
            yield url
    finally:
        stop_group(proc, timeout)
        log.close()


@contextmanager
def serving_process(proc: subprocess.Popen, log, port: int, deadline: float = 30):
    """Yields the base URL once ``proc`` answers the log-in page on ``port`` (its output in ``log``)."""
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + deadline
    while True:
        try:
            urllib.request.urlopen(url + "/accounts/login/", timeout=5).read()
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):   # (a busy machine's first page)
            if proc.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise RuntimeError(f"{proc.args[0]} did not start:\n{log.read()}") from None
            time.sleep(0.2)
    yield url


def stop_group(proc: subprocess.Popen, timeout: float = 60) -> None:
    """``proc`` and every process it started (its process group) stopped."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    try:
        os.killpg(proc.pid, signal.SIGKILL)   # (anything of the group still there)
    except ProcessLookupError:
        pass


@contextmanager
def run_sh(env: dict, *, host: str = "127.0.0.1", timeout=60, log_path: Path | None = None):
    """``scripts/run.sh`` itself (nginx in front of gunicorn) on a free port of ``host``, no demo
    club; yields (base URL on loopback, the run.sh process). A new SQLite database and static folder
    start as ``prepared`` ones: run.sh's own ``migrate`` and ``collectstatic`` find their work done."""
    port = free_port()
    env = {**env, "HOST": host, "PORT": str(port), "GINSCORE_DEMO": "0"}
    database = env["DATABASE_URL"].removeprefix("sqlite:///")
    if database != env["DATABASE_URL"] and not Path(database).exists():
        prepared(env, static=not Path(env["GINSCORE_STATIC_ROOT"]).exists())
    log = open(log_path, "w+") if log_path else tempfile.TemporaryFile("w+")
    proc = subprocess.Popen(["scripts/run.sh"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        with serving_process(proc, log, port, deadline=120) as url:
            yield url, proc
    finally:
        stop_group(proc, timeout)
        log.close()
