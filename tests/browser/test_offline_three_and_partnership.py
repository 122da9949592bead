"""Scoring through a network drop at three-handed and partnership tables, on 390x844 phones:
hands typed offline wait in the phone's outbox with the names of the two who play each one (the
phone follows who deals and sits out), and are sent in order, once, when the network returns; a
partnership table's deals carry their table, and a deal the other table has not reached waits
until it has."""
import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ginscore.engine import rules_from
from ginscore.matches import services
from ginscore.matches.models import Hand
from ginscore.players.models import Player
from tests.browser.steps import enter_hand, log_in, next_deal, record_hand, type_hand
from tests.browser.test_offline import network_down, network_up
from tests.browser.test_three_and_partnership import fits, players_offered

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SENT = 20_000  # ms: the outbox sends within a few seconds of the network's return (a CI machine at load 11 on 2 cores: some 10)


def stored(match):
    return list(Hand.objects.filter(match=match).order_by("number", "table").values_list(
        "number", "table", "end", "by", "knocker_deadwood", "defender_deadwood"))


def outbox_lines(page):
    return [" ".join(t.split()) for t in page.locator("#outbox .outbox-hand").all_inner_texts()]


def head_game(page):
    """The head's game in play: each player's points and how far from the target, three players."""
    head = page.locator(".score-head")
    return ([int(head.locator(f"[data-game='{i}']").inner_text()) for i in range(3)],
            [head.locator(f"[data-to-go='{i}']").inner_text() for i in range(3)])


def kept_by_the_service_worker(page):
    """The page is in the service worker's hands, with a copy kept for a reload offline."""
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_function("async () => !!(await caches.match(location.origin + location.pathname, "
                           "{ignoreVary: true}))")


