"""The notifications are sent by the background worker (django-tasks, ``ginscore.jobs``), on a
queue of their own ("push", a worker of its own in scripts/run.sh) so they never wait behind a
long job: one task for a piece of news, which enqueues one task per notification."""
from __future__ import annotations

from dataclasses import asdict

from django_tasks import task

from ginscore.push.send import Notification, notifications, push_once

QUEUE = "push"


@task(queue_name=QUEUE)
def push_news(kind: str, ids: dict) -> int:
    """The news ``kind`` (``ginscore.tournaments.news``): a task per notification it makes."""
    found = notifications(kind, ids)
    for notification in found:
        push_send.enqueue(**asdict(notification))
    return len(found)


@task(queue_name=QUEUE)
def push_send(**notification) -> str:
    return push_once(Notification(**notification))
