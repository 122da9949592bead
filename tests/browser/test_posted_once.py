"""A form posted once: a second tap on its button while the first post is on its way (a slow
club network, an impatient finger) does not post it again (static/ginscore/posted.js)."""
import time
import uuid

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from ginscore.club.device import COOKIE, device_label
from ginscore.club.models import Posted
from ginscore.club.posted import form_key
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


@pytest.mark.waits(4)   # (a slow site, then time for a second post)
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


def test_a_start_whose_answer_was_lost_tapped_again_leads_to_its_one_match(phone, ann, shot):
    """The club's wifi drops as the site answers "Start the match": the match was started, the
    phone never heard. Once the page's hold is over the player taps again: the same post, with its
    page's key (ginscore/club/posted.py), leads to that match; no second one."""
    log_in(phone)
    start_match(phone)
    lost = []

    def answer_lost(route):
        if route.request.method == "POST" and not lost:
            lost.append(route.fetch(max_redirects=0).status)   # the site did it...
            route.fulfill(status=204)           # ...its answer never came: the page stays as it was
        else:
            route.continue_()

    phone.route("**/matches/new/", answer_lost)
    button = phone.get_by_role("button", name="Start the match")
    button.tap()
    expect(phone.locator("form[data-posted]")).to_have_count(1)
    phone.wait_for_timeout(500)
    assert lost == [302] and Match.objects.count() == 1
    # the page's hold over, as its timer ends it 10 s after the tap (not waited for here)
    phone.evaluate("document.querySelectorAll('form[data-posted]').forEach(f => delete f.dataset.posted)")
    key = phone.locator("input[name=form_key]").input_value()
    assert len(key) == 36 and key[14] == "4"
    button.tap()
    expect(phone.locator("h1")).to_contain_text("Ann")
    expect(phone.get_by_text("already been sent and saved: it was not saved twice")).to_be_visible()
    shot("posted-once-lost-answer")
    assert Match.objects.count() == 1
    assert phone.url.endswith(f"/matches/{Match.objects.get().pk}/")


def test_sent_again_while_the_first_is_being_done_the_phone_is_told_so(phone, ann, shot):
    """The same post comes while the first is still starting the match: a page says so, in the
    phone's language, and nothing more is done."""
    log_in(phone)
    phone.get_by_role("button", name="Français").tap()
    phone.get_by_role("link", name="Nouveau match").click()
    phone.wait_for_url("**/matches/new/", wait_until="load")
    phone.fill("[name=player_a]", "Ann")
    phone.fill("[name=player_b]", "Ben")
    key = str(uuid.uuid4())
    phone.evaluate("""k => { const i = document.createElement('input');
        i.type = 'hidden'; i.name = 'form_key'; i.value = k; document.querySelector('[name=player_a]').form.append(i); }""",
                   key)
    device = next(c["value"] for c in phone.context.cookies() if c["name"] == COOKIE)
    Posted.objects.create(device=device_label(device), key=form_key(key, "/matches/new/"), at=timezone.now())
    phone.get_by_role("button", name="Commencer le match").tap()
    expect(phone.locator("h1")).to_have_text("Ce formulaire a été envoyé il y a un instant et il est encore en "
                                             "cours d'enregistrement")
    shot("posted-once-on-its-way-fr")
    assert Match.objects.count() == 0
