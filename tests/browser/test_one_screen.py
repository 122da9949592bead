"""A hand on one screen: on a 390x844 phone, right after a saved message, every box the hand
needs, the preview and Save are on screen together (none under the sticky foot, no scroll),
under every preset and for every way a hand can end. bench/bench_taps.py counts the taps."""
import pytest
from django.urls import reverse
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from ginscore.engine import PRESETS, rules_from
from ginscore.matches import services
from ginscore.matches.records import HandEntry
from tests.browser.steps import log_in, record_hand, tap_upcard

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Hand 1, saved on the form, so that the pad comes back with its saved message.
FIRST = {"skarney": dict(end="gin", by="Ann", counts={"b": 30}),
         "colonel": dict(end="went out", by="Ann", counts={"b": 27})}

# What of the form is off the screen or under the sticky foot (preview and Save), with the page at
# its top as the phone shows it after the saved message (a tap by the test driver may scroll it).
OFF_SCREEN = """() => {
  window.scrollTo(0, 0);
  const form = document.querySelector('form.hand-form');
  const foot = form.querySelector('.entry-foot').getBoundingClientRect(), out = [];
  for (const box of form.querySelectorAll('.field')) {   // what is folded away (rulings) is not needed
    if (box.offsetParent === null || getComputedStyle(box).visibility === 'hidden' ||
        box.closest('details:not([open])')) continue;
    const r = box.getBoundingClientRect();
    if (r.top < 0 || r.bottom > foot.top + 0.5) out.push(`${box.id} ${Math.round(r.top)}..${Math.round(r.bottom)}`);
  }
  for (const sel of ['#hand-preview', '#save-hand']) {
    const r = form.querySelector(sel).getBoundingClientRect();
    if (r.height === 0 || r.top < 0 || r.bottom > innerHeight) out.push(`${sel} ${Math.round(r.top)}..${Math.round(r.bottom)}`);
  }
  return {foot: Math.round(foot.top), out};
}"""

# Types into every visible number box (as a thumb would, without moving the page).
TYPE_NUMBERS = """() => {
  const names = ['knocker_deadwood', 'defender_deadwood', 'count_a', 'count_b', 'bonus'];
  for (const input of document.querySelectorAll(names.map(n => `form.hand-form input[name=${n}]`).join(','))) {
    const box = input.closest('.field');
    if (input.offsetParent === null || (box && getComputedStyle(box).visibility === 'hidden')) continue;
    input.value = input.name === 'bonus' ? '0' : input.name === 'knocker_deadwood' ? '5' : '20';
    input.dispatchEvent(new Event('input', {bubbles: true}));
  }
}"""

# Words broken inside on the ending's buttons ("challen / ge"): a word whose letters lie on two lines.
BROKEN_WORDS = """() => {
  const out = [];
  for (const label of document.querySelectorAll('form.hand-form #field-end .choices label')) {
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode());) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""


# What the page knew when a tap on an ending was not taken (seen in full runs, and four runs in a
# row of tests/browser/test_offline.py then this file, one process, 2026-11-29 16:30-16:40; never
# alone): the form's ending, the radio checked, the live updates drawn since the saved page opened
# (region@ms), the touches and clicks that reached the page since, whether it is still the page
# watched (not a new one: its navigation), the saved message, the service worker, the touch points.
WATCH_LIVE = """() => { window.ginscoreWatch = {swaps: [], inputs: []};
  document.addEventListener("ginscore:live", (e) => window.ginscoreWatch.swaps.push(
    e.detail.regions.join("+") + "@" + Math.round(performance.now())));
  for (const kind of ["touchstart", "click"]) document.addEventListener(kind, (e) => window.ginscoreWatch.inputs.push(
    kind + ":" + (e.target.textContent || "").trim().slice(0, 12) + "@" + Math.round(performance.now())),
    {capture: true, passive: true}); }"""
FORM_STATE = """() => { const f = document.querySelector("form.hand-form"), c = f && f.querySelector("input[name=end]:checked");
  const watch = window.ginscoreWatch;
  return {ending: f && f.dataset.end, checked: c && c.value, scrollY: window.scrollY, now: Math.round(performance.now()),
          page_watched: !!watch, live_updates: watch && watch.swaps, inputs: watch && watch.inputs,
          navigation: performance.getEntriesByType("navigation").map(n => n.type),
          saved_message: !!document.querySelector(".msg-success"), worker: !!navigator.serviceWorker.controller,
          touch_points: navigator.maxTouchPoints}; }"""


def _shows_ending(page, value, preset, end):
    """Waits until the form shows ``value``'s boxes; else fails saying what the page showed."""
    try:
        page.wait_for_function("v => document.querySelector('form.hand-form').dataset.end === v", arg=value)
    except PlaywrightTimeout:
        raise AssertionError(f"{preset}: the tap on {end!r} was not taken in 10 s; the page: "
                             f"{page.evaluate(FORM_STATE)}") from None


