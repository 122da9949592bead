"""Starting a job, running it in the worker, trying it again.

A job's task (in its app's ``tasks.py``) is its work given the running job::

    @job_task
    def sheets_round_job(job: Running):
        job.progress(0, len(tables))
        ...
        job.finish(message=..., file=(pdf_bytes, "round-3.pdf"))

and ``job_start(kind=..., title=..., started_by=request.user, task=sheets_round_job, params={...})``
starts it.

Raising ``JobFailed("a sentence")`` ends the job with that sentence; any other exception ends it
with a general one (the traceback goes to the log and the admins' mail, never to the page).
"""
from __future__ import annotations

import logging
import time
import uuid
from functools import wraps
from typing import Callable

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone, translation
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django_tasks import task

from ginscore.jobs.models import Job, job_files
from ginscore.jobs.tasks import jobs_prune

logger = logging.getLogger("ginscore.jobs")

# A job's progress is written at most this often (seconds): a page polling it sees it move, and
# SQLite's one writer is not taken for every record.
PROGRESS_EVERY = 0.5


class JobFailed(Exception):
    """The job cannot be done: ``message`` says why in plain words. ``option``: (the job's
    parameter a second try may turn on, the button's words), e.g. ("again", "Import it again anyway")."""

    def __init__(self, message: str, *, option: tuple[str, str] | None = None):
        super().__init__(message)
        self.option = option


def job_start(*, kind: str, title: str, started_by, task, params: dict | None = None, source: str = "") -> Job:
    """Records the job and enqueues ``task`` (called with the job's id) once the transaction around
    this call commits, so the worker never looks for a job not yet written."""
    with transaction.atomic():
        job = Job.objects.create(kind=kind, title=title[:300], started_by=started_by, task_path=task.module_path,
                                 params=params or {}, source=source, language=translation.get_language() or "")
        _enqueue(job)
    return job


def _enqueue(job: Job) -> None:
    task = import_string(job.task_path)
    transaction.on_commit(lambda: task.enqueue(str(job.pk)))
    transaction.on_commit(lambda: jobs_prune.enqueue())


def job_retry(*, job: Job, option: str | None = None) -> Job:
    """A failed job (or a stuck one: ``Job.stuck``) enqueued again (``option``: the parameter its
    failure offered, turned on)."""
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=job.pk)
        if not (job.status == Job.FAILED or job.stuck):
            return job
        offered = job.params.pop("option", None)
        if option and offered and offered.get("name") == option:
            job.params[option] = True
        job.status, job.done, job.message, job.finished_at = Job.QUEUED, 0, "", None
        job.save(update_fields=["status", "done", "message", "finished_at", "params"])
        _enqueue(job)
    return job


class Running:
    """The job as its task sees it: ``progress`` and ``finish``."""

    def __init__(self, job: Job):
        self.job = job
        self._written = 0.0

    def progress(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self._written < PROGRESS_EVERY and done < total:
            return
        self._written = now
        self.job.done, self.job.total = done, total
        Job.objects.filter(pk=self.job.pk).update(done=done, total=total)

    def finish(self, *, message: str = "", url: str = "", file: tuple[bytes, str] | None = None) -> None:
        """Done: ``message`` what was made, ``url`` where to see it, ``file`` (bytes, the name to
        download it under) kept in the jobs' folder."""
        job = self.job
        if file:
            content, name = file
            job.result_file = job_files().save(f"{job.pk}-{uuid.uuid4().hex[:8]}.bin", ContentFile(content))
            job.result_name = name
        job.status, job.message, job.result_url = Job.DONE, message, url
        job.done = max(job.done, job.total)
        job.finished_at = timezone.now()
        job.source = ""
        job.save(update_fields=["status", "message", "result_url", "result_file", "result_name", "done",
                                "finished_at", "source"])


def job_task(work: Callable[[Running], None]):
    """``work(job)`` as a task taking the job's id (``job_start(task=...)``): run in the starter's
    language, its progress and outcome on the job page; what it raises ends the job failed with a
    message in plain words. A job already done (a task run twice) or forgotten is not run again.
    Use it at a module's top level, as a decorator."""

    @wraps(work)
    def run(job_id: str) -> None:
        job = Job.objects.filter(pk=job_id).first()
        if job is None or job.status == Job.DONE:
            return
        Job.objects.filter(pk=job.pk).update(status=Job.RUNNING, attempts=job.attempts + 1)
        job.status = Job.RUNNING
        running = Running(job)
        with translation.override(job.language or settings.LANGUAGE_CODE):
            try:
                work(running)
            except JobFailed as e:
                _failed(job, str(e), e.option)
            except Exception:
                logger.exception("Job %s (%s) failed", job.pk, job.task_path)
                _failed(job, _("Something went wrong and nothing was kept. Try again; if it fails again, tell "
                               "the club's admin."), None)
            except BaseException:   # the worker stopped in the middle (run.sh stopped): said, then stop
                _failed(job, _("The site stopped while this was being done, and nothing was kept. Try again."), None)
                raise
            else:
                if job.status != Job.DONE:
                    running.finish()

    return task()(run)


def _failed(job: Job, message: str, option: tuple[str, str] | None) -> None:
    job.status, job.message, job.finished_at = Job.FAILED, message, timezone.now()
    if option:
        job.params["option"] = {"name": option[0], "label": option[1]}
    job.save(update_fields=["status", "message", "finished_at", "params"])
