"""A director's ruling entered on a phone: the rulings unfold from the hand form, the preview shows
the penalty, and the pad marks the hand with the ruling in words beside the columns."""
import pytest

from tests.browser.steps import game_score, log_in, record_hand, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_hand_with_a_ruling_is_entered_on_a_phone_and_marked_on_the_pad(phone, shot, ann):
    page = phone
    log_in(page)
    start_match(page)
    page.get_by_role("button", name="Start the match").click()
    form = page.locator("form.hand-form")
    form.wait_for()
    rulings = form.locator("details.rulings")
    assert rulings.get_attribute("open") is None  # folded away until needed
    assert form.locator("[name=ruling_missing_b]").is_visible() is False

    # Ann knocks 6, Ben 30, but Ben is found short of a card: his count is 40, Ann wins 34.
    form.locator("#field-end label").get_by_text("knock", exact=True).click()
    form.locator("#field-by label").get_by_text("Ann", exact=True).click()
    form.locator("[name=knocker_deadwood]").fill("6")
    form.locator("[name=defender_deadwood]").fill("30")
    page.locator("#hand-preview .preview-text").filter(has_text="Ann scores 24").wait_for()
    rulings.locator("summary").tap()
    missing = form.locator("[name=ruling_missing_b]")
    missing.wait_for(state="visible")
    assert "penalized 10 points for each missing card" in rulings.inner_text()  # the seed's sentence
    box = missing.bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    missing.fill("1")
    page.locator("#hand-preview .preview-text").filter(has_text="Ann scores 34").wait_for()
    assert "Ben was short of 1 card" in page.locator("#hand-preview").inner_text()
    shot("rulings-10-form")

    # a mistake is named at its field (and the rulings stay open)
    missing.fill("12")
    page.locator("#field-ruling_missing_b .js-error").filter(has_text="1 to 10 cards").wait_for()
    missing.fill("1")
    page.locator("#hand-preview .preview-text").filter(has_text="Ann scores 34").wait_for()
    form.locator("#save-hand").click()
    page.locator(".msg-success").filter(has_text="Hand 1 saved. Ann scores 34").wait_for()
    assert game_score(page) == [34, 0]

    # the pad: an R beside hand 1's points, and the ruling in words under the columns, on screen
    mark = page.locator("#game-1 a.mark[data-mark=R]")
    assert mark.inner_text() == "R"
    mark.tap()
    said = page.locator("#ruling-1")
    assert said.inner_text() == "R hand 1: Ruling: Ben was short of 1 card (+10 to the count, no bonus)"
    box = said.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    font = said.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert font >= 13  # readable on a phone, not a tooltip
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot("rulings-11-pad")

    # the next hand's form is folded again; a hand without a ruling carries no mark
    assert page.locator("form.hand-form details.rulings").get_attribute("open") is None
    record_hand(page, "knock", "Ben", 3, 13, expect="Ben scores 10")
    assert page.locator("#game-1 [data-mark=R]").count() == 1
    assert page.locator("#hands [data-mark=R], table.hands [data-mark=R]").count() == 1
