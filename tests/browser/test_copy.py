"""Next week's event in one tap on a 390x844 phone, in English and in French: the director
opens last week's finished event, asks for the same entries, and lands on the new event in
set-up with them as sign-ups to confirm and none of last week's results."""
import os

import pytest
from playwright.sync_api import expect

from ginscore.engine import MatchLength
from ginscore.tournaments.models import SignUp, Tournament, TournamentMatch
from ginscore.tournaments.simulate import simulate
from tests.browser.conftest import new_phone
from tests.browser.steps import log_in
from tests.browser.test_sign_up import LONG, _fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_next_weeks_event_from_last_weeks(phone, director, lang):
    fr = lang == "fr"
    old = simulate(format="swiss", players=4, rounds=2, seed=3, names=[LONG, "Ben", "Cat", "Dan"],
                   length=MatchLength("best_of", 1), round_minutes=40)
    Tournament.objects.filter(pk=old.pk).update(name="Jeudi soir")
    desk = new_phone(phone.context.browser, phone.base, **({"locale": "fr-FR"} if fr else {}))
    log_in(desk, director.username, to=None)
    desk.goto(f"{desk.base}/tournaments/{old.pk}/")
    copy = desk.locator("#copy")
    expect(copy).to_have_attribute("open", "")   # a finished event offers it open
    copy.get_by_label("Les mêmes engagés, en inscriptions à confirmer" if fr else
                      "The same entries, as sign-ups to confirm").check()
    _fits(desk)
    copy.get_by_role("button", name="Préparer le tournoi de la semaine prochaine" if fr else
                     "Set up next week's event").tap()
    expect(desk.locator(".msg-success")).to_contain_text("est préparé comme" if fr else "is set up like")
    new = Tournament.objects.exclude(pk=old.pk).get()
    assert desk.url.endswith(f"/tournaments/{new.pk}/")
    expect(desk.locator(".sign-up-list li")).to_have_count(4)
    expect(desk.locator(".sign-up-list")).to_contain_text(LONG)
    _fits(desk)
    if shots := os.environ.get("GINSCORE_SHOTS"):
        desk.screenshot(path=f"{shots}/copy-{lang}.png", full_page=True)
    assert new.round_minutes == 40 and new.status == "setup"
    assert SignUp.objects.filter(tournament=new).count() == 4
    assert not TournamentMatch.objects.filter(tournament=new).exists()
    desk.context.close()
