"""Save stays under the finger: the hand's preview comes (from the site, or worked out on the phone
offline) a moment after its last box is typed, as the player's finger goes to Save. Drawn above Save,
it once moved the button from under a tap (the hand not saved: 20 px for every hand in French, up to
90 px with long names, 35 px offline). It now has three lines beside Save, no taller than Save's row
(pad.css; Save's label on two lines on a phone if it must), so nothing it says moves Save.

Nor does another device: a hand saved elsewhere while this phone types one changes the head above the
form and puts a note there (the form is stale). They once moved every box of the form (60 px), under
a finger on its way to "Ann" or Save; the page now scrolls by what they moved (live.js), as it does
for the outbox's panel saying a hand was sent. And a form is said to be stale only when the site now
asks something else of it: this phone's own hand sent from its outbox, or an earlier hand corrected
elsewhere, once marked every form being typed so (the pad's revision moved); the form now takes the
revision in place and previews its hand again."""
import pytest
from playwright.sync_api import expect

from ginscore.matches import services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry
from ginscore.players.models import Player
from tests.browser.conftest import LIVE_MS, new_phone, new_screen
from tests.browser.steps import type_hand_by_value
from tests.browser.test_offline import hands, network_down, network_up, open_pad

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


# As on an iPhone: Safari keeps nothing in place by itself (no CSS scroll anchoring, which chromium has
# when the page is scrolled, and which would hide a fault here)
AS_SAFARI = "for (const el of [document.documentElement, document.body]) el.style.overflowAnchor = 'none'"

# Where each box of the form a finger may be on its way to is on the screen (x, y)
FORM_BOXES = """() => Object.fromEntries(['#field-end label', '#field-by label', '[name=knocker_deadwood]',
  '[name=defender_deadwood]', '#save-hand'].map(sel => {
    const r = document.querySelector(sel).getBoundingClientRect(); return [sel, [r.x, r.y]]; }))"""


def assert_still(before, after):
    """Every box where it was (FORM_BOXES), within a pixel down or up."""
    assert all(after[k][0] == x and abs(after[k][1] - y) <= 1 for k, (x, y) in before.items()), (before, after)


def assert_on_screen(page, locator):
    box = locator.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"], box


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
    phone.evaluate(AS_SAFARI)
    before = phone.evaluate(FORM_BOXES)
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "b", None, 10), expected_number=2)
    note = phone.locator(".live-stale")
    expect(note).to_be_visible(timeout=LIVE_MS)
    expect(phone.locator(".score-head")).to_contain_text("Hand 3")
    after = phone.evaluate(FORM_BOXES)
    assert_still(before, after)
    assert_on_screen(phone, note)
    assert phone.locator("form.hand-form [name=knocker_deadwood]").input_value() == "5"


def test_this_phones_own_hand_sent_meanwhile_moves_nothing_and_leaves_the_form_as_it_is(phone, make_match, member):
    """Hand 1 saved offline waits in the outbox; hand 2 is half typed when the network comes back. The
    outbox sends hand 1 and its panel says so, the pad takes it: every box of the form is where it was,
    and the form is not said to have changed on another device (it asks the same: only the pad's
    revision moved, which it takes in place). Hand 2 is then saved as typed."""
    match = make_match()
    open_pad(phone, match, member.username)
    network_down(phone)
    type_hand_by_value(phone, "knock", "a", knocker=5, defender=30)
    expect(phone.locator("#hand-preview .preview-text")).to_contain_text("Ann scores 25")
    phone.locator("#save-hand").click()
    expect(phone.locator("#outbox .outbox-hand")).to_have_count(1)
    expect(phone.locator("#entry h2")).to_have_text("Hand 2")
    type_hand_by_value(phone, "knock", "b", knocker=4)
    phone.evaluate(AS_SAFARI)
    before = phone.evaluate(FORM_BOXES)
    network_up(phone)
    sent = phone.locator("#outbox").get_by_text("Sent: hand 1, now on the pad.")
    expect(sent).to_be_visible(timeout=LIVE_MS)
    expect(phone.locator(".score-head [data-game=a]")).to_have_text("25", timeout=LIVE_MS)
    phone.wait_for_timeout(2000)   # a live poll after the send (every 1.5 s)
    after = phone.evaluate(FORM_BOXES)
    assert_still(before, after)
    expect(phone.locator(".live-stale")).to_have_count(0)
    assert_on_screen(phone, sent)
    phone.locator("form.hand-form [name=defender_deadwood]").fill("20")
    expect(phone.locator("#hand-preview .preview-text")).to_contain_text("Ben scores 16")
    phone.locator("#save-hand").click()
    expect(phone.locator(".msg-success")).to_contain_text("Hand 2 saved")
    assert hands(match) == [(1, "knock", "a", 5, 30), (2, "knock", "b", 4, 20)]


def test_an_earlier_hand_corrected_elsewhere_previews_the_hand_being_typed_again(phone, make_match, member):
    """Hand 2 typed and previewed when another device corrects hand 1: the form asks the same (only the
    pad's revision moved), so it is not said to be stale; its hand is previewed again on the pad as it
    now is, and saved."""
    match = make_match(hands=[{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 30}}])
    open_pad(phone, match, member.username)
    previews = []
    phone.on("request", lambda r: previews.append(r) if r.url.endswith("/hands/preview/") else None)
    type_hand_by_value(phone, "gin", "b", defender=10)
    expect(phone.locator("#hand-preview .preview-text")).to_contain_text("Ben scores 35")
    asked = len(previews)
    services.hand_edit(match_id=match.pk, number=1, entry=HandEntry("knock", "a", 4, 30),
                       expected_revision=Match.objects.get(pk=match.pk).revision)
    expect(phone.locator(".score-head [data-game=a]")).to_have_text("26", timeout=LIVE_MS)
    for _ in range(50):   # (pad.js asks 150 ms after the change; Playwright tells of requests as they go)
        if len(previews) > asked:
            break
        phone.wait_for_timeout(100)
    assert len(previews) > asked, "the hand was not previewed again"
    expect(phone.locator("#hand-preview .preview-text")).to_contain_text("Ben scores 35")
    expect(phone.locator(".live-stale")).to_have_count(0)
    phone.locator("#save-hand").click()
    expect(phone.locator(".msg-success")).to_contain_text("Hand 2 saved")
    assert hands(match) == [(1, "knock", "a", 4, 30), (2, "gin", "b", None, 10)]
