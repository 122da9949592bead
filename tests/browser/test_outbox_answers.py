"""Two phones at one table, on 390x844 phones with touch: every answer the club's site gives a
hand from a phone's outbox leads to something the player sees and settles in a tap or two (send it
as the next hand, correct the recorded one after a second tap, drop it and take the drop back), an
undo on one phone takes the other phone's blank form back with it, and the outbox only shows when
an answer is really late."""
import re
import time

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ginscore.engine import rules_from
from ginscore.matches import services
from ginscore.matches.models import Hand, Match
from ginscore.players.models import Player
from tests.browser.steps import enter_hand, log_in, record_hand
from tests.browser.test_offline import SENT, hands, network_down, network_up, open_pad

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TWO = [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 30}},
       {"end": "gin", "by": "Ben", "deadwood": {"Ann": 22, "Ben": 0}}]

# Records in the page's own storage how long after Save the outbox, the phone's own head numbers or
# its own next hand first showed (on any page of the phone, across navigations).
WATCH = """
document.addEventListener("submit", () => { window.savedAt = performance.now(); }, true);
new MutationObserver(() => {
  const box = document.getElementById("outbox"), head = document.querySelector(".score-head.provisional");
  const next = document.querySelector(".score-head .next"), own = next && /worked out on this phone/.test(next.textContent);
  if (((box && !box.hidden && box.querySelector(".outbox-hand")) || head || own) && !sessionStorage.getItem("outbox-shown"))
    sessionStorage.setItem("outbox-shown", String(performance.now() - (window.savedAt || 0)));
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def pad(page, match):
    page.goto(page.base + reverse("matches:detail", args=[match.pk]))
    page.locator("form.hand-form[data-outbox]").wait_for()


def undo_last(page, n):
    page.locator("#undo > summary").tap()
    page.get_by_role("button", name=f"Yes, undo hand {n}").tap()
    expect(page.locator(".msg-success")).to_contain_text(f"Hand {n} undone")


def test_an_undo_on_one_phone_takes_the_other_phones_form_back(phone, second_phone, shot, make_match, member):
    match = make_match(created_by=member)
    a, b = second_phone, phone   # the shots show b
    for page in (a, b):
        log_in(page, member.username, to=None)
        pad(page, match)
    record_hand(a, "knock", "Ann", knocker=5, defender=30)
    record_hand(a, "gin", "Ben", defender=22)
    expect(b.locator("form.hand-form #save-hand")).to_have_text("Save hand 3", timeout=SENT)   # live
    undo_last(a, 2)
    # B's blank form follows the server's next hand down, head and all.
    expect(b.locator("form.hand-form #save-hand")).to_have_text("Save hand 2", timeout=SENT)
    expect(b.locator("#entry h2")).to_have_text("Hand 2")
    assert b.locator("form.hand-form [name=number]").input_value() == "2"
    expect(b.locator(".score-head .next")).to_contain_text("Hand 2")
    shot("answers-01-undo-followed")
    # B enters the real hand 2, then hand 3: both land, nothing lost, nothing doubled.
    record_hand(b, "knock", "Ben", knocker=4, defender=14, expect="Ben scores 10")
    expect(b.locator(".msg-success")).to_contain_text("Hand 2 saved")
    record_hand(b, "gin", "Ann", defender=9, expect="Ann scores 34")
    expect(b.locator(".msg-success")).to_contain_text("Hand 3 saved")
    assert hands(match) == [(1, "knock", "a", 5, 30), (2, "knock", "b", 4, 14), (3, "gin", "a", None, 9)]
    expect(a.locator("form.hand-form #save-hand")).to_have_text("Save hand 4", timeout=SENT)
    expect(b.locator("#outbox .outbox-hand")).to_have_count(0)


def test_both_phones_save_the_same_hand(phone, second_phone, shot, make_match, member):
    """The commonest collision at a table: both players enter the hand just played."""
    match = make_match(created_by=member)
    a, b = second_phone, phone
    for page in (a, b):
        log_in(page, member.username, to=None)
        pad(page, match)
    for page in (a, b):
        enter = page.locator("form.hand-form")
        enter.locator("#field-end label").get_by_text("knock", exact=True).click()
        enter.locator("#field-by label").get_by_text("Ann", exact=True).click()
        enter.locator("[name=knocker_deadwood]").fill("5")
        enter.locator("[name=defender_deadwood]").fill("30")
        page.locator("#hand-preview .preview-text").filter(has_text="Ann scores 25").wait_for()
    record_hand_tap = a.locator("form.hand-form #save-hand")
    with a.expect_navigation():
        record_hand_tap.tap()
    expect(a.locator(".msg-success")).to_contain_text("Hand 1 saved")
    b.locator("form.hand-form #save-hand").tap()
    # B is told the hand is there already, and its copy is gone: nothing to add it again with.
    report = b.locator("#outbox .outbox-report")
    expect(report).to_contain_text("Hand 1 was already recorded", timeout=SENT)
    expect(b.locator("#outbox")).not_to_contain_text("Send")
    expect(b.locator("#outbox .outbox-hand")).to_have_count(0)
    expect(b.locator("#entry h2")).to_have_text("Hand 2", timeout=SENT)
    assert b.locator("form.hand-form [name=knocker_deadwood]").input_value() == ""   # a blank form
    assert hands(match) == [(1, "knock", "a", 5, 30)]
    shot("answers-02-same-hand")
    b.reload()   # nothing comes back on a reload
    b.wait_for_timeout(500)
    expect(b.locator("#outbox .outbox-hand")).to_have_count(0)
    assert hands(match) == [(1, "knock", "a", 5, 30)]


def test_two_different_hands_at_once_through_a_network_blip(phone, second_phone, shot, make_match, member):
    """B's hand 1 is lost in a network blip and waits on B's phone while A's hand 1 lands: B sees
    both, what differs, and decides."""
    match = make_match(created_by=member)
    a, b = second_phone, phone
    for page in (a, b):
        log_in(page, member.username, to=None)
        pad(page, match)
    tries, held = [], []

    def blip(route):   # B's first send is lost; the next is held until the test lets it go
        tries.append(1)
        if len(tries) == 1:
            route.abort("internetdisconnected")
        else:
            held.append(route)

    b.route("**/hands/send/", blip)
    enter_hand(b, "gin", "Ben", defender=40, expect="Ben scores 65")   # B taps Save first ...
    expect(b.locator("#outbox .outbox-hand")).to_have_count(1)
    expect(b.locator("#entry h2")).to_have_text("Hand 2")   # the form is free for the next hand
    record_hand(a, "knock", "Ann", knocker=5, defender=30)   # ... A's lands first
    while not held:
        b.wait_for_timeout(100)
    held.pop().continue_()
    problem = b.locator("#outbox .outbox-problem")
    expect(problem).to_contain_text("Hand 1 was recorded on another device meanwhile, and it differs", timeout=SENT)
    assert " ".join(problem.locator(".outbox-recorded").inner_text().split()) == "Ann knocked 5 v 30 · Ann +25"
    assert " ".join(problem.locator(".outbox-typed").inner_text().split()) == "Ben went gin (Ann 40) · Ben +65"
    expect(b.locator("#entry h2")).to_have_text("Hand 2")   # the form was freed for the next hand
    shot("answers-03-two-hands-at-once")
    b.unroute("**/hands/send/")
    problem.get_by_role("button", name="It was another hand: send mine as hand 2…").tap()
    b.wait_for_timeout(300)
    assert hands(match) == [(1, "knock", "a", 5, 30)]   # the first tap only asks, showing both hands
    expect(problem.locator(".outbox-both-count")).to_contain_text("Both hands then count: hand 1 as recorded (Ann +25)")
    problem.get_by_role("button", name="Yes, both were played: send mine as hand 2").tap()
    expect(b.locator("#outbox")).to_contain_text("Sent: hand 2", timeout=SENT)
    assert hands(match) == [(1, "knock", "a", 5, 30), (2, "gin", "b", None, 40)]
    expect(a.locator("#hand-2")).to_be_visible(timeout=SENT)


@pytest.fixture
def hand_3_stopped(phone, second_phone, make_match, member):
    """Pad with hands 1 and 2; phone B types hand 3 offline; meanwhile phone A records a different
    hand 3, or undoes hand 2 (``how``): B's hand 3 comes back from the club's site stopped."""
    def make(how):
        match = make_match(hands=TWO, created_by=member)
        a, b = second_phone, phone
        log_in(a, member.username, to=None)
        pad(a, match)
        open_pad(b, match, member.username)
        network_down(b)
        enter_hand(b, "knock", "Ben", knocker=4, defender=14)
        if how == "taken":
            record_hand(a, "gin", "Ann", defender=9)
        else:
            undo_last(a, 2)
        network_up(b)
        problem = b.locator("#outbox .outbox-problem")
        problem.wait_for(timeout=SENT)
        return match, a, b, problem
    return make


@pytest.mark.parametrize("how, taps, stored", [
    # The pad moved down (an undo on A): hand 3 goes in as hand 2.
    ("undone", [re.compile(r"Send (mine|it) as hand 2")],
     [(1, "knock", "a", 5, 30), (2, "knock", "b", 4, 14)]),
    # A recorded another hand 3: B's goes in as hand 4.
    ("taken", ["It was another hand: send mine as hand 4…", "Yes, both were played: send mine as hand 4"],
     [(1, "knock", "a", 5, 30), (2, "gin", "b", None, 22), (3, "gin", "a", None, 9), (4, "knock", "b", 4, 14)]),
    # ... or corrects A's hand 3 to B's, after asking.
    ("taken", ["Correct hand 3 to mine…", "Yes, correct hand 3"],
     [(1, "knock", "a", 5, 30), (2, "gin", "b", None, 22), (3, "knock", "b", 4, 14)]),
    # ... or drops it (A's stands), then takes the drop back and sends it as hand 4 after all.
    ("taken", ["Keep the recorded one: drop mine", "Undo", "It was another hand: send mine as hand 4…",
               "Yes, both were played: send mine as hand 4"],
     [(1, "knock", "a", 5, 30), (2, "gin", "b", None, 22), (3, "gin", "a", None, 9), (4, "knock", "b", 4, 14)]),
    # ... or drops it for good.
    ("taken", ["Keep the recorded one: drop mine"],
     [(1, "knock", "a", 5, 30), (2, "gin", "b", None, 22), (3, "gin", "a", None, 9)]),
])
def test_a_stopped_hand_is_settled_by_each_choice(hand_3_stopped, shot, how, taps, stored):
    match, a, b, problem = hand_3_stopped(how)
    before = hands(match)
    expect(b.locator("#outbox .outbox-hand")).to_have_count(1)
    expect(b.locator("#outbox .outbox-hand")).to_contain_text("Hand 3 Ben knocked 4 v 14 · Ben +10")
    if how == "taken":
        expect(problem.get_by_role("button", name="Yes, correct hand 3")).to_be_hidden()   # asks first
    shot(f"answers-04-stopped-{how}")
    for tap in taps:
        b.locator("#outbox").get_by_role("button", name=tap).tap()
        if tap == "Keep the recorded one: drop mine":
            expect(b.locator("#outbox .outbox-hand")).to_have_count(0)
            expect(b.locator("#outbox .outbox-dropped")).to_contain_text(
                "Hand 3 dropped from this phone (Ben knocked 4 v 14).")
            expect(b.locator("#entry h2")).to_have_text("Hand 4")
            if len(taps) > 1:
                shot("answers-05-dropped-undo")
        elif tap == "Undo":   # back as it was, with its choices
            expect(b.locator("#outbox .outbox-hand")).to_have_count(1)
            expect(problem).to_contain_text("Hand 3 was recorded on another device meanwhile")
        elif tap == "Correct hand 3 to mine…":
            b.wait_for_timeout(300)
            assert hands(match) == before   # the first tap only asks
            shot("answers-06-correct-asks")
    if stored != before:
        expect(b.locator("#outbox")).to_contain_text("Sent: hand", timeout=SENT)
    expect(b.locator("#outbox .outbox-hand")).to_have_count(0)
    assert hands(match) == stored
    expect(b.locator("#entry h2")).to_have_text(f"Hand {len(stored) + 1}", timeout=SENT)
    b.reload()   # the outbox is in the phone's storage: a reload shows the same (empty) outbox
    expect(b.locator("#outbox .outbox-hand")).to_have_count(0)
    b.wait_for_timeout(500)
    assert hands(match) == stored


def test_a_server_error_is_shown_with_its_choices_and_tried_again(phone, shot, make_match, member):
    match = make_match()
    open_pad(phone, match, member.username)
    failing = []

    def fail(route):   # the site's proxy answers 502 while the site restarts
        failing.append(1)
        route.fulfill(status=502, content_type="text/html", body="<h1>Bad gateway</h1>")

    phone.route("**/hands/send/", fail)
    enter_hand(phone, "knock", "Ann", knocker=5, defender=30)
    problem = phone.locator("#outbox .outbox-problem")
    expect(problem).to_contain_text("The club's site failed on hand 1 (it answered 502): trying again by itself.",
                                    timeout=SENT)
    expect(phone.locator("#entry h2")).to_have_text("Hand 2")   # the form is free for the next hand
    assert phone.locator("form.hand-form [name=knocker_deadwood]").input_value() == ""
    expect(problem.get_by_role("button", name="Try now")).to_be_visible()
    expect(problem.get_by_role("button", name="Drop it")).to_be_visible()
    expect(phone.locator(".score-head .head-unsent")).to_contain_text("not yet sent 1 hand on this phone")
    shot("answers-07-server-error")
    # A reload keeps it; the site is back: one tap sends it.
    phone.reload()
    expect(problem).to_contain_text("failed on hand 1", timeout=SENT)
    phone.unroute("**/hands/send/")
    problem.get_by_role("button", name="Try now").tap()
    expect(phone.locator("#outbox")).to_contain_text("Sent: hand 1", timeout=SENT)
    assert hands(match) == [(1, "knock", "a", 5, 30)]
    assert len(failing) >= 2   # tried again by itself meanwhile


def test_a_refused_hand_says_why_and_is_dropped_on_request(phone, make_match):
    """The table link is renewed while a hand waits on the phone: the site refuses it, the phone says why."""
    match = make_match()
    table = phone
    table.goto(table.base + reverse("matches:table", args=[match.table_token]))
    table.locator("form.hand-form[data-outbox]").wait_for()
    network_down(table)
    enter_hand(table, "knock", "Ann", knocker=5, defender=30)
    Match.objects.filter(pk=match.pk).update(table_token="x" * 8 + Match.objects.get(pk=match.pk).table_token[8:])
    network_up(table)
    problem = table.locator("#outbox .outbox-problem")
    expect(problem).to_contain_text("Hand 1 (Ann knocked 5 v 30) was not accepted:", timeout=SENT)
    problem.get_by_role("button", name="Drop it").tap()
    expect(table.locator("#outbox .outbox-dropped")).to_contain_text("Hand 1 dropped from this phone")
    expect(table.locator("#outbox .outbox-hand")).to_have_count(0)
    assert Hand.objects.filter(match=match).count() == 0


@pytest.mark.parametrize("delay", [0, 0.8])
def test_a_prompt_answer_shows_no_outbox(phone, make_match, member, delay):
    """An ordinary save, on a good or a slow (0.8 s) network: the pad opens with its message, the
    outbox and the phone's own head numbers never flashed."""
    match = make_match()
    phone.context.add_init_script(WATCH)
    open_pad(phone, match, member.username)
    if delay:
        phone.route("**/hands/send/", lambda route: (time.sleep(delay), route.continue_()))
    record_hand(phone, "knock", "Ann", knocker=5, defender=30)
    record_hand(phone, "gin", "Ben", defender=12)
    shown = phone.evaluate("sessionStorage.getItem('outbox-shown')")
    # (on a loaded machine an answer may really be late: then the outbox may show, never before 1.5 s)
    assert shown is None or float(shown) >= 1400, f"the outbox showed {shown} ms after Save"
    assert hands(match) == [(1, "knock", "a", 5, 30), (2, "gin", "b", None, 12)]


