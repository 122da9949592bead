import asyncio
import contextlib
import functools
import json
import os
import shutil
import signal
from urllib.parse import urlsplit

import pytest
from django.db import connections
from playwright.sync_api import BrowserContext, Page

from tests.conftest import TIMED_OUT
from tests.processes import descendants

# Debian's chromium, two ways (both from Debian's chromium source, the same version): its headless
# shell (package chromium-headless-shell, the lighter build Playwright itself runs for headless
# tests: about a third less CPU a browser test) for the browser tests, and the whole browser
# (package chromium) for those marked ``whole_chromium``: what the shell has not (a notification
# shown by a service worker). GINSCORE_CHROMIUM=/usr/bin/chromium runs every test on the whole one.
WHOLE_CHROMIUM = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = os.environ.get("GINSCORE_CHROMIUM") or (HEADLESS_SHELL if shutil.which(HEADLESS_SHELL) else WHOLE_CHROMIUM)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


# How long a test waits for a live page (live.js polls every 1.5 s) to show what another device did:
# the page redrawn and swapped in, on a test machine whose cores may be all taken (three test
# processes and their browsers on two cores: the board after a round's start was once over 2 s).
# The site's promise (every viewer within 2 s) is measured on a quiet machine by bench/rehearsal.py.
LIVE_MS = 8_000


def new_phone(browser, base, **options):
    """A page in a new phone-sized context (its own cookies) with touch; ``page.base`` is the site.
    ``options`` go to the context (``locale="fr-FR"``: a French phone)."""
    return new_screen(browser, base, 390, 844, is_mobile=True, has_touch=True, **options)


def new_screen(browser, base, width, height, **options):
    """A page in a new context of ``width`` x ``height`` CSS px (its own cookies); ``page.base`` is
    the site. ``options`` go to the context (``is_mobile=True, has_touch=True``: a phone). The
    context comes from the test process's pool (class Contexts): as new, but already started."""
    page = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1,
                               **options).new_page()
    page.set_default_timeout(10_000)
    page.base = base
    return page


# The options a pooled context may be made with: fixed for its life, so they name its place in the
# pool. A context made with any other (storage_state, permissions, extra_http_headers, offline,
# geolocation, http_credentials, record_video_dir, record_har_path, proxy...) is not pooled.
POOLED = {"viewport", "screen", "device_scale_factor", "is_mobile", "has_touch", "locale", "timezone_id",
          "color_scheme", "reduced_motion", "forced_colors", "contrast", "user_agent", "java_script_enabled",
          "service_workers", "base_url", "ignore_https_errors", "accept_downloads", "bypass_csp"}
# What a test cannot undo on a context or its pages: such a context is closed, never pooled again.
LASTING = {BrowserContext: ["add_init_script", "expose_binding", "expose_function", "new_cdp_session",
                            "route_from_har", "route_web_socket", "set_geolocation", "set_storage_state",
                            "tracing", "clock", "credentials", "debugger"],
           Page: ["add_init_script", "expose_binding", "expose_function", "route_from_har", "route_web_socket",
                  "emulate_media", "add_locator_handler", "clock", "request_gc", "video", "screencast", "webmcp",
                  "pick_locator"]}
# An origin's storage empty, as its page sees it.
EMPTY = """async () => { localStorage.clear(); sessionStorage.clear();
  const workers = navigator.serviceWorker ? await navigator.serviceWorker.getRegistrations() : [];
  return !localStorage.length && !(await indexedDB.databases()).length && !(await caches.keys()).length
    && !workers.length; }"""
IDLE = 12   # contexts kept, each with its page (a renderer process), at most
# Each DevTools call of a context's putting back (Contexts._clear) has this long (ms; Playwright's
# own is none): a context that cannot be put back in time is closed instead (a test's end, never its
# failure). ServiceWorker.stopAllWorkers once never answered (a test run, 2026-11-29: the test held
# 240 s until pytest-timeout, then run again).
CDP_MS = 10_000
# How a context's service workers, still running once unregistered, are stopped (Contexts._clear).
STOP_WORKERS = (("ServiceWorker.enable", None), ("ServiceWorker.stopAllWorkers", None), ("ServiceWorker.disable", None))


def _lasting(owner, name):
    """``owner``'s ``name`` (a method or a property) marking its context as not to be pooled again."""
    original = getattr(owner, name)

    def mark(self):
        context = self if isinstance(self, BrowserContext) else self.context
        context._impl_obj.ginscore_lasting = True

    if isinstance(original, property):
        return property(lambda self: (mark(self), original.fget(self))[1])

    @functools.wraps(original)
    def marked(self, *args, **kwargs):
        mark(self)
        return original(self, *args, **kwargs)
    return marked


