"""One history on two phones, in a real browser (390x844): what one phone was told about the pad
goes when another phone moves the pad on, and a table link that may no longer correct a finished
match is not shown buttons that would refuse."""
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from ginscore.engine import MatchLength
from ginscore.matches.models import Match
from tests.browser.steps import log_in, record_hand
from tests.browser.conftest import LIVE_MS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]



def test_the_saved_banner_goes_when_another_phone_moves_the_pad_on(phone, second_phone, shot, make_match, member):
    match = make_match()
    a, b = phone, second_phone
    for page in (a, b):
        log_in(page, member.username)
        page.goto(f"{page.base}/matches/{match.pk}/")
    record_hand(a, "knock", "Ann", knocker=5, defender=30)
    expect(a.locator(".msg-success")).to_contain_text("Hand 1 saved")
    expect(b.locator("#hand-1")).to_be_visible(timeout=LIVE_MS)
    record_hand(b, "gin", "Ben", defender=20)
    # A's pad follows hand 2 and its "Hand 1 saved" (about a pad that has moved on) is gone
    expect(a.locator("#hand-2")).to_be_visible(timeout=LIVE_MS)
    expect(a.locator(".msg-success")).to_have_count(0)
    expect(a.locator("#entry h2")).to_have_text("Hand 3")
    shot("history-01-banner-gone")
    # B, who saved hand 2, still reads its own message
    expect(b.locator(".msg-success")).to_contain_text("Hand 2 saved")


def test_a_table_link_past_its_window_sees_no_fix_on_a_finished_match(phone, shot, make_match):
    gin = {"end": "gin", "by": "Ann", "deadwood": {"Ben": 20}}
    match = make_match([gin, gin, gin], length=MatchLength("best_of", 1))
    Match.objects.filter(pk=match.pk).update(finished_at=timezone.now() - timedelta(hours=1))
    phone.goto(f"{phone.base}/matches/table/{match.table_token}/")
    expect(phone.locator("#hand-3")).to_be_visible()
    assert phone.get_by_role("link", name="Fix hand 1").count() == 0
    assert phone.locator("#undo").count() == 0
    shot("history-02-finished-no-fix")
