"""The browser tests' chromium: one for the browser tests that follow one another in a process."""
from django.db import connections

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class _Chromium:
    """One chromium (and one Playwright driver) for the browser tests that follow one another in a
    process: starting them costs about a second of CPU, more than many a test. Each test gets new
    contexts (their own cookies, storage and service workers) and closes them all; the browser is
    stopped before the first test that does not use it (tests/conftest.py), so no other test runs
    beside Playwright's event loop, and at the end of the run."""

    def __init__(self):
        self.playwright = self.browser = None

    def get(self):
        if self.browser is not None and not self.browser.is_connected():   # (a test that broke it)
            self.stop()
        if self.browser is None:
            from playwright.sync_api import sync_playwright

            self.playwright = sync_playwright().start()
            self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        return self.browser

    def stop(self):
        if self.playwright is None:
            return
        # While Playwright's event loop runs in this thread, Django keeps this thread's database
        # connections apart from the usual ones (asgiref's Local); close those too, or the
        # test database cannot be dropped at the end ("being accessed by other users").
        connections.close_all()
        try:
            self.browser.close()
        finally:
            self.playwright.stop()
            self.playwright = self.browser = None


CHROMIUM_OF_THIS_PROCESS = _Chromium()