def test_three_handed_hands_typed_offline_are_sent_in_order_once(phone, shot, ann, ben, member):
    cat = Player.objects.create(name="Cat")
    match = services.match_create(player_a=ann, player_b=ben, player_c=cat, first_dealer="c",
                                  rules=rules_from({"preset": "standard"}), created_by=member)
    log_in(phone, member.username, to=None)
    phone.goto(f"{phone.base}/matches/{match.pk}/")
    phone.locator("form.hand-form[data-outbox]").wait_for()
    kept_by_the_service_worker(phone)
    network_down(phone)

    # The spec's worked example: Cat deals hand 1 and sits out; the loser deals the next.
    enter_hand(phone, "knock", "Ann", knocker=4, defender=20, expect="Ann scores 16")
    expect(phone.locator("#entry h2")).to_have_text("Hand 2: Ann v Cat")
    assert players_offered(phone) == ["Ann", "Cat"]   # Ben lost: he deals and sits out
    assert next_deal(phone) == "Hand 2 · Ben deals and sits out · Ann v Cat play (worked out on this phone)"
    enter_hand(phone, "gin", "Cat", defender=30, expect="Cat scores 55")
    expect(phone.locator("#entry h2")).to_have_text("Hand 3: Ben v Cat")
    assert players_offered(phone) == ["Ben", "Cat"]
    assert phone.locator("form.hand-form [name=knocker_deadwood]").input_value() == ""   # a blank form
    enter_hand(phone, "knock", "Cat", knocker=2, defender=40, expect="Cat scores 38")
    assert outbox_lines(phone) == [
        "Hand 1 Ann knocked 4 v 20 · Ann +16 not yet sent Drop",
        "Hand 2 Cat went gin (Ann 30) · Cat +55 not yet sent Drop",
        "Hand 3 Cat knocked 2 v 40 · Cat +38 not yet sent Drop",
    ]
    # The head's big numbers: the phone's own running score, marked as not yet sent.
    assert head_game(phone) == ([16, 0, 93], ["84 to go", "100 to go", "7 to go"])
    expect(phone.locator(".score-head .head-unsent")).to_contain_text("not yet sent 3 hands on this phone")
    expect(phone.locator("#entry h2")).to_have_text("Hand 4: Ann v Cat")
    assert next_deal(phone) == "Hand 4 · Ben deals and sits out · Ann v Cat play (worked out on this phone)"
    # the rulings are Ann's and Cat's too, and the form's hidden fields the next hand's
    form = phone.locator("form.hand-form")
    assert form.locator("[name=ruling_missing_c]").count() == 1 and form.locator("[name=ruling_missing_b]").count() == 0
    assert form.locator("[name=number]").input_value() == "4" and form.locator("[name=csrfmiddlewaretoken]").count() == 1
    form.locator("details.rulings > summary").click()
    expect(form.locator("#field-ruling_extra_c")).to_contain_text("Cat")
    form.locator("details.rulings > summary").click()
    assert stored(match) == []
    fits(phone)
    shot("offline-three-01-not-yet-sent")
    # A reload offline: the page from the service worker, the hands from the phone, the names followed again.
    kept = phone.reload()
    assert kept.from_service_worker
    expect(phone.locator("#outbox .outbox-hand")).to_have_count(3)
    expect(phone.locator("#entry h2")).to_have_text("Hand 4: Ann v Cat")
    assert players_offered(phone) == ["Ann", "Cat"]

    network_up(phone)
    expect(phone.locator("#outbox")).to_contain_text("Sent: hands 1, 2, 3", timeout=SENT)
    assert stored(match) == [(1, 1, "knock", "a", 4, 20), (2, 1, "gin", "c", None, 30), (3, 1, "knock", "c", 2, 40)]
    assert len({h.entry_key for h in Hand.objects.filter(match=match)}) == 3
    expect(phone.locator("#hand-3")).to_be_visible(timeout=SENT)   # the live pad has them
    expect(phone.locator(".score-head .next")).to_have_text(
        "Hand 4 · Ben deals and sits out · Ann v Cat play", timeout=SENT)   # the server's own words now
    match.refresh_from_db()
    assert (match.game_a, match.game_b, match.game_c) == (16, 0, 93)
    assert head_game(phone) == ([16, 0, 93], ["84 to go", "100 to go", "7 to go"])   # the server's now
    expect(phone.locator(".score-head .head-unsent")).to_have_count(0)
    shot("offline-three-02-sent")
    # ... and the next hand, with the network, is saved as it always was, by the two who play it.
    assert players_offered(phone) == ["Ann", "Cat"]
    record_hand(phone, "knock", "Cat", knocker=5, defender=15)
    expect(phone.locator(".msg-success")).to_contain_text("Hand 4 saved. Cat scores 10")
    assert len(stored(match)) == 4