def test_a_late_answer_frees_the_form_and_shows_the_outbox(phone, shot, make_match, member):
    match = make_match()
    phone.context.add_init_script(WATCH)
    open_pad(phone, match, member.username)
    held = []   # the answer comes when the test lets it
    phone.route("**/hands/send/", lambda route: held.append(route))
    enter_hand(phone, "knock", "Ann", knocker=5, defender=30)
    expect(phone.locator("#outbox .outbox-state")).to_have_text("Sending… (no answer yet)")
    # not before the answer is late (1.5 s; counted in the page: a loaded machine's test is late itself)
    shown = float(phone.evaluate("sessionStorage.getItem('outbox-shown')"))
    assert shown >= 1400, f"the outbox showed {shown} ms after Save"
    expect(phone.locator("#outbox .outbox-hand")).to_have_text(re.compile(r"Hand 1 Ann knocked 5 v 30"))
    assert phone.locator(".score-head [data-game=a]").inner_text() == "25"   # the phone's own numbers
    expect(phone.locator("#save-hand")).to_have_text("Saving…")   # the hand stays on its form meanwhile
    shot("answers-08-late")
    with phone.expect_navigation():   # the answer comes: the pad opens, as for any save
        held.pop().continue_()
    expect(phone.locator(".msg-success")).to_contain_text("Hand 1 saved")
    expect(phone.locator("#outbox")).to_be_hidden()
    assert hands(match) == [(1, "knock", "a", 5, 30)]


