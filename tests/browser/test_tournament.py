"""A director runs a small knockout on a phone: set-up, start, a match scored
on its ordinary pad, and the bracket moves on by itself."""
import pytest

from ginscore.tournaments.models import Tournament
from tests.browser.steps import log_in, record_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_director_runs_a_knockout(phone, shot, director):
    page = phone
    log_in(page, director.username, to=None)
    page.goto(page.base + "/tournaments/")
    page.get_by_role("link", name="New tournament").click()
    page.fill("[name=name]", "Friday knockout")
    page.locator("#field-format label").get_by_text("Single elimination", exact=True).click()
    page.locator("#field-length label").get_by_text("One game", exact=True).click()
    shot("t01-new-tournament")
    page.get_by_role("button", name="Create").click()
    page.fill("[name=names]", "Ann\nBen\nCat")
    page.get_by_role("button", name="Save entries").click()
    page.get_by_role("button", name="Seed and start").click()
    page.locator(".msg-success").wait_for()

    page.get_by_role("link", name="Bracket").click()
    assert page.locator("#m-W1-1").inner_text().count("bye") == 2   # the bye label and the empty place
    shot("t02-bracket")
    page.get_by_role("link", name="Semi-final", exact=True).click()   # three players: two semi-finals, one a bye
    page.locator("a.r-card").first.click()   # Ben v Cat: the whole card opens the ordinary pad
    record_hand(page, "gin", "Cat", defender=60)
    record_hand(page, "gin", "Cat", defender=60)
    page.goto(page.base + "/tournaments/")
    page.get_by_role("link", name="Friday knockout").click()
    page.get_by_role("link", name="Bracket").click()
    final = page.locator("#m-W2-1").inner_text()
    assert "Ann" in final and "Cat" in final and "table 1" in final
    shot("t03-final-ready")


def _shown(page, names):
    return {n: page.locator(f"#field-{n}").is_visible() for n in names}


OPTIONS = ["rounds", "third_place", "double_round", "groups", "first_stage", "playoff_size"]


def test_the_new_tournament_form_shows_the_chosen_formats_options(phone, shot, director):
    page = phone
    log_in(page, director.username, to=None)
    page.goto(page.base + "/tournaments/new/")
    assert _shown(page, OPTIONS) == {"rounds": True, "third_place": False, "double_round": False, "groups": False,
                                     "first_stage": False, "playoff_size": False}   # Swiss, the default
    fmt = page.locator("#field-format label")
    fmt.get_by_text("Single elimination", exact=True).tap()
    assert [n for n, shown in _shown(page, OPTIONS).items() if shown] == ["third_place"]
    fmt.get_by_text("Double elimination", exact=True).tap()
    assert not any(_shown(page, OPTIONS).values())
    fmt.get_by_text("Round robin", exact=True).tap()
    assert [n for n, shown in _shown(page, OPTIONS).items() if shown] == ["double_round", "groups"]
    fmt.get_by_text("Two stages", exact=False).tap()
    assert [n for n, shown in _shown(page, OPTIONS).items() if shown] == [
        "rounds", "third_place", "first_stage", "playoff_size"]
    page.locator("#field-first_stage label").get_by_text("Round-robin groups").tap()
    assert [n for n, shown in _shown(page, OPTIONS).items() if shown] == [
        "third_place", "double_round", "groups", "first_stage", "playoff_size"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot("t04-new-tournament-two-stages")
    page.fill("[name=name]", "Groups then a cup")
    page.fill("[name=groups]", "2")
    page.fill("[name=playoff_size]", "4")
    page.get_by_role("button", name="Create").tap()
    page.locator(".msg-success").wait_for()
    t = Tournament.objects.get(name="Groups then a cup")
    assert (t.format, t.first_stage, t.groups, t.playoff_size, t.rounds) == ("two_stage", "roundrobin", 2, 4, None)


def test_without_javascript_every_option_shows_and_says_its_format(phone, director):
    context = phone.context.browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                                has_touch=True, java_script_enabled=False)
    page = context.new_page()
    page.base = phone.base
    log_in(page, director.username, to=None)
    page.goto(page.base + "/tournaments/new/")
    assert all(_shown(page, OPTIONS).values())
    assert "Swiss (and a Swiss first stage)" in page.locator("#field-rounds").inner_text()
    page.fill("[name=name]", "No script cup")
    page.locator("#field-format label").get_by_text("Single elimination", exact=True).tap()
    page.locator("#field-third_place label").tap()
    page.get_by_role("button", name="Create").tap()
    page.locator(".msg-success").wait_for()
    t = Tournament.objects.get(name="No script cup")
    assert (t.format, t.third_place) == ("single", True)
    context.close()
