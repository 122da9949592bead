"""Live pages: cheap conditional polling answered ``304 Not Modified``.

A live page carries an ETag made from revisions kept in the database (a
match's ``revision``, a tournament's ``revision``), so every app server
answers the same whatever process saved the hand. ``static/ginscore/live.js``
asks for the page again every ~1.5 s with ``If-None-Match``; while nothing
changed the answer is a 304 after one small query, and when something did it
swaps the page's ``data-live`` regions in place (keeping the scroll, the
focus and any form being typed into).

The ETag describes the data, not the viewer: a director and a visitor polling
the same round share it (each got their own page first). Pages are sent
``no-store`` so a browser never answers a navigation from its cache (a page
with a message must always be drawn afresh); only live.js sends the ETag back.
The exception: a page drawn for a visitor without an account or a session, with
nothing of theirs in it, is marked ``public, max-age=0, s-maxage=1``: a front
proxy (run.sh's nginx) shares it for a second, a browser asks again each time.

A tournament's pages change with every hand saved at any of its tables, so on a busy night
the room's screens and phones fetch them again every few seconds. Such a page is the same
for every visitor without an account (``shared=True``): each process keeps the last pages it
drew for them under (address, ETag), and the next visitor asking for that version gets it
without the page being drawn again. The pages drawn are also kept in the "pages" cache (files
in the data folder), where the other processes of this server find them: a new version of
the standings is drawn once, not once a process. The ETag comes from the database, so a page
kept is never stale, only not yet drawn (and the cache's keys carry this server's start, so a
page drawn by an older version of the site is never served); a page drawn with a message, a
form token or a cookie is never kept, and nobody with an account is served one.
"""
from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import logging
import os
import re
import secrets
from importlib import import_module
import threading
import time
import zlib
from collections import OrderedDict
from contextlib import contextmanager
from functools import wraps
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import caches
from django.http import HttpResponse, HttpResponseNotModified
from django.urls import Resolver404, resolve
from django.utils import timezone
from django.utils.cache import add_never_cache_headers, quote_etag
from django.utils.dateformat import format as date_format
from django.utils.http import parse_etags
from django.utils.translation import get_language
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import condition

# Pages drawn for visitors without an account, by (address, ETag): a few per process.
_drawn: OrderedDict[tuple[str, str], tuple[bytes, str]] = OrderedDict()
_drawn_lock = threading.Lock()
PAGES_KEPT = 32
# This server's start: gunicorn's master imports this module before forking its workers
# (ginscore/club/warm.py), so they share it; a restart (a new version of the site) starts afresh.
STARTED = secrets.token_hex(8)
log = logging.getLogger(__name__)


@functools.cache
def site_version() -> str:
    """The version of the site's code, templates, catalogues and collected static files' names: the
    same on every app server running the same site. A shared cache (GINSCORE_CACHE_URL) keeps pages
    under it, so every server serves the page one of them drew, and never one drawn by another version."""
    digest = hashlib.sha1()
    code = Path(__file__).resolve().parents[1]
    for path in sorted(code.rglob("*")):
        if path.suffix in (".py", ".html", ".mo", ".js", ".txt") and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(code)).encode())
            digest.update(path.read_bytes())
    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if manifest.is_file():
        digest.update(manifest.read_bytes())
    return digest.hexdigest()[:16]


def _shared_key(key: tuple[str, str]) -> str:
    generation = site_version() if settings.GINSCORE_CACHE_URL else STARTED
    return f"page:{generation}:" + hashlib.sha1(repr(key).encode()).hexdigest()


# A shared cache (GINSCORE_CACHE_URL) that failed is left alone by this process for a few seconds:
# while Redis is away every page is drawn at once, without a connection tried (and refused) first.
CACHE_PAUSE = 5.0
_cache_failed_at = -CACHE_PAUSE


def _cache_usable() -> bool:
    return time.monotonic() - _cache_failed_at > CACHE_PAUSE


def _cache_failed(what: str, e: Exception) -> None:
    global _cache_failed_at
    if settings.GINSCORE_CACHE_URL:
        _cache_failed_at = time.monotonic()
    log.warning("The pages cache could not be %s: %s", what, e)


def _shared_get(key):
    """The page another process (or app server) drew, or None (a cache that cannot be read, or a
    damaged file in it, is a miss)."""
    if not _cache_usable():
        return None
    try:
        return caches["pages"].get(_shared_key(key))
    except Exception as e:  # noqa: BLE001 - the cache is for speed only: never a failed page
        _cache_failed("read", e)
        return None


