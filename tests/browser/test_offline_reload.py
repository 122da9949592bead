"""A phone that followed the pad live, then lost the network and was reloaded (issue 31, items 4
and 6 on the phone, and the head of item 9), on 390x844 phones with touch and a real network cut:

- the reload shows the newest pad the phone saw (the service worker keeps what live updates
  brought, not only what a navigation did) and the next hand is numbered from it;
- a hand typed offline that meets a different hand recorded meanwhile is not dropped by any
  default: the phone had not seen that hand;
- saving it as another hand takes a second step that shows both hands' points and the game;
- while it is stopped, the head shows the site's numbers and the site's dealer, never a mix."""
import pytest
from playwright.sync_api import expect

from tests.browser.steps import enter_hand, game_score, log_in, record_hand
from tests.browser.test_offline import SENT, hands, network_down, network_up, open_pad

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def follow_three_hands(a, b, match, member):
    """Phone A records hands 1-3; phone B, on the pad, follows them live."""
    open_pad(b, match, member.username)
    log_in(a, member.username)
    a.goto(f"{a.base}/matches/{match.pk}/")
    record_hand(a, "knock", "Ann", knocker=5, defender=30)     # Ann +25
    record_hand(a, "gin", "Ann", defender=16)                  # Ann +41: 66
    record_hand(a, "knock", "Ben", knocker=2, defender=12)     # Ben +10
    expect(b.locator("#hand-3")).to_be_visible(timeout=SENT)   # live, no navigation on B
    expect(b.locator("form.hand-form #save-hand")).to_have_text("Save hand 4")
    assert game_score(b) == [66, 10]


@pytest.mark.flaky(reruns=2)   # (Chromium's offline emulation and a reloaded worker page: see test_offline)
def test_a_reload_offline_shows_the_newest_pad_the_phone_saw(phone, second_phone, shot, make_match, member):
    match = make_match()
    a, b = second_phone, phone
    follow_three_hands(a, b, match, member)
    # The kept copy follows the live pad (and the entry page with it) without a navigation.
    b.wait_for_function("""async () => {
      const hit = await caches.match(location.origin + location.pathname, {ignoreVary: true});
      return !!hit && (await hit.text()).includes('id="hand-3"');
    }""", timeout=SENT)
    network_down(b)
    kept = b.reload()
    assert kept.from_service_worker and kept.headers.get("x-ginscore-copy") == "kept"
    expect(b.locator("#hand-3")).to_be_visible()
    assert game_score(b) == [66, 10]
    expect(b.locator("#entry h2")).to_have_text("Hand 4")
    expect(b.locator("form.hand-form #save-hand")).to_have_text("Save hand 4")
    shot("reload-01-offline-newest")
    # The entry page, kept and drawn again with the pad, numbers the next hand from it too.
    entry = b.goto(f"{b.base}/matches/{match.pk}/hands/new/")
    assert entry.from_service_worker
    expect(b.locator("form.hand-form #save-hand")).to_have_text("Save hand 4")
    b.go_back()
    b.locator("form.hand-form[data-outbox]").wait_for()
    # The real hand 4, typed offline, saved once the phone's own preview is there, as a person does
    # (test_offline.type_three_offline).
    enter_hand(b, "gin", "Ben", defender=20, expect="Ben scores 45")
    expect(b.locator("#outbox .outbox-hand")).to_have_text("Hand 4 Ben went gin (Ann 20) · Ben +45 not yet sent Drop")
    assert hands(match)[-1][0] == 3
    network_up(b)
    expect(b.locator("#outbox")).to_contain_text("Sent: hand 4", timeout=SENT)
    assert hands(match)[-1] == (4, "gin", "b", None, 20)


