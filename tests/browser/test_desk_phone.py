"""The director's pages on a phone (390x844), in English and in French: a knockout of eight is
named by its rounds from the desk's check-in on ("Quarter-final", never "Round 1"), the fee shows
the club's currency, and no button or tab whose label wraps onto two lines has its text touching
its border (the desk's "Open the board", the round tabs)."""
from decimal import Decimal

import pytest

from ginscore.engine import MatchLength
from ginscore.seasons import services as money_services
from ginscore.tournaments import services
from tests.browser.conftest import new_phone, snap
from tests.browser.steps import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Zoë Ødegård", "Bartholomew Featherstonehaugh-Montgomery", "Cat", "Élodie Saint-Exupéry", "Dan", "Fay",
         "Gus", "Hélène"]

# Every visible button and tab: its label's lines and the room left between them and its border.
CLEARANCE = """() => [...document.querySelectorAll('.btn, .t-tabs a')].filter(el => el.offsetParent).map(el => {
  const range = document.createRange(); range.selectNodeContents(el);
  const lines = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
  const box = el.getBoundingClientRect(), cs = getComputedStyle(el);
  const top = Math.min(...lines.map(r => r.top)), bottom = Math.max(...lines.map(r => r.bottom));
  const tops = new Set(lines.map(r => Math.round(r.top)));
  return {text: el.textContent.trim(), lines: tops.size,
          above: top - box.top - parseFloat(cs.borderTopWidth), below: box.bottom - parseFloat(cs.borderBottomWidth) - bottom};
})"""


def _knockout():
    money_services.club_money_set(money=True, unit=Decimal("1.00"), currency="€")
    t = services.tournament_create(name="Tournoi du jeudi à élimination directe", format="single",
                                   length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=NAMES)
    services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=Decimal("12.50"))
    return t


def _clear(page, name):
    found = page.evaluate(CLEARANCE)
    assert found, name
    crowded = [b for b in found if b["lines"] and (b["above"] < 3 or b["below"] < 3)]
    assert not crowded, (name, crowded)
    return found


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_the_desk_on_a_phone_names_the_quarter_final_and_its_buttons_clear_their_border(phone, director, locale):
    t = _knockout()
    page = new_phone(phone.context.browser, phone.base, locale=locale)
    log_in(page, director.username)
    french = locale == "fr-FR"
    page.goto(f"{page.base}/tournaments/{t.pk}/desk/")
    check_in = page.locator("#check-in").inner_text()
    assert ("Quart de finale — présents : 0, absents : 8" if french else "Quarter-final: 0 present, 8 missing") \
        in check_in
    assert "Ronde 1" not in check_in and "Round 1" not in check_in
    assert ("12,50 €" if french else "€12.50") in check_in.replace("\u202f", " ").replace("\xa0", " ")
    found = _clear(page, "desk")
    board = next(b for b in found if b["text"].startswith("Ouvrir le tableau" if french else "Open the board"))
    assert board["lines"] == 2   # the case the issue saw: two lines at 390 px, clear of the border
    snap(page, f"desk-phone-{locale}")
    services.tournament_check_in_set(tournament=t, check_in=False, entry_fee=Decimal("12.50"))
    services.tournament_start(tournament=t)
    page.goto(f"{page.base}/tournaments/{t.pk}/rounds/1/1/")
    tabs = page.locator(".t-tabs a").all_inner_texts()
    assert ("Quart de finale" if french else "Quarter-final") in tabs
    _clear(page, "round")
    snap(page, f"round-phone-{locale}")


def test_the_board_on_a_tv_at_this_computer_says_why_there_is_no_check_in_code(phone, monkeypatch):
    """A TV showing the board from this computer's own address, no club address set: the check-in
    line shows the notice with this machine's network addresses, not a broken image."""
    from ginscore.club import setup

    monkeypatch.setattr(setup, "machine_hosts", lambda: ["127.0.0.1", "192.168.1.20", "localhost"])
    t = _knockout()
    tv = phone.context.browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-FR").new_page()
    tv.goto(f"{phone.base}/tournaments/{t.pk}/board/")
    aside = tv.locator(".board-check-in")
    assert aside.locator("img").count() == 0
    text = aside.inner_text()
    assert "Pas encore de code QR" in text and "http://192.168.1.20:" in text and "Quart de finale" in text
    box = aside.bounding_box()
    assert box["y"] + box["height"] <= 1080 and box["width"] <= 1920
    snap(tv, "board-tv-address-unknown-fr", full_page=False)
