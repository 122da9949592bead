import asyncio
import os
import shutil

import pytest
from django.db import connections

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def new_phone(browser, base, **options):
    """A page in a new phone-sized context (its own cookies) with touch; ``page.base`` is the site.
    ``options`` go to the context (``locale="fr-FR"``: a French phone)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True,
                                  has_touch=True, **options)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.base = base
    return page


def new_screen(browser, base, width, height, **options):
    """A page in a new context of ``width`` x ``height`` CSS px (its own cookies); ``page.base`` is
    the site. ``options`` go to the context (``is_mobile=True, has_touch=True``: a phone)."""
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1, **options)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.base = base
    return page


class Chromium:
    """Debian's chromium and its Playwright driver, started once for a test process's browser
    tests, file after file (starting them costs more than a second of CPU and two of wall clock,
    more than many a test; once a file, some 60 starts a run).

    Each test gets the browser with no context open and closes every context it opened (their
    cookies, storage, service workers and routes go with them), so nothing one test did is there
    for the next. Between tests Playwright's event loop is not marked as running in this thread:
    while it is, asgiref gives Django's connections of this thread a storage of their own (a
    thread with a running loop is "async"), so the fixtures of the next test, and pytest-django's
    flush after it, would use another connection than the one the live server shares (in-memory
    SQLite), and fail now and then on a locked table. That is what made the first shared chromium
    flaky (it stayed "running" from one test to the next, across files)."""

    def __init__(self):
        self.manager = self.playwright = self.browser = None

    def take(self):
        """The browser for a test (started when there is none, or the last one broke)."""
        if self.browser is not None:
            asyncio._set_running_loop(self.manager._loop)   # as it is after any sync call
            if self.browser.is_connected():
                return self.browser
            self.stop()
        from playwright.sync_api import sync_playwright

        self.manager = sync_playwright()
        self.playwright = self.manager.start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        return self.browser

    def give_back(self):
        """After a test: its contexts closed, this thread's connections of the loop's time closed,
        the loop no longer marked as running."""
        try:
            if self.browser.is_connected():
                for context in list(self.browser.contexts):
                    context.close()
        finally:
            # While Playwright's loop runs in this thread, Django keeps this thread's database
            # connections apart from the usual ones (asgiref's Local); close those too, or the
            # test database cannot be dropped at the end ("being accessed by other users").
            connections.close_all()
            asyncio._set_running_loop(None)

    def stop(self):
        if self.manager is None:
            return
        asyncio._set_running_loop(self.manager._loop)
        try:
            if self.browser.is_connected():
                self.browser.close()
        finally:
            try:
                self.playwright.stop()
            finally:
                self.manager = self.playwright = self.browser = None
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
def browser(_chromium, live_server):
    """Debian's chromium with no context open; every context the test opens is closed at its end.
    The live server answers through ``SendsCut`` (no phone cut at the start and the end of a test)."""
    server = live_server.thread.httpd
    if not isinstance(server.get_app(), SendsCut):
        server.set_app(SendsCut(server.get_app()))
    SendsCut.sessions.clear()
    yield _chromium.take()
    SendsCut.sessions.clear()
    _chromium.give_back()


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
