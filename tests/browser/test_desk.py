"""The director at the desk on a laptop: a start refused for players not checked in names them,
each a link to their line; checked in there, the event starts from the desk; after round 1,
everyone who played is checked in with one tap, one who left is marked "Not here", and the round
is paired with the others; the missing are withdrawn only after a confirmation naming them."""
import os

import pytest
from playwright.sync_api import expect

from ginscore.engine import MatchLength
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, Tournament, TournamentMatch
from tests.browser.steps import log_in
from tests.tournaments.conftest import win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Zoë Ødegård", "Bartholomew Featherstonehaugh-Montgomery", "Cat", "Élodie Saint-Exupéry", "Dan", "Fay"]


def test_the_desk_checks_in_starts_and_withdraws_with_few_taps(phone, director):
    t = services.tournament_create(name="Desk night", format="swiss", rounds=3, length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=NAMES)
    services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=None)
    entries = {e.player.name: e for e in Entry.objects.filter(tournament=t).select_related("player")}
    for name in ("Zoë Ødegård", "Cat", "Dan", "Fay"):
        services.entry_check_in(entry=entries[name])
    desk = phone.context.browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    desk.base = phone.base
    log_in(desk, director.username, to=None)
    desk.goto(f"{desk.base}/tournaments/{t.pk}/desk/")
    desk.get_by_role("button", name="Seed and start").click()
    error = desk.locator(".msg-error")
    expect(error).to_contain_text("2 players have not checked in (Bartholomew Featherstonehaugh-Montgomery and "
                                  "Élodie Saint-Exupéry)")
    error.get_by_role("link", name="Élodie Saint-Exupéry").click()
    line = desk.locator(f"#check-in-{entries['Élodie Saint-Exupéry'].pk}")
    expect(line).to_be_in_viewport()
    line.get_by_role("button", name="Check in").click()
    desk.locator(f"#check-in-{entries['Bartholomew Featherstonehaugh-Montgomery'].pk}").get_by_role(
        "button", name="Check in").click()
    desk.get_by_role("button", name="Seed and start").click()
    expect(desk.locator(".msg-success")).to_contain_text("started")
    assert Tournament.objects.get(pk=t.pk).status == "running"

    for row in TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match"):
        win(row, row.match.player_a.name)
    desk.goto(f"{desk.base}/tournaments/{t.pk}/desk/")
    desk.get_by_role("button", name="Check in everyone who played round 1").click()
    expect(desk.locator("#check-in")).to_contain_text("Round 2: 6 present, 0 missing")
    desk.locator(f"#check-in-{entries['Dan'].pk}").get_by_role("button", name="Not here").click()
    expect(desk.locator("#check-in")).to_contain_text("Round 2: 5 present, 1 missing")
    desk.get_by_role("link", name="Withdraw the 1 missing").click()
    expect(desk.locator("#withdraw-absent li")).to_have_text(["Dan"])
    assert not Entry.objects.get(pk=entries["Dan"].pk).withdrawn   # asking changed nothing
    if shots := os.environ.get("GINSCORE_SHOTS"):
        desk.screenshot(path=f"{shots}/desk-withdraw-confirm.png", full_page=True)
    desk.get_by_role("button", name="Withdraw 1 player").click()
    expect(desk.locator(".msg-success")).to_contain_text("1 absent player withdrawn")
    desk.get_by_role("button", name="Pair round 2 with the 5 present").click()
    expect(desk.locator(".msg-success")).to_contain_text("Round 2 is paired")
    paired = {pk for r in TournamentMatch.objects.filter(tournament=t, play_round=2)
              for pk in (r.entry_a_id, r.entry_b_id) if pk}
    assert entries["Dan"].pk not in paired and len(paired) == 5
    if shots := os.environ.get("GINSCORE_SHOTS"):
        desk.screenshot(path=f"{shots}/desk-round-2.png", full_page=True)
    desk.context.close()