def _shared_set(key, kept) -> None:
    if not _cache_usable():
        return
    try:
        caches["pages"].set(_shared_key(key), kept)
    except Exception as e:  # noqa: BLE001 - the cache is for speed only: never a failed page
        _cache_failed("written", e)


def forget_drawn() -> None:
    """Every page kept, in this process and in the pages cache, forgotten (in a shared cache, only
    the pages: ``clear()`` there would empty the whole Redis database)."""
    with _drawn_lock:
        _drawn.clear()
    try:
        pages = caches["pages"]
        if settings.GINSCORE_CACHE_URL:
            client = pages._cache.get_client(write=True)
            for name in client.scan_iter(match=pages.make_key("page:*")):
                client.delete(name)
        else:
            pages.clear()
    except Exception as e:  # noqa: BLE001 - the cache is for speed only
        log.warning("The pages cache could not be cleared: %s", e)


def _keep(key, kept) -> None:
    with _drawn_lock:
        _drawn[key] = kept
        while len(_drawn) > PAGES_KEPT:
            _drawn.popitem(last=False)


def _may_share(request, also=None) -> bool:
    """A visitor without an account, with no message waiting to be shown (and, with ``also``, one
    for whom ``also(request)`` holds)."""
    return (request.method == "GET" and "messages" not in request.COOKIES
            and not request.user.is_authenticated and (also is None or also(request)))


def _shareable(request, response) -> bool:
    """A plain page, drawn with nothing of this visitor's own (message, form token, cookie)."""
    messages = getattr(request, "_messages", None)
    return (response.status_code == 200 and not response.streaming and not response.cookies
            and response.get("Content-Type", "").startswith("text/html")
            and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE") and not getattr(messages, "used", False)
            and "Content-Disposition" not in response)


_SERVER_NOW = re.compile(rb'data-now="[^"]*"')


def _served_now(content: bytes) -> bytes:
    """A kept page with the server's time (the round clock's ``data-now``, which corrects the
    phone's clock) set to now: the page may have been drawn minutes ago."""
    if b'data-now="' not in content:
        return content
    now = f'data-now="{date_format(timezone.localtime(), "c")}"'.encode()
    return _SERVER_NOW.sub(lambda _: now, content)


def _shared(view, also=None, per_host=False):
    """``view``, answering a visitor ``_may_share`` from the pages already drawn: a kept standings,
    round page or 100-hand pad costs a tenth to a twentieth of one drawn (``bench/bench_kinds.py``,
    "kept" against "drawn"; ``GINSCORE_KEPT_PAGES=0`` draws every page)."""
    @wraps(view)
    def shared(request, *args, **kwargs):
        if not settings.GINSCORE_KEPT_PAGES or not request.live_etag or not _may_share(request, also):
            return view(request, *args, **kwargs)
        key = (request.get_full_path(), request.live_etag)
        if per_host:   # the page names the host asked (live_page)
            key = (request.get_host(), *key)
        with _drawn_lock:
            kept = _drawn.get(key)
            if kept is not None:
                _drawn.move_to_end(key)
        if kept is None:
            kept = _found(key)
        if kept is not None:
            return HttpResponse(_served_now(kept[0]), content_type=kept[1])
        with _drawing(key) as waited:
            # Another process or thread drew this page while this one waited: it is kept now.
            kept = _found(key) if waited else None
            if kept is not None:
                return HttpResponse(_served_now(kept[0]), content_type=kept[1])
            response = view(request, *args, **kwargs)
            if _shareable(request, response):
                kept = (response.content, response["Content-Type"])
                _keep(key, kept)
                _shared_set(key, kept)
        return response
    return shared


def _found(key):
    """The page kept under ``key`` by this process or, in the pages cache, by another one; else None."""
    with _drawn_lock:
        kept = _drawn.get(key)
    if kept is None:
        kept = _shared_get(key)
        if kept is not None:
            _keep(key, kept)
    return kept


