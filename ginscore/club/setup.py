"""The club's settings as the pages read them: its name, the address the phones use, its paper
and language (the row of ``ginscore.seasons.models.Club``, decided on the first-run page and
changed on the club settings page). What the environment sets wins: ``GINSCORE_SITE_URL`` and
``GINSCORE_LANGUAGE``.

Every page reads them, so each process keeps the row (a write here puts the new row in at once;
another process sees it within ``KEEP_SECONDS``), and keeps knowing the club has started once it
has a first account (the first-run page is for an empty database only).
"""
from __future__ import annotations

import os
import time
from urllib.parse import urlsplit

from django.conf import settings
from django.db import DatabaseError
from django.http.request import validate_host

from ginscore.environment import machine_hosts
from ginscore.seasons.models import PAPER_CHOICES, Club

KEEP_SECONDS = 5.0
PAPERS = dict(PAPER_CHOICES)
LOOPBACK = {"localhost", "127.0.0.1", "::1", "0.0.0.0", "::"}
_kept: dict = {"club": None, "until": 0.0, "started": False}


def club() -> Club:
    """The club's row (unsaved defaults before the first-run page)."""
    now = time.monotonic()
    if _kept["club"] is None or now >= _kept["until"]:
        try:
            found = Club.get()
        except DatabaseError:   # no database yet (before migrate, a builder run alone): the defaults
            return Club(pk=1)
        _kept["club"], _kept["until"] = found, now + KEEP_SECONDS
    return _kept["club"]


def forget(*, keep: Club | None = None, started: bool | None = None, forever: bool = False) -> None:
    """Reads the row again next time; ``keep``: this row is the new one (a write, or a test's defaults,
    kept ``forever`` in a test so the pages it counts make no extra query); ``started``: whether the
    club has its first account (None: as known)."""
    _kept["club"] = keep
    _kept["until"] = float("inf") if forever else time.monotonic() + KEEP_SECONDS
    if started is not None:
        _kept["started"] = started


def started() -> bool:
    """Has the club an account yet? (No: the first-run page asks for the first admin.)"""
    if not _kept["started"]:
        from django.contrib.auth import get_user_model

        _kept["started"] = get_user_model().objects.exists()
    return _kept["started"]


def site_url_from_environment() -> str:
    return (getattr(settings, "GINSCORE_SITE_URL", "") or "").rstrip("/")


def site_url() -> str:
    """The address the phones use, without a trailing slash: the environment's, else the club's, else ""."""
    return site_url_from_environment() or club().site_url.rstrip("/")


def language_from_environment() -> str:
    return settings.LANGUAGE_CODE if os.environ.get("GINSCORE_LANGUAGE", "").strip() else ""


def language() -> str:
    """The club's language: ``GINSCORE_LANGUAGE``, else the first-run page's, else English."""
    chosen = club().language
    offered = dict(settings.LANGUAGES)
    return language_from_environment() or (chosen if chosen in offered else settings.LANGUAGE_CODE)


def paper(asked: str | None = None) -> str:
    """The paper a sheet prints on: the one asked for (``?paper=``) when it is one, else the club's."""
    return asked if asked in PAPERS else club().paper


# Where the browser's first language names one of these regions, the club's paper is Letter.
LETTER_REGIONS = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "VE", "CR", "GT", "PR", "DO", "SV", "NI", "PA"})


def first_run_choices(accept_language: str, language_now: str) -> dict:
    """The first-run page's paper and language before the organiser chooses: the language the page
    is read in (their browser's) unless the environment fixes it, and A4 unless their browser says
    a Letter country (en-US, fr-CA...) or plain English, as before."""
    first = accept_language.split(",")[0].split(";")[0].strip().replace("_", "-")
    region = first.split("-")[1].upper() if "-" in first else ""
    letter = region in LETTER_REGIONS or (not region and first.lower() in ("", "en"))
    offered = dict(settings.LANGUAGES)
    return {"paper": "letter" if letter else "a4",
            "language": language_from_environment() or (language_now if language_now in offered else language())}


def other_paper(current: str) -> str:
    return "letter" if current == "a4" else "a4"


def is_loopback(host: str) -> bool:
    host = (host or "").strip("[]").lower()
    return host in LOOPBACK or host.endswith(".localhost") or host.startswith("127.")


def loopback_address(address: str) -> bool:
    return is_loopback(urlsplit(address).hostname or "")


def network_addresses(port: int | str | None = None) -> list[str]:
    """This machine's addresses on the club's network (what ``scripts/run.sh`` prints), as addresses
    to type in: ``http://192.168.1.20:8000``."""
    suffix = f":{port}" if port and str(port) not in ("80", "") else ""
    return [f"http://{host}{suffix}" for host in machine_hosts()
            if (host[0].isdigit() or host[0] == "[") and not is_loopback(host)]


def address_check(address: str) -> str:
    """A typed site address, cleaned (no trailing slash), or ValueError saying why it is refused."""
    from django.utils.translation import gettext as _

    address = (address or "").strip().rstrip("/")
    parts = urlsplit(address)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(_('"%(address)s" is not an address: it starts with http:// or https://, then the host')
                         % {"address": address[:80]})
    if is_loopback(parts.hostname):
        raise ValueError(_("%(address)s is this computer only: the players' phones cannot open it") % {"address": address})
    if not validate_host(parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]",
                         settings.ALLOWED_HOSTS):
        raise ValueError(_("this site does not answer to %(host)s: add it to GINSCORE_ALLOWED_HOSTS first")
                         % {"host": parts.hostname})
    if len(address) > 200:
        raise ValueError(_("at most %(count)s characters") % {"count": 200})
    return address


class FirstRunMiddleware:
    """On an empty database (no account yet), every page sends the visitor to the first-run page;
    once the club has an account, nothing (the process remembers: no query after that)."""

    PASS = ("/start/", "/static/", "/sw.js", "/favicon.ico", "/apple-touch-icon", "/language/")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not _kept["started"] and request.method in ("GET", "HEAD") and not request.path.startswith(self.PASS) \
                and not started():
            from django.shortcuts import redirect

            return redirect("club:start")
        return self.get_response(request)