for _owner, _names in LASTING.items():
    for _name in _names:
        if hasattr(_owner, _name):
            setattr(_owner, _name, _lasting(_owner, _name))


def _origin(url):
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None


class Contexts:
    """The test process's pool of browser contexts, each with one page already started (a page
    is a renderer process: some 0.4 s of CPU to start, where a page load in it costs 0.06 s).

    ``browser.new_context(**options)`` hands out an idle context made with the same options, or
    makes one; its first ``new_page()`` is the page it keeps. ``context.close()`` and the end of
    the test put it back as new: its other pages closed, the listeners the test added removed,
    its routes, offline mode, permissions, extra headers, viewport and default timeouts put back,
    its page on about:blank with no history, every origin it visited cleared of its storage
    (cookies, localStorage, sessionStorage, IndexedDB, Cache Storage, service workers: DevTools'
    ``Storage.clearDataForOrigin``) and the HTTP cache emptied. A context made with other options
    (POOLED), or on which the test did what cannot be undone (LASTING: an init script, an exposed
    function, a DevTools session, a clock...), or whose putting back failed, is closed instead."""

    def __init__(self, browser):
        self.browser = browser
        self.idle = []        # (key, context), the oldest first
        self.lent = []        # contexts handed out to the running test
        self.origins = set()  # where the running test's site is
        self.new_context = browser.new_context
        browser.new_context = self.context

    def context(self, **options):
        # A phone's browser always says its languages (the headless shell says none unless told):
        # English unless the test chooses.
        options.setdefault("locale", "en-US")
        if set(options) - POOLED:
            return self.new_context(**options)
        key = json.dumps(options, sort_keys=True, default=str)
        context = next((c for k, c in reversed(self.idle) if k == key), None)   # the last put back
        if context is None:
            context = self._make(key, options)
        else:
            self.idle.remove((key, context))
        context.ginscore_handed = False
        self.lent.append(context)
        return context

    def _make(self, key, options):
        context = self.new_context(**options)
        page = BrowserContext.new_page(context)
        context.ginscore_key, context.ginscore_page = key, page
        context.ginscore_viewport = page.viewport_size
        context.ginscore_visited = set()
        page.on("framenavigated", lambda frame: context.ginscore_visited.add(frame.url))
        context.on("page", lambda other: other.on("framenavigated",
                                                     lambda frame: context.ginscore_visited.add(frame.url)))
        context.ginscore_listeners = [{kind: list(now) if isinstance(now, list) else [now]
                                       for kind, now in owner._impl_obj._events.items()} for owner in (page, context)]
        context.ginscore_attributes = set(vars(page))

        def new_page():
            if context.ginscore_handed:
                return BrowserContext.new_page(context)
            context.ginscore_handed = True
            return page

        context.new_page = new_page
        context.close = lambda **kwargs: self.give_back(context)
        return context

    def give_back(self, context):
        """``context`` put back as new in the pool, or closed."""
        if context not in self.lent:
            return   # closed twice
        self.lent.remove(context)
        try:
            self._clear(context)
        except Exception:   # it cannot be put back as new (LASTING), or it broke
            BrowserContext.close(context)
            return
        self.idle.append((context.ginscore_key, context))
        while len(self.idle) > IDLE:
            BrowserContext.close(self.idle.pop(0)[1])

    def _clear(self, context):
        page = context.ginscore_page
        if getattr(context._impl_obj, "ginscore_lasting", False) or page.is_closed() or context.is_closed():
            raise RuntimeError("not to be pooled")
        for other in context.pages:
            if other != page:
                other.close()
        for owner, events in zip((page, context), context.ginscore_listeners):
            emitter = owner._impl_obj
            for kind, now in list(emitter._events.items()):
                for listener in list(now) if isinstance(now, list) else [now]:
                    if listener not in events.get(kind, []):
                        emitter.remove_listener(kind, listener)
        page.goto("about:blank")   # first: the test's page stops (offline still, its sends still cut)
        for owner in (context, page):
            owner.unroute_all(behavior="ignoreErrors")
            owner.set_extra_http_headers({})
        context.set_offline(False)
        context.clear_permissions()
        # A DevTools session of its own for a moment: one kept open keeps network conditions of
        # its own too (the next test's offline page said it was online).
        cdp = BrowserContext.new_cdp_session.__wrapped__(context, page)
        send = functools.partial(cdp.send, timeout=CDP_MS)   # (CDP_MS: no call waits for ever)
        visited = {_origin(url) for url in context.ginscore_visited} | self.origins
        for origin in visited - {None}:
            send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        send("Network.clearBrowserCache")
        if context.service_workers:   # unregistered above, but still running a while
            for method, params in STOP_WORKERS:
                send(method, params)
        # The clearing above is not always all there yet for the origin's next page (the renderer
        # keeps its own copy of localStorage): a blank page of each origin (never the site's)
        # clears what it still sees and waits until nothing is left.
        for origin in visited - {None}:
            page.route(f"{origin}/ginscore-pooled-blank", lambda route: route.fulfill(body="", content_type="text/html"))
            page.goto(f"{origin}/ginscore-pooled-blank")
            page.wait_for_function(EMPTY, timeout=5_000)
            page.unroute_all()
        page.goto("about:blank")
        send("Page.resetNavigationHistory")
        cdp.detach()
        context.clear_cookies()
        context.ginscore_visited.clear()
        if page.viewport_size != context.ginscore_viewport:
            page.set_viewport_size(context.ginscore_viewport)
        for settings in (page._impl_obj._timeout_settings, context._impl_obj._timeout_settings):
            settings.set_default_timeout(None)
            settings.set_default_navigation_timeout(None)
        page.clear_console_messages()
        page.clear_page_errors()
        for name in set(vars(page)) - context.ginscore_attributes:
            delattr(page, name)
        for _ in range(50):   # an unregistered service worker stops once no page uses it
            if not context.service_workers:
                break
            page.wait_for_timeout(20)
        else:
            raise RuntimeError("a service worker still runs")

    def give_back_all(self):
        """At a test's end: its pooled contexts put back, every other context closed."""
        for context in list(self.lent):
            self.give_back(context)
        pooled = {id(c) for _, c in self.idle}
        for context in self.browser.contexts:
            if id(context) not in pooled:
                context.close()


