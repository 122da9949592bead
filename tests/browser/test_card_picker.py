"""A hand entered as cards on a phone: tap both hands in the 52-card grid, find the melds,
pick the knocker's other arrangement, save, and the pad shows the score and the cards."""
import pytest
from django.urls import reverse

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANN = "7H 7D 7C JS QS KS 4S 2C AD 3H"  # 10 deadwood (AD 2C 3H 4S)
BEN = "10S 2H 2D KD KH KC 8C 6H 5D AC"  # lays 10S off on J-Q-K of spades: 24 left


def tap(page, cards):
    for card in cards.split():
        page.locator(f".deck-card[data-card='{card}']").tap()


def test_tap_the_cards_find_melds_and_save(phone, shot, make_match):
    page = phone
    match = make_match([])
    page.goto(page.base + reverse("matches:table", args=[match.table_token]))  # the table link, no account
    page.get_by_role("link", name="Enter the cards instead").click()
    page.locator("#card-picker").wait_for()
    page.locator("#field-by label").get_by_text("Ann", exact=True).click()
    tap(page, ANN)
    # Ten cards for the knocker: the grid moves on to the defender by itself.
    assert page.locator("[data-mode=defender_cards]").get_attribute("aria-pressed") == "true"
    tap(page, BEN)
    assert page.locator("[name=knocker_cards]").input_value() == "AD 2C 3H 4S 7H 7D 7C JS QS KS"
    assert page.locator("[data-count=defender_cards]").inner_text() == "10"
    tap(page, "2C")  # a mistake: tapped again, it goes back
    assert "2C" not in page.locator("[name=knocker_cards]").input_value()
    page.locator("[data-mode=knocker_cards]").tap()
    tap(page, "2C")
    assert page.locator("[data-count=knocker_cards]").inner_text() == "10"
    shot("c01-cards-tapped")

    page.locator("[data-mode=upcard]").tap()
    tap(page, "9D")
    assert page.locator("[name=upcard]").input_value() == "9D"
    page.fill("[name=upcard]", "9d")  # typed cards mark the grid too
    assert page.locator(".deck-card[data-card='9D']").get_attribute("data-owner") == "upcard"
    page.get_by_role("button", name="Find melds").click()
    page.locator("#hand-preview .preview-text").filter(has_text="Ann scores 14 and 1 box").wait_for()
    arrangement = page.locator(".arrangement").first
    assert "laid off" in arrangement.inner_text() and "deadwood 24" in arrangement.inner_text()
    shot("c02-melds-found")
    page.get_by_role("button", name="Save hand 1").click()
    page.locator(".msg-success").filter(has_text="Hand 1 saved. Ann scores 14 and 1 box.").wait_for()

    game = page.locator("#game-1")
    assert "14" in game.inner_text()
    assert page.locator("#hand-1").inner_text().startswith("1")
    page.locator("#hand-1 .hand-cards summary").click()
    cards = page.locator("#hand-1 .hand-cards").inner_text()
    assert "laid off" in cards and "deadwood 10" in cards and "deadwood 24" in cards
    shot("c03-pad-with-cards")
