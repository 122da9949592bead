"""A director runs a small knockout on a phone: set-up, start, a match scored
on its ordinary pad, and the bracket moves on by itself."""
import pytest

from tests.browser.steps import log_in, record_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_director_runs_a_knockout(phone, shot, director):
    page = phone
    log_in(page, director.username)
    page.goto(page.base + "/tournaments/")
    page.get_by_role("link", name="New tournament").click()
    page.fill("[name=name]", "Friday knockout")
    page.locator("#field-format label").get_by_text("Single elimination", exact=True).click()
    page.locator("#field-length label").get_by_text("One game", exact=True).click()
    shot("t01-new-tournament")
    page.get_by_role("button", name="Create").click()
    page.fill("[name=names]", "Ann\nBen\nCat")
    page.get_by_role("button", name="Save entries").click()
    page.get_by_role("button", name="Seed and start").click()
    page.locator(".msg-success").wait_for()

    page.get_by_role("link", name="Bracket").click()
    assert page.locator("#m-W1-1").inner_text().count("bye") == 2   # the bye label and the empty place
    shot("t02-bracket")
    page.get_by_role("link", name="Semi-final", exact=True).click()   # three players: two semi-finals, one a bye
    page.locator("a.r-card").first.click()   # Ben v Cat: the whole card opens the ordinary pad
    record_hand(page, "gin", "Cat", defender=60)
    record_hand(page, "gin", "Cat", defender=60)
    page.goto(page.base + "/tournaments/")
    page.get_by_role("link", name="Friday knockout").click()
    page.get_by_role("link", name="Bracket").click()
    final = page.locator("#m-W2-1").inner_text()
    assert "Ann" in final and "Cat" in final and "table 1" in final
    shot("t03-final-ready")
