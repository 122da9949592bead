"""Run only by test_hung_browser.py (its name is not test_*.py: never collected with the suite):
browser tests whose call into chromium never returns, on the first try only or on every try, and
a browser test after them in the same process."""
import pytest

browsers = {"once": [], "always": []}


def test_the_site_is_ready(live_server):
    """(The test database migrated first, in a test with pytest.ini's own time.)"""


def _hangs(phone, when):
    phone.goto(phone.base + "/")
    browsers[when].append(phone.context.browser)
    if when == "always" or len(browsers[when]) == 1:
        phone.evaluate("new Promise(() => {})")   # never settles, and evaluate has no time limit


@pytest.mark.browser
def test_a_call_into_chromium_never_returns_once(phone):
    _hangs(phone, "once")
    assert len(browsers["once"]) == 2 and browsers["once"][0] is not browsers["once"][1]   # another chromium


@pytest.mark.browser
def test_a_call_into_chromium_never_returns_ever(phone):
    _hangs(phone, "always")


@pytest.mark.browser
def test_the_next_test_has_a_working_browser(phone):
    phone.goto(phone.base + "/")
    assert phone.evaluate("document.title") and phone.evaluate("1 + 1") == 2
