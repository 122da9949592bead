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


@pytest.fixture
def phone(live_server):
    """A phone-sized page (390x844) in Debian's chromium, and the live server's address."""
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = new_phone(browser, live_server.url)
        context = page.context
        yield page
        # While Playwright's event loop runs in this thread, Django keeps this thread's database
        # connections apart from the usual ones (asgiref's Local); close those too, or the
        # test database cannot be dropped at the end ("being accessed by other users").
        connections.close_all()
        context.close()
        browser.close()


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
