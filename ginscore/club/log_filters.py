"""Logging filters for the server's terminal."""
from __future__ import annotations

import logging


class RefusalsWithoutTraceback(logging.Filter):
    """A refused request (403: a member on a director's page) is one line in the terminal, not the
    traceback of the ``PermissionDenied`` that said so: it is the site working, not an error."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403 and record.exc_info:
            record.exc_info, record.exc_text = None, None
        return True
