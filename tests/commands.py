"""``manage.py COMMAND ARGS`` as a shell runs it, but in the test's own process: the same
``run_from_argv`` that manage.py calls (its argument parsing, its system checks, a CommandError
printed as one line), what it writes to standard output and standard error (the log's lines to
standard error too) and its exit status. A new Python process costs a second of CPU for Django's
start; the tests that are about the process itself (the club's language from its environment, an
import killed with SIGKILL, the help of every command) still start one.
"""
from __future__ import annotations

import io
import logging
import sys
from contextlib import ExitStack, redirect_stderr, redirect_stdout
from unittest import mock


def manage(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    """``manage.py *args`` with ``stdin`` on standard input; returns (exit status, stdout, stderr)."""
    from django.core.management import ManagementUtility

    raw = stdin if isinstance(stdin, bytes) else (stdin or "").encode()
    out, err = io.StringIO(), io.StringIO()
    argv = ["manage.py", *args]
    code = 0
    with ExitStack() as stack:
        stack.enter_context(mock.patch.object(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")))
        stack.enter_context(redirect_stdout(out))
        stack.enter_context(redirect_stderr(err))
        for handler in _handlers_to_standard_error():   # (the log's "stderr" handler holds the real one)
            stack.callback(handler.setStream, handler.setStream(err))
        try:
            ManagementUtility(argv).fetch_command(args[0]).run_from_argv(argv)
        except SystemExit as exit:
            code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
    return code, out.getvalue(), err.getvalue()


def _handlers_to_standard_error() -> list[logging.StreamHandler]:
    loggers = [logging.getLogger(), *(logger for logger in logging.root.manager.loggerDict.values()
                                      if isinstance(logger, logging.Logger))]
    return list({id(h): h for logger in loggers for h in logger.handlers
                 if type(h) is logging.StreamHandler and h.stream in (sys.stderr, sys.__stderr__)}.values())
