"""Scoring through a network drop, in a real browser on a phone: hands typed offline wait in the
phone's outbox (shown as "not yet sent" with the points worked out on the phone), are sent in
order once when the network returns, and a hand saved elsewhere meanwhile is put to the table."""
import re

import pytest
from playwright.sync_api import expect

from ginscore.matches.models import Hand
from tests.browser.conftest import SendsCut, new_phone
from tests.browser.steps import FORM_STATE, enter_hand, game_score, log_in, next_deal, record_hand, to_go

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SENT = 20_000  # ms: the outbox sends within a few seconds of the network's return (a CI machine at load 11 on 2 cores: some 10)


@pytest.fixture
def second_phone(phone):
    page = new_phone(phone.context.browser, phone.base)
    yield page
    page.context.close()


def hands(match):
    return list(Hand.objects.filter(match=match).order_by("number").values_list(
        "number", "end", "by", "knocker_deadwood", "defender_deadwood"))


def open_pad(page, match, username):
    log_in(page, username)
    page.goto(f"{page.base}/matches/{match.pk}/")
    page.locator("form.hand-form[data-outbox]").wait_for()
    # The service worker is in charge of the page and keeps a copy of it for a reload offline.
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_function("async () => !!(await caches.match(location.origin + location.pathname, "
                           "{ignoreVary: true}))")


def network_down(page):
    """The phone loses the network. Chromium's offline emulation can let a request through in the
    moment a reloaded page takes to learn it is offline (the page then rightly sends its outbox):
    the outbox's sends are cut too, on the phone (a route's abort) and, should one still get
    through, before the site's view (``SendsCut``), as a real dead network would."""
    page.context.set_offline(True)
    page.context.route("**/hands/send/", lambda route: route.abort("internetdisconnected"))
    SendsCut.sessions.add(SendsCut.phone(page))


def network_up(page):
    SendsCut.sessions.discard(SendsCut.phone(page))
    page.context.unroute("**/hands/send/")
    page.context.set_offline(False)


def type_three_offline(page):
    """Each hand is typed once the form is free for it, as a person sees it (the hand before in the
    outbox, the form on the next): just after the network went, the page may not know it yet and
    try a hand directly ("Saving…", its form taking nothing until the try fails)."""
    lines = page.locator("#outbox .outbox-hand")

    def in_outbox(n):
        """n hands in the outbox; else what the form said and held (seen once under load: the third
        hand not queued within 5 s, the cause not shown)."""
        try:
            expect(lines).to_have_count(n)
        except AssertionError as failed:
            raise AssertionError(f"{n} hands expected in the outbox; the form: {page.evaluate(FORM_STATE)}") from failed

    # Save once the phone's own preview is there, as a person taps it (a preview that grew the foot as
    # the click came once moved Save from under it; the foot keeps its height since: test_save_stays.py).
    enter_hand(page, "knock", "Ann", knocker=5, defender=30, expect="Ann scores 25")
    in_outbox(1)
    expect(page.locator("#entry h2")).to_have_text("Hand 2")
    enter_hand(page, "gin", "Ben", defender=12, expect="Ben scores 37")   # the preview, worked out on the phone
    in_outbox(2)
    expect(page.locator("#entry h2")).to_have_text("Hand 3")
    enter_hand(page, "knock", "Ann", knocker=3, defender=3, expect="Ben scores 25")   # an undercut: Ben scores 0 + 25
    in_outbox(3)


def test_three_hands_typed_offline_are_sent_in_order_once(phone, shot, make_match, member):
    match = make_match()
    open_pad(phone, match, member.username)
    network_down(phone)
    type_three_offline(phone)
    lines = phone.locator("#outbox .outbox-hand")
    assert [" ".join(t.split()) for t in lines.all_inner_texts()] == [
        "Hand 1 Ann knocked 5 v 30 · Ann +25 not yet sent Drop",
        "Hand 2 Ben went gin (Ann 12) · Ben +37 not yet sent Drop",
        "Hand 3 Ann knocked 3 v 3 · Ben +25 (undercut) not yet sent Drop",
    ]
    # The head's big numbers are the phone's own running score, marked as not yet sent.
    assert game_score(phone) == [25, 62] and to_go(phone) == [75, 38]
    expect(phone.locator(".score-head.provisional .head-unsent")).to_have_text(
        "not yet sent 3 hands on this phone, counted in the numbers above.")
    expect(phone.locator("#entry h2")).to_have_text("Hand 4")
    assert next_deal(phone) == "Hand 4 · Ben deals (worked out on this phone)"   # the winner deals
    expect(phone.locator(".first-deal")).to_be_hidden()
    assert hands(match) == []
    shot("offline-01-three-not-yet-sent")
    # The page works offline once opened: a reload comes from the service worker, the outbox from the phone.
    kept = phone.reload()
    assert kept.from_service_worker and kept.headers.get("x-ginscore-copy") == "kept"
    assert phone.evaluate("navigator.onLine") is False   # so the outbox waits for "online" to send
    expect(phone.locator("#outbox .outbox-hand")).to_have_count(3)
    expect(phone.locator("#entry h2")).to_have_text("Hand 4")
    assert hands(match) == []
    network_up(phone)
    expect(phone.locator("#outbox")).to_contain_text("Sent: hands 1, 2, 3", timeout=SENT)
    assert hands(match) == [(1, "knock", "a", 5, 30), (2, "gin", "b", None, 12), (3, "knock", "a", 3, 3)]
    assert len({h.entry_key for h in Hand.objects.filter(match=match)}) == 3
    expect(phone.locator("#hand-3")).to_be_visible(timeout=SENT)   # the live pad has them
    expect(phone.locator(".score-head")).not_to_have_class("provisional")   # the server's numbers again
    expect(phone.locator(".score-head .head-unsent")).to_have_count(0)
    assert game_score(phone) == [25, 62] and to_go(phone) == [75, 38]
    expect(phone.locator("#entry h2")).to_have_text("Hand 4")
    expect(phone.locator(".score-head .next")).to_have_text("Hand 4 · Ben deals", timeout=SENT)   # the server's
    shot("offline-02-sent")
    # ... and the next hand, with the network, is saved as it always was.
    record_hand(phone, "knock", "Ben", knocker=2, defender=22)
    expect(phone.locator(".msg-success")).to_contain_text("Hand 4 saved. Ben scores 20")
    assert len(hands(match)) == 4


