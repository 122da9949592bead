"""Error mail that can never hold a request up: the mail is written and counted in the request (its
traceback and request are at hand there) and handed to one sending thread per process, which talks to the
mail server with ``EMAIL_TIMEOUT`` (``GINSCORE_EMAIL_TIMEOUT``, 5 s) and sends at most
``GINSCORE_ERROR_MAILS_PER_MINUTE`` (3) a minute for the whole site: the count is kept in the
database (``Tried``, where "mail"), so every worker and app server shares it. Mails past the
limit, or past the ``QUEUE`` waiting ones, are dropped (each error is still logged with its
traceback to standard error). A request with a foreign Host is no error to mail (settings.LOGGING).
"""
from __future__ import annotations

import queue
import sys
import threading
from collections import deque
from datetime import timedelta

from django.conf import settings
from django.core import mail
from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from django.utils.log import AdminEmailHandler

QUEUE = 20
WHERE, SCOPE = "mail", "errors"

_waiting: queue.Queue = queue.Queue(maxsize=QUEUE)
_sender: threading.Thread | None = None
_start = threading.Lock()
_sent_here: deque = deque()   # when this process sent, if the database cannot count


def mail_allowed(*, now=None) -> bool:
    """Counts one error mail if fewer than the limit went out in the last minute (every process);
    False: this one is not sent. Without the database (it is what failed, or the failing
    request's transaction is broken) the limit is this process's own."""
    from ginscore.club.models import Tried

    now = now or timezone.now()
    limit = settings.GINSCORE_ERROR_MAILS_PER_MINUTE
    try:
        if connection.needs_rollback:
            raise DatabaseError("the request's transaction is broken")
        with transaction.atomic():
            Tried.take_turn(WHERE)   # two processes that both see one mail left cannot both send
            Tried.objects.filter(where=WHERE, at__lt=now - timedelta(hours=1)).delete()
            if Tried.objects.filter(where=WHERE, at__gte=now - timedelta(minutes=1)).count() >= limit:
                return False
            Tried.objects.create(where=WHERE, scope=SCOPE, at=now)
        return True
    except DatabaseError:
        with _start:
            while _sent_here and _sent_here[0] < now - timedelta(minutes=1):
                _sent_here.popleft()
            if len(_sent_here) >= limit:
                return False
            _sent_here.append(now)
            return True


def _send(subject: str, message: str, html_message: str | None) -> None:
    try:
        mail.mail_admins(subject, message, html_message=html_message,
                         connection=mail.get_connection(timeout=settings.EMAIL_TIMEOUT))
    except Exception as e:  # a mail server that is down, slow or refuses: the log has the error already
        print(f"error mail not sent ({type(e).__name__}: {e}): {subject}", file=sys.stderr)


def _send_waiting() -> None:
    while True:
        subject, message, html_message = _waiting.get()
        try:
            _send(subject, message, html_message)
        finally:
            _waiting.task_done()


def error_mail_queue(subject: str, message: str, html_message: str | None = None) -> bool:
    """Hands one mail to this process's sending thread (started the first time); False: dropped,
    too many already waiting."""
    global _sender
    with _start:
        if _sender is None or not _sender.is_alive():
            _sender = threading.Thread(target=_send_waiting, name="ginscore-error-mail", daemon=True)
            _sender.start()
    try:
        _waiting.put_nowait((subject, message, html_message))
    except queue.Full:
        print(f"error mail not sent ({QUEUE} already waiting): {subject}", file=sys.stderr)
        return False
    return True


def error_mail_wait(timeout: float = 30) -> None:
    """Waits until every waiting mail is sent or dropped (tests, a command ending)."""
    with _waiting.all_tasks_done:
        _waiting.all_tasks_done.wait_for(lambda: not _waiting.unfinished_tasks, timeout)


class QueuedAdminEmailHandler(AdminEmailHandler):
    """Django's error mail (subject, traceback, request), counted first (``mail_allowed``: past the
    minute's limit it is not even written), then sent off the request by ``error_mail_queue``."""

    def emit(self, record):
        if not settings.ADMINS:
            return
        if not mail_allowed():
            print(f"error mail not sent (more than {settings.GINSCORE_ERROR_MAILS_PER_MINUTE} a minute): "
                  f"{record.getMessage()[:200]}", file=sys.stderr)
            return
        super().emit(record)

    def send_mail(self, subject, message, *args, **kwargs):
        error_mail_queue(subject, message, kwargs.get("html_message"))

