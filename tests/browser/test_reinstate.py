"""A director withdraws a player by mistake and brings them back, on a 390x844 phone: both
steps ask first and say what they do; once the next match has started, the page says so."""
import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.tournaments.models import Entry
from tests.browser.steps import log_in
from tests.tournaments.conftest import make_tournament, row, win  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FITS = """() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"""


def _tap_entry_button(page, name, label):
    page.locator(".t-entries li").filter(has_text=name).get_by_role("link", name=label).tap()


def test_withdraw_by_mistake_then_reinstate(phone, shot, director, make_tournament):
    t = make_tournament("single", 4)   # semi-finals P1 v P4, P2 v P3
    page = phone
    log_in(page, director.username, to=None)
    page.goto(page.base + reverse("tournaments:detail", args=[t.pk]))
    _tap_entry_button(page, "P4", "Withdraw…")
    expect(page.locator("main")).to_contain_text("P1 is given Semi-final 1 (against P4).")
    page.get_by_role("button", name="Withdraw P4").tap()
    expect(page.locator(".msg-success")).to_contain_text("P4 has withdrawn.")
    assert row(t, "W1-1").outcome == "withdrawal"
    # The mistake is seen: Reinstate… asks first and says what it takes back.
    _tap_entry_button(page, "P4", "Reinstate…")
    expect(page.locator("h2")).to_have_text("Reinstate P4?")
    expect(page.locator(".effects")).to_have_text("Semi-final 1 against P1 is open again "
                                                  "(P1's win by withdrawal is taken back).")
    assert page.evaluate(FITS)
    button = page.get_by_role("button", name="Reinstate P4")
    box = button.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    shot("reinstate-01-confirm")
    assert Entry.objects.get(tournament=t, player__name="P4").withdrawn   # not yet
    button.tap()
    expect(page.locator(".msg-success")).to_contain_text("P4 is back in the tournament.")
    assert page.locator(".t-entries li").filter(has_text="P4").get_by_text("withdrawn").count() == 0
    semi = row(t, "W1-1")
    assert semi.outcome == "" and semi.match is not None
    # The semi-final is on its round page again, to be played.
    page.get_by_role("link", name="Semi-final", exact=True).tap()
    expect(page.locator(f"a.r-card[href='/matches/{semi.match_id}/']")).to_contain_text("P4")


def test_a_reinstatement_the_event_already_rests_on_is_refused(phone, director, make_tournament):
    t = make_tournament("single", 4)
    p4 = Entry.objects.get(tournament=t, player__name="P4")
    from ginscore.tournaments import services

    services.entry_withdraw(entry=p4)
    win(row(t, "W1-2"), "P2")
    final = row(t, "W2-1")
    match_services.hand_add(match_id=final.match_id, entry=HandEntry("knock", "a", 5, 30), expected_number=1)
    page = phone
    log_in(page, director.username, to=None)
    page.goto(page.base + reverse("tournaments:detail", args=[t.pk]))
    _tap_entry_button(page, "P4", "Reinstate…")
    expect(page.locator("[role=alert]")).to_have_text(
        f"P4 cannot come back: Final (P1 v P2, match #{final.match_id}) has started.")
    assert page.get_by_role("button", name="Reinstate P4").count() == 0
    assert page.evaluate(FITS)
