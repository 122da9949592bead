"""A director runs a doubles knockout on a phone: teams of two entered, partnership matches
played (the deals' hands entered through the services, as two tables' phones would), the
bracket and the champion by team."""
import pytest

from ginscore.matches.models import Match
from ginscore.tournaments.models import Tournament, TournamentMatch
from tests.browser.steps import log_in
from tests.tournaments.test_doubles import team_wins

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Zoë Ødegård-Łukasiewicz de la Fuente-Villanueva y Montenegro"  # 60 characters


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_director_runs_a_doubles_knockout(phone, shot, director):
    assert len(LONG) == 60
    page = phone
    log_in(page, director.username, to=None)
    page.goto(page.base + "/tournaments/new/")
    page.fill("[name=name]", "Doubles night")
    page.locator("#field-format label").get_by_text("Single elimination", exact=True).click()
    page.locator("label[for=id_doubles], #field-doubles label").first.click()
    page.locator("#field-preset label").get_by_text("Partnership", exact=True).click()
    page.locator("#field-length label").get_by_text("One game", exact=True).click()
    page.get_by_role("button", name="Create").click()
    assert "Teams, one per line" in page.content()
    page.fill("[name=names]", f"North: Ann & Cat\nBen & Dan\nEve & {LONG}\nGus + Hal")
    page.get_by_role("button", name="Save entries").click()
    page.get_by_role("button", name="Seed and start").click()
    page.locator(".msg-success").wait_for()
    assert fits(page)
    shot("d01-doubles-entries")

    t = Tournament.objects.get(name="Doubles night")
    assert t.doubles
    rows = {r.key: r for r in TournamentMatch.objects.filter(tournament=t).select_related("match")}
    assert all(r.match.kind == "partnership" for r in rows.values() if r.match)
    team_wins(Match.objects.get(pk=rows["W1-1"].match_id), "a")
    team_wins(Match.objects.get(pk=rows["W1-2"].match_id), "b")

    page.get_by_role("link", name="Bracket").click()
    final = page.locator("#m-W2-1").inner_text()
    assert "North" in final
    shot("d02-doubles-bracket")
    final_row = TournamentMatch.objects.select_related("entry_a", "entry_b").get(tournament=t, key="W2-1")
    team_wins(Match.objects.get(pk=final_row.match_id), "a")
    page.reload()
    page.get_by_text("Champion:").first.wait_for()
    assert f"Champion: {final_row.entry_a.name}" in page.locator("body").inner_text()
    page.get_by_role("link", name="Standings").click()
    body = page.locator("body").inner_text()
    assert "Team" in body and "North" in body
    assert fits(page)
    shot("d03-doubles-standings")
