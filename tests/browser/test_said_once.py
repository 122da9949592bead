"""What the site says once ("Hand 1 saved. Ann scores 25 and 1 box.") reaches the page the phone
opens next, however the service worker's own asking for a copy of the pad falls: the worker asks
for the pad to keep it each time the pad opens (outbox.js), and a hand saved just then (a quick
hand, a slow phone) was once confirmed on no page. On a 390x844 phone with touch, the worker
running; the worker's asking is put exactly between the save and the pad's opening."""
import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ginscore.matches.models import Hand
from tests.browser.test_offline import open_pad

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The hand as the pad's form sends it when the phone is online (outbox.js: "direct", then the pad opens).
SAVE = """async (url) => {
  const data = new FormData(document.querySelector("form.hand-form"));
  for (const [name, value] of Object.entries({end: "knock", by: "a", knocker_deadwood: "5", defender_deadwood: "30",
                                              entry_key: crypto.randomUUID(), direct: "1"})) data.set(name, value);
  const answer = await fetch(url, {method: "POST", body: data, headers: {Accept: "application/json"}});
  return answer.status;
}"""
# The worker asked to keep the pad again, as outbox.js asks it when a pad opens; done once its copy has hand 1.
KEEP_AGAIN = """async () => {
  navigator.serviceWorker.controller.postMessage({keep: [location.pathname]});
  for (let i = 0; i < 200; i++) {
    const hit = await caches.match(location.origin + location.pathname, {ignoreVary: true});
    if (hit && (await hit.text()).includes('id="hand-1"')) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return false;
}"""


def test_the_workers_copy_drawn_between_the_save_and_the_pad_leaves_the_message(phone, make_match, member):
    match = make_match()
    open_pad(phone, match, member.username)
    assert phone.evaluate(SAVE, reverse("matches:hand_send", args=[match.pk])) == 200
    assert Hand.objects.filter(match=match).count() == 1
    assert phone.evaluate(KEEP_AGAIN)          # the worker's copy was drawn after the save
    phone.goto(f"{phone.base}/matches/{match.pk}/")
    expect(phone.locator(".msg-success")).to_have_text("Hand 1 saved. Ann scores 25 and 1 box.")
    phone.reload()                              # said once
    expect(phone.locator("#hand-1")).to_be_visible()
    expect(phone.locator(".msg-success")).to_have_count(0)