# A page not yet drawn is drawn once, not by every process (and thread) asked for it at the same
# moment (after a restart every worker is asked for the same cold pages; after a result, for the
# same new version): whoever draws it holds a lock on a file in the data folder, one of
# DRAW_LOCKS by the page's key, and the others wait for it (at most DRAW_WAIT seconds) and then
# serve what it kept.
DRAW_LOCKS = 64
DRAW_WAIT = 5.0
# With a shared cache the lock is a key that lapses by itself after DRAW_LAPSE seconds, for an app
# server killed while drawing: a file's lock is let go by the system with its process, a key is not.
# Until it lapses, every process that wants that page waits, and with it every request queued on that
# process (bench/rehearsal.py, a server killed: 125 pad polls held 5 s, the whole DRAW_WAIT, while the
# lapse was twice that). A page takes well under a second to draw (a 1,024-table board or standings
# 0.1 s, docs/performance.md); one drawn longer than that may be drawn twice, by a process that waited.
DRAW_LAPSE = 1


@contextmanager
def _drawing(key):
    """Holds the lock of ``key``'s page while the block draws it; yields whether it had to wait for
    another drawing first. A lock that cannot be had (no data folder, DRAW_WAIT passed) does not stop
    the page: it is drawn without. With a shared cache (GINSCORE_CACHE_URL) the lock is in it, so
    one drawing serves every app server."""
    if settings.GINSCORE_CACHE_URL:
        with _drawing_shared(key) as waited:
            yield waited
        return
    try:
        folder = Path(settings.CACHES["pages"]["LOCATION"]).parent / "drawing"
        folder.mkdir(parents=True, exist_ok=True)
        stripe = int(_shared_key(key)[-8:], 16) % DRAW_LOCKS
        handle = open(folder / f"{stripe:02d}.lock", "a+b")
    except Exception as e:  # noqa: BLE001 - the lock is for speed only: never a failed page
        log.warning("The drawing lock could not be opened: %s", e)
        yield False
        return
    def take() -> bool:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    try:
        yield _waited_for(take)[1]
    finally:
        handle.close()   # (releases the lock)


def _waited_for(take) -> tuple[bool, bool]:
    """Tries ``take()`` until it gives the lock (True), gives up (None) or DRAW_WAIT passes.
    Returns (held, waited): whether the lock is held, and whether another drawing held it first."""
    waited, deadline = False, time.monotonic() + DRAW_WAIT
    while True:
        held = take()
        if held is not False:
            return bool(held), waited
        waited = True
        if time.monotonic() > deadline:
            return False, waited
        time.sleep(0.01)


@contextmanager
def _drawing_shared(key):
    """``_drawing`` with the lock a key of the shared cache, added by whoever draws (it lapses by
    itself after DRAW_LAPSE, should that process die) and deleted when the page is kept."""
    pages, lock, held = caches["pages"], _shared_key(key) + ":drawing", False

    def take():
        if not _cache_usable():
            return None
        try:
            return pages.add(lock, os.getpid(), timeout=DRAW_LAPSE)
        except Exception as e:  # noqa: BLE001 - the lock is for speed only: never a failed page
            _cache_failed("asked for the drawing lock", e)
            return None

    try:
        held, waited = _waited_for(take)
        yield waited
    finally:
        if held:
            try:
                pages.delete(lock)
            except Exception as e:  # noqa: BLE001 - it lapses by itself
                log.warning("The drawing lock could not be given back to the shared cache: %s", e)


# A page every visitor without a session gets alike may be shared by a front proxy for a second
# (run.sh's nginx keeps it that long: however many watch it, the site draws it once a second), and
# then asked for again with its ETag; a browser asks again every time (max-age=0). The language is
# part of it: it follows the visitor's language cookie and Accept-Language, both named in its Vary
# (and in the front's cache key, ginscore/front.py). Anything else is never shared ("private, no-store").
PROXY_SHARED = "public, max-age=0, s-maxage=1, must-revalidate"
# nginx counts that second in whole seconds of its own clock from when it stores the page: 1 to 2 s,
# and more when the site's answer arrived past a second it began in. It is told instead (its own
# X-Accel-Expires, which it keeps from the phones) the last second of its clock in which the page may
# be answered from its copy, counted from when the site read the page's version: at most FRONT_KEEPS
# after that (a second less at least). While one poll asks the site again, nginx answers the others
# from the copy there is (UPDATING), so a viewer polling 2 s after a hand was saved would be shown the
# page from before it when the site takes over 2 s - FRONT_KEEPS to answer the front (a quarter of a
# second): a table's pad is never answered so (each poll waits for the site; ginscore/front.py). 1.5 s (half a second) was tried on 2026-11-29: the front asked the site again more often (a
# table's pad, which two viewers poll, about once a second instead of once every 1.25 s: 24-25 % of the
# polls instead of 21 %, the app servers' CPU +5-7 % a request) and the polls behind a save were not
# fewer; the site answering the front sooner (less CPU a request) is the better way to that goal.
FRONT_KEEPS = 1.75


