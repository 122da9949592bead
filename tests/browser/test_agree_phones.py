"""Both players agree, on 390x844 phones (issue 31, items 7 and 9): "Hands to confirm" is on the
screen when the pad opens, without a scroll; the table's phone that confirmed for one player
cannot then confirm for the other, and the other player's own phone can."""
import pytest
from playwright.sync_api import expect

from ginscore.matches import services as match_services
from ginscore.matches.agreement import hand_awaits
from ginscore.matches.models import AGREED, AWAITING, Hand
from ginscore.matches.records import HandEntry
from ginscore.matches.seats import seat_code, seat_link
from tests.browser.test_agree import BEN, ZOE, _event, snap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_hands_to_confirm_show_without_a_scroll_and_one_phone_answers_for_one_player(phone, second_phone):
    t, match = _event()
    for n in (1, 2):                               # typed on the table's phone: both sides confirm
        match_services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 4, 30), expected_number=n,
                                via="table_link")
        hand_awaits(match=match, number=n, user=None, via="table_link")
    table, ben = phone, second_phone
    table.goto(f"{table.base}/matches/table/{match.table_token}/")
    title = table.locator("#agree h2")
    expect(title).to_have_text("Hands to confirm")
    box = title.bounding_box()
    assert box["y"] + box["height"] <= 844        # on the first screen of a 390x844 phone
    first = table.locator("#agree-1 summary", has_text="Confirm hand 1").bounding_box()
    assert first["y"] + first["height"] <= 844
    snap(table, "agree-fit-01-first-screen")
    # Zoë confirms hand 1 on the table's phone with her code ...
    item = table.locator("#agree-1")
    item.get_by_text("Confirm hand 1").tap()
    item.locator("#code-1").fill(seat_code(match, "a"))
    item.locator(".agree-confirm button[name=side]", has_text=ZOE).tap()
    expect(table.locator(".msg-success")).to_contain_text("Hand 1 confirmed by you")
    # ... then the same phone, with Ben's right code: refused.
    item = table.locator("#agree-1")
    item.get_by_text("Confirm hand 1").tap()
    item.locator("#code-1").fill(seat_code(match, "b"))
    item.locator(".agree-confirm button[name=side]", has_text=BEN).tap()
    expect(table.locator(".msg-error")).to_contain_text(
        f"This phone has already answered for {ZOE} in this match, so it cannot answer for {BEN} too")
    assert Hand.objects.get(match=match, number=1).agreement == AWAITING
    snap(table, "agree-fit-02-one-phone-one-player")
    # Ben's own phone (his personal link) confirms it: it counts.
    ben.goto(ben.base + seat_link(match, "b"))
    ben.locator("#agree-1").get_by_role("button", name="Confirm hand 1").tap()
    expect(ben.locator(".msg-success")).to_contain_text("Hand 1 confirmed: it counts.")
    assert Hand.objects.get(match=match, number=1).agreement == AGREED
    ben.locator("details.history summary").tap()
    history = ben.locator("details.history")
    expect(history).to_contain_text(f"confirmed by {ZOE} (own code), on device")
    expect(history).to_contain_text(f"confirmed by {BEN} (own link), on device")
