"""A phone handed to a test from the test process's pool (tests/browser/conftest.py, class
Contexts) is as new: the first test leaves the director logged in on it, with things in
localStorage, sessionStorage and IndexedDB, a hand waiting in the outbox, the service worker
installed with its copies of the pad, the phone offline, a route cutting the sends and a
dialog handler; the next test gets the same phone (the same renderer, not a new one) and finds
none of them: logged out, empty storage, no service worker, online, no route, its dialogs
dismissed as a new phone's are, and it still loads the pad and saves a hand."""
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
