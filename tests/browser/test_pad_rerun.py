"""The entry form drawn anew by a live update (another device saved a hand) runs the pad's script
again (live.js); on a slow phone a hand may be typed on the new form before it has run. The preview
then comes as soon as it runs, not only at the hand's next change."""
import pytest
from playwright.sync_api import expect

from tests.browser.steps import type_hand
from tests.browser.test_offline import open_pad

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_hand_typed_before_the_pads_script_ran_again_is_previewed(phone, make_match, member):
    match = make_match()
    open_pad(phone, match, member.username)
    # As live.js swaps the entry region: a new form with none of the script's listeners yet.
    phone.evaluate("""() => { const region = document.querySelector('[data-live="m-entry"]');
                              region.replaceWith(region.cloneNode(true)); }""")
    type_hand(phone, "knock", "Ann", knocker=5, defender=30)
    phone.wait_for_timeout(500)
    assert phone.locator("#hand-preview .preview-text").count() == 0   # nothing listened
    # ... then the script runs again, as live.js has it (data-live-rerun)
    phone.evaluate("""() => { const old = document.querySelector('script[data-live-rerun="m-entry"]');
                              const s = document.createElement('script'); s.src = old.src;
                              s.setAttribute('data-live-rerun', 'm-entry'); old.replaceWith(s); }""")
    expect(phone.locator("#hand-preview .preview-text")).to_contain_text("Ann scores 25")
