"""The table's second thoughts on a 390x844 phone: a table link renewed while a hand is being
typed, two phones saving the same hand, and the taps that ask before they act (undo, then
redo; a new table link)."""
import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ginscore.matches.models import Match
from tests.browser.steps import log_in, score, type_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _renew_from_the_match_page(page, match):
    """Opens the table link's box, taps "Make a new link…" (nothing happens yet), then confirms."""
    page.goto(page.base + reverse("matches:detail", args=[match.pk]))
    page.locator("details.table-link > summary").tap()
    token = Match.objects.get(pk=match.pk).table_token
    page.locator("#renew > summary").tap()
    confirm = page.get_by_role("button", name="Yes, make a new link")
    expect(confirm).to_be_visible()
    assert Match.objects.get(pk=match.pk).table_token == token   # asked first, nothing renewed yet
    confirm.tap()
    expect(page.locator(".msg-success")).to_contain_text("New table link made")
    new = Match.objects.get(pk=match.pk).table_token
    assert new != token
    return new


def test_a_renewed_table_link_keeps_the_hand_being_typed(phone, second_phone, shot, make_match, director):
    match = make_match()
    table, desk = phone, second_phone
    table.goto(table.base + reverse("matches:table", args=[match.table_token]))   # the QR code on the table
    type_hand(table, "knock", "Ann", knocker=6)
    # Meanwhile the director makes a new link from another phone (asked first, then done).
    log_in(desk, director.username)
    token = _renew_from_the_match_page(desk, match)
    # The table types the last number: the live preview says the link was renewed, not a silent failure.
    table.locator("form.hand-form [name=defender_deadwood]").fill("31")
    expect(table.locator("#hand-preview")).to_contain_text("table link of this match was renewed")
    table.locator("form.hand-form #save-hand").tap()
    # Save lands on a page that keeps the hand and says how to get the new link (not a log-in page).
    expect(table.locator("h1")).to_have_text("The table link was renewed")
    page_text = table.locator("main").inner_text()
    assert "/accounts/login/" not in table.url
    assert "open the new link" in page_text and "Table link" in page_text
    kept = table.locator(".renewed .kept").inner_text()
    assert "Ann" in kept and "6" in kept and "31" in kept
    shot("second-01-link-renewed")
    assert Match.objects.get(pk=match.pk).hand_count == 0
    # The new QR code: the hand is filled in again; one tap saves it.
    table.goto(table.base + reverse("matches:table", args=[token]))
    expect(table.locator(".msg-info")).to_contain_text("filled in again")
    form = table.locator("form.hand-form")
    assert form.locator("#field-end input:checked").input_value() == "knock"
    assert form.locator("#field-by input:checked").input_value() == "a"
    assert form.locator("[name=knocker_deadwood]").input_value() == "6"
    assert form.locator("[name=defender_deadwood]").input_value() == "31"
    form.locator("#save-hand").tap()
    expect(table.locator(".msg-success")).to_contain_text("Hand 1 saved. Ann scores 25")
    assert score(table) == [0, 0] and Match.objects.get(pk=match.pk).hand_count == 1


def test_two_phones_save_the_same_hand(phone, second_phone, shot, make_match, member):
    match = make_match(created_by=member)
    a, b = second_phone, phone   # b (whose screen the shots show) saves second
    for page in (a, b):
        log_in(page, member.username, to=None)
        page.goto(page.base + reverse("matches:detail", args=[match.pk]))
    type_hand(a, "knock", "Ann", knocker=5, defender=30)
    type_hand(b, "gin", "Ben", defender=22)
    b.locator("#hand-preview .preview-text").filter(has_text="Ben scores 47").wait_for()
    a.locator("form.hand-form #save-hand").tap()
    expect(a.locator(".msg-success")).to_contain_text("Hand 1 saved")
    b.locator("form.hand-form #save-hand").tap()
    # The loser sees what was recorded and what it typed, side by side on the phone.
    expect(b.locator("h1")).to_contain_text("Hand 1: two phones saved it")
    recorded, typed = b.locator("#recorded"), b.locator("#typed")
    assert "Ann" in recorded.inner_text() and "+25" in recorded.inner_text()
    assert "gin" in typed.inner_text().lower() and "Ben scores 47" in typed.inner_text()
    r, t = recorded.bounding_box(), typed.bounding_box()
    assert abs(r["y"] - t["y"]) < 1 and r["x"] + r["width"] <= t["x"] and t["x"] + t["width"] <= 390
    assert b.evaluate("document.documentElement.scrollWidth") <= 390
    shot("second-02-conflict")
    # What differs is highlighted; keeping the other phone's hand is the big button, on screen.
    assert b.locator("#differences tr[data-field=end] mark").all_inner_texts() == ["knock", "gin"]
    keep = b.locator("#keep-recorded")
    assert "btn-primary" in keep.get_attribute("class")
    box = keep.bounding_box()
    assert box["height"] >= 44 and box["y"] + box["height"] <= 844   # on screen, no scroll
    # Replacing the recorded hand is a step more: the correction page, saved only from there.
    b.get_by_role("button", name="Replace the recorded hand with mine…").tap()
    expect(b.locator("h1")).to_contain_text("Correct hand 1")
    assert Match.objects.get(pk=match.pk).hands.get(number=1).end == "knock"
    b.locator("form.hand-form #save-hand").tap()
    expect(b.locator(".msg-success")).to_contain_text("Hand 1 corrected. Ben scores 47")
    assert "Ben" in b.locator("#hand-1").inner_text() and b.locator("#hand-2").count() == 0
    assert Match.objects.get(pk=match.pk).hand_count == 1


def test_undo_asks_first_then_redo_puts_the_hand_back(phone, shot, make_match, member):
    match = make_match(created_by=member, hands=[
        {"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 30}},
        {"end": "gin", "by": "Ben", "deadwood": {"Ann": 22, "Ben": 0}},
    ])
    page = phone
    log_in(page, member.username, to=None)
    page.goto(page.base + reverse("matches:detail", args=[match.pk]))
    totals = page.locator("#game-1 .total td").all_inner_texts()
    page.locator("#undo > summary").tap()
    yes = page.get_by_role("button", name="Yes, undo hand 2")
    expect(yes).to_be_visible()
    assert "Take back hand 2" in page.locator("#undo .confirm-body").inner_text()
    assert Match.objects.get(pk=match.pk).hand_count == 2   # the first tap only asks
    shot("second-03-undo-asks")
    yes.tap()
    expect(page.locator(".msg-success")).to_contain_text("Hand 2 undone")
    assert page.locator("#hand-2").count() == 0 and Match.objects.get(pk=match.pk).hand_count == 1
    assert page.locator("#entry h2").inner_text() == "Hand 2"
    redo = page.get_by_role("button", name="Redo hand 2")
    assert "Ben" in redo.inner_text()
    redo.tap()
    expect(page.locator(".msg-success")).to_contain_text("Hand 2 put back")
    expect(page.locator("#hand-2")).to_contain_text("Ben")
    assert page.locator("#game-1 .total td").all_inner_texts() == totals
    assert page.get_by_role("button", name="Redo hand 2").count() == 0
    assert Match.objects.get(pk=match.pk).hand_count == 2
