"""Which device a write comes from: a long-lived random cookie (``ginscore_device``), set on the
first write a browser makes and kept two years (log-out keeps it: it names the phone, not the
person). The history of a match keeps a short label of it (a keyed hash, never the cookie), so
it says which device did what, and a device that answered for one player of a match cannot
answer for the other (``ginscore.matches.agreement``).

Clearing the browser's cookies makes it another device: the label is a witness for the table
and the director, not a lock against someone who wipes their phone between two taps.
"""
from __future__ import annotations

import secrets
from contextvars import ContextVar

from django.conf import settings
from django.utils.crypto import salted_hmac

COOKIE = "ginscore_device"
AGE = 2 * 365 * 24 * 3600
_current: ContextVar[str] = ContextVar("ginscore_device", default="")


def device_label(token: str) -> str:
    """The device as the history keeps it: 12 hex characters of a keyed hash of its cookie."""
    return salted_hmac("ginscore.device", token, algorithm="sha256").hexdigest()[:12] if token else ""


def device_shown(label: str) -> str:
    """The device as a page names it: its label's first four characters ("3F2A")."""
    return label[:4].upper()


def current_device() -> str:
    """The label of the device making this request's write ("" outside a POST)."""
    return _current.get()


def _valid(token: str) -> bool:
    return 20 <= len(token) <= 64 and all(c.isalnum() or c in "-_" for c in token)


class DeviceMiddleware:
    """Names the device of every POST (``current_device``), giving a browser without the cookie one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method != "POST":
            return self.get_response(request)
        token = request.COOKIES.get(COOKIE, "")
        new = not _valid(token)
        if new:
            token = secrets.token_urlsafe(24)
        reset = _current.set(device_label(token))
        try:
            response = self.get_response(request)
        finally:
            _current.reset(reset)
        if new:
            response.set_cookie(COOKIE, token, max_age=AGE, httponly=True, samesite="Lax",
                                secure=settings.SESSION_COOKIE_SECURE)
        return response