def front_expires(read_at: float, keeps: float = FRONT_KEEPS) -> str:
    """The X-Accel-Expires of a page whose version was read at ``read_at`` (time.time()): the last
    second of nginx's clock in which it may answer from its copy, at most ``keeps`` after the read."""
    return f"@{int(read_at + keeps) - 1}"


# The versions of a block of pads are polled by every onlooker of its sixteen tables (some 40 polls a
# second at a championship), and each poll that finds the front's copy past its second and the site
# slow would reach the site too (a table's pad is answered so): when the site stalled for half a
# second, hundreds of them piled up behind one another and kept it saturated (2026-12-02, access
# log: 527 in the second after a stall where some 100 come in any other). So the versions are
# answered from the copy there is while one poll asks the site for the new one (UPDATING), but only
# within the second after the copy's: nginx is told so in their Cache-Control (stale-while-revalidate,
# which nginx 1.22, Debian 12's, reads only when it comes before X-Accel-Expires, as here; from 1.23 in
# either order, nginx's "Upstream: fixed X-Accel-Expires/Cache-Control/Expires handling"; a front
# that does not read it asks the site each time, as for a pad), and keeps a copy only to the end of
# the second the site read it in (VERSIONS_KEEP, a second at most, half a second on average). The copy a poll is answered
# with was read at most 2 s before, as a pad's (FRONT_KEEPS: 1.75 s, and the site's answer); past
# that, each poll waits for the site. tests/deploy/test_front_upstreams.py holds nginx to it.
VERSIONS_SHARED = PROXY_SHARED + ", stale-while-revalidate=1"
VERSIONS_KEEP = 1.0


def versions_answer(request, versions: dict, read_at: float) -> HttpResponse:
    """The live versions of several pages (``{key: version}``, read at ``read_at``, time.time()) as
    JSON, shared by the front like a visitor's page (a second at most, then asked for again with its
    ETag) and 304 to a poll naming it: what a page's onlookers poll instead of the page itself, each
    asking for its page only when its own version moved (static/ginscore/live.js, ``live-versions``).
    The same for every viewer, in every language."""
    body = json.dumps({str(key): value for key, value in versions.items()}, separators=(",", ":")).encode()
    tag = quote_etag(f"v{zlib.crc32(body):x}.{len(body)}")
    response = (HttpResponseNotModified() if tag in _asked(request)
                else HttpResponse(body, content_type="application/json"))
    response["ETag"] = tag
    response["Cache-Control"] = VERSIONS_SHARED   # (before X-Accel-Expires: see VERSIONS_SHARED)
    response["X-Accel-Expires"] = front_expires(read_at, VERSIONS_KEEP)
    return response


def _asked(request) -> set[str]:
    """The ETags a request's If-None-Match names, weak ones as their strong form (a weak comparison)."""
    return {tag.removeprefix("W/") for tag in parse_etags(request.META.get("HTTP_IF_NONE_MATCH", ""))}


def _proxy_may_share(request, response, also) -> bool:
    """A visitor without an account or a session, given the page everyone like them gets (or told
    it has not changed)."""
    return (settings.SESSION_COOKIE_NAME not in request.COOKIES and _may_share(request, also)
            and (response.status_code == 304 or _shareable(request, response)))


def _live_etag(value, language: str) -> str:
    """A live page's ETag: its version and the language it was drawn in."""
    return quote_etag(f"{value}.{language}")


def _poll_languages(request) -> str:
    """For a page visitors share, seen by a phone with a session (a table's players, a member, the
    director): the languages the site speaks ("en fr"), for live.js to poll the page as a visitor
    would, without its cookies, naming its version in each of them (If-None-Match): the front
    answers that from its copy, shared with the page's visitors, where a poll with a session always
    reaches the site. The version is the page's whoever views it (``etag_of`` reads the address
    only), so a 304 there is a 304 for this phone's own page; on a change live.js fetches its own.
    "" otherwise: the phone polls with its cookies (a visitor without a session already polls as one;
    ``GINSCORE_LIVE_POLL_SHARED=0``)."""
    if not settings.GINSCORE_LIVE_POLL_SHARED or settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return ""
    return " ".join(code for code, _ in settings.LANGUAGES)


