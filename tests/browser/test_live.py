"""Live pages in a real browser: two phones on one pad, a round page on a phone that keeps
its scroll, and a phone that was offline catching up."""
import pytest
from playwright.sync_api import expect

from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.tournaments.models import TournamentMatch
from tests.browser.steps import log_in, record_hand
from tests.tournaments.conftest import make_tournament  # noqa: F401 (a fixture)
from tests.browser.conftest import LIVE_MS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]



@pytest.mark.waits(6)   # (its next polls: live.js polls every 1.5 s)
def test_a_pad_follows_the_hands_saved_on_another_phone(phone, second_phone, shot, make_match, member):
    match = make_match()
    a, b = phone, second_phone
    for page in (a, b):
        log_in(page, member.username, to=None)
        page.goto(f"{page.base}/matches/{match.pk}/")
    # Phone B saves hand 1: phone A shows it, and its untouched entry form moves on to hand 2.
    record_hand(b, "knock", "Ann", knocker=5, defender=30)
    expect(a.locator("#hand-1")).to_be_visible(timeout=LIVE_MS)
    expect(a.locator("#entry h2")).to_have_text("Hand 2", timeout=LIVE_MS)
    assert a.locator("[data-score=a]").inner_text() == b.locator("[data-score=a]").inner_text()
    # ... and phone A records hand 2 on that fresh form (no conflict), with the live preview working.
    record_hand(a, "gin", "Ben", defender=20, expect="Ben")
    expect(b.locator("#hand-2")).to_be_visible(timeout=LIVE_MS)
    # Phone A starts typing hand 3 while phone B saves it: A's pad moves on, A's typing stays.
    form = a.locator("form.hand-form")
    form.locator("#field-end label").get_by_text("knock", exact=True).click()
    form.locator("[name=knocker_deadwood]").fill("7")
    record_hand(b, "knock", "Ben", knocker=2, defender=40)
    expect(a.locator("#hand-3")).to_be_visible(timeout=LIVE_MS)
    assert form.locator("[name=knocker_deadwood]").input_value() == "7"
    assert a.locator("#entry h2").inner_text() == "Hand 3"   # the form being typed into was left alone
    expect(a.locator(".live-stale")).to_contain_text("changed on another device")
    shot("live-01-pad-followed")


@pytest.mark.waits(3)
def test_a_phone_that_was_offline_catches_up(phone, make_match):
    match = make_match()
    phone.goto(f"{phone.base}/matches/{match.pk}/")   # a visitor watching
    phone.context.set_offline(True)
    for n in (1, 2):
        match_services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=n)
    # the page asks again (a poll after both hands were saved) and gets no answer: still no hand
    with phone.expect_event("requestfailed", lambda r: r.headers.get("x-live") == "1", timeout=10_000):
        pass
    assert phone.locator("#hand-1").count() == 0
    phone.context.set_offline(False)
    expect(phone.locator("#hand-2")).to_be_visible(timeout=LIVE_MS)
    expect(phone.locator("#hand-1")).to_be_visible()


@pytest.mark.parametrize("as_link", [True, False], ids=["download-link", "followed-link"])
@pytest.mark.waits(11)   # (live.js's poll 10 s later)
def test_a_page_that_stays_after_a_download_goes_on_following(phone, make_match, as_link):
    """A download (the match's record) leaves the page it was tapped on where it was, following the
    table. Followed as a plain link (a browser that ignores ``download``), the browser starts leaving
    the page before it knows the answer is a file: live.js, which waits while a page is being left,
    polls again 10 s later."""
    match = make_match()
    phone.goto(f"{phone.base}/matches/{match.pk}/")   # a visitor watching
    if not as_link:
        phone.evaluate("document.querySelector('a[download]').removeAttribute('download')")
    with phone.expect_download() as record:
        phone.get_by_role("link", name="Download the record (JSON)").tap()
    assert record.value.suggested_filename.endswith(".json")
    match_services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    expect(phone.locator("#hand-1")).to_be_visible(timeout=10_000 + LIVE_MS)