def test_a_partnership_tables_deals_typed_offline_are_sent_once_each_after_the_other_tables(
        phone, second_phone, shot, ann, ben):
    cat, dan = Player.objects.create(name="Cat"), Player.objects.create(name="Dan")
    match = services.match_create(player_a=ann, player_b=ben, player_c=cat, player_d=dan,
                                  rules=rules_from({"preset": "partnership"}), team_a_name="North",
                                  team_b_name="South")
    one, two = phone, second_phone
    one.goto(one.base + reverse("matches:table_at", args=[match.table_token, 1]))
    two.goto(two.base + reverse("matches:table_at", args=[match.table_token, 2]))
    one.locator("form.hand-form[data-outbox]").wait_for()
    kept_by_the_service_worker(one)   # the table's page too (/matches/<id>/tables/1/)
    network_down(one)

    # Table 1 plays on through the drop: deal 1 Ann v Ben, deal 2 Ann v Dan.
    enter_hand(one, "knock", "Ann", knocker=3, defender=25, expect="Ann scores 22")
    expect(one.locator("#entry h2")).to_have_text("Table 1: Ann v Dan, deal 2")
    assert players_offered(one) == ["Ann", "Dan"]
    expect(one.locator("form.hand-form #save-hand")).to_have_text("Save deal 2")
    enter_hand(one, "gin", "Dan", defender=10, expect="Dan scores 35")
    assert outbox_lines(one) == ["Deal 1 Ann knocked 3 v 25 · Ann +22 not yet sent Drop",
                                 "Deal 2 Dan went gin (Ann 10) · Dan +35 not yet sent Drop"]
    # a deal's team points need the other table's hand: the phone says so rather than guess them
    expect(one.locator("#outbox")).to_contain_text("A deal's team points need both tables' hands, so this "
                                                   "phone cannot work them out")
    assert "on this phone: North" not in one.locator("#outbox").inner_text()
    expect(one.locator(".score-head .head-unsent")).to_have_text(
        "not yet sent 2 deals on this phone: the pad counts them once sent.")   # no team points guessed
    expect(one.locator(".score-head .table-next").first).to_have_text(
        "Table 1: Ann v Ben, deal 3 (worked out on this phone)")
    expect(one.locator("#entry h2")).to_have_text("Table 1: Ann v Ben, deal 3")
    fits(one)
    shot("offline-four-01-table-1-not-yet-sent")
    kept = one.reload()
    assert kept.from_service_worker
    expect(one.locator("#outbox .outbox-hand")).to_have_count(2)
    assert stored(match) == []

    # The network returns before table 2 is in: deal 1 goes, deal 2 waits for table 2's deal 1.
    network_up(one)
    expect(one.locator("#outbox .outbox-state")).to_contain_text(
        "Table 1 has entered deal 1; deal 2 starts when table 2's hand of deal 1 is in. It is sent as soon as "
        "that is in.", timeout=SENT)
    assert outbox_lines(one) == ["Deal 2 Dan went gin (Ann 10) · Dan +35 not yet sent Drop"]
    assert stored(match) == [(1, 1, "knock", "a", 3, 25)]
    shot("offline-four-02-waiting-for-table-2")
    record_hand(two, "gin", "Dan", defender=12, expect="Dan scores 37")   # table 2's deal 1, Cat v Dan
    expect(one.locator("#outbox")).to_contain_text("Sent: deals 1, 2 of table 1, now on the pad.", timeout=SENT)
    assert stored(match) == [(1, 1, "knock", "a", 3, 25), (1, 2, "gin", "d", None, 12), (2, 1, "gin", "d", None, 10)]
    assert len({h.entry_key for h in Hand.objects.filter(match=match)}) == 3   # each sent once (table 2's too)
    expect(one.locator("#deal-2")).to_contain_text("waiting for table 2", timeout=SENT)
    expect(one.locator("#entry h2")).to_have_text("Table 1: Ann v Ben, deal 3")
    match.refresh_from_db()
    assert (match.game_a, match.game_b, match.hand_count) == (0, 15, 1)   # deal 1: South 37 - 22
    fits(one)
    shot("offline-four-03-sent")


def test_a_three_handed_colonel_hand_takes_the_counts_of_the_two_who_play(phone, ann, ben, member):
    """Colonel's counts are by seat: with Ann dealing, Ben and Cat's counts (count_b, count_c); the
    preview comes as they are typed, from the site and, offline, from the phone."""
    cat = Player.objects.create(name="Cat")
    match = services.match_create(player_a=ann, player_b=ben, player_c=cat, first_dealer="a",
                                  rules=rules_from({"preset": "colonel"}), created_by=member)
    log_in(phone, member.username, to=None)
    phone.goto(f"{phone.base}/matches/{match.pk}/")
    form = phone.locator("form.hand-form[data-outbox]")
    assert [form.locator(f"[name=count_{s}]").count() for s in "abc"] == [0, 1, 1]
    type_hand(phone, "went out", "Ben")
    expect(form.locator("[name=count_c]")).to_be_focused()   # the count still to type: Cat's
    form.locator("[name=count_c]").fill("27")
    expect(phone.locator("#hand-preview .preview-text")).to_have_text("Ben scores 27 (went out).")
    network_down(phone)
    form.locator("[name=count_c]").fill("28")
    expect(phone.locator("#hand-preview .preview-text")).to_have_text("Ben scores 28.")
    expect(phone.locator("#hand-preview .preview-after")).to_contain_text("Worked out on this phone")
    form.locator("#save-hand").click()
    expect(phone.locator("#outbox .outbox-hand")).to_have_text(re.compile(r"Hand 1 Ben went out \(Cat 28\) · Ben "
                                                                          r"\+28\s+not yet sent"))
    # Cat lost and deals hand 2: Ann and Ben play it, with their counts
    expect(phone.locator("#entry h2")).to_have_text("Hand 2: Ann v Ben")
    assert [form.locator(f"[name=count_{s}]").count() for s in "abc"] == [1, 1, 0]
    type_hand(phone, "stock ran out", counts={"a": 12, "b": 30})
    expect(phone.locator("#hand-preview .preview-text")).to_have_text("Ann scores 18.")
    expect(phone.locator("#hand-preview .preview-after")).to_contain_text("Worked out on this phone")
    form.locator("#save-hand").click()
    expect(phone.locator("#outbox .outbox-hand")).to_have_count(2)
    network_up(phone)
    expect(phone.locator("#outbox")).to_contain_text("Sent: hands 1, 2", timeout=SENT)
    assert stored(match) == [(1, 1, "out", "b", None, 28), (2, 1, "stock_out", "", 12, 30)]
    match.refresh_from_db()
    assert (match.game_a, match.game_b, match.game_c) == (18, 28, 0)


