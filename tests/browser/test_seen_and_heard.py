"""Read with large text, heard by a screen reader, slowed on the room's TV (docs/accessibility.md):

- a visitor's "Larger text" and "Four-colour cards" are kept on this device (a reload, another
  page), and at 320 CSS px with larger text the pad and its entry form neither scroll sideways nor
  cut "match 0 · 500 to go";
- a hand saved on another phone is said once, politely (#said-aloud), in words;
- the board's Pause holds its page still past its dwell, and Slower doubles the dwell (WCAG 2.2.2).
"""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import new_screen
from tests.browser.steps import log_in, record_hand
from tests.tournaments.conftest import make_tournament  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Whatever runs past its box's right edge with its overflow hidden (text cut short; words for a
# screen reader only, 1 px wide, are not), and the page's own sideways scroll.
CUT = """() => {
  const out = [];
  for (const el of document.querySelectorAll('main *')) {
    const s = getComputedStyle(el);
    if (el.offsetParent === null || !el.textContent.trim() || el.children.length || el.clientWidth <= 1) continue;
    if ((s.overflowX === 'hidden' || s.overflowX === 'clip' || s.textOverflow === 'ellipsis')
        && el.scrollWidth > el.clientWidth + 1) out.push(el.textContent.trim().slice(0, 40));
  }
  return {cut: out, sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""


@pytest.fixture
def narrow(browser, live_server):
    """A 320x640 phone (a laptop at 400 % zoom; WCAG 1.4.10)."""
    page = new_screen(browser, live_server.url, 320, 640, is_mobile=True, has_touch=True)
    yield page
    page.context.close()


def test_a_visitors_larger_text_is_kept_on_the_device_and_nothing_is_cut_at_320_px(narrow, make_match):
    match = make_match(hands=[{"end": "knock", "by": "Ann", "deadwood": {"Ann": 6, "Ben": 31}}])
    page = narrow
    page.goto(f"{page.base}/matches/{match.pk}/")
    size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    larger = page.locator("button[data-display=large-text]")
    larger.click()
    expect(larger).to_have_attribute("aria-pressed", "true")
    page.locator("button[data-display=four-colour]").click()
    page.goto(f"{page.base}/matches/{match.pk}/")   # again: the device remembers
    assert page.evaluate("document.documentElement.className") == "large-text four-colour"
    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") == pytest.approx(size * 1.25)
    expect(page.locator("button[data-display=large-text]")).to_have_attribute("aria-pressed", "true")
    seen = page.evaluate(CUT)
    assert seen == {"cut": [], "sideways": 0}, seen
    assert "500 to go" in page.locator("#head").inner_text()
    page.goto(f"{page.base}/matches/{match.pk}/hands/new/")
    seen = page.evaluate(CUT)
    assert seen == {"cut": [], "sideways": 0}, seen
    # Unticked: back to the usual size, on the next page too.
    page.locator("button[data-display=large-text]").click()
    page.goto(f"{page.base}/players/")
    assert page.evaluate("document.documentElement.className") == "four-colour"


@pytest.mark.waits(6)   # (the next polls)
def test_a_hand_saved_on_another_phone_is_said_once(phone, second_phone, make_match, member):
    match = make_match()
    listener, scorer = phone, second_phone
    log_in(scorer, member.username)
    listener.goto(f"{listener.base}/matches/{match.pk}/")   # a visitor following the pad
    said = listener.locator("#said-aloud")
    assert said.get_attribute("aria-live") == "polite" and said.inner_text() == ""
    scorer.wait_for_url(lambda url: "/accounts/login/" not in url)
    scorer.goto(f"{scorer.base}/matches/{match.pk}/")
    record_hand(scorer, "knock", "Ann", knocker=5, defender=30)
    expect(said).to_have_text(re.compile(r"^Hand 1: .*Ann"), timeout=5000)
    first = said.inner_text()
    # Said once: the next two polls (nothing new: 304) leave it as it is, and the page says it nowhere else.
    for _ in range(2):
        with listener.expect_response(lambda r: r.request.headers.get("x-live") == "1" and r.status == 304,
                                      timeout=10_000):
            pass
    assert said.inner_text() == first
    assert listener.locator("[aria-live]:not(#said-aloud):not(#hand-preview):not(#outbox)").count() == 0
    # The next hand is said in its turn.
    record_hand(scorer, "gin", "Ben", defender=20)
    expect(said).to_have_text(re.compile(r"^Hand 2: .*Ben"), timeout=5000)


@pytest.mark.waits(12)   # (the board's dwell, held and doubled)
def test_the_boards_pause_holds_the_page_and_slower_doubles_its_time(phone, make_tournament):
    t = make_tournament("swiss", 80)
    tv = new_screen(phone.context.browser, phone.base, 1920, 1080)
    try:
        tv.goto(f"{tv.base}/tournaments/{t.pk}/board/?dwell=3")
        where = tv.locator("[data-board-where]")
        expect(where).not_to_have_text("")
        pause = tv.get_by_role("button", name="Pause")
        pause.click()
        expect(pause).to_have_attribute("aria-pressed", "true")
        held = where.inner_text()
        tv.wait_for_timeout(4500)   # past the 3 s dwell: still the same page
        assert where.inner_text() == held
        pause.click()   # on again, at half the pace: 6 s a page
        tv.get_by_role("button", name="Slower").click()
        expect(tv.get_by_role("button", name="Slower")).to_have_attribute("aria-pressed", "true")
        tv.wait_for_timeout(4000)   # a 3 s dwell would have turned by now
        assert where.inner_text() == held
        expect(where).not_to_have_text(held, timeout=6000)
        tv.keyboard.press("p")   # the key P pauses too
        expect(pause).to_have_attribute("aria-pressed", "true")
    finally:
        tv.context.close()
