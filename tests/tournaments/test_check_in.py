"""Check-in: players check in at the desk or on their own page; the director withdraws the
absent in one step and pairs only those present; the entry fee is recorded paid or owed."""
from decimal import Decimal

import pytest
from django.urls import reverse

from ginscore.engine import MatchLength
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, Tournament, TournamentMatch

from .conftest import win

pytestmark = pytest.mark.django_db


def _swiss(n=6, rounds=3, start=False):
    t = services.tournament_create(name="Check-in night", format="swiss", rounds=rounds,
                                   length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=[f"Zoë {i}" for i in range(1, n + 1)])
    services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=Decimal("5.00"))
    if start:
        services.tournament_start(tournament=t)
    return Tournament.objects.get(pk=t.pk)


def _entries(t):
    return list(Entry.objects.filter(tournament=t).select_related("player").order_by("seed"))


def test_start_waits_for_check_in_then_the_absent_withdraw_in_one_step():
    t = _swiss(6)
    entries = _entries(t)
    for e in entries[:4]:
        services.entry_check_in(entry=e, paid=e.seed % 2 == 1)
    with pytest.raises(services.TournamentRefused, match="2 players have not checked in"):
        services.tournament_start(tournament=t)
    assert services.entries_withdraw_absent(tournament=t) == 2
    assert sorted(e.player.name for e in _entries(t)) == ["Zoë 1", "Zoë 2", "Zoë 3", "Zoë 4"]
    assert [e.fee_paid for e in _entries(t)] == [True, False, True, False]
    services.tournament_start(tournament=t)
    assert TournamentMatch.objects.filter(tournament=t, play_round=1).count() == 2


def test_next_swiss_round_is_paired_with_those_present_only():
    t = _swiss(6, start=False)
    for e in _entries(t):
        services.entry_check_in(entry=e)
    services.tournament_start(tournament=t)
    t = Tournament.objects.get(pk=t.pk)
    for row in TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match"):
        win(row, row.match.player_a.name)
    # round 1 is over: with check-in on, round 2 waits for the desk
    assert not TournamentMatch.objects.filter(tournament=t, play_round=2).exists()
    assert services.check_in_round(Tournament.objects.get(pk=t.pk)) == 2
    entries = _entries(t)
    here = entries[:4]
    for e in here:
        services.entry_check_in(entry=e)
    assert services.round_pair_present(tournament=t) == 2
    rows = TournamentMatch.objects.filter(tournament=t, play_round=2)
    paired = {pk for r in rows for pk in (r.entry_a_id, r.entry_b_id) if pk}
    assert paired == {e.pk for e in here}
    assert rows.count() == 2 and not rows.filter(outcome="bye").exists()
    # the two absent players are still entered (not withdrawn) and may check in for round 3
    assert not any(e.withdrawn for e in _entries(t))
    with pytest.raises(services.TournamentRefused, match="open only before a round is paired"):
        services.entry_check_in(entry=entries[5])


def test_pairing_needs_two_present_and_a_finished_round():
    t = _swiss(4, start=False)
    for e in _entries(t):
        services.entry_check_in(entry=e)
    services.tournament_start(tournament=t)
    with pytest.raises(services.TournamentRefused, match="once the last one is over"):
        services.round_pair_present(tournament=t)
    for row in TournamentMatch.objects.filter(tournament=t, play_round=1).select_related("match"):
        win(row, row.match.player_a.name)
    services.entry_check_in(entry=_entries(t)[0])
    with pytest.raises(services.TournamentRefused, match="fewer than 2"):
        services.round_pair_present(tournament=t)


def test_entry_fee_bounds():
    t = _swiss(2)
    with pytest.raises(services.TournamentRefused, match="entry_fee"):
        services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=Decimal("-1"))


def test_players_check_in_on_their_own_page_and_the_desk_sees_who_is_missing(client, director):
    t = _swiss(3)
    zoe = _entries(t)[0]
    page = client.get(reverse("tournaments:check_in", args=[t.pk])).content.decode()
    assert "Zoë 1" in page and "0 of 3 here" in page
    response = client.post(reverse("tournaments:check_in", args=[t.pk]), {"entry": zoe.pk}, follow=True)
    assert "Thank you, Zoë 1: you are checked in." in response.content.decode()
    assert Entry.objects.get(pk=zoe.pk).checked_in_round == 1
    assert "Tap your name" in client.post(reverse("tournaments:check_in", args=[t.pk]), {"entry": "x"},
                                          follow=True).content.decode()
    board = client.get(reverse("tournaments:board", args=[t.pk])).content.decode()
    assert "1 here · 2 missing" in board and "check-in/qr.svg" in board
    assert client.get(reverse("tournaments:check_in_qr", args=[t.pk]))["Content-Type"] == "image/svg+xml"
    client.force_login(director)
    desk = client.get(reverse("tournaments:desk", args=[t.pk])).content.decode()
    assert "Round 1: 1 present, 2 missing" in desk and "3 owed" in desk
    ben = _entries(t)[1]
    client.post(reverse("tournaments:desk_check_in", args=[t.pk, ben.pk]), {"paid": "1"})
    ben = Entry.objects.get(pk=ben.pk)
    assert ben.checked_in_round == 1 and ben.fee_paid
    client.post(reverse("tournaments:withdraw_absent", args=[t.pk]))
    assert [e.player.name for e in _entries(t)] == ["Zoë 1", "Zoë 2"]


def test_only_directors_use_the_desk(client, member):
    t = _swiss(3)
    e = _entries(t)[0]
    for url in (reverse("tournaments:desk_check_in", args=[t.pk, e.pk]), reverse("tournaments:withdraw_absent",
                args=[t.pk]), reverse("tournaments:pair_present", args=[t.pk])):
        assert client.post(url).status_code == 302   # log in first
    client.force_login(member)
    assert client.post(reverse("tournaments:withdraw_absent", args=[t.pk])).status_code == 403
    assert Entry.objects.filter(tournament=t).count() == 3
