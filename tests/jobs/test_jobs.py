"""A job started by one account: its page shows the progress, then the result (its file, its link)
or why it failed in plain words, with a second try; nobody else sees it."""
from datetime import timedelta

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from ginscore.jobs.models import Job, job_files
from ginscore.jobs.services import job_start
from ginscore.jobs.tasks import jobs_prune
from tests.jobs.work import count_job

pytestmark = pytest.mark.django_db


def _start(user, capture, **params):
    with capture(execute=True):
        job = job_start(kind="count", title="Counting", started_by=user, task=count_job, params={"to": 5, **params})
    job.refresh_from_db()
    return job


def test_the_job_runs_once_committed_and_its_page_shows_the_file(client, member, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as waiting:
        job = job_start(kind="count", title="Counting", started_by=member, task=count_job, params={"to": 5})
    assert Job.objects.get().status == Job.QUEUED and len(waiting) == 2   # the job and the pruning
    for callback in waiting:
        callback()
    job.refresh_from_db()
    assert (job.status, job.done, job.total, job.message) == (Job.DONE, 5, 5, "Counted to 5.")
    client.force_login(member)
    page = client.get(f"/jobs/{job.pk}/")
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    html = page.content.decode()
    assert "Counted to 5." in html and f'href="/jobs/{job.pk}/file/"' in html and "job.js" not in html
    pdf = client.get(f"/jobs/{job.pk}/file/")
    assert b"".join(pdf.streaming_content) == b"counted to 5" and 'filename="count.pdf"' in pdf["Content-Disposition"]


def test_a_waiting_job_shows_its_progress_and_updates_itself(client, member):
    job = Job.objects.create(kind="count", title="Counting", started_by=member, task_path=count_job.module_path,
                             status=Job.RUNNING, done=120, total=500)
    client.force_login(member)
    html = client.get(f"/jobs/{job.pk}/").content.decode()
    assert "120 of 500 done" in html and '<progress max="500" value="120">' in html
    # it updates itself by its script (a <meta refresh> fails WCAG 2.2.1: tests/browser/test_french_crawl.py)
    assert 'ginscore/job.js' in html and 'http-equiv="refresh"' not in html
    client.cookies["ginscore_language"] = "fr"
    assert "120 sur 500 faits" in client.get(f"/jobs/{job.pk}/").content.decode()


def test_nobody_but_the_starter_sees_the_job_or_its_file(client, member, other_member, director,
                                                          django_capture_on_commit_callbacks):
    job = _start(member, django_capture_on_commit_callbacks)
    for who in (None, other_member, director):
        client.logout()
        if who:
            client.force_login(who)
        for url in (f"/jobs/{job.pk}/", f"/jobs/{job.pk}/file/"):
            assert client.get(url).status_code == 404
        assert client.post(f"/jobs/{job.pk}/again/").status_code == 404


def test_a_refused_job_says_why_and_its_offered_second_try_does_it(client, member, django_capture_on_commit_callbacks):
    job = _start(member, django_capture_on_commit_callbacks, fail=True)
    assert (job.status, job.message) == (Job.FAILED, "The count was refused.")
    client.force_login(member)
    html = client.get(f"/jobs/{job.pk}/").content.decode()
    assert "The count was refused." in html and 'name="option" value="anyway"' in html and "Count anyway" in html
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(f"/jobs/{job.pk}/again/", {"option": "anyway"}).status_code == 302
    job.refresh_from_db()
    assert (job.status, job.message, job.params["anyway"], job.attempts) == (Job.DONE, "Counted to 5.", True, 2)


def test_an_unexpected_error_is_a_sentence_never_a_traceback_and_may_be_tried_again(
        client, member, django_capture_on_commit_callbacks, caplog):
    job = _start(member, django_capture_on_commit_callbacks, crash=True)
    assert job.status == Job.FAILED and job.message.startswith("Something went wrong and nothing was kept.")
    assert "KeyError" in caplog.text   # the admins' log has it
    client.force_login(member)
    html = client.get(f"/jobs/{job.pk}/").content.decode()
    assert "Traceback" not in html and "KeyError" not in html and "Something went wrong" in html
    assert 'id="job-option"' not in html
    with django_capture_on_commit_callbacks(execute=True):   # tried again as it was: fails again
        client.post(f"/jobs/{job.pk}/again/")
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Job.FAILED, 2)
    Job.objects.filter(pk=job.pk).update(params={**job.params, "mended": True})   # the cause mended
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/jobs/{job.pk}/again/")
    job.refresh_from_db()
    assert (job.status, job.attempts, job.message) == (Job.DONE, 3, "Counted to 5.")


def test_a_finished_job_is_not_tried_again(client, member, django_capture_on_commit_callbacks):
    job = _start(member, django_capture_on_commit_callbacks)
    client.force_login(member)
    with django_capture_on_commit_callbacks(execute=True) as ran:
        client.post(f"/jobs/{job.pk}/again/")
    job.refresh_from_db()
    assert ran == [] and (job.status, job.attempts) == (Job.DONE, 1)


def test_old_jobs_and_their_files_are_forgotten(member, django_capture_on_commit_callbacks, settings):
    old, new = _start(member, django_capture_on_commit_callbacks), _start(member, django_capture_on_commit_callbacks)
    files = job_files()
    assert files.exists(old.result_file) and files.exists(new.result_file)
    Job.objects.filter(pk=old.pk).update(finished_at=timezone.now() - timedelta(days=settings.GINSCORE_JOBS_KEEP_DAYS + 1))
    assert jobs_prune.call() == 1
    assert list(Job.objects.values_list("pk", flat=True)) == [new.pk]
    assert not files.exists(old.result_file) and files.exists(new.result_file)
    assert DBTaskResult.objects.count() == 0


def test_a_job_whose_worker_stopped_in_the_middle_says_so_and_may_be_tried_again(
        client, member, django_capture_on_commit_callbacks):
    _start(member, django_capture_on_commit_callbacks, stop=True)   # (the immediate backend keeps the exit)
    job = Job.objects.get()
    assert job.status == Job.FAILED and job.message.startswith("The site stopped while this was being done")
    Job.objects.filter(pk=job.pk).update(params={**job.params, "mended": True})
    with django_capture_on_commit_callbacks(execute=True):
        client.force_login(member)
        client.post(f"/jobs/{job.pk}/again/")
    job.refresh_from_db()
    assert (job.status, job.message) == (Job.DONE, "Counted to 5.")


def test_a_job_pending_for_an_hour_is_taken_as_stopped_and_may_be_started_again(
        client, member, django_capture_on_commit_callbacks):
    job = Job.objects.create(kind="count", title="Counting", started_by=member, task_path=count_job.module_path,
                             params={"to": 2}, status=Job.RUNNING)
    client.force_login(member)
    assert 'ginscore/job.js' in client.get(f"/jobs/{job.pk}/").content.decode()   # it updates itself
    with django_capture_on_commit_callbacks(execute=True) as ran:
        client.post(f"/jobs/{job.pk}/again/")   # not stuck yet: nothing is enqueued twice
    assert ran == []
    Job.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(hours=1, minutes=1))
    html = client.get(f"/jobs/{job.pk}/").content.decode()
    assert "has not moved for an hour" in html and 'id="job-again"' in html and "job.js" not in html
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/jobs/{job.pk}/again/")
    job.refresh_from_db()
    assert (job.status, job.message) == (Job.DONE, "Counted to 2.")
