"""Two different hands for one number (issue 31, item 6), on three 390x844 phones: the phone
whose save won is told on its next poll that another phone typed that hand differently; a third
phone sees what the second typed beside its own; when the second and third agree against the
recorded hand, each is told so; three different versions are shown as three ways."""
import pytest
from playwright.sync_api import expect

from ginscore.matches.models import HandChange
from tests.browser.conftest import new_phone
from tests.browser.steps import enter_hand, log_in
from tests.browser.test_offline import SENT, hands, network_down, network_up, open_pad

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def third_phone(phone):
    page = new_phone(phone.context.browser, phone.base)
    yield page
    page.context.close()


def test_three_phones_that_disagree_are_shown_as_such(phone, second_phone, third_phone, shot, make_match, member):
    match = make_match()
    a, b, c = phone, second_phone, third_phone
    for page in (b, c):
        open_pad(page, match, member.username)
        network_down(page)
    log_in(a, member.username, to=None)
    a.goto(f"{a.base}/matches/{match.pk}/")
    # B and C type hand 1 offline, the same hand, each tapping Save once the phone has worked it out
    # (the line it adds above Save moves the button: a tap as it comes could miss it)
    enter_hand(b, "gin", "Ben", defender=20, expect="Ben scores 45")
    enter_hand(c, "gin", "Ben", defender=20, expect="Ben scores 45")
    for page in (b, c):
        expect(page.locator("#outbox .outbox-hand")).to_have_count(1)
    with a.expect_navigation():
        enter_hand(a, "knock", "Ann", knocker=5, defender=30)  # A's hand 1 lands first
    expect(a.locator(".msg-success")).to_contain_text("Hand 1 saved")
    network_up(b)
    problem_b = b.locator("#outbox .outbox-problem")
    expect(problem_b).to_contain_text("Hand 1 was recorded on another device meanwhile", timeout=SENT)
    expect(problem_b.locator(".outbox-others")).to_have_count(0)   # B is the first to differ
    # A, whose save won, is told on its next poll, without a tap.
    clash = a.locator("#clashes")
    expect(clash).to_contain_text("Hand 1 was typed differently on another phone:", timeout=SENT)
    assert [" ".join(t.split()) for t in clash.locator("li").all_inner_texts()] == [
        "on the pad: Ann knocked 5 v 30", "typed on 1 other phone: Ben went gin (Ann 20)"]
    shot("three-01-the-winner-is-told")
    # C comes back: it sees that B typed the same as C, against the recorded hand.
    network_up(c)
    problem_c = c.locator("#outbox .outbox-problem")
    expect(problem_c).to_contain_text("Hand 1 was recorded on another device meanwhile", timeout=SENT)
    expect(problem_c.locator(".outbox-others li")).to_have_text(
        "1 other phone typed: Ben went gin (Ann 20) (the same as this phone's)")
    expect(clash.locator("li").nth(1)).to_have_text("typed on 2 other phones: Ben went gin (Ann 20)", timeout=SENT)
    assert HandChange.objects.filter(match=match, action="clashed").count() == 2
    assert hands(match) == [(1, "knock", "a", 5, 30)]
    # A third version, typed on A's pad itself as hand 1 again through the page: three ways.
    third = new_phone(a.context.browser, a.base)
    try:
        log_in(third, member.username, to=None)
        third.goto(f"{third.base}/matches/{match.pk}/")
        third.locator("form.hand-form[data-outbox]").wait_for()
        network_down(third)
        enter_hand(third, "knock", "Ben", knocker=2, defender=12)
        third.evaluate("() => { const k = Object.keys(localStorage).find(k => /^ginscore-outbox-\\d+$/.test(k));"
                       " const l = JSON.parse(localStorage.getItem(k)); l[0].number = 1; localStorage.setItem(k, "
                       "JSON.stringify(l)); }")   # (typed before hand 1 reached it)
        network_up(third)
        expect(third.locator("#outbox .outbox-others li")).to_have_count(1, timeout=SENT)
        expect(third.locator("#outbox .outbox-others li")).to_have_text("2 other phones typed: Ben went gin (Ann 20)")
    finally:
        third.context.close()
    expect(clash).to_contain_text("Hand 1 was typed 3 different ways on the phones at the table:", timeout=SENT)
    shot("three-02-three-ways")
    # C settles it: it was another hand after all, saved as hand 2 (a second step); the pad says so.
    problem_c.get_by_role("button", name="It was another hand: send mine as hand 2…").tap()
    problem_c.get_by_role("button", name="Yes, both were played: send mine as hand 2").tap()
    expect(c.locator("#outbox")).to_contain_text("Sent: hand 2", timeout=SENT)
    expect(clash.locator("li").nth(1)).to_contain_text("(saved as hand 2)", timeout=SENT)
