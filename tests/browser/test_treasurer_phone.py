"""The treasurer's sheet on a French phone (390x844, touch) with money on: what to pay before
anything is paid, a payout handed over, a correction after it (1,00 € too much), settled with a
sum handed back; no button or column head broken inside a word."""
from decimal import Decimal as D

import pytest
from playwright.sync_api import expect

from ginscore.seasons import services as money_services
from tests.browser.conftest import new_phone
from tests.browser.test_seasons import WIDE, log_in
from tests.seasons.conftest import new_event, play, set_prize, start
from tests.seasons.test_ledger import NAMES, correct_final, entry
from tests.tournaments.conftest import make_tournament, win  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NB = "\u00a0"
# Every button and column head of the payouts: on one line (a button) or within its cell (a head,
# broken only between words), never cut inside a word.
UNBROKEN = """() => [...document.querySelectorAll('#payouts-table button, #payouts-table th')].map(el => {
  const range = document.createRange(); range.selectNodeContents(el);
  const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  return {text: el.textContent.trim(), lines, over: el.scrollWidth > el.clientWidth + 0.5,
          tag: el.tagName, size: parseFloat(getComputedStyle(el).fontSize)};
})"""


def test_the_treasurers_sheet_on_a_french_phone(phone, director, shot):
    money_services.club_money_set(money=True, unit=D("1.00"), currency="€")
    t = new_event("Élimination du jeudi", "single", NAMES)
    set_prize(t, fee="15", added="5.37")
    play(start(t), NAMES)
    page = new_phone(phone.context.browser, phone.base, locale="fr-FR")
    log_in(page, director.username)
    page.goto(f"{page.base}/money/tournaments/{t.pk}/treasurer/")
    table = page.locator("#payouts-table")
    oto, gus = entry(t, "Oto"), entry(t, "Gus")
    oto_row = table.locator(f'tbody[data-entry="{oto.pk}"]')
    # Before anything is paid: the column says nothing was handed over, the button what to do.
    expect(oto_row.locator(".ledger-head")).to_have_text(f"Versé{NB}:")
    expect(oto_row).to_contain_text("rien encore")
    expect(oto_row.get_by_role("button")).to_have_text(f"Verser 13,00{NB}€")
    expect(page.locator("#left")).to_contain_text(f"reste à verser{NB}: 125,37{NB}€")
    for cell in page.evaluate(UNBROKEN):
        assert not cell["over"] and (cell["tag"] == "TH" or cell["lines"] == 1), cell
        assert cell["size"] >= 12, cell
    fit = page.evaluate(WIDE)
    assert fit["scroll"] <= fit["width"] and fit["outside"] == [], fit
    shot_page(page, "treasurer-fr-before")

    oto_row.get_by_role("button", name=f"Verser 13,00{NB}€").tap()
    expect(page.locator(".messages, [role=status], .message").first).to_contain_text(f"13,00{NB}€")
    expect(oto_row).to_contain_text(f"13,00{NB}€ versés par dora")

    # The director corrects the final: the semi-finalists swap; Oto now holds 1,00 € too much.
    correct_final(t, "Ben", director)
    page.reload()
    expect(oto_row).to_contain_text(f"1,00{NB}€ de trop")
    expect(oto_row).to_contain_text(f"13,00{NB}€ versés par dora")
    expect(table.locator(f'tbody[data-entry="{gus.pk}"]').get_by_role("button")).to_have_text(f"Verser 13,00{NB}€")
    expect(page.locator("#left")).to_contain_text(f"versé{NB}: 13,00{NB}€ · reste à verser{NB}: 112,37{NB}€")
    expect(page.locator("#settle")).to_contain_text(f"à récupérer auprès des joueurs{NB}: 1,00{NB}€")
    for cell in page.evaluate(UNBROKEN):
        assert not cell["over"] and (cell["tag"] == "TH" or cell["lines"] == 1), cell
    fit = page.evaluate(WIDE)
    assert fit["scroll"] <= fit["width"] and fit["outside"] == [], fit
    shot_page(page, "treasurer-fr-after-correction")

    oto_row.get_by_role("button", name=f"1,00{NB}€ rendus").tap()
    expect(oto_row).to_contain_text("réglé")
    expect(oto_row).to_contain_text(f"1,00{NB}€ rendus à dora")
    expect(page.locator("#left")).to_contain_text(f"versé{NB}: 12,00{NB}€ · reste à verser{NB}: 113,37{NB}€")
    page.context.close()


def shot_page(page, name):
    from tests.browser.conftest import snap

    snap(page, name)