def test_the_three_handed_entry_page_keeps_hands_offline_and_opens_the_pad_once_sent(phone, ann, ben, member):
    cat = Player.objects.create(name="Cat")
    match = services.match_create(player_a=ann, player_b=ben, player_c=cat, first_dealer="c",
                                  rules=rules_from({"preset": "standard"}), created_by=member)
    log_in(phone, member.username, to=None)
    phone.goto(f"{phone.base}/matches/{match.pk}/hands/new/")
    expect(phone.locator("h1.entry-title")).to_have_text("Hand 1: Ann v Ben")
    network_down(phone)
    enter_hand(phone, "knock", "Ben", knocker=6, defender=16, expect="Ben scores 10")
    expect(phone.locator("h1.entry-title")).to_have_text("Hand 2: Ben v Cat")   # Ann lost: she deals
    assert players_offered(phone) == ["Ben", "Cat"]
    network_up(phone)
    phone.wait_for_url(f"**/matches/{match.pk}/", timeout=SENT)   # sent: the pad opens
    expect(phone.locator("#hand-1")).to_contain_text("Ben knocked 6 v 16")
    assert stored(match) == [(1, 1, "knock", "b", 6, 16)]


def test_a_partnership_tables_second_phone_follows_an_undo_down(phone, second_phone, shot, ann, ben):
    """Two phones on table 1's link: an undo of the table's deal on one takes the other's blank form
    back to that deal, with the players who play it there."""
    cat, dan = Player.objects.create(name="Cat"), Player.objects.create(name="Dan")
    match = services.match_create(player_a=ann, player_b=ben, player_c=cat, player_d=dan,
                                  rules=rules_from({"preset": "partnership"}), team_a_name="North",
                                  team_b_name="South")
    a, b = second_phone, phone
    for page in (a, b):
        page.goto(page.base + reverse("matches:table_at", args=[match.table_token, 1]))
        page.locator("form.hand-form[data-outbox]").wait_for()
    record_hand(a, "knock", "Ann", knocker=3, defender=25, expect="Ann scores 22")
    expect(b.locator("#entry h2")).to_have_text("Table 1: Ann v Dan, deal 2", timeout=SENT)
    a.locator("#undo-1 > summary").tap()
    a.get_by_role("button", name="Yes, undo table 1's deal 1").tap()
    expect(a.locator(".msg-success")).to_be_visible()
    expect(b.locator("#entry h2")).to_have_text("Table 1: Ann v Ben, deal 1", timeout=SENT)
    expect(b.locator("form.hand-form #save-hand")).to_have_text("Save deal 1")
    assert players_offered(b) == ["Ann", "Ben"]
    shot("offline-four-04-undo-followed")
    record_hand(b, "gin", "Ben", defender=15, expect="Ben scores 40")
    assert stored(match) == [(1, 1, "gin", "b", None, 15)]
