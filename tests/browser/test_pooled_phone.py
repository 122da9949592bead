"""A phone handed to a test from the test process's pool (tests/browser/conftest.py, class
Contexts) is as new: the first test leaves the director logged in on it, with things in
localStorage, sessionStorage and IndexedDB, a hand waiting in the outbox, the service worker
installed with its copies of the pad, the phone offline, a route cutting the sends and a
dialog handler; the next test gets the same phone (the same renderer, not a new one) and finds
none of them: logged out, empty storage, no service worker, online, no route, its dialogs
dismissed as a new phone's are, and it still loads the pad and saves a hand."""
import time

import pytest
from playwright.sync_api import expect

from ginscore.matches.models import Hand
from tests.browser.steps import enter_hand, log_in, record_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STORAGE = """async () => ({
  local: Object.keys(localStorage), session: Object.keys(sessionStorage),
  databases: (await indexedDB.databases()).map(d => d.name),
  caches: await caches.keys(),
  workers: (await navigator.serviceWorker.getRegistrations()).length,
  controlled: navigator.serviceWorker.controller !== null,
  online: navigator.onLine,
})"""
MAKE_DATABASE = """() => new Promise(done => { const open = indexedDB.open("left-behind");
  open.onupgradeneeded = () => open.result.createObjectStore("hands");
  open.onsuccess = () => { open.result.close(); done(true); }; })"""

left = {}   # what the first test left, for the second


def test_a_test_leaves_its_phone_full(phone, make_match, director):
    match = make_match()
    log_in(phone, director.username, to=f"/matches/{match.pk}/")
    phone.locator("form.hand-form[data-outbox]").wait_for()
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    phone.wait_for_function("async () => !!(await caches.match(location.origin + location.pathname, "
                            "{ignoreVary: true}))")
    phone.evaluate("localStorage.setItem('left-behind', '1'); sessionStorage.setItem('left-behind', '1')")
    assert phone.evaluate(MAKE_DATABASE)
    phone.context.route("**/hands/send/", lambda route: route.abort("internetdisconnected"))
    enter_hand(phone, "knock", "Ann", knocker=5, defender=30)
    expect(phone.locator("#outbox .outbox-hand")).to_have_count(1)
    answered = []
    phone.on("dialog", lambda dialog: (answered.append(dialog.message), dialog.accept()))
    phone.context.set_offline(True)
    there = phone.evaluate(STORAGE)
    assert "left-behind" in there["local"] and any(k.startswith("ginscore-outbox-") for k in there["local"])
    assert there["session"] == ["left-behind"] and there["databases"] == ["left-behind"]
    assert there["caches"] and there["workers"] == 1 and there["controlled"] and not there["online"]
    assert any(c["name"] == "sessionid" for c in phone.context.cookies())
    left.update(context=phone.context, page=phone, pad=phone.url, answered=answered)


def test_the_next_test_gets_it_as_new(phone, make_match):
    if not left:
        pytest.skip("runs after test_a_test_leaves_its_phone_full")
    assert phone.context is left["context"] and phone is left["page"]   # the same phone, pooled
    assert phone.url == "about:blank" and phone.context.cookies() == []
    assert phone.go_back() is None and phone.url == "about:blank"   # no way back to the pad
    phone.goto(left["pad"])
    expect(phone.locator(".nav-user").get_by_role("link", name="Log in")).to_be_visible()   # logged out
    assert phone.evaluate(STORAGE) == {"local": [], "session": [], "databases": [], "caches": [], "workers": 0,
                                       "controlled": False, "online": True}
    assert phone.evaluate("confirm('Still there?')") is False   # dismissed, as on a new phone
    assert left["answered"] == []
    # It still works: a table's phone saves a hand (the route that cut the sends is gone).
    match = make_match()
    phone.goto(f"{phone.base}/matches/table/{match.table_token}/")
    record_hand(phone, "knock", "Ann", knocker=5, defender=30)
    assert list(Hand.objects.filter(match=match).values_list("end", "knocker_deadwood")) == [("knock", 5)]


def test_a_phone_that_cannot_be_put_back_in_time_is_closed_instead(browser, live_server, make_match, director,
                                                                   monkeypatch):
    """Putting a phone back asks chromium to stop its service workers, and once it never answered:
    the test held until pytest-timeout (240 s). Each of those calls now has its time (CDP_MS); a
    phone not put back in it is closed instead, and the next phone is a new one that works."""
    from tests.browser import conftest as browsers

    never = {"expression": "new Promise(() => {})", "awaitPromise": True}   # a DevTools call never answered
    monkeypatch.setattr(browsers, "STOP_WORKERS", (("Runtime.evaluate", never),))
    monkeypatch.setattr(browsers, "CDP_MS", 1_500)
    pool = browser.new_context.__self__
    phone = browsers.new_phone(browser, live_server.url)
    match = make_match()
    log_in(phone, director.username, to=f"/matches/{match.pk}/")
    phone.wait_for_function("navigator.serviceWorker.controller !== null")   # its worker runs
    context = phone.context
    started = time.monotonic()
    context.close()   # put back: the workers' stop is not answered
    assert time.monotonic() - started < 1.5 + 6   # its time, and the closing
    assert all(kept is not context for _, kept in pool.idle) and context not in pool.lent
    assert context not in browser.contexts   # closed, not pooled
    again = browsers.new_phone(browser, live_server.url)
    assert again.context is not context
    again.goto(f"{again.base}/matches/table/{match.table_token}/")
    record_hand(again, "knock", "Ann", knocker=5, defender=30)
    assert Hand.objects.filter(match=match).count() == 1
