"""The background itself: a job started by a request is done by ``manage.py db_worker``, a process of
its own, as scripts/run.sh runs it, while the request has long answered."""
import subprocess
import sys
import time

import pytest
from django.db import connection

from ginscore.jobs.models import Job
from ginscore.jobs.services import job_start
from tests.deploy.servers import ROOT, environment
from tests.jobs.work import count_job

pytestmark = pytest.mark.django_db(transaction=True)

DATABASE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def worker_env(tmp_path, jobs_dir):
    s = connection.settings_dict
    url = (f"sqlite:///{s['NAME']}" if connection.vendor == "sqlite"
           else f"postgres://{s['USER']}@{s['HOST']}:{s['PORT']}/{s['NAME']}")
    return environment(tmp_path, DATABASE_URL=url, GINSCORE_JOBS_DIR=str(jobs_dir))


def run_worker(tmp_path, jobs_dir):
    """``manage.py db_worker`` as run.sh starts it (stopped by the caller)."""
    return subprocess.Popen([sys.executable, "manage.py", "db_worker", "--no-startup-delay", "--no-reload",
                             "--interval", "0.2"], cwd=ROOT, env=worker_env(tmp_path, jobs_dir),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def wait_for(job, seconds=60):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        job.refresh_from_db()
        if not job.pending:
            return job
        time.sleep(0.1)
    raise AssertionError(f"the job is still {job.status} after {seconds} s")


def stop(worker):
    worker.terminate()
    out, _ = worker.communicate(timeout=30)
    return out


def test_a_job_is_done_by_the_worker_process_and_the_starter_sees_it(tmp_path, settings, client, member):
    settings.TASKS = DATABASE
    worker = run_worker(tmp_path, settings.GINSCORE_JOBS_DIR)
    try:
        job = job_start(kind="count", title="Counting", started_by=member, task=count_job, params={"to": 3})
        assert Job.objects.get(pk=job.pk).status == Job.QUEUED   # nothing ran in this process
        wait_for(job)
    finally:
        out = stop(worker)
    assert (job.status, job.message, job.attempts) == (Job.DONE, "Counted to 3.", 1), out
    client.force_login(member)
    assert b"".join(client.get(f"/jobs/{job.pk}/file/").streaming_content) == b"counted to 3"
    assert "Traceback" not in out
