"""The keyboard alone, on a 390x844 phone page (a phone with a keyboard, a laptop's narrow window):
a hand, a correction, an undo, a confirmation and a check-in, each done with Tab, the arrow keys,
Space and Enter only. At every step the focus is seen (a ring of 2 px or more on the element, or on
the button-like label of a hidden radio), on the screen, and never under the sticky Save bar; the
fields come in the order of play (docs/accessibility.md)."""
from decimal import Decimal

import pytest
from django.urls import reverse

from ginscore.matches.models import VIA_TABLE_LINK, Hand, Match
from tests.browser.steps import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Where the focus is, and whether it is seen: its ring (or its label's: a radio drawn as a button
# hides its circle), its box on the screen, and the sticky Save bar's.
FOCUS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return {what: 'body', seen: true, onScreen: true, under: false};
  const ring = e => { const s = getComputedStyle(e);
    return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && s.outlineColor !== 'rgba(0, 0, 0, 0)'; };
  const label = el.closest('label');
  const drawn = label && getComputedStyle(el).opacity === '0' ? label : el;
  const box = drawn.getBoundingClientRect();
  const foot = document.querySelector('.entry-foot');
  let under = false;
  if (foot && !foot.contains(el)) {
    const f = foot.getBoundingClientRect();
    under = box.bottom > f.top + 1 && box.top < f.bottom - 1;
  }
  const what = el.name ? `${el.name}=${el.value}` : (el.id || el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 50));
  return {what, seen: el.matches(':focus-visible') && (ring(el) || ring(drawn)),
          onScreen: box.top >= 0 && box.bottom <= innerHeight, under, checked: !!el.checked};
}"""


def press(page, key, trail):
    """Presses ``key`` and checks the focus where it lands (appended to ``trail``)."""
    page.keyboard.press(key)
    now = page.evaluate(FOCUS)
    trail.append(now)
    assert now["seen"], f"after {key}, the focus on {now['what']!r} shows no ring: {trail[-4:]}"
    assert now["onScreen"], f"after {key}, the focus on {now['what']!r} is off the screen"
    assert not now["under"], f"after {key}, the focus on {now['what']!r} is under the sticky Save bar"
    return now


def tab_to(page, test, trail, most=60, key="Tab"):
    """Tabs until ``test(focus)`` holds (at most ``most`` presses; none if it holds already)."""
    if test(page.evaluate(FOCUS)):
        return
    for _ in range(most):
        now = press(page, key, trail)
        if test(now):
            return now
    raise AssertionError(f"{most} presses of {key} never reached it: {[t['what'] for t in trail[-40:]]} "
                         f"{page.locator('main').inner_text()[:1500]}")


def named(prefix):
    return lambda now: now["what"].startswith(prefix)


def choose(page, field, value, trail):
    """In a radio group already focused: the arrow keys until ``field=value`` has the focus (and
    so is chosen), or Space when the focus is on it unchosen (a group with none chosen yet)."""
    for _ in range(8):
        now = page.evaluate(FOCUS)
        if now["what"] == f"{field}={value}":
            if not now["checked"]:
                press(page, "Space", trail)
            assert page.evaluate(FOCUS)["what"] == f"{field}={value}", "the focus moved away on its own"
            return
        press(page, "ArrowRight", trail)
    raise AssertionError(f"the arrows never chose {field}={value}: {trail[-9:]}")


def test_a_hand_typed_and_saved_with_the_keyboard_alone(phone, make_match, member):
    match = make_match()
    log_in(phone, member.username)
    phone.wait_for_url(lambda url: "/accounts/login/" not in url)
    phone.goto(phone.base + reverse("matches:detail", args=[match.pk]))
    trail = []
    # The first Tab offers to skip the menus.
    first = press(phone, "Tab", trail)
    assert first["what"] in ("Skip to the page",), first
    tab_to(phone, named("end="), trail)
    choose(phone, "end", "knock", trail)
    tab_to(phone, named("by="), trail)
    choose(phone, "by", "a", trail)
    tab_to(phone, named("knocker_deadwood="), trail)
    phone.keyboard.type("6")
    tab_to(phone, named("defender_deadwood="), trail)
    phone.keyboard.type("31")
    phone.locator("#hand-preview .preview-text").wait_for()
    tab_to(phone, lambda now: now["what"] == "action=save", trail)
    with phone.expect_navigation():
        phone.keyboard.press("Enter")
    phone.locator(".msg-success").wait_for()
    hand = Hand.objects.get(match=match, number=1)
    assert (hand.end, hand.by, hand.knocker_deadwood, hand.defender_deadwood) == ("knock", "a", 6, 31)
    # The order of play: the ending, who, the knocker's deadwood, the defender's, then Save.
    order = [t["what"].split("=")[0] for t in trail]
    firsts = [order.index(name) for name in ("end", "by", "knocker_deadwood", "defender_deadwood", "action")]
    assert firsts == sorted(firsts), order


def test_a_correction_an_undo_with_the_keyboard_alone(phone, make_match, member):
    match = make_match(hands=[{"end": "knock", "by": "Ann", "deadwood": {"Ann": 6, "Ben": 31}},
                              {"end": "gin", "by": "Ben", "deadwood": {"Ann": 12}}])
    log_in(phone, member.username)
    phone.wait_for_url(lambda url: "/accounts/login/" not in url)
    # The correction: hand 1 was Ben's knock, not Ann's.
    phone.goto(phone.base + reverse("matches:hand_edit", args=[match.pk, 1]))
    trail = []
    tab_to(phone, named("by="), trail)
    choose(phone, "by", "b", trail)
    phone.locator("#hand-preview .preview-text").wait_for()
    tab_to(phone, lambda now: now["what"] == "action=save", trail)
    with phone.expect_navigation():
        phone.keyboard.press("Enter")
    phone.locator(".msg-success").wait_for()
    assert Hand.objects.get(match=match, number=1).by == "b"
    # The undo: the last hand taken back, asked first (Enter opens the question, Enter answers it).
    trail = []
    tab_to(phone, lambda now: now["what"].startswith("Undo hand 2"), trail, most=120)
    press(phone, "Enter", trail)
    tab_to(phone, lambda now: now["what"].startswith("Yes, undo hand 2"), trail, most=5)
    with phone.expect_navigation():
        phone.keyboard.press("Enter")
    phone.locator(".msg-success").wait_for()
    assert Match.objects.get(pk=match.pk).hand_count == 1


def test_a_confirmation_with_the_keyboard_alone(phone, ann, ben, member):
    from ginscore.engine import MatchLength
    from ginscore.matches import services
    from ginscore.matches.records import HandEntry
    from ginscore.tournaments import services as events
    from ginscore.tournaments.models import TournamentMatch

    t = events.tournament_create(name="Jeudi", format="swiss", rounds=1, length=MatchLength("best_of", 1), agree=True)
    events.entries_set(tournament=t, names=[ann.name, ben.name])
    events.tournament_start(tournament=t)
    match = TournamentMatch.objects.get(tournament=t).match
    ben_side = "a" if match.player_a.name == ben.name else "b"
    # Ben's knock, entered on the table's phone: it counts once Ann confirms it.
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", ben_side, 5, 30), expected_number=1,
                      via=VIA_TABLE_LINK)
    log_in(phone, member.username)   # Ann's account: she confirms Ben's knock
    phone.wait_for_url(lambda url: "/accounts/login/" not in url)
    phone.goto(phone.base + reverse("matches:detail", args=[match.pk]))
    trail = []
    tab_to(phone, lambda now: now["what"].startswith("Confirm hand 1"), trail, most=120)
    with phone.expect_navigation():
        phone.keyboard.press("Enter")
    phone.locator(".msg-success").wait_for()
    ann_side = "b" if ben_side == "a" else "a"
    hand = Hand.objects.get(match=match, number=1)
    assert ann_side in hand.confirmed_sides and ben_side not in hand.confirmed_sides   # Ann's word, given


def test_a_check_in_with_the_keyboard_alone(phone, ann, ben):
    from ginscore.engine import MatchLength
    from ginscore.tournaments import own_check_in
    from ginscore.tournaments import services as events
    from ginscore.tournaments.models import Entry

    t = events.tournament_create(name="Samedi", format="swiss", rounds=2, length=MatchLength("best_of", 1))
    events.entries_set(tournament=t, names=[ann.name, ben.name])
    events.tournament_check_in_set(tournament=t, check_in=True, entry_fee=Decimal("5"))
    entry = Entry.objects.get(tournament=t, player=ann)
    phone.goto(phone.base + own_check_in.check_in_link(entry))
    trail = []
    tab_to(phone, lambda now: now["what"].startswith("I am here"), trail)
    with phone.expect_navigation():
        phone.keyboard.press("Enter")
    entry.refresh_from_db()
    assert entry.checked_in_round == 1