class Chromium:
    """Debian's chromium and its Playwright driver, started once for a test process's browser
    tests, file after file (starting them costs more than a second of CPU and two of wall clock,
    more than many a test; once a file, some 60 starts a run), and its pool of contexts (class
    Contexts).

    Each test gets the browser with no context lent; every context it asks for comes from the
    pool, or is made, and at its end is put back as new, or closed (its cookies, storage, service
    workers and routes go with it): nothing one test did is there for the next. Between tests
    Playwright's event loop is not marked as running in this thread:
    while it is, asgiref gives Django's connections of this thread a storage of their own (a
    thread with a running loop is "async"), so the fixtures of the next test, and pytest-django's
    flush after it, would use another connection than the one the live server shares (in-memory
    SQLite), and fail now and then on a locked table. That is what made the first shared chromium
    flaky (it stayed "running" from one test to the next, across files)."""

    def __init__(self):
        self.executable = CHROMIUM
        self.manager = self.playwright = self.browser = self.contexts = None

    def take(self, site=None, executable=CHROMIUM):
        """The browser for a test (started when there is none, or the last one broke, or it is
        not ``executable``); ``site``, the live server's address, is cleared of storage in each
        context put back."""
        if self.browser is not None and executable != self.executable:
            self.stop()
        self.executable = executable
        if self.browser is not None:
            asyncio._set_running_loop(self.manager._loop)   # as it is after any sync call
            if self.browser.is_connected():
                self.contexts.origins = {_origin(site)} if site else set()
                return self.browser
            self.stop()
        from playwright.sync_api import sync_playwright

        self.manager = sync_playwright()
        self.playwright = self.manager.start()
        self.browser = self.playwright.chromium.launch(executable_path=self.executable, args=ARGS)
        self.contexts = Contexts(self.browser)
        self.contexts.origins = {_origin(site)} if site else set()
        return self.browser

    def give_back(self, hung=False):
        """After a test: its contexts put back in the pool or closed, this thread's connections of
        the loop's time closed, the loop no longer marked as running. ``hung``: the test was failed
        by pytest-timeout (a call into chromium may never return): chromium is killed instead, as
        it is when putting the contexts back is failed so."""
        try:
            if hung:
                self.stop(kill=True)
            elif self.browser.is_connected():
                self.contexts.give_back_all()
        except BaseException:   # pytest-timeout's failure is no Exception
            self.stop(kill=True)
            raise
        finally:
            # While Playwright's loop runs in this thread, Django keeps this thread's database
            # connections apart from the usual ones (asgiref's Local); close those too, or the
            # test database cannot be dropped at the end ("being accessed by other users").
            connections.close_all()
            asyncio._set_running_loop(None)

    def stop(self, kill=False):
        """The browser closed and Playwright's driver stopped; ``kill``: the driver and everything
        it started are killed first (a call into them never returned), and nothing is asked of
        them. The next test starts new ones."""
        if self.manager is None:
            return
        if kill:
            driver = self.manager._client._transport._proc.pid   # (Playwright's own, not public)
            for pid in [*descendants(driver), driver]:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        asyncio._set_running_loop(self.manager._loop)
        try:
            if not kill and self.browser.is_connected():
                self.browser.close()
        finally:
            try:
                self.playwright.stop()   # (after a kill the driver's pipe is closed: at once)
            finally:
                self.manager = self.playwright = self.browser = self.contexts = None
                asyncio._set_running_loop(None)


