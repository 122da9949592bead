"""A job's page (its progress, then its result or why it failed), its file, and its second try.
Only the account that started a job sees it: anyone else gets 404, as if it did not exist."""
from __future__ import annotations

from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from ginscore.jobs.models import Job, job_files
from ginscore.jobs.services import job_retry


def _own_job(request, pk) -> Job:
    if not request.user.is_authenticated:
        raise Http404
    return get_object_or_404(Job, pk=pk, started_by=request.user)


@require_GET
def job_detail(request, pk):
    job = _own_job(request, pk)
    response = render(request, "jobs/job.html", {"job": job, "option": job.params.get("option")})
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def job_file(request, pk):
    job = _own_job(request, pk)
    files = job_files()
    if job.status != Job.DONE or not job.result_file or not files.exists(job.result_file):
        raise Http404
    return FileResponse(files.open(job.result_file), filename=job.result_name or "result.pdf",
                        content_type="application/pdf")


@require_POST
def job_try_again(request, pk):
    job = _own_job(request, pk)
    job_retry(job=job, option=request.POST.get("option") or None)
    return redirect("jobs:detail", pk=job.pk)
