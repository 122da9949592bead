"""The board on a 1920x1080 screen: a new result shows within 2 s; a round that does not fit
turns through its pages by itself."""
import os
import re

import pytest
from playwright.sync_api import expect

from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.tournaments.models import TournamentMatch
from tests.browser.conftest import LIVE_MS, new_screen
from tests.tournaments.conftest import make_tournament, win  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def tv(browser, live_server):
    page = new_screen(browser, live_server.url, 1920, 1080)
    yield page
    page.context.close()


@pytest.mark.waits(2)
def test_the_board_shows_a_new_result_within_2_s(tv, make_tournament):
    t = make_tournament("swiss", 16)
    tv.goto(f"{tv.base}/tournaments/{t.pk}/board/")
    table3 = tv.locator("[data-table='3']")
    expect(table3).to_contain_text("not started")
    row = TournamentMatch.objects.select_related("match").get(tournament=t, play_round=1, table=3)
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("gin", "a", None, 30), expected_number=1)
    expect(table3.locator("[data-game]")).to_have_text("55–0", timeout=LIVE_MS)   # gin 25 + 30 deadwood
    win(row, row.match.player_a.name)
    expect(table3).to_have_class("board-table done", timeout=LIVE_MS)
    winner = row.entry_a.player.name if row.match.player_a_id == row.entry_a.player_id else row.entry_b.player.name
    expect(table3.locator(".won .bt-name")).to_have_text(re.compile(rf"^{re.escape(winner)}\s✓$"))   # the tick kept on
    # large type: a name is readable across the room
    size = tv.evaluate("parseFloat(getComputedStyle(document.querySelector('.bt-name')).fontSize)")
    assert size >= 30
    if shots := os.environ.get("GINSCORE_SHOTS"):
        tv.screenshot(path=f"{shots}/board-01-swiss-16.png")


@pytest.mark.waits(12)   # (a 3 s dwell a page)
def test_a_round_that_does_not_fit_turns_through_its_pages(tv, make_tournament):
    t = make_tournament("swiss", 80)
    tv.goto(f"{tv.base}/tournaments/{t.pk}/board/?dwell=3")
    where = tv.locator("[data-board-where]")
    expect(where).to_have_text(re.compile(r"Tables 1/\d+"))
    slices = int(where.inner_text().split("/")[1])
    assert slices >= 2   # 40 tables do not fit one 1080-pixel screen
    frame = tv.locator("[data-board-page='tables'] [data-board-frame]")
    assert frame.evaluate("f => f.scrollTop") == 0
    expect(where).to_have_text(f"Tables 2/{slices}", timeout=5000)
    assert frame.evaluate("f => f.scrollTop") > 0
    # a slice starts on a card's top edge: no table is cut in two at the top
    assert frame.evaluate("""f => [...f.querySelectorAll('[data-board-item]')].some(
        c => Math.abs(c.getBoundingClientRect().top - f.getBoundingClientRect().top) < 2)""")
    if shots := os.environ.get("GINSCORE_SHOTS"):
        tv.screenshot(path=f"{shots}/board-02-swiss-80-slice2.png")
    expect(where).to_have_text(re.compile(r"Standings 1/\d+"), timeout=4000 * slices)
    assert tv.locator("[data-board-page='tables']").is_hidden()
    if shots := os.environ.get("GINSCORE_SHOTS"):
        tv.screenshot(path=f"{shots}/board-03-standings.png")


@pytest.mark.waits(3)
def test_a_round_on_the_clock_is_decided_at_time(tv, phone):
    from ginscore.engine import MatchLength
    from ginscore.tournaments import services

    t = services.tournament_create(name="Clock night", format="swiss", rounds=1, length=MatchLength("best_of", 3))
    services.entries_set(tournament=t, names=["Zoë Ährenfeld-Łukasz", "Ben", "Cat", "Dan"])
    services.tournament_start(tournament=t)
    row = TournamentMatch.objects.select_related("match").get(tournament=t, play_round=1, table=1)
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("knock", "a", 4, 14), expected_number=1)
    services.round_clock_start(tournament=t, minutes=25)
    tv.goto(f"{tv.base}/tournaments/{t.pk}/board/")
    phone.goto(f"{phone.base}/matches/{row.match_id}/")
    expect(tv.locator(".board-clock [data-clock-left]")).to_have_text(re.compile(r"^2[45]:\d\d$"))
    expect(phone.locator("[data-clock-left]")).to_have_text(re.compile(r"^2[45]:\d\d$"))
    services.round_time_call(tournament=t)
    expect(tv.locator(".board-clock [data-clock-left]")).to_have_text("Time", timeout=5000)
    expect(phone.locator(".tournament-place")).to_contain_text("finish the hand in play", timeout=5000)
    # the hand in play is saved at the table: the match is decided at time, on the board and the pad
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("knock", "a", 2, 12), expected_number=2)
    expect(tv.locator("[data-table='1']")).to_contain_text("won at time", timeout=LIVE_MS)
    expect(phone.locator(".tournament-place")).to_contain_text("decided at time", timeout=LIVE_MS)
    assert phone.locator("form.hand-form").count() == 0
    assert phone.locator(".match-title .badge").inner_text() == "decided at time"
    if shots := os.environ.get("GINSCORE_SHOTS"):
        tv.screenshot(path=f"{shots}/board-04-time.png")
        phone.screenshot(path=f"{shots}/pad-at-time.png", full_page=True)
