"""The opt-in to the phone's notifications, in chromium on a 390x844 phone, in English (a member
logged in) and in French (a player with their personal link, no account).

Headless chromium has no push service offline, so the test grants the notifications permission
and stands in for the browser's part of ``PushManager.subscribe``: an init script returns a
subscription whose endpoint is the push service on loopback (tests/push/service.py) and whose keys
the test made. Everything else is the site's: the button, the service worker it registers, the
subscription it posts, the round's time called at the desk, the notice the site signs, encrypts and
posts, which the push service decrypts; then the worker shows that notice (chromium's DevTools
deliver it as a push service would) and a tap on it brings the player's page forward; the
opt-out and the log-out unsubscribe the browser and the site forgets the phone."""
from __future__ import annotations

import json
import os

import pytest
from playwright.sync_api import expect

from ginscore.engine import MatchLength
from ginscore.players.models import Player
from ginscore.push.models import Subscription
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry
from ginscore.tournaments.my_night import night_link
from tests.browser.conftest import new_phone
from tests.browser.steps import log_in
from tests.browser.test_sign_up import _fits
from tests.push.conftest import push_service, site_keys  # noqa: F401 (fixtures)

# The headless shell shows no notification from a service worker: these run on the whole chromium.
pytestmark = [pytest.mark.browser, pytest.mark.whole_chromium, pytest.mark.django_db(transaction=True)]

# The browser's part of PushManager, with the test's keys: subscribe() remembers the key the page
# gave (window.pushCalls, kept by the test through a binding), getSubscription() returns it while
# subscribed, unsubscribe() ends it.
FAKE_PUSH = """
(() => {
  const SUB = %s;
  const KEY = "test-push-subscribed";
  const told = (what, detail) => window.pushCalls && window.pushCalls(what, detail || "");
  const b64 = (bytes) => btoa(String.fromCharCode.apply(null, new Uint8Array(bytes)))
    .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const made = () => ({
    endpoint: SUB.endpoint, expirationTime: null,
    toJSON: () => ({endpoint: SUB.endpoint, expirationTime: null, keys: SUB.keys}),
    unsubscribe: () => { localStorage.removeItem(KEY); told("unsubscribe"); return Promise.resolve(true); },
  });
  PushManager.prototype.subscribe = function (options) {
    told("subscribe", b64(options.applicationServerKey) + (options.userVisibleOnly ? " visible" : ""));
    localStorage.setItem(KEY, "1");
    return Promise.resolve(made());
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(localStorage.getItem(KEY) ? made() : null);
  };
})();
"""


def _phone(browser, base, push_phone, lang):
    page = new_phone(browser, base, **({"locale": "fr-FR"} if lang == "fr" else {}))
    page.context.grant_permissions(["notifications"], origin=base)
    calls = []
    page.context.expose_binding("pushCalls", lambda source, what, detail: calls.append((what, detail)))
    page.add_init_script(FAKE_PUSH % json.dumps(push_phone.subscription()))
    page.calls = calls
    return page


def _night(member):
    t = services.tournament_create(name="Jeudi soir", format="swiss", rounds=2, length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=["Ann", "Ben", "Cat", "Dan"])
    Player.objects.filter(name="Ann").update(user=member)
    services.tournament_start(tournament=t)
    return t


def _call_time(t):
    services.round_clock_start(tournament=t, minutes=30)
    services.round_time_call(tournament=t)