def test_a_hand_on_its_way_takes_no_edit_and_a_second_save_is_told_why(phone, shot, make_match, member):
    """While a hand typed with the network waits for its answer ("Saving…"), its form takes no edit
    (what was typed over it would be cleared with it) and a Save tapped again says the hand is still
    on its way; nothing is sent twice. The answer then opens the pad, or, refused, posts the form
    as before, its fields with it."""
    match = make_match()
    open_pad(phone, match, member.username)
    held = []
    phone.route("**/hands/send/", lambda route: held.append(route))
    enter_hand(phone, "knock", "Ann", knocker=5, defender=30)
    form, save = phone.locator("form.hand-form"), phone.locator("#save-hand")
    expect(save).to_have_text("Saving…")
    expect(form).to_have_attribute("aria-busy", "true")
    expect(save).to_have_attribute("aria-disabled", "true")
    expect(phone.locator("[name=knocker_deadwood]")).to_be_disabled()
    expect(phone.get_by_role("radio", name="gin", exact=True)).to_be_disabled()
    assert phone.locator("[name=knocker_deadwood]").input_value() == "5"   # the hand still shown
    save.tap(force=True)   # (a finger can: Playwright would wait for a button shown unavailable)
    note = phone.locator("#hand-preview [role=status]")
    expect(note).to_have_text("Hand 1 is still on its way to the club's site: wait for its answer.")
    assert len(held) == 1   # not sent again
    shot("answers-08b-still-on-its-way", full_page=False)
    # Refused (say a 400 from a proxy in between): the form is posted as before, with its fields.
    with phone.expect_navigation():
        held.pop().fulfill(status=400, content_type="application/json", body="{}")
    expect(phone.locator(".msg-success")).to_contain_text("Hand 1 saved")
    assert hands(match) == [(1, "knock", "a", 5, 30)]
    expect(phone.locator("form.hand-form")).not_to_have_attribute("aria-busy", "true")
    expect(phone.locator("[name=knocker_deadwood]")).to_be_enabled()


