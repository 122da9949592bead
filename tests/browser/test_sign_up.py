"""Sign-up before the night on a 390x844 phone, in English and in French: a member signs up from
the event's page and sees they are in, a second waits, the first takes it back and the second
moves up; the director accepts at the desk and checks them in as ever."""
import os
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from ginscore.players.models import Player
from ginscore.players.names import NAME_MAX
from ginscore.seasons.services import club_money_set
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry
from tests.browser.conftest import new_phone
from tests.browser.steps import log_in
from tests.browser.test_phone_fit import OFFENDERS
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# the longest name a player may have (NAME_MAX), with accents and hyphens
LONG = ("Marie-Hélène Dupont-Aignan de la Tour-Vasconcelos y Castellón-Ibáñez de Sousa-Ångström Lefèvre "
        "Núñez-Peña")[:NAME_MAX].strip()


def _member(username, name):
    user = get_user_model().objects.create_user(username=username, password=PASSWORD)
    return Player.objects.create(name=name, user=user)


def _fits(page):
    fit = page.evaluate(OFFENDERS)
    assert fit["scroll"] <= 390 and not fit["out"], fit


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_sign_up_wait_take_back_and_the_desk(phone, director, lang):
    club_money_set(money=True, unit=Decimal("1.00"))
    t = services.tournament_create(name="Jeudi soir", format="swiss", rounds=3)
    services.entries_set(tournament=t, names=["Zoë"])
    services.tournament_check_in_set(tournament=t, check_in=False, entry_fee=Decimal("5"))
    services.tournament_sign_up_set(tournament=t, open=True, cap=2, closes=None)
    _member("marie", LONG)
    _member("ben", "Ben")
    fr = lang == "fr"
    me = new_phone(phone.context.browser, phone.base, **({"locale": "fr-FR"} if fr else {}))
    log_in(me, "marie", to=None)
    me.goto(f"{me.base}/tournaments/{t.pk}/")
    card = me.locator("#sign-up")
    expect(card).to_contain_text("droit d'entrée 5,00" if fr else "entry fee 5.00")
    _fits(me)
    card.get_by_role("button", name=("M'inscrire : " if fr else "Sign me up: ") + LONG).tap()
    expect(me.locator(".msg-success")).to_contain_text("Vous avez votre place" if fr else "You are in")
    expect(card.locator(".sign-up-mine")).to_contain_text(LONG)
    _fits(me)
    if shots := os.environ.get("GINSCORE_SHOTS"):
        me.screenshot(path=f"{shots}/sign-up-{lang}.png", full_page=True)
    ben = new_phone(phone.context.browser, phone.base, **({"locale": "fr-FR"} if fr else {}))
    log_in(ben, "ben", to=None)
    ben.goto(f"{ben.base}/tournaments/{t.pk}/")
    ben.locator("#sign-up button[type=submit]").tap()
    expect(ben.locator(".sign-up-mine")).to_contain_text(
        "Ben : n° 1 sur la liste d'attente" if fr else "Ben: number 1 on the waiting list")
    me.locator("#sign-up").get_by_role("button", name="Rendre ma place" if fr else "Take my place back").tap()
    expect(me.locator(".msg-success")).to_contain_text("inscription reprise" if fr else "taken back")
    ben.reload()
    expect(ben.locator(".sign-up-mine")).to_contain_text("Vous avez votre place" if fr else "You are in: Ben")
    # the director accepts at the desk, then checks Ben in as ever
    desk = new_phone(phone.context.browser, phone.base, **({"locale": "fr-FR"} if fr else {}))
    log_in(desk, director.username, to=None)
    desk.goto(f"{desk.base}/tournaments/{t.pk}/desk/")
    row = desk.locator(".desk-sign-ups li", has_text="Ben")
    expect(row).to_contain_text("a une place" if fr else "holds a place")
    _fits(desk)
    row.get_by_role("button", name="Accepter" if fr else "Accept").tap()
    expect(desk.locator(".desk-check-in li", has_text="Ben")).to_be_visible()
    desk.locator(".desk-check-in li", has_text="Ben").get_by_role(
        "button", name="Pointer, payé" if fr else "Check in, paid").tap()
    expect(desk.locator(".desk-check-in li", has_text="Ben")).to_contain_text("payé" if fr else "paid")
    if shots:
        desk.screenshot(path=f"{shots}/sign-up-desk-{lang}.png", full_page=True)
    entry = Entry.objects.get(tournament=t, player__name="Ben")
    assert entry.checked_in_round == 1 and entry.fee_paid
    for page in (me, ben, desk):
        page.context.close()
