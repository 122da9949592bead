"""The room in French, in a browser whose language is French (fr-FR): the director starts the
night at the desk (a refused start naming who has not checked in, a player checked in with
"Pointer", the start), and the board on the wall (1920x1080 and 3840x2160) says the round, the
tables to finish and each table's state in French, with every name of 1 to 60 characters whole
beside the longer French words."""
import os
import re

import pytest
from playwright.sync_api import expect

from ginscore.engine import MatchLength
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, Tournament, TournamentMatch
from tests.browser.steps import log_in
from tests.browser.test_board_wall import CLIPPED, CUT_AT_THE_FOOT, board, club_names
from tests.tournaments.conftest import win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def french(phone, width, height):
    context = phone.context.browser.new_context(viewport={"width": width, "height": height}, locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.base = phone.base
    return page


def shoot(page, name):
    if folder := os.environ.get("GINSCORE_SHOTS"):
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"{name}.png"))


def test_the_director_starts_the_night_at_the_desk_in_french(phone, director):
    t = services.tournament_create(name="Soirée du jeudi", format="swiss", rounds=3, length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=["Zoë Ødegård", "Élodie Saint-Exupéry", "Cat", "Dan"])
    services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=None)
    entries = {e.player.name: e for e in Entry.objects.filter(tournament=t).select_related("player")}
    for name in ("Zoë Ødegård", "Cat", "Dan"):
        services.entry_check_in(entry=entries[name])
    desk = french(phone, 1280, 800)
    log_in(desk, director.username, to=None)
    desk.goto(f"{desk.base}/tournaments/{t.pk}/desk/")
    assert desk.locator("html").get_attribute("lang") == "fr"
    expect(desk.get_by_role("heading", name="Le bureau du directeur")).to_be_visible()
    expect(desk.locator("#check-in")).to_contain_text("Ronde 1 — présents\u00a0: 3, absents\u00a0: 1")
    desk.get_by_role("button", name="Placer les têtes de série et commencer").click()
    expect(desk.locator(".msg-error")).to_contain_text("1 joueur n'a pas pointé (Élodie Saint-Exupéry)")
    desk.locator(f"#check-in-{entries['Élodie Saint-Exupéry'].pk}").get_by_role("button", name="Pointer").click()
    expect(desk.locator(".msg-success")).to_contain_text("Élodie Saint-Exupéry\u00a0: pointage enregistré.")
    desk.get_by_role("button", name="Placer les têtes de série et commencer").click()
    expect(desk.locator(".msg-success")).to_contain_text("Le tournoi a commencé")
    assert Tournament.objects.get(pk=t.pk).status == "running"
    shoot(desk, "desk-fr")


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)], ids=["1080p", "4k"])
def test_the_board_on_the_wall_in_french_keeps_every_name_whole(phone, size):
    t = services.tournament_create(name="Tournoi du jeudi au club Featherstonehaugh", format="swiss", rounds=3,
                                   length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=club_names(32))
    services.tournament_start(tournament=t)
    rows = list(TournamentMatch.objects.filter(tournament=t, play_round=1)
                .select_related("match__player_a", "match__player_b").order_by("table"))
    longest = max(rows, key=lambda r: max(len(r.match.player_a.name), len(r.match.player_b.name)))
    winner = max((longest.match.player_a.name, longest.match.player_b.name), key=len)
    win(longest, winner)   # the tick beside the longest name

    page = french(phone, *size)
    board(page, t)
    assert page.locator("html").get_attribute("lang") == "fr"
    expect(page.locator(".board-round")).to_have_text("Ronde 1 · 15 tables à terminer")
    assert page.locator(".board-table").count() == 16
    expect(page.locator(".board-table.done .bt-note")).to_have_text("gagné")
    expect(page.locator(".board-table.done .bt-games")).to_have_text(re.compile(r"^parties (1–0|0–1)$"))
    assert page.locator(".board-table:not(.done) .bt-note", has_text="pas commencé").count() == 15
    assert page.locator(".bt-tick").count() == 1
    shown = page.locator(".bt-name").all_text_contents()
    assert any(winner in name for name in shown) and max(len(n.strip(" ✓\u00a0")) for n in shown) == 60
    assert page.evaluate(CLIPPED) == []   # every name whole: no box scrolls sideways, two lines at most
    assert page.evaluate(CUT_AT_THE_FOOT) == []
    shoot(page, f"board-fr-{size[0]}x{size[1]}")


def test_the_standings_slide_in_french_is_whole(phone):
    from tests.browser.test_board_wall import assert_whole_and_readable, gin_until_won, swiss

    t = swiss(4, rounds=3)
    for i, row in enumerate(TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match")):
        gin_until_won(row.match, 3 + 4 * i)   # each winner by a different margin
    page = french(phone, 1920, 1080)
    board(page, t, dwell=3)
    slide = page.locator('[data-board-page="standings"]')
    expect(slide).to_be_visible(timeout=8000)
    page.wait_for_timeout(300)
    expect(page.locator(".board-legend")).to_contain_text("Classement selon")
    expect(page.locator(".board-legend")).to_contain_text("Départagé par\u00a0: ce qui a distingué chaque place")
    headers = page.locator(".board-standings th").all_inner_texts()
    assert headers == ["#", "Joueur", "Joués", "Gagnés", "Net", "Départagé par"], headers
    decided = page.locator(".board-standings .bs-decided").all_inner_texts()
    assert len(decided) == 8 and all(decided), decided
    assert any(re.fullmatch(r"(Buchholz \d+|Net [+-]\d+|.+ \d)", d) for d in decided), decided
    assert_whole_and_readable(page)
    shoot(page, "board-fr-standings")
