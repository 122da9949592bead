"""My night on a 390x844 phone, in English and in French: a player without an account opens their
personal link (the one from check-in) and sees their table and opponent; a hand saved at the
table shows on it by itself (the live polling); their result and place follow; a player with an
account opens it from the event's page."""
import os

import pytest
from playwright.sync_api import expect

from ginscore.engine import MatchLength
from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.players.models import Player
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, TournamentMatch
from ginscore.tournaments.my_night import night_link
from tests.browser.conftest import LIVE_MS, new_phone
from tests.browser.steps import log_in
from tests.browser.test_sign_up import LONG, _fits
from tests.tournaments.conftest import win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]



@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.waits(3)   # (the page's polls)
def test_my_night_follows_the_pad(phone, member, lang):
    fr = lang == "fr"
    t = services.tournament_create(name="Jeudi soir", format="swiss", rounds=2, length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=[LONG, "Ann", "Cat", "Dan"])
    Player.objects.filter(name="Ann").update(user=member)
    services.tournament_start(tournament=t)
    me = Entry.objects.get(tournament=t, player__name=LONG)
    row = TournamentMatch.objects.select_related("entry_a", "entry_b").get(
        tournament=t, play_round=1, entry_b__isnull=False, entry_a=me) if TournamentMatch.objects.filter(
        tournament=t, play_round=1, entry_a=me).exists() else TournamentMatch.objects.select_related(
        "entry_a", "entry_b").get(tournament=t, play_round=1, entry_b=me)
    other = row.entry_b if row.entry_a_id == me.pk else row.entry_a
    page = new_phone(phone.context.browser, phone.base, **({"locale": "fr-FR"} if fr else {}))
    page.goto(page.base + night_link(me))
    now = page.locator("[data-live=my-now]")
    expect(now).to_contain_text(("Ma soirée : " if fr else "My night: ") + LONG)
    expect(now.locator(".my-table")).to_have_text(f"Table {row.table}")
    expect(now.locator(".my-against")).to_have_text(("contre " if fr else "against ") + other.name)
    _fits(page)
    side = "a" if row.entry_a_id == me.pk else "b"
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("knock", side, 2, 30), expected_number=1)
    expect(now.locator(".my-score")).to_contain_text("28–0", timeout=LIVE_MS)
    if shots := os.environ.get("GINSCORE_SHOTS"):
        page.screenshot(path=f"{shots}/my-night-{lang}.png", full_page=True)
    win(row, LONG)
    expect(page.locator(".my-results li")).to_contain_text("gagné" if fr else "won", timeout=LIVE_MS)
    expect(page.locator(".my-place")).to_contain_text("1 sur 4" if fr else "1 of 4", timeout=LIVE_MS)
    _fits(page)
    # a player with an account: from the event's page
    ann = new_phone(phone.context.browser, phone.base, **({"locale": "fr-FR"} if fr else {}))
    log_in(ann, member.username, to=None)
    ann.goto(f"{ann.base}/tournaments/{t.pk}/")
    ann.get_by_role("link", name="Ma soirée : ma table, mes résultats" if fr else "My night: my table, my results").tap()
    expect(ann.locator("[data-live=my-now]")).to_contain_text(("Ma soirée : " if fr else "My night: ") + "Ann")
    _fits(ann)
    if shots:
        ann.screenshot(path=f"{shots}/my-night-account-{lang}.png", full_page=True)
    for p in (page, ann):
        p.context.close()