def test_every_preset_and_ending_fits_one_screen_after_a_saved_message(phone, shot, ann, ben, member):
    page = phone
    log_in(page, member.username)
    problems, seen = [], 0
    for preset, rules in PRESETS.items():
        match = services.match_create(player_a=ann, player_b=ben, rules=rules_from(preset), created_by=member)
        page.goto(page.base + reverse("matches:detail", args=[match.pk]))
        record_hand(page, **FIRST.get(preset, dict(end="knock", by="Ann", knocker=5, defender=30,
                                                    upcard="9H" if rules.oklahoma else None)))
        form = page.locator("form.hand-form")
        page.evaluate(WATCH_LIVE)
        assert page.locator(".msg-success").is_visible()
        broken = page.evaluate(BROKEN_WORDS)
        if broken:
            problems.append((preset, "words broken on the ending's buttons", broken))
        for end in form.locator("#field-end .choices label").all_inner_texts():
            page.evaluate("window.scrollTo(0, 0)")
            if rules.oklahoma:
                tap_upcard(page, "9D")
            choice = form.locator("#field-end .choices label").get_by_text(end, exact=True)
            choice.tap()
            value = choice.locator("input").input_value()   # the form shows that ending's boxes
            _shows_ending(page, value, preset, end)
            by = form.locator("#field-by")
            if by.is_visible():
                by.locator(".choices label:visible").first.tap()
            if rules.counts_cards_held and value in ("gin", "out"):   # Ann went out: only Ben's count to give
                expect(form.locator("#field-count_a")).to_be_hidden()
                expect(form.locator("#field-count_b")).to_be_visible()
            page.evaluate(TYPE_NUMBERS)
            page.locator("#hand-preview p").first.wait_for()
            fit = page.evaluate(OFF_SCREEN)
            if fit["out"]:
                problems.append((preset, end, fit))
            if (preset, end) in (("oklahoma", "knock"), ("sequence", "knock"), ("skarney", "gin"), ("colonel", "challenge")):
                shot(f"one-screen-{preset}-{end}", full_page=False)   # what the phone's screen shows
            seen += 1
    assert not problems, "\n".join(map(str, problems))
    assert seen >= 4 * len(PRESETS) - 2


LONG_NAME = "Zoë Ångström-Lefèvre de la Montagne-Sainte-Geneviève du Lac"   # 59 characters


@pytest.mark.parametrize("preset, long_name", [("standard", False), ("oklahoma", False), ("oklahoma", True)])
def test_the_hand_after_a_game_ends_fits_one_screen_under_its_summary(phone, shot, ann, ben, member, preset,
                                                                      long_name):
    """The game-winning hand's saved message and the head's summary of the game stay until the
    next hand: that next hand's boxes, its preview and Save are still on one screen (also with a
    59-character name in the message, the summary, the head, the buttons and the preview)."""
    page = phone
    if long_name:
        ben.name = LONG_NAME
        ben.save()
    log_in(page, member.username)
    rules = rules_from(preset)
    match = services.match_create(player_a=ann, player_b=ben, rules=rules, created_by=member)
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "b", 2, 30, "9H"), expected_number=1)   # Ben 28
    page.goto(page.base + reverse("matches:detail", args=[match.pk]))
    for _ in range(4):   # Ann's gins until game 1 is hers
        record_hand(page, end="gin", by="Ann", defender=60, upcard="9H" if rules.oklahoma else None)
        if page.locator(".score-head .game-over").count():
            break
    assert "Game 1 won by Ann" in page.locator(".msg-success").inner_text()
    assert page.locator(".score-head .game-over").is_visible()
    form = page.locator("form.hand-form")
    problems = []
    for end in ("knock", "gin", "dead hand"):
        page.evaluate("window.scrollTo(0, 0)")
        if rules.oklahoma:
            tap_upcard(page, "9D")
        choice = form.locator("#field-end .choices label").get_by_text(end, exact=True)
        choice.tap()
        value = choice.locator("input").input_value()
        _shows_ending(page, value, preset, end)
        if form.locator("#field-by").is_visible():
            form.locator("#field-by .choices label").first.tap()
        page.evaluate(TYPE_NUMBERS)
        page.locator("#hand-preview p").first.wait_for()
        fit = page.evaluate(OFF_SCREEN)
        if fit["out"]:
            problems.append((end, fit))
        if end == "knock":
            shot(f"one-screen-{preset}{'-long-name' if long_name else ''}-after-game-over", full_page=False)
    assert not problems, "\n".join(map(str, problems))
