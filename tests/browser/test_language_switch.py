"""Choosing the language on a phone (390x844, touch): a French phone gets French; the footer's
switch changes it with one tap (a target a thumb can hit) and keeps it; a member's choice on
their settings page follows them to another phone; log-out leaves the tablet as it was."""
import pytest

from tests.browser.conftest import new_phone
from tests.browser.steps import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_visitor_switches_language_in_the_footer(phone, shot):
    phone.goto(phone.base + "/players/")
    assert phone.evaluate("document.documentElement.lang") == "en"
    switch = phone.locator("footer .languages a[lang=fr]")
    phone.wait_for_function("getComputedStyle(document.querySelector('footer .languages a')).display === 'inline-block'")
    box = switch.bounding_box()
    assert switch.inner_text() == "Français" and box["height"] >= 40 and box["x"] + box["width"] <= 390
    with phone.expect_navigation(url=phone.base + "/players/"):
        switch.tap()
    assert phone.evaluate("document.documentElement.lang") == "fr"
    assert phone.locator("nav.nav-main").get_by_text("Joueurs").is_visible()
    assert phone.locator("footer .languages strong").inner_text() == "Français"
    shot("language-switched-fr")
    phone.goto(phone.base + "/")   # kept for the next page
    assert phone.evaluate("document.documentElement.lang") == "fr"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    with phone.expect_navigation(url=phone.base + "/"):
        phone.locator("footer .languages a[lang=en]").tap()
    assert phone.evaluate("document.documentElement.lang") == "en"


def test_a_members_choice_follows_them_and_leaves_the_tablet_as_it_was(phone, member):
    log_in(phone, member.username)
    phone.wait_for_url(phone.base + "/")
    phone.goto(phone.base + "/accounts/settings/")
    phone.select_option("select[name=language]", "fr")
    with phone.expect_navigation(url=phone.base + "/accounts/settings/"):
        phone.locator("form.form button[type=submit]").tap()
    assert phone.evaluate("document.documentElement.lang") == "fr"
    assert phone.get_by_text("Réglages enregistrés.").is_visible()

    other = new_phone(phone.context.browser, phone.base)   # the member's other phone, in English
    try:
        log_in(other, member.username)
        other.wait_for_url(other.base + "/")
        other.goto(other.base + "/players/")
        assert other.evaluate("document.documentElement.lang") == "fr"
    finally:
        other.context.close()

    phone.get_by_role("button", name="Se déconnecter").tap()
    phone.wait_for_url(phone.base + "/")
    phone.goto(phone.base + "/players/")
    assert phone.evaluate("document.documentElement.lang") == "en"   # the next person's tablet
