"""A job a person started, run by the background worker: what it is, who started it, how far it is."""
from __future__ import annotations

import uuid
from datetime import timedelta

from django.conf import settings
from django.core.files.storage import FileSystemStorage
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


# A job still pending this long after it was started is taken as stopped (``Job.stuck``).
STUCK_AFTER = timedelta(hours=1)


class Job(models.Model):
    QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
    STATUSES = [(QUEUED, _("waiting")), (RUNNING, _("running")), (DONE, _("done")), (FAILED, _("failed"))]

    # A random id: the job page's address cannot be guessed from another's.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=40)
    # What the page calls it, in the starter's language ("Import of night.json").
    title = models.CharField(max_length=300)
    language = models.CharField(max_length=10, blank=True)
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="jobs")
    # The @task that does the work (its dotted path): a failed job is enqueued again with it.
    task_path = models.CharField(max_length=200)
    params = models.JSONField(default=dict, blank=True)
    # What the request handed over (an uploaded record file), kept in the database so that a
    # worker on another server reads it; emptied once the job is done.
    source = models.TextField(blank=True)
    status = models.CharField(max_length=10, choices=STATUSES, default=QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    # The outcome in plain words: what was made, or why it failed (never a traceback).
    message = models.TextField(blank=True)
    result_url = models.CharField(max_length=300, blank=True)
    # A file the job made (a PDF), by its name in the jobs' folder (``services.job_files``).
    result_file = models.CharField(max_length=200, blank=True)
    result_name = models.CharField(max_length=200, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["finished_at"])]

    def __str__(self):
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("jobs:detail", args=[self.pk])

    @property
    def pending(self) -> bool:
        return self.status in (self.QUEUED, self.RUNNING)

    @property
    def stuck(self) -> bool:
        """Still waiting or running an hour after it started (the largest job takes seconds): its
        worker was killed outright (kill -9, a power cut) or is not running. It may be tried again."""
        return self.pending and self.created_at < timezone.now() - STUCK_AFTER


def job_files() -> FileSystemStorage:
    """Where the jobs' results are kept (``GINSCORE_JOBS_DIR``, by default the data folder's ``jobs``)."""
    return FileSystemStorage(location=settings.GINSCORE_JOBS_DIR)