def test_a_save_that_never_gets_an_answer_waits_on_the_phone(phone, make_match, member):
    """A network that swallows the request (no answer, no error): after a few seconds the hand
    waits in the outbox, the form is free, and it is sent once the network answers again."""
    match = make_match()
    open_pad(phone, match, member.username)
    held, back = [], []   # requests swallowed (never answered) until the network is back

    def network(route):
        if back:
            route.continue_()
        else:
            held.append(route)

    phone.route("**/hands/send/", network)
    enter_hand(phone, "knock", "Ann", knocker=5, defender=30)
    expect(phone.locator("#entry h2")).to_have_text("Hand 2", timeout=SENT)   # given up on: the form is free
    problem = phone.locator("#outbox .outbox-problem")
    expect(problem).to_contain_text("No answer from the club's site about hand 1 yet", timeout=SENT)
    expect(problem.get_by_role("button", name="Drop it")).to_be_visible()
    back.append(True)
    problem.get_by_role("button", name="Try now").tap()   # (cuts a try still waiting short, and sends again)
    expect(phone.locator("#outbox")).to_contain_text("Sent: hand 1", timeout=SENT)
    assert hands(match) == [(1, "knock", "a", 5, 30)]


def test_three_players_a_stopped_hand_for_two_others_is_not_sent_as_theirs(phone, second_phone, shot, ann, ben,
                                                                           member):
    """Three players: after an undo elsewhere the next hand is two other players' (the loser deals
    and sits out), so the phone does not offer to send its hand as that one; dropped, the form is theirs."""
    cat = Player.objects.create(name="Cat")
    match = services.match_create(player_a=ann, player_b=ben, player_c=cat, first_dealer="c",
                                  rules=rules_from({"preset": "standard"}), created_by=member)
    a, b = second_phone, phone
    log_in(a, member.username, to=None)
    pad(a, match)
    record_hand(a, "knock", "Ann", knocker=4, defender=20)   # Ann v Ben; Ben lost: he deals hand 2
    record_hand(a, "gin", "Cat", defender=30)   # Ann v Cat; Ann lost: she deals hand 3, Ben v Cat
    open_pad(b, match, member.username)
    network_down(b)
    expect(b.locator("#entry h2")).to_have_text("Hand 3: Ben v Cat")
    enter_hand(b, "knock", "Cat", knocker=2, defender=40)
    undo_last(a, 2)   # hand 2 is Ann v Cat's again
    network_up(b)
    problem = b.locator("#outbox .outbox-problem")
    expect(problem).to_contain_text("Hand 2 is Ann v Cat's: drop this one and type it again", timeout=SENT)
    expect(problem.get_by_role("button", name=re.compile("as hand 2"))).to_have_count(0)
    shot("answers-09-three-other-pair")
    problem.get_by_role("button", name=re.compile("^Drop")).tap()
    expect(b.locator("#entry h2")).to_have_text("Hand 2: Ann v Cat")
    record_hand(b, "knock", "Cat", knocker=3, defender=13, expect="Cat scores 10")
    assert list(Hand.objects.filter(match=match).order_by("number").values_list("number", "by")) == [
        (1, "a"), (2, "c")]