def _shown_by_the_worker(page, payload):
    """The site's notice, handed to the service worker as its push service would (DevTools'
    ServiceWorker.deliverPushMessage), and the notifications it shows."""
    cdp = page.context.new_cdp_session(page)
    registrations, versions = [], []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: registrations.extend(e["registrations"]))
    cdp.on("ServiceWorker.workerVersionUpdated", lambda e: versions.extend(e["versions"]))
    cdp.send("ServiceWorker.enable")
    scope = page.base + "/"
    page.wait_for_function("navigator.serviceWorker.ready.then(() => true)", timeout=15_000)   # the worker active first

    def scopes_registrations():
        # Each registration as its latest event tells it, not told deleted. An earlier test's of this
        # origin (the same live server; unregistered, its worker maybe still stopping) may be told too,
        # and told before the page's own: the page's is the newest (DevTools numbers them as made).
        latest = {r["registrationId"]: r for r in registrations}
        return sorted((i for i, r in latest.items() if r["scopeURL"] == scope and not r.get("isDeleted")), key=int)

    # To each registration of the scope, and again to any DevTools tells of later: a full run once
    # showed nothing within 30 s when only an earlier test's registration had been told when the
    # notice was delivered. Only the page's own shows what it gets to the page (getNotifications).
    # And again to each every 5 s until the page's shows it, as a push service tries again: under
    # load (two busy cores, three test processes) one delivery in some twelve showed nothing in
    # 30 s, to the page's only registration, its worker running and activated (2026-11-30). The
    # notice has a tag, so one delivered twice is still one notification.
    delivered, shown, deliveries = set(), [], 0
    for tick in range(300):   # up to 30 s: on a loaded machine the worker was once not done in 15 s
        if tick % 10 == 0:
            for registration in scopes_registrations():
                if registration not in delivered or tick % 50 == 0:
                    delivered.add(registration)
                    deliveries += 1
                    cdp.send("ServiceWorker.deliverPushMessage", {"origin": page.base, "registrationId": registration,
                                                                    "data": json.dumps(payload)})
        if delivered:
            shown = page.evaluate("""navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns =>
                ns.map(n => ({title: n.title, body: n.body, url: n.data && n.data.url, tag: n.tag})))""")
            if shown:
                break
        page.wait_for_timeout(100)
    assert delivered, registrations
    if not shown or deliveries > len(delivered):   # what DevTools knew, for the report
        print("registrations told:", registrations, "delivered to:", sorted(delivered), "deliveries:", deliveries,
              "workers:", [(v["registrationId"], v["runningStatus"], v["status"]) for v in versions],
              "the page's worker:", page.evaluate("navigator.serviceWorker.ready.then(r => r.active && r.active.state)"))
    return shown


def _tapped(page):
    """A tap on the notification, as the worker sees it: what its handler asks of the browser
    (chromium opens or focuses a window only for a real tap, so the test notes the asking)."""
    worker = next(w for w in page.context.service_workers if w.url.endswith("/sw.js"))
    return worker.evaluate("""() => self.registration.getNotifications().then(ns => {
        const asked = [];
        self.clients.openWindow = url => { asked.push("open " + new URL(url).pathname); return Promise.resolve(null); };
        WindowClient.prototype.focus = function () { asked.push("focus " + new URL(this.url).pathname); return Promise.resolve(this); };
        self.dispatchEvent(new NotificationEvent("notificationclick", {notification: ns[0]}));
        return new Promise(done => setTimeout(done, 300)).then(() =>
            self.registration.getNotifications()).then(left => ({asked: asked, left: left.length}));
    })""")


