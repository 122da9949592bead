"""Work done off the request: a job a person started (an import, a bulk PDF), run by a background
worker (django-tasks; ``manage.py db_worker`` beside gunicorn), its progress on a page of its own.

Each app keeps its work as ``@task`` functions in its own ``tasks.py``; ``services.job_start``
records who started what and enqueues the task once the request's transaction is committed; the
task runs inside ``services.job_running``, which shows its progress, its result and, if it fails,
a message in plain words on the job page (docs/background-jobs.md).
"""
