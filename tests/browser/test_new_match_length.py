"""The new-match and new-tournament forms on a phone ask for K only when a match is "best of K games"."""
import pytest
from playwright.sync_api import expect

from ginscore.matches.models import Match
from tests.browser.steps import log_in, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_k_shows_only_for_best_of_k_games(phone, ann):
    page = phone
    log_in(page)
    start_match(page)
    games = page.locator("#field-games")
    expect(games).to_be_hidden()                       # "to the match target" is chosen
    page.locator("#field-length label").get_by_text("best of").click()
    expect(games).to_be_visible()
    page.fill("[name=games]", "3")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("h1")).to_contain_text("Ann")
    match = Match.objects.get()
    assert (match.length_kind, match.length_games) == ("best_of", 3)


def test_k_is_not_sent_when_hidden(phone, ann):
    page = phone
    log_in(page)
    start_match(page)
    page.locator("#field-length label").get_by_text("best of").click()
    page.fill("[name=games]", "5")
    page.locator("#field-length label").get_by_text("to the match target").click()
    expect(page.locator("#field-games")).to_be_hidden()
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("h1")).to_contain_text("Ann")
    match = Match.objects.get()
    assert (match.length_kind, match.length_games) == ("target", None)


def test_the_tournament_form_asks_for_k_only_for_best_of(phone, director):
    page = phone
    log_in(page, "dora", to=None)
    page.goto(page.base + "/tournaments/new/")
    games = page.locator("#field-games")
    expect(games).to_be_hidden()
    page.locator("#field-length label").get_by_text("best of").click()
    expect(games).to_be_visible()
    page.locator("#field-length label").get_by_text("to the match target").click()
    expect(games).to_be_hidden()
