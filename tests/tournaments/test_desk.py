"""The director's desk: everyone who played the last round checked in with one tap (the few who
left then marked "Not here"), the start on the desk, a refused start that names who is missing
and links to each, a confirmation naming the missing before they are withdrawn (and a player who
checks in meanwhile stays), and the clock of the round being played, named as the event names it."""
import re
from decimal import Decimal

import pytest
from django.urls import reverse

from ginscore.engine import MatchLength
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, Tournament, TournamentMatch

from .conftest import win

pytestmark = pytest.mark.django_db


def _swiss(names, rounds=3, check_in=True):
    t = services.tournament_create(name="Desk night", format="swiss", rounds=rounds, length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=names)
    services.tournament_check_in_set(tournament=t, check_in=check_in, entry_fee=Decimal("0"))
    return Tournament.objects.get(pk=t.pk)


def _entries(t):
    return {e.player.name: e for e in Entry.objects.filter(tournament=t).select_related("player")}


def _play_round(t, number):
    for row in TournamentMatch.objects.filter(tournament=t, play_round=number).exclude(outcome="bye") \
            .select_related("match"):
        win(row, row.match.player_a.name)


NAMES = ["Zoë Ødegård", "Bartholomew Featherstonehaugh-Montgomery", "Cat", "Dan", "Élodie Saint-Exupéry", "Fay"]


def test_a_refused_start_names_who_is_missing_with_a_link_to_each(client, director):
    t = _swiss(NAMES)
    entries = _entries(t)
    for name in ("Cat", "Dan", "Fay", "Zoë Ødegård"):
        services.entry_check_in(entry=entries[name])
    client.force_login(director)
    desk = reverse("tournaments:desk", args=[t.pk])
    page = client.get(desk).content.decode()
    assert 'action="/tournaments/%d/start/"' % t.pk in page and "Seed and start" in page   # the start is on the desk
    response = client.post(reverse("tournaments:start", args=[t.pk]), {"next": desk}, follow=True)
    assert response.redirect_chain[-1][0] == desk
    text = response.content.decode()
    assert "2 players have not checked in (Bartholomew Featherstonehaugh-Montgomery and Élodie Saint-Exupéry)" \
        in text.replace("&#x27;", "'")
    for name in ("Bartholomew Featherstonehaugh-Montgomery", "Élodie Saint-Exupéry"):
        assert f'<a href="{desk}#check-in-{entries[name].pk}">{name}</a>' in text
        assert f'id="check-in-{entries[name].pk}"' in text   # the link lands on their line
    assert Tournament.objects.get(pk=t.pk).status == "setup"
    for name in ("Bartholomew Featherstonehaugh-Montgomery", "Élodie Saint-Exupéry"):
        services.entry_check_in(entry=entries[name])
    response = client.post(reverse("tournaments:start", args=[t.pk]), {"next": desk})
    assert response.status_code == 302 and response["Location"] == desk
    assert Tournament.objects.get(pk=t.pk).status == "running"


def test_a_start_refused_names_at_most_eight_then_counts_the_rest():
    t = _swiss([f"Player {i:02d}" for i in range(12)])
    with pytest.raises(services.NotCheckedIn) as refused:
        services.tournament_start(tournament=t)
    assert "12 players have not checked in (Player 00, Player 01, Player 02, Player 03, Player 04, Player 05, " \
           "Player 06, Player 07 and 4 more)" in str(refused.value)
    assert len(refused.value.entries) == 12


def _after_round_one(names=NAMES):
    t = _swiss(names)
    for e in _entries(t).values():
        services.entry_check_in(entry=e)
    services.tournament_start(tournament=t)
    _play_round(Tournament.objects.get(pk=t.pk), 1)
    t = Tournament.objects.get(pk=t.pk)
    assert services.check_in_round(t) == 2
    return t


