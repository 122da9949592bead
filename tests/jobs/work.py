"""Jobs for the tests of the jobs themselves (a task must live at a module's top level)."""
from ginscore.jobs.services import JobFailed, job_task


@job_task
def count_job(job):
    """Counts to ``params["to"]``, then keeps a small file; fails in plain words while
    ``params["fail"]`` says so, with an unexpected error while ``params["crash"]`` does, or is
    stopped while ``params["stop"]`` does (until ``params["mended"]``)."""
    to = job.job.params["to"]
    if job.job.params.get("stop") and not job.job.params.get("mended"):
        raise SystemExit(1)   # as the worker's second TERM (run.sh stopped) in the middle of a job
    if job.job.params.get("crash") and not job.job.params.get("mended"):
        raise KeyError("an unexpected error")
    if job.job.params.get("fail") and not job.job.params.get("anyway"):
        raise JobFailed("The count was refused.", option=("anyway", "Count anyway"))
    for n in range(1, to + 1):
        job.progress(n, to)
    job.finish(message=f"Counted to {to}.", url="/", file=(f"counted to {to}".encode(), "count.pdf"))
