"""A kept pad after the session cookie expired without a log-out (issue 31, item 9): offline, the
phone shows "No connection to the club's site", as docs/shared-tablet.md promises, not the pad of
a session that has ended; before it ends, the same reload shows the kept pad."""
import time

import pytest

from tests.browser.steps import log_in
from tests.browser.test_log_out import KEPT_PAGES, _kept, _offline_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AGE = 30   # seconds: the session cookie's life in this test


@pytest.mark.waits(AGE + 1)
def test_a_kept_pad_is_not_shown_offline_once_the_session_cookie_has_expired(phone, make_match, member, settings):
    settings.SESSION_COOKIE_AGE = AGE
    match = make_match()
    pad = f"/matches/{match.pk}/"
    log_in(phone, member.username)
    started = time.time()
    _kept(phone, pad)
    phone.locator("form.hand-form").wait_for()
    phone.wait_for_timeout(2000)   # the worker has kept the pad again since the page registered it
    phone.wait_for_function("async () => !!(await caches.match(location.origin + location.pathname, "
                            "{ignoreVary: true}))")
    phone.context.set_offline(True)
    if time.time() - started < AGE - 12:   # (a busy machine may have used the time up)
        text = _offline_text(phone, pad)
        assert "hand-form" in text and member.username in text   # still this viewer's: the kept pad
    time.sleep(max(0.0, started + AGE + 1 - time.time()))        # the cookie ends, no log-out
    assert not [c for c in phone.context.cookies() if c["name"] == "sessionid"]
    text = _offline_text(phone, pad)
    assert "No connection to the club" in text
    assert "hand-form" not in text and member.username not in text and match.table_token not in text
    assert pad not in phone.evaluate(KEPT_PAGES)                   # the ended session's copy is dropped