def test_everyone_who_played_the_last_round_is_checked_in_with_one_tap(client, director, member):
    t = _after_round_one(NAMES + ["Gus"])   # 7 players: one had the bye, which counts as played
    entries = _entries(t)
    services.entry_withdraw(entry=entries["Fay"])
    late = services.entry_add(tournament=t, name="Hana")   # joined late: did not play round 1
    url = reverse("tournaments:check_in_played", args=[t.pk])
    client.force_login(member)
    assert client.post(url).status_code == 403
    client.force_login(director)
    desk = reverse("tournaments:desk", args=[t.pk])
    assert "Check in everyone who played round 1" in client.get(desk).content.decode()
    response = client.post(url, {"next": desk}, follow=True)
    assert "6 players who played the last round checked in." in response.content.decode()
    checked = {e.player.name: e.checked_in_round for e in Entry.objects.filter(tournament=t).select_related("player")}
    assert checked == {"Zoë Ødegård": 2, "Bartholomew Featherstonehaugh-Montgomery": 2, "Cat": 2, "Dan": 2,
                       "Élodie Saint-Exupéry": 2, "Gus": 2, "Fay": 1, "Hana": None}
    assert Entry.objects.get(pk=late.pk).checked_in_round is None
    # one left: "Not here", then the round pairs the five present and the late entry checked in by hand
    client.post(reverse("tournaments:desk_check_in", args=[t.pk, entries["Dan"].pk]), {"present": "0"})
    services.entry_check_in(entry=late)
    assert client.post(url).status_code == 302   # a second tap checks in the ones who played again: Dan too
    assert Entry.objects.get(pk=entries["Dan"].pk).checked_in_round == 2
    client.post(reverse("tournaments:desk_check_in", args=[t.pk, entries["Dan"].pk]), {"present": "0"})
    assert services.round_pair_present(tournament=t) == 2
    paired = {pk for r in TournamentMatch.objects.filter(tournament=t, play_round=2)
              for pk in (r.entry_a_id, r.entry_b_id) if pk}
    assert entries["Dan"].pk not in paired and late.pk in paired and len(paired) == 6


def test_checking_in_the_last_round_is_refused_before_any_round(client, director):
    t = _swiss(NAMES)
    client.force_login(director)
    response = client.post(reverse("tournaments:check_in_played", args=[t.pk]), follow=True)
    assert "No round has been played yet" in response.content.decode()
    assert not Entry.objects.filter(tournament=t, checked_in_round__isnull=False).exists()


def test_withdrawing_the_missing_asks_first_and_spares_who_checks_in_meanwhile(client, director, member):
    t = _after_round_one()
    entries = _entries(t)
    for name in ("Cat", "Dan", "Fay", "Zoë Ødegård"):
        services.entry_check_in(entry=entries[name])
    url = reverse("tournaments:withdraw_absent", args=[t.pk])
    client.force_login(member)
    assert client.get(url).status_code == 403 and client.post(url).status_code == 403
    client.force_login(director)
    desk = client.get(reverse("tournaments:desk", args=[t.pk])).content.decode()
    assert f'<a class="btn btn-danger" href="{url}">Withdraw the 2 missing…</a>' in desk   # a link: nothing happens yet
    page = client.get(url).content.decode()
    assert "Withdraw the 2 missing?" in page and "Withdraw 2 players" in page
    assert "Bartholomew Featherstonehaugh-Montgomery" in page and "Élodie Saint-Exupéry" in page
    assert not Entry.objects.filter(tournament=t, withdrawn=True).exists()   # asking changed nothing
    shown = re.findall(r'name="entry" value="(\d+)"', page)
    assert sorted(map(int, shown)) == sorted([entries["Bartholomew Featherstonehaugh-Montgomery"].pk,
                                              entries["Élodie Saint-Exupéry"].pk])
    services.entry_check_in(entry=entries["Élodie Saint-Exupéry"])   # arrives while the director reads
    services.entry_check_in(entry=entries["Cat"], present=False)      # not shown: not withdrawn by this
    response = client.post(url, {"entry": shown + ["x", "99999999999999"]}, follow=True)
    assert "1 absent player withdrawn." in response.content.decode()
    withdrawn = set(Entry.objects.filter(tournament=t, withdrawn=True).values_list("player__name", flat=True))
    assert withdrawn == {"Bartholomew Featherstonehaugh-Montgomery"}