@pytest.fixture(scope="session")
def _chromium():
    """The test process's chromium (class Chromium), stopped after its last test."""
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed")
    chromium = Chromium()
    yield chromium
    chromium.stop()


class SendsCut:
    """The dead network as the club's site sees it: a phone whose session is in
    ``SendsCut.sessions`` has its outbox's sends (``.../hands/send/``) never reach the site's view;
    they get no answer (408, what a proxy answers when a request never arrives whole; the outbox
    takes it as no network, as it does a failed fetch). Chromium's offline emulation and a route's
    abort cut the sends on the phone, but not always the one a reloaded page makes in the moment
    it takes to learn it is offline (CI saw such a send saved); this cuts that one too. Other
    phones, on the network, are answered as ever."""

    sessions: set = set()

    def __init__(self, site):
        self.site = site

    @staticmethod
    def phone(page) -> str:
        return next((c["value"] for c in page.context.cookies() if c["name"] == "sessionid"), "")

    def __call__(self, environ, start_response):
        if SendsCut.sessions and environ.get("PATH_INFO", "").endswith("/hands/send/"):
            from django.http import parse_cookie
            if parse_cookie(environ.get("HTTP_COOKIE", "")).get("sessionid") in SendsCut.sessions:
                start_response("408 Request Timeout", [("Content-Type", "text/plain")])
                return [b""]
        return self.site(environ, start_response)


@pytest.fixture
def browser(_chromium, live_server, request):
    """Debian's chromium (its headless shell; the whole browser for a test marked
    ``whole_chromium``) with no context lent; every context the test opens is put back as new in
    the pool or closed at its end (class Contexts).
    The live server answers through ``SendsCut`` (no phone cut at the start and the end of a test)."""
    server = live_server.thread.httpd
    if not isinstance(server.get_app(), SendsCut):
        server.set_app(SendsCut(server.get_app()))
    SendsCut.sessions.clear()
    whole = request.node.get_closest_marker("whole_chromium")
    yield _chromium.take(live_server.url, WHOLE_CHROMIUM if whole else CHROMIUM)
    SendsCut.sessions.clear()
    _chromium.give_back(hung=getattr(request.node, "ginscore_timed_out", False))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A test failed by pytest-timeout is marked, for its browser to be killed (fixture browser);
    its next try starts unmarked."""
    report = yield
    if report.when == "setup":
        item.ginscore_timed_out = False
    if report.failed and call.excinfo and TIMED_OUT in str(call.excinfo.value):
        item.ginscore_timed_out = True
    return report


@pytest.fixture
def phone(browser, live_server):
    """A phone-sized page (390x844) in Debian's chromium, and the live server's address."""
    return new_phone(browser, live_server.url)


@pytest.fixture
def second_phone(phone):
    """Another phone (its own cookies) in the same browser."""
    page = new_phone(phone.context.browser, phone.base)
    yield page
    page.context.close()


@pytest.fixture
def shot(phone):
    """``shot(name)`` saves a full-page screenshot (``full_page=False``: the screen) when
    GINSCORE_SHOTS names a folder."""
    def take(name, full_page=True):
        snap(phone, name, full_page)

    return take


def snap(page, name, full_page=True):
    """A screenshot of ``page`` when GINSCORE_SHOTS names a folder."""
    if folder := os.environ.get("GINSCORE_SHOTS"):
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=full_page)