@pytest.mark.waits(2)
def test_a_round_page_updates_and_keeps_its_scroll(phone, shot, make_tournament):
    t = make_tournament("swiss", 40)
    phone.goto(f"{phone.base}/tournaments/{t.pk}/rounds/1/1/")
    phone.evaluate("window.scrollTo(0, 600)")
    assert phone.evaluate("window.scrollY") == 600
    last = TournamentMatch.objects.filter(tournament=t, play_round=1).exclude(match=None).order_by("-table").first()
    row = phone.locator(f"li.r-item:has(a[href='/matches/{last.match_id}/'])")
    expect(row.locator(".badge-live")).to_have_count(0)
    match_services.hand_add(match_id=last.match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    expect(row.locator(".badge-live")).to_have_text("playing", timeout=LIVE_MS)
    assert phone.evaluate("window.scrollY") == 600
    shot("live-02-round-kept-scroll")


@pytest.mark.waits(10)
def test_a_table_phone_polls_its_blocks_versions_and_asks_for_its_own_pad_only_on_a_change(phone, make_match):
    """The table link gives the phone a session; its pad is the same page for every visitor but for
    the form. live.js polls the versions of the pad's block of pads, without the phone's cookies (a
    front answers that from its copy, shared by every onlooker of those tables), and asks for the
    pad, as a visitor then with its session, only once its version there moved: the form comes back
    on hand 2, never the visitors' pad without a form."""
    from django.core.signals import request_started

    match = make_match()
    path = f"/matches/{match.pk}/"
    versions = f"/matches/pads/{match.pk // 16}/"
    polls = []   # (address, with the phone's session?) for each of its live polls, as the site saw them

    def note(sender, environ, **kwargs):
        if environ.get("HTTP_X_LIVE") == "1" and environ.get("PATH_INFO") in (path, versions):
            polls.append((environ["PATH_INFO"], "sessionid=" in environ.get("HTTP_COOKIE", "")))

    request_started.connect(note)
    try:
        phone.goto(f"{phone.base}/matches/table/{match.table_token}/")
        expect(phone.locator("#entry h2")).to_have_text("Hand 1")
        phone.wait_for_timeout(5_000)
        quiet = list(polls)
        assert len(quiet) >= 2 and set(quiet) == {(versions, False)}, quiet   # the versions only, as a visitor
        match_services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
        expect(phone.locator("#hand-1")).to_be_visible(timeout=LIVE_MS)
        expect(phone.locator("#entry h2")).to_have_text("Hand 2", timeout=LIVE_MS)
        expect(phone.locator("form.hand-form")).to_be_visible()
        phone.wait_for_timeout(3_000)
    finally:
        request_started.disconnect(note)
    assert polls.count((path, True)) == 1, polls   # its own pad asked for once: on the change
    assert polls.count((path, False)) <= 1, polls   # (the visitors' pad at most once, before it)
    assert polls[-1] == (versions, False) and len(polls) > len(quiet) + 2, polls   # and it went on


@pytest.mark.waits(4)
def test_a_pad_whose_versions_are_not_there_polls_itself(phone, make_match):
    """A front or a site that does not give the versions of a block of pads (a 404): live.js polls
    the pad itself, as before, and follows the table."""
    match = make_match()
    asked = []
    phone.route("**/matches/pads/**", lambda route: (asked.append(route.request.url),
                                                    route.fulfill(status=404, body="")))
    phone.goto(f"{phone.base}/matches/{match.pk}/")   # a visitor watching
    with phone.expect_request(lambda r: r.url.endswith(f"/matches/{match.pk}/") and r.headers.get("x-live") == "1",
                              timeout=LIVE_MS):
        pass
    match_services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    expect(phone.locator("#hand-1")).to_be_visible(timeout=LIVE_MS)
    assert len(asked) == 1, asked   # asked once, then never again