def test_the_desk_shows_the_clock_of_the_round_being_played_named(client, director):
    t = _swiss(["Ann", "Ben", "Cat", "Dan"], rounds=2, check_in=False)
    services.tournament_start(tournament=t)
    services.round_clock_start(tournament=t, minutes=30)
    client.force_login(director)
    desk = reverse("tournaments:desk", args=[t.pk])
    page = client.get(desk).content.decode()
    assert "Round 1 · <span data-clock-state>ends at</span>" in page and "Call time now in Round 1" in page
    round_1 = reverse("tournaments:round", args=[t.pk, 1, 1])
    assert "data-deadline" in client.get(round_1).content.decode()
    _play_round(Tournament.objects.get(pk=t.pk), 1)   # round 2 is paired: round 1's clock is no longer shown
    page = client.get(desk).content.decode()
    assert "data-deadline" not in page and "Call time now" not in page
    assert "data-deadline" not in client.get(round_1).content.decode()   # nor on its round page, every result in
    assert "Round 2 has no clock yet." in page and "Start the clock of Round 2" in page


def test_the_desk_names_a_knockout_round_as_the_bracket_does(client, director, make_tournament):
    t = make_tournament("single", 8)
    services.round_clock_start(tournament=t, minutes=30)
    client.force_login(director)
    page = client.get(reverse("tournaments:desk", args=[t.pk])).content.decode()
    assert "Quarter-final · <span data-clock-state>ends at</span>" in page
    assert "Call time now in Quarter-final" in page
    board = client.get(reverse("tournaments:board", args=[t.pk])).content.decode()
    assert "Quarter-final · <span data-clock-state>ends at</span>" in board


def test_a_knockout_is_named_by_its_rounds_before_the_draw_and_after_on_every_page(client, director, make_tournament):
    """One name for a round everywhere: the desk's and the board's check-in before the start (8 players:
    the Quarter-final; 9: Round 1 of four), the public check-in page, the withdrawal page, and the
    match page and its hands to confirm once the bracket is drawn."""
    t = make_tournament("single", 8, start=False, agree=True)
    services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=None)
    client.force_login(director)
    desk = reverse("tournaments:desk", args=[t.pk])
    page = client.get(desk).content.decode()
    assert "Quarter-final: 0 present, 8 missing" in page and "Round 1" not in page
    board = client.get(reverse("tournaments:board", args=[t.pk])).content.decode()
    assert "Check in for Quarter-final: scan" in board and "round 1" not in board.lower()
    check_in = client.get(reverse("tournaments:check_in", args=[t.pk])).content.decode()
    assert "Quarter-final · 0 of 8 here." in check_in
    for e in Entry.objects.filter(tournament=t):
        services.entry_check_in(entry=e)
    gone = client.get(reverse("tournaments:withdraw_absent", args=[t.pk])).content.decode()
    assert "Every player has checked in (Quarter-final)." in gone
    services.entries_set(tournament=Tournament.objects.get(pk=t.pk), names=[f"P{i}" for i in range(1, 10)])
    assert re.search(r"Round 1: \d present, \d missing", client.get(desk).content.decode())   # four rounds: Round 1 first
    services.entries_set(tournament=Tournament.objects.get(pk=t.pk), names=[f"P{i}" for i in range(1, 9)])
    services.tournament_check_in_set(tournament=t, check_in=False, entry_fee=None)
    services.tournament_start(tournament=Tournament.objects.get(pk=t.pk))
    row = TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match").first()
    match_page = client.get(reverse("matches:detail", args=[row.match_id])).content.decode()
    assert re.search(r"</a>\s*· Quarter-final · table 1", match_page), match_page[:3000]
    from ginscore.matches import services as match_services
    from ginscore.matches.records import HandEntry
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("gin", "a", None, 6), expected_number=1)
    page = client.get(desk).content.decode()
    assert re.search(r"Table 1 · Quarter-final ·", page)
