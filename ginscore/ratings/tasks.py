"""The ratings' background work: the replay after a change of the rated history."""
from __future__ import annotations

from django.db import connection, transaction
from django_tasks import task

# Before the queue's other jobs (an import, a round's sheets): the rating pages wait on it.
REPLAY_PRIORITY = 50


@task(priority=REPLAY_PRIORITY)
def ratings_replay_task() -> bool:
    """Replays the club's ratings and stores them (``services.ratings_replay``); nothing when a
    replay of the history as it is now (or newer) is already stored. True when it stored one."""
    from ginscore.ratings.services import ratings_replay

    return ratings_replay()


def enqueue_replay() -> None:
    ratings_replay_task.enqueue()


def replay_later(sender, **kwargs) -> None:
    """The rated history moved (``models.rated_history_moved``): once the transaction commits, the
    worker replays the ratings; one job a transaction, however many matches it changed."""
    if not any(callback is enqueue_replay for _sids, callback, _robust in connection.run_on_commit):
        transaction.on_commit(enqueue_replay)
