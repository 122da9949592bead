"""A short game of Colonel on a phone: going out, a challenge, a stock that ran out on level
counts; the form offers only Colonel's endings and takes each player's count."""
import pytest

from tests.browser.steps import log_in, record_hand, score, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def colonel_hand(page, end, by=None, ann=None, ben=None, expect=None):
    counts = {side: n for side, n in (("a", ann), ("b", ben)) if n is not None}
    record_hand(page, end, by, expect=expect, counts=counts)


def test_a_short_colonel_game_with_a_challenge(phone, shot, ann):
    page = phone
    log_in(page)
    start_match(page, preset="Colonel", length="One game")
    shot("colonel-01-new-match")
    page.get_by_role("button", name="Start the match").click()
    form = page.locator("form.hand-form")
    form.wait_for()
    assert form.locator("#field-end label").all_inner_texts()[1:] == ["went out", "stock ran out", "challenge",
                                                                       "dead hand"]
    assert form.locator("[name=knocker_deadwood]").count() == 0
    assert page.get_by_role("link", name="Enter the cards instead").count() == 0

    colonel_hand(page, "went out", "Ben", ann=27, expect="Ben scores 27 (went out).")
    colonel_hand(page, "challenge", "Ann", ann=12, ben=30, expect="Ann scores 30 (challenge).")
    shot("colonel-02-challenge")
    colonel_hand(page, "stock ran out", ann=12, ben=12, expect="The counts are level: no score")
    assert "Stock ran out (Ann 12, Ben 12)" in page.locator("#hand-3").inner_text()
    colonel_hand(page, "went out", "Ann", ben=75, expect="Ann scores 75 (went out).")
    shot("colonel-03-game-over")

    # Ann 105 (30 + 75) against Ben's 27: no boxes, game bonus or shutout in Colonel; net 78.
    game = page.locator("#game-1")
    assert game.locator(".total td").all_inner_texts() == ["105", "27"]
    assert "Ann +78" in game.locator(".net").inner_text()
    assert game.locator("th", has_text="box").count() == 0
    assert score(page) == [78, 0]
    assert page.locator(".hand-form").count() == 0  # one game: the match is over
    assert "Ann challenged: Ann 12 v Ben 30" in page.locator("#hand-2").inner_text()
