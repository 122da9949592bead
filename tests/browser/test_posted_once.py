"""A form posted once: a second tap on its button while the first post is on its way (a slow
club network, an impatient finger) does not post it again (static/ginscore/posted.js)."""
import time

import pytest
from playwright.sync_api import expect

from ginscore.matches import services
from ginscore.matches.models import Match
from tests.browser.steps import log_in, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def slow_start(monkeypatch, seconds=1.5):
    """The site takes ``seconds`` to start a match (a slow network or a busy night)."""
    real = services.match_start

    def slow(**kw):
        time.sleep(seconds)
        return real(**kw)

    monkeypatch.setattr(services, "match_start", slow)


def test_a_second_tap_on_start_the_match_starts_one_match(phone, ann, monkeypatch):
    log_in(phone)
    start_match(phone)
    slow_start(monkeypatch)
    button = phone.get_by_role("button", name="Start the match")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    button.tap()
    phone.wait_for_timeout(300)
    # the page is still there, the first post on its way: a finger on the same button (Playwright's
    # own tap would wait for the navigation under way)
    phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(phone.locator("h1")).to_contain_text("Ann")
    phone.wait_for_timeout(2000)   # time for a second post to land, were there one
    assert Match.objects.count() == 1


def test_a_form_refused_by_the_site_can_be_sent_again(phone, ann):
    """The hold is the post's only: the page the site answers has a free form again."""
    log_in(phone)
    start_match(phone)
    phone.locator("[name=player_b]").fill("")   # one player only: refused, with the field named
    phone.get_by_role("button", name="Start the match").tap()
    expect(phone.locator(".field-error")).to_have_count(1)
    assert Match.objects.count() == 0
    phone.locator("[name=player_b]").fill("Ben")
    phone.get_by_role("button", name="Start the match").tap()
    expect(phone.locator("h1")).to_contain_text("Ben")
    assert Match.objects.count() == 1
