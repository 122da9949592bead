"""Save stays under the finger: the hand's preview comes (from the site, or worked out on the phone
offline) a moment after its last box is typed, as the player's finger goes to Save. Drawn above Save,
it once moved the button from under a tap (the hand not saved: 20 px for every hand in French, up to
90 px with long names, 35 px offline). It now has three lines beside Save, no taller than Save's row
(pad.css; Save's label on two lines on a phone if it must), so nothing it says moves Save.

Nor does another device: a hand saved elsewhere while this phone types one changes the head above the
form and puts a note there (the form is stale). They once moved every box of the form (60 px), under
a finger on its way to "Ann" or Save; the page now scrolls by what they moved (live.js)."""
import pytest
from playwright.sync_api import expect

from ginscore.matches import services
from ginscore.matches.records import HandEntry
from ginscore.players.models import Player
from tests.browser.conftest import LIVE_MS, new_phone, new_screen
from tests.browser.steps import type_hand_by_value
from tests.browser.test_offline import network_down, open_pad

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Save's box (x, y, width, height) each time the preview changes
WATCH = """() => { window.__save = [];
  const note = () => { const r = document.getElementById('save-hand').getBoundingClientRect();
                       window.__save.push([r.x, r.y, r.width, r.height]); };
  new MutationObserver(note).observe(document.getElementById('hand-preview'),
                                     {childList: true, subtree: true, characterData: true}); }"""
SAVE_BOX = "() => { const r = document.getElementById('save-hand').getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }"


def typed_then_previewed(page, knocker, defender, says):
    """Save's box once the hand's last box is typed, and every box it had as the preview came."""
    page.evaluate(WATCH)
    type_hand_by_value(page, "knock", "a", knocker=knocker, defender=defender)
    typed = page.evaluate(SAVE_BOX)
    expect(page.locator("#hand-preview .preview-text")).to_contain_text(says)
    return typed, page.evaluate("window.__save")


@pytest.mark.parametrize("locale, names, online, offline", [
    ("en-GB", ("Ann", "Ben"), "Ann scores 25 and 1 box.", ("Ann scores 26.", "Worked out on this phone: no connection. Save keeps the hand here.")),
    ("fr-FR", ("Anne-Sophie Lefèvre-Dubois de la Tour", "Benoît-Xavier Giraud-Marchand"),
     "Anne-Sophie Lefèvre-Dubois de la Tour marque 25 et 1 case.",
     ("Anne-Sophie Lefèvre-Dubois de la Tour marque 26.",
      "Calculé sur ce téléphone\u00a0: pas de connexion. Enregistrer la garde ici.")),
])
def test_the_preview_moves_save_on_no_phone(phone, make_match, member, ann, ben, locale, names, online, offline):
    Player.objects.filter(pk=ann.pk).update(name=names[0])
    Player.objects.filter(pk=ben.pk).update(name=names[1])
    match = make_match()
    page = phone if locale == "en-GB" else new_phone(phone.context.browser, phone.base, locale=locale)
    open_pad(page, match, member.username)
    preview = page.locator("#hand-preview")
    typed, seen = typed_then_previewed(page, 5, 30, online)
    assert seen and all(box == typed for box in seen), (typed, seen)
    # beside Save, about half the line (French: Save's label on two lines; 110 px on one)
    box = preview.bounding_box()
    assert box["x"] + box["width"] <= typed[0] and box["width"] > 170, (box, typed)
    # the network gone, the hand typed again: the phone's own preview, longer, moves nothing either
    network_down(page)
    page.evaluate(WATCH)
    page.locator("form.hand-form [name=defender_deadwood]").fill("31")
    expect(page.locator("#hand-preview .preview-text")).to_have_text(offline[0])
    expect(page.locator("#hand-preview .preview-after")).to_have_text(offline[1])
    seen = page.evaluate("window.__save")
    assert seen and all(box == typed for box in seen), (typed, seen)
    assert page.evaluate(SAVE_BOX) == typed


def test_the_preview_moves_save_on_no_laptop(browser, live_server, make_match, member):
    match = make_match()
    page = new_screen(browser, live_server.url, 1280, 800)
    open_pad(page, match, member.username)
    typed, seen = typed_then_previewed(page, 5, 30, "Ann scores 25 and 1 box.")
    assert seen and all(box == typed for box in seen), (typed, seen)
    # beside Save, not above it
    assert page.locator("#hand-preview").bounding_box()["x"] < typed[0]


# Where each box of the form a finger may be on its way to is on the screen (x, y)
FORM_BOXES = """() => Object.fromEntries(['#field-end label', '#field-by label', '[name=knocker_deadwood]',
  '[name=defender_deadwood]', '#save-hand'].map(sel => {
    const r = document.querySelector(sel).getBoundingClientRect(); return [sel, [r.x, r.y]]; }))"""


@pytest.mark.parametrize("focused", [True, False], ids=["the knocker's box focused", "no focus"])
def test_a_hand_saved_elsewhere_moves_no_box_of_the_form_being_typed(phone, make_match, member, focused):
    """Hand 2 half typed on this phone (the knock, by Ann, her deadwood) when the other phone saves
    hand 2: the head says hand 3 and the note that this form is stale comes above the form, on the
    screen; every box of the form is where it was. ``no focus``: a tap that leaves the focus nowhere
    (the form itself is then what stays). (At the page's top, what shrinks above cannot be scrolled
    away: hand 1's head, losing its first dealer's and friendly's buttons, moves the form up.)"""
    match = make_match(hands=[{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 30}}])
    open_pad(phone, match, member.username)
    type_hand_by_value(phone, "knock", "a", knocker=5)
    if not focused:
        phone.evaluate("document.activeElement.blur()")
    before = phone.evaluate(FORM_BOXES)
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "b", None, 10), expected_number=2)
    note = phone.locator(".live-stale")
    expect(note).to_be_visible(timeout=LIVE_MS)
    expect(phone.locator(".score-head")).to_contain_text("Hand 3")
    after = phone.evaluate(FORM_BOXES)
    assert all(after[k][0] == x and abs(after[k][1] - y) <= 1 for k, (x, y) in before.items()), (before, after)
    box = note.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= phone.viewport_size["height"], box
    assert phone.locator("form.hand-form [name=knocker_deadwood]").input_value() == "5"
