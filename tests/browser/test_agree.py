"""Both players agree, on two phones (390x844, touch): one phone enters the hands, the other
confirms them with something only that player holds (their own code, their personal link),
and only then do the standings count the match; the entrant cannot confirm as the other
player with the table link; a disputed hand waits on the pad until the director settles it."""
import os

import pytest
from playwright.sync_api import expect

from ginscore.engine import MatchLength
from ginscore.matches.models import AGREED, AWAITING, DISPUTED, Hand, HandChange
from ginscore.matches.seats import seat_code, seat_link
from ginscore.players.models import Player
from ginscore.tournaments import services
from ginscore.tournaments.models import TournamentMatch
from tests.browser.conftest import LIVE_MS, new_phone
from tests.browser.steps import log_in, record_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ZOE, BEN = "Zoë Ødegård-Lund", "Ben"


@pytest.fixture
def second_phone(phone):
    page = new_phone(phone.context.browser, phone.base)
    yield page
    page.context.close()


def snap(page, name):
    folder = os.environ.get("GINSCORE_SHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def _event(player_user=None):
    """A one-round Swiss of two (one game a match) where both players agree; its only match."""
    t = services.tournament_create(name="Agreed night", format="swiss", rounds=1,
                                   length=MatchLength("best_of", 1), agree=True)
    services.entries_set(tournament=t, names=[ZOE, BEN])
    if player_user is not None:
        Player.objects.filter(name=ZOE).update(user=player_user)
    services.tournament_start(tournament=t)
    row = TournamentMatch.objects.select_related("match__player_a", "match__player_b").get(tournament=t)
    return t, row.match


def _wins(page, t, name):
    page.goto(f"{page.base}/tournaments/{t.pk}/standings/")
    return int(page.locator("table.standings tbody tr", has_text=name).locator("td[data-label=Won]").inner_text())


def test_one_phone_enters_the_other_confirms_then_the_standings_count_it(phone, second_phone, member):
    t, match = _event(player_user=member)          # Zoë scores from her account ("ann")
    zoe, table = phone, second_phone
    log_in(zoe, member.username, to=None)
    zoe.goto(f"{zoe.base}/matches/{match.pk}/")
    table.goto(f"{table.base}/matches/table/{match.table_token}/")   # Ben's phone opens the table link
    record_hand(zoe, "gin", ZOE, defender=60)
    record_hand(zoe, "gin", ZOE, defender=60)      # Zoë wins the one game: the match is over
    # Zoë's phone marks both hands and offers her no confirmation of her own entries.
    expect(zoe.locator("#hand-2 .badge-agree")).to_have_text("? unconfirmed")
    expect(zoe.locator("#agree")).to_contain_text("entered by " + ZOE)
    expect(zoe.get_by_text("Confirm hand 1")).to_have_count(0)
    assert _wins(zoe, t, ZOE) == 0                 # not finished for the tournament yet
    # Ben's phone follows live: "Confirm hand N", Ben types his own code (from his seat of the
    # table sheet) and taps his name (only his is offered).
    expect(table.locator("#agree-2")).to_be_visible(timeout=LIVE_MS)
    expect(table.locator(".seat-code")).to_have_count(0)      # the table link shows no one's code
    snap(table, "agree-01-ben-to-confirm")
    for n in (1, 2):
        item = table.locator(f"#agree-{n}")
        item.get_by_text(f"Confirm hand {n}").tap()
        item.locator(f"#code-{n}").fill(seat_code(match, "b"))
        names = item.locator(".agree-confirm button[name=side]")
        expect(names).to_have_count(1)
        expect(names).to_have_text(BEN)
        names.tap()
        expect(table.locator(".msg-success")).to_contain_text(f"Hand {n} confirmed: it counts.")
    expect(table.locator("#agree")).to_have_count(0)
    assert set(Hand.objects.filter(match=match).values_list("agreement", flat=True)) == {AGREED}
    assert _wins(table, t, ZOE) == 1 and _wins(table, t, BEN) == 0
    snap(table, "agree-02-standings-count-it")
    zoe.goto(f"{zoe.base}/matches/{match.pk}/")
    zoe.locator("details.history summary").tap()
    expect(zoe.locator("details.history")).to_contain_text(f"confirmed by {BEN} (own code)")


def test_the_entrant_cannot_confirm_as_the_other_player_with_the_table_link(phone, second_phone, member, settings):
    """Ann (Zoë here) enters hand 1 from her account, opens the table link her own pad shows her
    in a private window and tries to confirm as Ben: refused, whatever she types; Ben confirms
    from his own phone, opened from his personal link, in one tap; the history is truthful."""
    # the club's address, as a real club has it: the pad shows no table link for 127.0.0.1
    settings.GINSCORE_SITE_URL = "http://192.168.1.20:8000"
    t, match = _event(player_user=member)
    zoe, ben = phone, second_phone
    log_in(zoe, member.username, to=None)
    zoe.goto(f"{zoe.base}/matches/{match.pk}/")
    record_hand(zoe, "knock", ZOE, knocker=4, defender=31)
    zoe.locator("details.table-link > summary").tap()
    link = zoe.locator("details.table-link p.link a").get_attribute("href")
    # written as its QR code carries it: on the club's address, never this test server's
    expect(zoe.locator("details.table-link p.link a")).to_have_text(f"http://192.168.1.20:8000{link}")
    private = new_phone(zoe.context.browser, zoe.base)      # a private window: no account, the table link
    try:
        private.goto(link if link.startswith("http") else zoe.base + link)
        item = private.locator("#agree-1")
        expect(item).to_be_visible()
        expect(private.locator(".seat-code")).to_have_count(0)
        for guess in ("", "123456", seat_code(match, "a")):  # nothing, a guess, her own code
            item.get_by_text("Confirm hand 1").tap()
            if guess:
                item.locator("#code-1").fill(guess)
            else:
                item.locator("#code-1").evaluate("el => el.removeAttribute('required')")
            item.locator(".agree-confirm button[name=side]", has_text=BEN).tap()
            expect(private.locator(".msg-error")).to_be_visible()
            expect(private.locator(".msg-success")).to_have_count(0)
            snap(private, f"agree-05-refused-{guess or 'empty'}")
        assert Hand.objects.get(match=match, number=1).agreement == AWAITING
        assert not HandChange.objects.filter(match=match, action="confirmed").exists()
    finally:
        private.context.close()
    # Ben's own phone: his personal link (the QR on his seat of the table sheet) confirms in one tap.
    ben.goto(ben.base + seat_link(match, "b"))
    expect(ben.locator(".seat-code")).to_have_text(seat_code(match, "b"))
    ben.locator("#agree-1").get_by_role("button", name="Confirm hand 1").tap()
    expect(ben.locator(".msg-success")).to_contain_text("Hand 1 confirmed: it counts.")
    assert Hand.objects.get(match=match, number=1).agreement == AGREED
    zoe.goto(f"{zoe.base}/matches/{match.pk}/")
    zoe.locator("details.history summary").tap()
    expect(zoe.locator("details.history")).to_contain_text(f"confirmed by {BEN} (own link)")
    snap(zoe, "agree-06-history")


def test_a_disputed_hand_waits_until_the_director_settles_it(phone, second_phone, director):
    t, match = _event()
    a, b = phone, second_phone
    for page in (a, b):                            # one table link, two phones
        page.goto(f"{page.base}/matches/table/{match.table_token}/")
    record_hand(a, "knock", ZOE, knocker=4, defender=31)
    expect(b.locator("#agree-1")).to_be_visible(timeout=LIVE_MS)
    b.locator("#agree-1 .agree-dispute summary").tap()
    b.fill("#reason-1", "Ben had 21, not 31")
    b.fill("#dispute-code-1", seat_code(match, "b"))
    b.locator("#agree-1 .agree-dispute").get_by_role("button", name=f"{BEN} disputes").tap()
    expect(b.locator(".msg-success")).to_contain_text("Hand 1 disputed: the director settles it.")
    expect(a.locator("#agree-1 .dispute-reason")).to_contain_text("Ben had 21, not 31", timeout=LIVE_MS)
    expect(a.get_by_text("Confirm hand 1")).to_have_count(0)
    snap(a, "agree-03-disputed-on-the-pad")
    assert Hand.objects.get(match=match, number=1).agreement == DISPUTED
    # The director, on another phone, sees it on the desk and settles it as entered.
    log_in(b, director.username, to=None)
    b.goto(f"{b.base}/tournaments/{t.pk}/desk/")
    item = b.locator("#agree li")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("disputed")
    expect(item).to_contain_text("Ben had 21, not 31")
    snap(b, "agree-04-desk")
    item.get_by_role("button", name="Counts as entered").tap()
    expect(b.locator(".msg-success")).to_contain_text("Hand 1 of")
    expect(b.locator("#agree")).to_contain_text("Every hand entered so far is confirmed.")
    assert Hand.objects.get(match=match, number=1).agreement == AGREED
    expect(a.locator("#agree-1")).to_have_count(0, timeout=LIVE_MS)
    expect(a.locator("#hand-1 .badge-agree")).to_have_count(0)
    a.locator("details.history summary").tap()
    expect(a.locator("details.history")).to_contain_text(f"settled by {director.username}")
