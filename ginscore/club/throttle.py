"""Log-in throttling with django-axes, its state in the database (shared by every app server).

- One account from one address: ``AXES_FAILURE_LIMIT`` failures (10) lock that pair out
  for ``AXES_COOLOFF_TIME`` (15 minutes); a success resets the pair's count.
- One address, whatever the accounts: ``GINSCORE_LOGIN_FAILURES_PER_ADDRESS`` failures (30)
  in the same window lock the address out (a guesser trying many accounts).
- The address is the client's: behind an HTTPS proxy (``GINSCORE_HTTPS=1``) the one the
  proxy added to ``X-Forwarded-For`` (``GINSCORE_PROXY_COUNT`` proxies), never a value
  the client could have written there itself.
"""
from __future__ import annotations

from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.attempts import get_cool_off_threshold
from axes.helpers import get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum


def client_address(request) -> str | None:
    """The client's address: ``REMOTE_ADDR``, or behind ``GINSCORE_PROXY_COUNT`` proxies the
    address the outermost of them saw (the entry it appended to ``X-Forwarded-For``)."""
    proxies = settings.GINSCORE_PROXY_COUNT
    remote = request.META.get("REMOTE_ADDR")
    if proxies <= 0:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    return forwarded[-proxies] if len(forwarded) >= proxies else remote


def login_name(request, credentials=None) -> str | None:
    """The name a log-in tried, as the throttle keeps it: at most 150 characters (an account's
    longest name), so a 300-character name is counted, never an error on PostgreSQL."""
    if credentials:
        name = credentials.get(getattr(settings, "AXES_USERNAME_FORM_FIELD", "username"))
    else:
        name = getattr(request, "data", request.POST).get(getattr(settings, "AXES_USERNAME_FORM_FIELD", "username"))
    return name[:150] if isinstance(name, str) else name


class LoginThrottleHandler(AxesDatabaseHandler):
    """Axes' database handler, plus a limit for one address over all accounts."""

    def get_failures(self, request, credentials=None) -> int:
        failures = super().get_failures(request, credentials)
        address = getattr(request, "axes_ip_address", None)
        if address:
            attempts = AccessAttempt.objects.filter(ip_address=address)
            if settings.AXES_COOLOFF_TIME is not None:
                attempts = attempts.filter(attempt_time__gte=get_cool_off_threshold(request))
            from_address = attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0
            if from_address >= settings.GINSCORE_LOGIN_FAILURES_PER_ADDRESS:
                failures = max(failures, get_failure_limit(request, credentials))
        return failures


class LoginThrottleBackend(AxesStandaloneBackend):
    """Axes' backend, which refuses a locked-out log-in before the password is checked.

    ``authenticate()`` without a request (the test client's ``login()``, a shell) is not an
    attempt from a browser; it is left to the next backend instead of raising.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)


def lockout_page(request, response=None, credentials=None):
    """The friendly "too many tries" page (429), with how long the pause lasts."""
    from axes.helpers import get_client_username, get_cool_off
    from django.shortcuts import render

    cool_off = get_cool_off(request)
    return render(request, "registration/locked_out.html", {
        "failure_limit": get_failure_limit(request, credentials),
        "username": get_client_username(request, credentials) or "",
        "minutes": round(cool_off.total_seconds() / 60) if cool_off else None,
    }, status=429)
