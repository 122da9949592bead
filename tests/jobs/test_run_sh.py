"""scripts/run.sh starts the jobs' worker (and the phones' notifications' own) beside gunicorn and
nginx, and stops them with the site."""
import os
import signal
import socket
import subprocess
import time
import urllib.parse
from pathlib import Path

import pytest

from tests.deploy.servers import ROOT, environment, run_sh

pytestmark = pytest.mark.skipif(not (Path("/usr/sbin/nginx").exists() or Path("/usr/bin/nginx").exists()),
                                reason="run.sh's front needs Debian's nginx")


def workers_of(group: int) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if os.getpgid(int(proc.name)) == group and b"db_worker" in (proc / "cmdline").read_bytes():
                found.append(int(proc.name))
        except (ProcessLookupError, FileNotFoundError, PermissionError):
            continue
    return found


def manifest_written(folder: Path) -> int | None:
    manifest = folder / "staticfiles.json"
    return manifest.stat().st_mtime_ns if manifest.exists() else None


def group_of(group: int) -> str:
    """The names of the processes of the process group ``group`` still there."""
    return subprocess.run(["ps", "-o", "comm=", "-g", str(group)], capture_output=True, text=True).stdout


def test_run_sh_starts_the_workers_and_stops_them_with_the_site(tmp_path):
    """(Jobs run inside their requests, GINSCORE_TASKS=immediate: no worker starts, which
    tests/deploy/test_front.py checks on its site.)"""
    checkouts = manifest_written(ROOT / "staticfiles")
    (tmp_path / "static").mkdir()
    with run_sh(environment(tmp_path)) as (url, proc):
        # run.sh collected the static files into the test's own folder, never the checkout's
        # (whitenoise in the tests of another process reads those: tests/conftest.py).
        assert manifest_written(tmp_path / "static") is not None
        assert manifest_written(ROOT / "staticfiles") == checkouts
        queues = sorted(b"push" in (Path("/proc") / str(pid) / "cmdline").read_bytes().split(b"\0")
                        for pid in workers_of(proc.pid))
        assert queues == [False, True]   # the jobs' worker, and the notifications' on the "push" queue
        names = group_of(proc.pid)
        assert "nginx" in names and "gunicorn" in names, names
        # run.sh alone, as Ctrl-C, a service manager or a closed terminal would: it stops what it started.
        os.kill(proc.pid, signal.SIGTERM)
        proc.wait(60)
        end = time.monotonic() + 30
        while workers_of(proc.pid) and time.monotonic() < end:
            time.sleep(0.2)
        assert workers_of(proc.pid) == []
        while group_of(proc.pid).strip():
            assert time.monotonic() < end, f"nginx or gunicorn outlived run.sh: {group_of(proc.pid)}"
            time.sleep(0.2)
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", urllib.parse.urlsplit(url).port), timeout=2)


def test_the_queue_is_the_database_unless_told_to_run_jobs_in_their_requests(tmp_path):
    from tests.deploy.servers import setting

    backend = "settings.TASKS['default']['BACKEND']"
    assert setting(environment(tmp_path), backend) == "django_tasks_db.DatabaseBackend"
    assert setting(environment(tmp_path, GINSCORE_TASKS="immediate"), backend) == \
        "django_tasks.backends.immediate.ImmediateBackend"
    assert setting(environment(tmp_path), "str(settings.GINSCORE_JOBS_DIR)") == str(tmp_path / "data" / "jobs")
