"""Log-out leaves nothing behind, on a shared phone (390x844): the director opens a pad and its
entry page (the service worker keeps both for a network drop) with a hand waiting in the outbox,
logs out, and the tablet goes offline: neither page, nor the director's name, nor the hand form,
nor the table link, nor the waiting hand is there for the next person. A page kept for one
person (a table link's phone) is never shown to another, even when nothing cleared it."""
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser.steps import enter_hand, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OUTBOX_KEYS = "() => Object.keys(localStorage).filter(k => k.startsWith('ginscore-outbox-'))"
KEPT_PAGES = """async () => {
  const out = [];
  for (const name of await caches.keys())
    for (const r of await (await caches.open(name)).keys())
      if (!new URL(r.url).pathname.startsWith('/static/')) out.push(new URL(r.url).pathname);
  return out;
}"""


def _kept(page, path):
    page.goto(page.base + path)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_function("async () => !!(await caches.match(location.origin + location.pathname, "
                           "{ignoreVary: true}))")


def _offline_text(page, path) -> str:
    """What the phone shows for ``path`` with no network ("" for the browser's own error page)."""
    try:
        page.goto(page.base + path)
    except PlaywrightError:
        return ""
    return page.content()


def _settled_content(page) -> str:
    """The page's HTML once it has stopped navigating (going Back offline may still be loading)."""
    for _ in range(20):
        try:
            page.wait_for_load_state("domcontentloaded")
            return page.content()
        except PlaywrightError:
            page.wait_for_timeout(250)
    return page.content()


def test_log_out_then_offline_shows_nothing_of_the_director(phone, make_match, director, shot):
    match = make_match()
    pad, entry = f"/matches/{match.pk}/", f"/matches/{match.pk}/hands/new/"
    log_in(phone, director.username)
    _kept(phone, entry)
    _kept(phone, pad)
    phone.locator("form.hand-form[data-outbox]").wait_for()
    # A hand that cannot reach the server waits in the outbox.
    phone.context.route("**/hands/send/", lambda route: route.abort("internetdisconnected"))
    enter_hand(phone, "knock", "Ann", knocker=5, defender=30)
    expect(phone.locator("#outbox .outbox-hand")).to_have_count(1)
    assert phone.evaluate(OUTBOX_KEYS)
    assert set(phone.evaluate(KEPT_PAGES)) >= {pad, entry}
    # Log out: the hand not sent is named first, then everything goes.
    asked = []
    phone.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    phone.get_by_role("button", name="Log out").click()
    expect(phone.locator(".nav-user").get_by_role("link", name="Log in")).to_be_visible()
    assert asked and "1 hand typed on this phone was not sent" in asked[0]
    assert phone.evaluate(OUTBOX_KEYS) == []
    assert phone.evaluate(KEPT_PAGES) == []
    shot("log-out-01-after")
    phone.context.unroute("**/hands/send/")
    phone.context.set_offline(True)
    try:
        phone.go_back()                              # the Back button shows no page of the director's either
    except PlaywrightError:
        pass
    back = _settled_content(phone)
    assert director.username not in back and "hand-form" not in back and match.table_token not in back
    for path in (pad, entry):
        text = _offline_text(phone, path)
        assert director.username not in text and "Log out" not in text
        assert "hand-form" not in text and match.table_token not in text and "Knocker" not in text
    shot("log-out-02-offline")


def test_a_page_kept_for_one_person_is_never_shown_to_the_next(phone, make_match, shot):
    """A table link's phone keeps its pad; the next person on it (another session: the cookies
    gone, nothing cleared by a log-out) opens the same pad offline and gets no copy of it."""
    match = make_match()
    pad = f"/matches/{match.pk}/"
    phone.goto(f"{phone.base}/matches/table/{match.table_token}/")
    phone.wait_for_function("navigator.serviceWorker.controller !== null")   # (the worker installed)
    _kept(phone, pad)
    phone.locator("form.hand-form").wait_for()
    phone.context.set_offline(True)
    phone.reload()                                   # the same person offline: their copy
    expect(phone.locator("form.hand-form")).to_be_visible()
    phone.context.set_offline(False)
    # The pad left first: its poll, back online, must not go out once the cookies are gone (the
    # site would answer it as a visitor's, and the worker keep that, drawn for nobody, as it keeps
    # any visitor's pad; the point here is the first person's copy).
    phone.goto(phone.base + "/")
    phone.context.clear_cookies()                    # the next person: a new session
    phone.goto(phone.base + "/")
    phone.context.set_offline(True)
    text = _offline_text(phone, pad)
    assert "No connection to the club" in text
    assert "hand-form" not in text and match.table_token not in text
    assert pad not in phone.evaluate(KEPT_PAGES)     # the other person's copy is dropped
    shot("log-out-03-next-person-offline")
