"""A hand on one screen: on a 390x844 phone, right after a saved message, every box the hand
needs, the preview and Save are on screen together (none under the sticky foot, no scroll),
under every preset and for every way a hand can end. bench/bench_taps.py counts the taps."""
import pytest
from django.urls import reverse

from ginscore.engine import PRESETS, rules_from
from ginscore.matches import services
from tests.browser.steps import log_in, record_hand, tap_upcard

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Hand 1, saved on the form, so that the pad comes back with its saved message.
FIRST = {"skarney": dict(end="gin", by="Ann", counts={"b": 30}),
         "colonel": dict(end="went out", by="Ann", counts={"b": 27})}

# What of the form is off the screen or under the sticky foot (preview and Save).
OFF_SCREEN = """() => {
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
  return {scrolled: scrollY, foot: Math.round(foot.top), out};
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
        assert page.locator(".msg-success").is_visible()
        for end in form.locator("#field-end .choices label").all_inner_texts():
            page.evaluate("window.scrollTo(0, 0)")
            if rules.oklahoma:
                tap_upcard(page, "9D")
            choice = form.locator("#field-end .choices label").get_by_text(end, exact=True)
            choice.tap()
            value = choice.locator("input").input_value()   # the form shows that ending's boxes
            page.wait_for_function("v => document.querySelector('form.hand-form').dataset.end === v", arg=value)
            by = form.locator("#field-by")
            if by.is_visible():
                by.locator(".choices label:visible").first.tap()
            page.evaluate(TYPE_NUMBERS)
            page.locator("#hand-preview p").first.wait_for()
            fit = page.evaluate(OFF_SCREEN)
            if fit["scrolled"] or fit["out"]:
                problems.append((preset, end, fit))
            if (preset, end) in (("oklahoma", "knock"), ("sequence", "knock"), ("skarney", "gin"), ("colonel", "challenge")):
                shot(f"one-screen-{preset}-{end}", full_page=False)   # what the phone's screen shows
            seen += 1
    assert not problems, "\n".join(map(str, problems))
    assert seen >= 4 * len(PRESETS) - 2
