"""The tournament's work done by the background worker (``ginscore.jobs``): the round clock
running out on its own, called at its deadline even when no hand is saved then."""
from __future__ import annotations

from datetime import datetime

from django_tasks import task

from ginscore.tournaments.services.clock import round_clock_run_out


@task(priority=50)
def round_clock_due(tournament_id: int, deadline: str) -> bool:
    """Enqueued to run at the round clock's deadline (``run_after``): calls time then."""
    return round_clock_run_out(tournament_id=tournament_id, deadline=deadline)


def on_clock_started(sender, *, kind: str, ids: dict, **kwargs) -> None:
    """The news (``ginscore.tournaments.news``) of a clock started: its deadline given to the
    worker. Without a worker that can wait (jobs run inside the request: GINSCORE_TASKS=immediate),
    time is called at the next hand saved after the deadline, as the pages do."""
    if kind == "clock" and round_clock_due.get_backend().supports_defer:
        round_clock_due.using(run_after=datetime.fromisoformat(ids["deadline"])).enqueue(
            ids["tournament"], ids["deadline"])