def test_a_member_opts_in_hears_time_called_opts_out_and_logs_out(phone, member, push_service, site_keys):
    t = _night(member)
    ann_phone = push_service.phone("ann")
    page = _phone(phone.context.browser, phone.base, ann_phone, "en")
    log_in(page, member.username, to=None)
    page.goto(f"{page.base}/tournaments/{t.pk}/me/")
    box = page.locator("#push")
    expect(box.get_by_role("heading")).to_have_text("Notifications on this phone")
    box.get_by_role("button", name="Tell me on this phone").tap()
    expect(box.locator(".push-state")).to_have_text("Notifications are on for Ann on this phone.", timeout=20_000)
    expect(box.get_by_role("button", name="Turn notifications off")).to_be_visible()
    expect(box.locator("button:visible")).to_have_count(1)
    assert page.calls[0] == ("subscribe", site_keys.public_key() + " visible")   # the site's key
    stored = Subscription.objects.get()
    assert (stored.player.name, stored.endpoint, stored.language, stored.tournament) == (
        "Ann", ann_phone.endpoint, "en", None)
    _fits(page)
    if shots := os.environ.get("GINSCORE_SHOTS"):
        page.screenshot(path=f"{shots}/push-on-en.png", full_page=True)
    # a page opened again knows it is on
    page.reload()
    expect(box.get_by_role("button", name="Turn notifications off")).to_be_visible()
    _call_time(t)
    arrived = push_service.wait_for(1)
    assert [a.payload["body"] for a in arrived] == ["Round 1: time is called. Finish the hand in play."]
    assert not push_service.problems
    shown = _shown_by_the_worker(page, arrived[0].payload)
    assert shown == [{"title": "Jeudi soir", "body": "Round 1: time is called. Finish the hand in play.",
                      "url": f"/tournaments/{t.pk}/me/", "tag": f"ginscore-time-{t.pk}"}]
    assert _tapped(page) == {"asked": [f"focus /tournaments/{t.pk}/me/"], "left": 0}   # its page is open: forward
    # the opt-out: the browser unsubscribed, the site forgets the phone
    box.get_by_role("button", name="Turn notifications off").tap()
    expect(box.locator(".push-state")).to_have_text("Notifications are off on this phone.", timeout=20_000)
    expect(box.get_by_role("button", name="Tell me on this phone")).to_be_visible()
    assert not Subscription.objects.exists() and page.calls[-1][0] == "unsubscribe"
    # on again, then log-out: both forgotten
    box.get_by_role("button", name="Tell me on this phone").tap()
    expect(box.locator(".push-state")).to_have_text("Notifications are on for Ann on this phone.", timeout=20_000)
    assert Subscription.objects.count() == 1
    calls = len(page.calls)
    page.get_by_role("button", name="Log out").tap()
    page.wait_for_url(f"{page.base}/")
    assert not Subscription.objects.exists()
    assert ("unsubscribe", "") in page.calls[calls:]


def test_a_player_with_their_personal_link_opts_in_in_french(phone, member, push_service):
    t = _night(member)
    ben = Entry.objects.get(tournament=t, player__name="Ben")
    ben_phone = push_service.phone("ben")
    page = _phone(phone.context.browser, phone.base, ben_phone, "fr")
    page.goto(page.base + night_link(ben))
    box = page.locator("#push")
    expect(box.get_by_role("heading")).to_have_text("Notifications sur ce téléphone")
    box.get_by_role("button", name="Me prévenir sur ce téléphone").tap()
    expect(box.locator(".push-state")).to_have_text("Les notifications sont activées pour Ben sur ce téléphone.", timeout=20_000)
    stored = Subscription.objects.get()
    assert (stored.player.name, stored.language, stored.tournament_id, stored.user) == ("Ben", "fr", t.pk, None)
    _fits(page)
    if shots := os.environ.get("GINSCORE_SHOTS"):
        page.screenshot(path=f"{shots}/push-on-fr.png", full_page=True)
    _call_time(t)
    arrived = push_service.wait_for(1)
    assert [a.payload["body"] for a in arrived] == ["Ronde 1 : le temps est écoulé. Terminez la manche en cours."]
    assert arrived[0].payload["url"] == night_link(ben)
    shown = _shown_by_the_worker(page, arrived[0].payload)
    assert [s["body"] for s in shown] == ["Ronde 1 : le temps est écoulé. Terminez la manche en cours."]
    page.goto(page.base + "/")   # the night's page is not open: a tap opens it
    assert _tapped(page) == {"asked": [f"open {night_link(ben)}"], "left": 0}


def test_a_browser_without_web_push_says_so(phone, member, push_service):
    t = _night(member)
    page = new_phone(phone.context.browser, phone.base, locale="fr-FR")
    page.add_init_script("delete window.PushManager;")
    page.goto(page.base + night_link(Entry.objects.get(tournament=t, player__name="Ben")))
    box = page.locator("#push")
    expect(box.locator("[data-push-say=none]")).to_be_visible()
    expect(box.locator("[data-push-say=none]")).to_contain_text("Ce navigateur ne peut pas afficher les notifications")
    expect(box.locator("button:visible")).to_have_count(0)
    if shots := os.environ.get("GINSCORE_SHOTS"):
        page.screenshot(path=f"{shots}/push-none-fr.png", full_page=True)
