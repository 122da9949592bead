"""News for the players of an event, announced once the write that made it is committed (never
for a write rolled back): a round paired, time called, a hand awaiting a player's confirmation, a
result in. ``news`` is a signal (``kind``, and ``ids``: a dict); whoever tells the players listens
(``ginscore.push``: the phones' notifications). It carries only ids, read again by the listener.

- ``paired``: ``tournament`` (an entrant's next table may be known now);
- ``time``: ``tournament``, ``stage``, ``round`` (the round whose time was called);
- ``confirm``: ``match``, ``hand`` (the hand's id), ``version`` (the hand as it awaits);
- ``result``: ``row`` (the tournament match decided)."""
from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

news = Signal()


def announce(kind: str, **ids) -> None:
    """``news`` is sent with ``kind`` and ``ids`` after the current transaction commits (at once
    outside one). The listener is told the same news twice without harm (it keeps what it sent)."""
    transaction.on_commit(lambda: news.send(sender=None, kind=kind, ids=ids))
