"""Off the request: the news (``ginscore.tournaments.news``, told once the write is committed) is
handed to the background worker as a task (``ginscore.push.tasks``), so a save never waits for a
push service, however slow: the request only writes the task's row."""
from __future__ import annotations

from ginscore.push.notices import KINDS
from ginscore.push.tasks import push_news


def on_news(sender, *, kind: str, ids: dict, **kwargs) -> None:
    """The receiver of ``news``: the news a player is told of (``KINDS``; not the clock's start)."""
    if kind in KINDS:
        push_news.enqueue(kind, ids)
