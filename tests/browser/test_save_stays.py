"""Save stays under the finger: the hand's preview comes (from the site, or worked out on the phone
offline) a moment after its last box is typed, as the player's finger goes to Save. Drawn above Save,
it once moved the button from under a tap (the hand not saved: 20 px for every hand in French, up to
90 px with long names, 35 px offline). It now has three lines beside Save, no taller than Save's row
(pad.css; Save's label on two lines on a phone if it must), so nothing it says moves Save."""
import pytest
from playwright.sync_api import expect

from ginscore.players.models import Player
from tests.browser.conftest import new_phone, new_screen
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
