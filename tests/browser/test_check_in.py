"""Check-in in the room: the page the board's QR code opens shows who is here and ticks no one;
players check in with their own check-in link, the board counts them live, the director checks
in the others at the desk, withdraws the missing and the first round pairs only those present."""
import os
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from ginscore.seasons.services import club_money_set
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, TournamentMatch
from ginscore.tournaments.own_check_in import check_in_link
from tests.browser.conftest import LIVE_MS, new_phone
from tests.browser.steps import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.waits(5)   # (the board's polls)
def test_check_in_then_pairing_only_the_present(phone, director, settings):
    # the club's address, as a real club has it: a QR code never carries this test server's 127.0.0.1
    settings.GINSCORE_SITE_URL = "http://192.168.1.20:8000"
    club_money_set(money=True, unit=Decimal("1.00"))   # the club plays for its entry fees: the desk records them
    t = services.tournament_create(name="Club night", format="swiss", rounds=2)
    services.entries_set(tournament=t, names=["Zoë Ährenfeld", "Ben", "Cat", "Dan"])
    services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=Decimal("5"))
    tv = phone.context.browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{phone.base}/tournaments/{t.pk}/board/")
    expect(tv.locator(".board-check-in")).to_contain_text("0 here · 4 missing")
    assert tv.locator(".board-check-in img").evaluate("i => i.naturalWidth") > 0   # the QR code
    phone.goto(f"{phone.base}/tournaments/{t.pk}/check-in/")
    expect(phone.locator("form button")).to_have_count(0)          # no one to tick here
    expect(phone.locator(".check-in-how")).to_contain_text("your own check-in link")
    entries = {e.player.name: e for e in Entry.objects.filter(tournament=t).select_related("player")}
    for name in ("Zoë Ährenfeld", "Ben"):
        phone.goto(phone.base + check_in_link(entries[name]))
        phone.get_by_role("button", name=f"I am here: check in {name}").tap()
        expect(phone.locator(".msg-success")).to_contain_text(f"Thank you, {name}")
    expect(tv.locator(".board-check-in")).to_contain_text("2 here · 2 missing", timeout=LIVE_MS)
    desk = new_phone(phone.context.browser, phone.base)
    log_in(desk, director.username, to=None)
    desk.goto(f"{desk.base}/tournaments/{t.pk}/desk/")
    expect(desk.locator("#check-in")).to_contain_text("Round 1: 2 present, 2 missing")
    desk.locator("#check-in .desk-check-in li", has_text="Cat").get_by_role("button", name="Check in, owes").tap()   # at the desk
    expect(desk.locator("#check-in")).to_contain_text("Round 1: 3 present, 1 missing")
    expect(tv.locator(".board-check-in")).to_contain_text("3 here · 1 missing", timeout=LIVE_MS)
    desk.locator("#check-in .desk-check-in li", has_text="Ben").get_by_role("button", name="Paid").click()
    expect(desk.locator("#check-in .desk-check-in li", has_text="Ben")).to_contain_text("paid")
    if shots := os.environ.get("GINSCORE_SHOTS"):
        desk.screenshot(path=f"{shots}/check-in-desk.png", full_page=True)
        tv.screenshot(path=f"{shots}/check-in-board.png")
    desk.get_by_role("link", name="Withdraw the 1 missing").click()   # asks first, naming them
    expect(desk.locator("#withdraw-absent")).to_contain_text("Withdraw the 1 missing?")
    desk.get_by_role("button", name="Withdraw 1 player").click()
    expect(desk.locator(".msg-success")).to_contain_text("1 absent player withdrawn")
    desk.get_by_role("button", name="Seed and start").click()   # on the desk
    desk.locator(".msg-success").wait_for()
    rows = TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("entry_a__player")
    names = {r.entry_a.player.name for r in rows} | {r.entry_b.player.name for r in rows if r.entry_b}
    assert names == {"Zoë Ährenfeld", "Ben", "Cat"}
    expect(tv.locator(".board-table")).to_have_count(2, timeout=LIVE_MS)   # one table and the bye
    tv.context.close()
    desk.context.close()
