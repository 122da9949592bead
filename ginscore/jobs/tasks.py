"""The jobs app's own task: forgetting old jobs (enqueued each time a job starts)."""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django_tasks import task
from django_tasks_db.models import DBTaskResult

from ginscore.jobs.models import Job, job_files


@task()
def jobs_prune() -> int:
    """Forgets the jobs finished more than ``GINSCORE_JOBS_KEEP_DAYS`` ago, their files and their
    rows in the worker's queue. Returns how many jobs."""
    before = timezone.now() - timedelta(days=settings.GINSCORE_JOBS_KEEP_DAYS)
    old = list(Job.objects.filter(finished_at__lt=before).values_list("pk", "result_file"))
    files = job_files()
    for _pk, name in old:
        if name:
            files.delete(name)
    Job.objects.filter(pk__in=[pk for pk, _name in old]).delete()
    DBTaskResult.objects.filter(finished_at__lt=before).delete()
    return len(old)