@pytest.mark.parametrize("resolve, buttons, stored", [
    ("keep", ["It was another hand: send mine as hand 2…", "Yes, both were played: send mine as hand 2"],
     [(1, "gin", "b", None, 40), (2, "knock", "a", 5, 30), (3, "gin", "b", None, 12), (4, "knock", "a", 3, 3)]),
    ("replace", ["Correct hand 1 to mine…", "Yes, correct hand 1"],   # asks first: another phone's hand
     [(1, "knock", "a", 5, 30), (2, "gin", "b", None, 12), (3, "knock", "a", 3, 3)]),
    ("drop", ["Keep the recorded one: drop mine"],
     [(1, "gin", "b", None, 40), (2, "gin", "b", None, 12), (3, "knock", "a", 3, 3)]),
])
def test_a_hand_saved_elsewhere_meanwhile_is_put_to_the_table(phone, second_phone, shot, make_match, member,
                                                              resolve, buttons, stored):
    match = make_match()
    open_pad(phone, match, member.username)
    log_in(second_phone, member.username)
    second_phone.goto(f"{second_phone.base}/matches/{match.pk}/")
    network_down(phone)
    type_three_offline(phone)
    record_hand(second_phone, "gin", "Ben", defender=40)   # hand 1, on the other phone, meanwhile
    network_up(phone)
    problem = phone.locator("#outbox .outbox-problem")
    expect(problem).to_contain_text("Hand 1 was recorded on another device meanwhile, and it differs", timeout=SENT)
    assert " ".join(problem.locator(".outbox-recorded").inner_text().split()) == "Ben went gin (Ann 40) · Ben +65"
    assert " ".join(problem.locator(".outbox-typed").inner_text().split()) == "Ann knocked 5 v 30 · Ann +25"
    assert "knocked" in problem.locator(".outbox-typed mark").all_inner_texts()   # what differs, marked
    expect(phone.locator("#outbox .outbox-hand")).to_have_count(3)   # nothing sent past it, nothing dropped
    # No default: the phone had not seen the other hand 1 when it typed its own (it may be another
    # hand); counting both and correcting the other phone's hand are not one tap away.
    assert problem.locator(".btn-primary").count() == 0
    expect(problem.locator(".outbox-unseen")).to_contain_text("This phone had not seen hand 1")
    expect(problem.get_by_role("button", name="Yes, correct hand 1")).to_be_hidden()
    assert hands(match) == [(1, "gin", "b", None, 40)]
    if resolve == "keep":
        shot("offline-03-conflict")
    for name in buttons:
        problem.get_by_role("button", name=name).tap()
        if resolve == "replace" and name != buttons[-1]:
            phone.wait_for_timeout(300)
            assert hands(match) == [(1, "gin", "b", None, 40)]   # the first tap only asks
            shot("offline-03b-correct-asks")
    # "Sent: hands 1, 2" shows while hand 3 is on its way (a quick send is not shown as waiting): the last one
    expect(phone.locator("#outbox")).to_contain_text(re.compile(rf"Sent: hands [0-9, ]*\b{stored[-1][0]}, now on the pad"),
                                                     timeout=SENT)
    assert hands(match) == stored
    expect(phone.locator(f"#hand-{len(stored)}")).to_be_visible(timeout=SENT)
    expect(phone.locator("#entry h2")).to_have_text(f"Hand {len(stored) + 1}")
    if resolve == "drop":   # the drop can be taken back until the next hand is saved
        expect(phone.locator("#outbox .outbox-dropped")).to_contain_text("Hand 1 dropped from this phone")
    # The outbox is empty: a reload shows the pad, nothing sent again.
    phone.reload()
    expect(phone.locator("#outbox .outbox-hand")).to_have_count(0)
    phone.wait_for_timeout(500)
    assert hands(match) == stored


def test_a_save_whose_answer_was_lost_is_not_saved_twice(phone, make_match, member):
    """The hand reached the site but its answer did not reach the phone: sent again, it is the same hand."""
    match = make_match()
    open_pad(phone, match, member.username)
    lost = []

    def lose_the_first_answer(route):
        if lost:
            route.continue_()
            return
        route.fetch()   # the site saves the hand ...
        lost.append(route.request.url)
        route.abort("internetdisconnected")   # ... and the phone hears nothing

    phone.route("**/hands/send/", lose_the_first_answer)
    enter_hand(phone, "knock", "Ann", knocker=5, defender=30)
    expect(phone.locator("#outbox")).to_contain_text("Sent: hand 1", timeout=SENT)
    assert lost
    assert hands(match) == [(1, "knock", "a", 5, 30)]
