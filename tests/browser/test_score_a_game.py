"""A whole game scored on a phone-sized screen, then a hand corrected."""
import re

import pytest

from tests.browser.steps import log_in, record_hand, score, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_score_a_game_and_correct_a_hand(phone, shot, ann):
    page = phone
    log_in(page)
    start_match(page, length="One game", stake="0.05")
    shot("01-new-match")
    page.get_by_role("button", name="Start the match").click()
    page.locator(".hand-form").wait_for()
    shot("02-empty-pad")
    assert "Ann deals" in page.locator(".score-head .next").inner_text()
    page.get_by_role("button", name="Ben deals first").click()  # Ben won the cut
    page.locator(".msg-success").filter(has_text="Ben deals hand 1.").wait_for()
    assert "Ben deals" in page.locator(".score-head .next").inner_text()

    record_hand(page, "knock", "Ann", 8, 32, expect="Ann scores 24 and 1 box")
    assert "Ben dealt" in page.locator("#hand-1").inner_text()
    assert page.get_by_role("button", name="Ann deals first").count() == 0  # settled by hand 1
    record_hand(page, "gin", "Ben", defender=41, expect="Ben scores 66 and 1 box (gin)")
    record_hand(page, "dead hand", expect="Dead hand")
    record_hand(page, "knock", "Ann", 5, 4, expect="Ben scores 26 and 1 box (undercut)")
    shot("03-four-hands")
    record_hand(page, "gin", "Ann", defender=20, expect="Ann scores 45")
    record_hand(page, "knock", "Ben", 2, 30, expect="Ben scores 28")
    shot("04-game-over")

    # Ben: 120 points + 3 boxes x 25 + 100 game = 295; Ann: 69 + 2 x 25 = 119; net 176 to Ben.
    game = page.locator("#game-1")
    assert game.locator(".total td").all_inner_texts() == ["119", "295"]
    assert "Ben +176" in game.locator(".net").inner_text()
    assert score(page) == [0, 176]
    settlement = page.locator(".settlement").inner_text()
    assert "Ann pays Ben 176 points" in settlement and "8.80" in settlement
    assert page.locator(".hand-form").count() == 0  # the match is over

    # Correct hand 1: Ben had 22, not 32, after laying off.
    page.get_by_role("link", name="Fix hand 1").click()
    page.locator("[name=defender_deadwood]").fill("22")
    page.locator("#hand-preview .preview-text").filter(has_text="Ann scores 14").wait_for()
    page.locator("#save-hand").click()
    page.locator(".msg-success").wait_for()
    assert page.locator("#game-1 .total td").all_inner_texts() == ["109", "295"]
    assert score(page) == [0, 186]
    assert "9.30" in page.locator(".settlement").inner_text()
    page.locator(".history summary").click()
    history = page.locator(".changes li").first.inner_text()
    assert re.search(r"hand 1 edited by ann(, on device \w+)?: Ann knocked 8 v 32 → Ann knocked 8 v 22", history)
    shot("05-corrected")
