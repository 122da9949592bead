"""A game scored in French on a French phone (locale fr-FR, 390x844): the new match form, the pad's
head and its hands in French words, a hand the form refuses (the field named, the reason), the
game-over panel and the settlement with a decimal comma; long French labels stay on the screen."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import new_phone, snap
from tests.browser.steps import log_in, record_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NB = "\u00a0"


def overflowing(page) -> list[str]:
    """The visible elements wider than the screen (a French label that pushes the page sideways)."""
    return page.evaluate("""() => [...document.querySelectorAll('main *, .card *')]
        .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > window.innerWidth + 1
                     && !e.closest('.table-wrap, pre, code'))
        .map(e => e.tagName + '.' + e.className + ': ' + (e.innerText || '').slice(0, 40))""")


@pytest.fixture
def fr(browser, live_server):
    page = new_phone(browser, live_server.url, locale="fr-FR")
    yield page
    page.context.close()


def test_a_game_scored_in_french_on_a_phone(fr, ann):
    page = fr
    log_in(page, to=None)
    page.goto(page.base + "/matches/new/")
    assert page.locator("html").get_attribute("lang") == "fr"
    expect(page.get_by_role("heading", name="Nouveau match")).to_be_visible()
    page.fill("[name=player_a]", "Ann")
    page.fill("[name=player_b]", "Ben")
    page.locator("#field-length label").get_by_text("Une partie", exact=True).click()
    page.fill("[name=stake]", "0.05")
    page.get_by_role("button", name="Commencer le match").click()
    expect(page.locator(".msg-success")).to_contain_text("Match entre Ann et Ben commencé.")
    head = page.locator(".score-head")
    expect(head.locator(".next")).to_have_text("Manche 1 · Ann donne")
    expect(head.locator("[data-to-go=a]")).to_have_text("encore 100")
    assert not overflowing(page)
    snap(page, "fr-01-empty-pad")

    # A knock over the limit: the form says which field and why, in French, and nothing is saved.
    form = page.locator("form.hand-form")
    form.locator("#field-end label").get_by_text("frappe", exact=True).click()
    form.locator("#field-by label").get_by_text("Ann", exact=True).click()
    form.locator("[name=knocker_deadwood]").fill("12")
    form.locator("[name=defender_deadwood]").fill("30")
    expect(page.locator("#field-knocker_deadwood .error")).to_have_text(
        "Les cartes isolées de celui qui frappe valent au plus 10 avec ces règles, pas 12.")
    snap(page, "fr-02-refused")
    form.locator("[name=knocker_deadwood]").fill("8")
    with page.expect_navigation():
        page.locator("#hand-preview .preview-text").filter(has_text="Ann marque 22 et 1 case.").wait_for()
        expect(page.locator("#save-hand")).to_have_text("Enregistrer la manche 1")
        page.locator("#save-hand").click()
    expect(page.locator(".msg-success")).to_contain_text("Manche 1 enregistrée. Ann marque 22 et 1 case.")
    expect(page.locator("#hand-1")).to_contain_text("Ann frappe 8 contre 30")
    expect(head.locator(".next")).to_have_text("Manche 2 · Ann donne")

    record_hand(page, "gin", "Ben", defender=41, expect="Ben marque 66 et 1 case (gin).")
    record_hand(page, "gin", "Ben", defender=40, expect="Ben marque 65 et 1 case (gin).")
    # Ben 131 of 100: the game and the match are over
    expect(page.locator(".msg-success")).to_contain_text(f"Partie 1 gagnée par Ben{NB}: points 22–131")
    settlement = page.locator(".settlement").first
    expect(settlement).to_contain_text("Ben gagne le match.")
    # Ben: 131 + 2 x 25 + 100 = 281; Ann: 22 + 25 = 47; 234 points at 0,05 = 11,70
    expect(settlement).to_contain_text(f"Ann paie à Ben 234 points{NB}: 11,70")
    expect(page.locator("#game-1 .total td")).to_have_text(["47", "281"])
    expect(page.locator("#game-1 tfoot")).to_contain_text("case")
    expect(page.locator("h2#pad")).to_have_text("Feuille de marque")
    assert not overflowing(page)
    snap(page, "fr-03-match-over")