@pytest.mark.flaky(reruns=2)
def test_a_hand_typed_after_the_last_one_seen_is_never_dropped_by_default(phone, second_phone, shot, make_match,
                                                                          member):
    match = make_match()
    a, b = second_phone, phone
    follow_three_hands(a, b, match, member)
    network_down(b)
    b.reload()
    enter_hand(b, "gin", "Ben", defender=20, expect="Ben scores 45")   # B's hand 4, offline ...
    record_hand(a, "knock", "Ann", knocker=3, defender=23)     # ... and A's hand 4 meanwhile (Ann +20: 86)
    network_up(b)
    problem = b.locator("#outbox .outbox-problem")
    expect(problem).to_contain_text("Hand 4 was recorded on another device meanwhile, and it differs", timeout=SENT)
    # No default: B had not seen A's hand 4 when it typed its own.
    expect(problem.locator(".outbox-unseen")).to_have_text(
        "This phone had not seen hand 4 when this one was typed: choose below whether it is the same hand typed "
        "differently, or another hand.")
    assert problem.locator(".btn-primary").count() == 0
    # While it is stopped, the head is the site's: its numbers and its dealer (the loser of hand 4 by A).
    expect(b.locator(".score-head .next")).to_have_text("Hand 5 · Ann deals", timeout=SENT)
    assert game_score(b) == [86, 10]
    shot("reload-02-no-default")
    # Sending it as hand 5 counts both: a second step says so, with both hands and the game.
    problem.get_by_role("button", name="It was another hand: send mine as hand 5…").tap()
    both = problem.locator(".outbox-both-count")
    expect(both).to_be_visible()
    assert " ".join(both.locator("p").first.inner_text().split()) == (
        "Both hands then count: hand 4 as recorded (Ann +20) and this phone's as hand 5 (Ben +45).")
    expect(both.locator(".outbox-both-after")).to_have_text("Game 1: Ann 86, Ben 55.")
    b.wait_for_timeout(300)
    assert [h[0] for h in hands(match)] == [1, 2, 3, 4]         # the first tap only asks
    shot("reload-03-both-count")
    both.get_by_role("button", name="No, keep it").tap()
    expect(both).to_be_hidden()
    problem.get_by_role("button", name="It was another hand: send mine as hand 5…").tap()
    both.get_by_role("button", name="Yes, both were played: send mine as hand 5").tap()
    expect(b.locator("#outbox")).to_contain_text("Sent: hand 5", timeout=SENT)
    assert hands(match)[3:] == [(4, "knock", "a", 3, 23), (5, "gin", "b", None, 20)]


def test_a_hand_typed_on_a_stale_form_keeps_the_recorded_one_by_default(phone, second_phone, make_match, member):
    """The phone saw hand 1 arrive (its form said so) and saved its own hand 1 anyway: the same hand
    typed twice, differently. Keeping the recorded one is the default there."""
    match = make_match()
    a, b = second_phone, phone
    open_pad(b, match, member.username)
    log_in(a, member.username)
    a.goto(f"{a.base}/matches/{match.pk}/")
    b.locator("form.hand-form #field-end label").get_by_text("gin", exact=True).click()   # B starts typing ...
    record_hand(a, "knock", "Ann", knocker=5, defender=30)                                # ... A's hand 1 lands
    expect(b.locator(".live-stale")).to_be_visible(timeout=SENT)
    b.wait_for_function("document.querySelector('.score-head').dataset.nextNumber === '2'", timeout=SENT)
    b.route("**/hands/send/", lambda route: route.abort("internetdisconnected"))
    enter_hand(b, "gin", "Ben", defender=40)
    expect(b.locator("#outbox .outbox-hand")).to_have_count(1, timeout=SENT)
    b.unroute("**/hands/send/")
    problem = b.locator("#outbox .outbox-problem")
    problem.get_by_role("button", name="Try now").tap()
    expect(problem).to_contain_text("Hand 1 was recorded on another device meanwhile", timeout=SENT)
    assert problem.locator(".btn-primary").all_inner_texts() == ["Keep the recorded one: drop mine"]
    expect(problem.locator(".outbox-unseen")).to_have_count(0)
