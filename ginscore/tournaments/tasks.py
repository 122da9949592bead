"""The tournament's work done by the background worker (``ginscore.jobs``): the round clock
running out on its own."""
from __future__ import annotations

from django_tasks import task

from ginscore.tournaments.services.clock import round_clock_run_out


@task(priority=50)
def round_clock_due(tournament_id: int, deadline: str) -> bool:
    """Enqueued to run at the round clock's deadline (``run_after``): calls time then."""
    return round_clock_run_out(tournament_id=tournament_id, deadline=deadline)
