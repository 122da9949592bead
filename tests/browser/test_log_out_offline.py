"""Log out during a network drop (issue 31, item 5), on a 390x844 phone with a real network cut:
after "Log out" the tablet never acts as that person again, online or not. The log-out is kept
on the phone and reaches the club's site as soon as the network returns, before anything else
the phone sends (the page's retry, or the service worker before the next request); the pages
kept for the person are gone at once."""
import pytest
from django.contrib.sessions.models import Session
from playwright.sync_api import expect

from tests.browser.conftest import new_phone
from tests.browser.steps import log_in
from tests.browser.test_log_out import KEPT_PAGES, _kept, _offline_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BACK = 15_000  # ms: the kept log-out goes out within a few seconds of the network's return


def network_down(context):
    """The phone loses the network (Chromium's offline emulation, and the log-out cut as a dead
    network would: the emulation can let a request through)."""
    context.set_offline(True)
    context.route("**/logout/**", lambda route: route.abort("internetdisconnected"))


def network_up(context):
    context.unroute("**/logout/**")
    context.set_offline(False)


def session_key(page):
    return next(c["value"] for c in page.context.cookies() if c["name"] == "sessionid")


def alive(key):
    return Session.objects.filter(session_key=key).exists()


def log_out_offline(page, match, member):
    log_in(page, member.username)
    _kept(page, f"/matches/{match.pk}/")
    page.locator("form.hand-form[data-outbox]").wait_for()
    key = session_key(page)
    network_down(page.context)
    page.get_by_role("button", name="Log out").click()
    expect(page.locator("h1")).to_have_text("Logged out on this phone")
    expect(page.locator(".logout-pending")).to_contain_text("it is told as soon as the network returns")
    # Nothing of the person on the page; the site has not heard yet.
    assert member.username not in page.locator("body").inner_text()
    expect(page.locator("form.hand-form")).to_have_count(0)
    assert alive(key)
    return key


@pytest.mark.flaky(reruns=2)   # (Chromium's offline emulation and a service-worker page: see test_offline)
def test_a_log_out_offline_reaches_the_site_before_anything_else(phone, make_match, member, shot):
    match = make_match()
    key = log_out_offline(phone, match, member)
    shot("logout-offline-01")
    # No page is kept (only the worker's own note of the log-out to send).
    assert [p for p in phone.evaluate(KEPT_PAGES) if not p.startswith("/__ginscore/")] == []
    # Offline, the pad kept for the person is gone: the worker's own page.
    text = _offline_text(phone, f"/matches/{match.pk}/")
    assert "No connection to the club" in text and member.username not in text and "hand-form" not in text
    # The network returns: the first page opened is drawn for no one, the log-out went first.
    network_up(phone.context)
    phone.goto(f"{phone.base}/matches/{match.pk}/")
    expect(phone.locator(".nav-user").get_by_role("link", name="Log in")).to_be_visible()
    assert member.username not in phone.locator("body").inner_text()
    assert not alive(key)
    shot("logout-offline-02-back")


def test_the_page_left_after_a_log_out_offline_sends_it_when_the_network_returns(phone, make_match, member):
    match = make_match()
    key = log_out_offline(phone, match, member)
    network_up(phone.context)
    expect(phone.locator(".nav-user").get_by_role("link", name="Log in")).to_be_visible(timeout=BACK)
    assert not alive(key)
    assert phone.evaluate("localStorage.getItem('ginscore-logout')") is None


@pytest.mark.flaky(reruns=2)   # (Chromium's offline emulation let the log-out through once on a loaded machine: see test_offline)
def test_a_log_out_offline_without_a_service_worker(phone, make_match, member):
    """A plain-HTTP address (no worker): the page keeps the log-out, and the next page opened with
    the old cookie sends it before showing anything, then is drawn for no one."""
    page = new_phone(phone.context.browser, phone.base, service_workers="block")
    match = make_match()
    log_in(page, member.username)
    page.goto(f"{page.base}/matches/{match.pk}/")
    page.locator("form.hand-form[data-outbox]").wait_for()
    key = session_key(page)
    network_down(page.context)
    page.get_by_role("button", name="Log out").click()
    expect(page.locator("h1")).to_have_text("Logged out on this phone")
    context = page.context
    page.close()                                # the tab is closed; the tablet is back on the network
    network_up(context)
    assert alive(key)
    page = context.new_page()
    page.goto(f"{phone.base}/matches/")         # drawn for the old cookie: the log-out goes first
    expect(page.locator(".nav-user").get_by_role("link", name="Log in")).to_be_visible(timeout=BACK)
    assert not alive(key)
    assert member.username not in page.locator(".nav-user").inner_text()
    context.close()