def test_a_reload_while_a_save_is_late_sends_it_once(phone, make_match, member):
    match = make_match()
    open_pad(phone, match, member.username)
    held, back = [], []   # the first send gets no answer; after the reload the network is back

    def network(route):
        if back:
            route.continue_()
        else:
            held.append(route)

    phone.route("**/hands/send/", network)
    enter_hand(phone, "knock", "Ann", knocker=5, defender=30)
    expect(phone.locator("#outbox .outbox-hand")).to_have_count(1)   # late: shown
    back.append(True)
    phone.reload()   # the player gives up waiting: the hand is still on the phone and goes now
    expect(phone.locator("#outbox")).to_contain_text("Sent: hand 1", timeout=SENT)
    expect(phone.locator("#entry h2")).to_have_text("Hand 2", timeout=SENT)
    assert phone.locator("form.hand-form [name=knocker_deadwood]").input_value() == ""
    assert hands(match) == [(1, "knock", "a", 5, 30)]


def test_a_hand_typed_offline_is_dropped_from_the_middle_and_put_back(phone, make_match, member):
    match = make_match()
    open_pad(phone, match, member.username)
    network_down(phone)
    lines = phone.locator("#outbox .outbox-hand")
    for n, hand in enumerate([("knock", "Ann", 5, 30), ("gin", "Ben", None, 12), ("knock", "Ann", 2, 20)], 1):
        enter_hand(phone, hand[0], hand[1], knocker=hand[2], defender=hand[3])
        # the next hand is typed once the form is free for it, as a person sees it: just after the network
        # went, the page may not know yet and try hand 1 directly ("Saving…"), taking no Save meanwhile
        expect(lines).to_have_count(n)
        expect(phone.locator("#entry h2")).to_have_text(f"Hand {n + 1}")
    phone.get_by_role("button", name="Drop hand 2").tap()
    expect(lines).to_have_count(2)
    assert [" ".join(t.split()) for t in lines.all_inner_texts()] == [
        "Hand 1 Ann knocked 5 v 30 · Ann +25 not yet sent Drop",
        "Hand 2 Ann knocked 2 v 20 · Ann +18 not yet sent Drop"]   # the hands after it follow
    assert [int(phone.locator(f".score-head [data-game={s}]").inner_text()) for s in "ab"] == [43, 0]
    expect(phone.locator("#entry h2")).to_have_text("Hand 3")
    phone.locator("#outbox .outbox-dropped").get_by_role("button", name="Undo").tap()
    expect(lines).to_have_count(3)
    assert [" ".join(t.split())[:30] for t in lines.all_inner_texts()] == [
        "Hand 1 Ann knocked 5 v 30 · An", "Hand 2 Ben went gin (Ann 12) ·", "Hand 3 Ann knocked 2 v 20 · An"]
    expect(phone.locator("#entry h2")).to_have_text("Hand 4")
    network_up(phone)
    expect(phone.locator("#outbox")).to_contain_text("Sent: hands 1, 2, 3", timeout=SENT)
    assert hands(match) == [(1, "knock", "a", 5, 30), (2, "gin", "b", None, 12), (3, "knock", "a", 2, 20)]