def live_page(etag_of, *, shared=False, per_host=False):
    """Decorator for a GET view: ``etag_of(**url_kwargs)`` returns the page's
    version from the database in one query (None when there is no such page).
    The template shows it as ``{{ request.live_etag }}`` for live.js.
    ``shared``: the page is the same for every visitor without an account (see above); or a
    test of the request, ``shared(request)``, for the visitors without an account it is the same for.
    ``per_host``: the same for those asking at the same host (the page may name it: kept under it,
    as the front keeps it)."""
    def decorator(view):
        def etag(request, *args, **kwargs):
            request.live_read_at = time.time()
            # (read already when the poll was looked at first, LivePollMiddleware)
            value = request._live_value if hasattr(request, "_live_value") else etag_of(*args, **kwargs)
            # The page's language is part of its version: a page kept in French is never served in English.
            request.live_etag = _live_etag(value, get_language()) if value is not None else ""
            return request.live_etag or None

        also = None if shared is True else shared
        conditional = condition(etag_func=etag)(_shared(view, also, per_host) if shared else view)
        if shared:
            # Sent compressed to a browser that takes it so (every one does), and kept so by the front
            # (its key names it): a 1,024-table round is 474 kB whole, drawn anew at each hand saved,
            # so each of its watchers took it whole at each poll. Django's own (its ETag made weak:
            # live.js, the front and the early 304 compare them weakly).
            conditional = gzip_page(conditional)

        @wraps(view)
        def wrapped(request, *args, **kwargs):
            request.live_poll_languages = _poll_languages(request) if shared else ""
            response = conditional(request, *args, **kwargs)
            if shared and _proxy_may_share(request, response, also):
                response["Cache-Control"] = PROXY_SHARED
                response["X-Accel-Expires"] = front_expires(request.live_read_at)
            else:
                add_never_cache_headers(response)
            return response
        wrapped.live_etag_of, wrapped.live_shared = etag_of, shared
        return wrapped
    return decorator


class LivePollMiddleware:
    """A live page's poll (live.js: ``X-Live: 1`` with the page's ETag; or the front asking again
    with its copy's) answered 304 as soon as the page's version is read, before the rest of the
    site's work: the session, the account, the language, the messages. A table's phones poll
    their pad with a session (their table link), so every one of their polls reaches the site;
    this answer costs them one query, the version's, instead of two and the middleware.

    The page's ETag is its version and its language: a poll naming the version now in any
    language the site speaks was drawn for that viewer in theirs, and is told nothing changed.
    (A member who chooses another language on another device sees it here at the next page or
    change, not at the next poll.) Anything else (a change, no such page, an address that is no
    live page) goes the whole way, its version read once. ``GINSCORE_LIVE_POLL_EARLY=0`` turns
    this off: every poll goes the whole way (docs/performance.md)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if settings.GINSCORE_LIVE_POLL_EARLY and request.method == "GET" and request.META.get("HTTP_X_LIVE") == "1":
            response = _answered_early(request)
            if response is not None:
                return response
        return self.get_response(request)


def answered_early(view):
    """A view whose answer is the same for everyone and reads nothing of the request but its address
    and headers (``versions_answer``): a live poll of it is answered here, before the session, the
    account, the language and the messages, as a live page's "not modified" is."""
    view.live_early = True
    return view


def _answered_early(request):
    try:
        found = resolve(request.path_info)
    except Resolver404:
        return None
    if getattr(found.func, "live_early", False):
        return found.func(request, *found.args, **found.kwargs)
    return _not_modified(request, found) if request.META.get("HTTP_IF_NONE_MATCH") else None


def _not_modified(request, found):
    etag_of = getattr(found.func, "live_etag_of", None)
    if etag_of is None:
        return None
    request.live_read_at = time.time()
    request._live_value = value = etag_of(*found.args, **found.kwargs)
    if value is None:
        return None
    asked = _asked(request)
    tag = next((t for t in (_live_etag(value, code) for code, _ in settings.LANGUAGES)
                if t in asked), None)
    if tag is None:
        return None
    response = HttpResponseNotModified()
    response["ETag"] = tag
    shared = found.func.live_shared
    if shared and settings.SESSION_COOKIE_NAME not in request.COOKIES:
        # No session: what such a visitor has, without reading anything (the session and the
        # account middleware have not run)
        request.session = import_module(settings.SESSION_ENGINE).SessionStore(None)
        request.user = AnonymousUser()
    if shared and _proxy_may_share(request, response, None if shared is True else shared):
        response["Cache-Control"] = PROXY_SHARED
        response["X-Accel-Expires"] = front_expires(request.live_read_at)
    else:
        add_never_cache_headers(response)
    return response

