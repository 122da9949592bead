"""Check-in: players check in at the desk, with their own account or their own check-in link;
the public page ticks no one; the director withdraws the absent in one step and pairs only
those present; the entry fee is recorded paid or owed."""
from decimal import Decimal

import pytest
from django.urls import reverse

from ginscore.engine import MatchLength
from ginscore.tournaments import services
from ginscore.players.models import Player
from ginscore.tournaments.models import Entry, Tournament, TournamentMatch
from ginscore.tournaments.own_check_in import check_in_link
from ginscore.seasons.services import club_money_set

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


def _url(t):
    return reverse("tournaments:check_in", args=[t.pk])


def test_no_one_checks_anyone_in_anonymously(client):
    """The attack seen: every entry ticked from the public page with no account. Refused."""
    t = _swiss(6)
    for e in _entries(t):
        r = client.post(_url(t), {"entry": e.pk})
        assert r.status_code == 403
        assert "you can check in only yourself" in r.content.decode()
    assert not Entry.objects.filter(tournament=t, checked_in_round__isnull=False).exists()
    page = client.get(_url(t)).content.decode()
    assert "0 of 6 here" in page and "Zoë 1" in page and 'name="entry"' not in page
    assert "your own check-in link" in page
    # a wrong or another entry's personal link does nothing either
    zoe, ben = _entries(t)[:2]
    forged = check_in_link(zoe).replace(f"/{zoe.pk}/", f"/{ben.pk}/")
    assert client.post(forged).status_code == 404
    assert client.get(check_in_link(zoe)[:-4] + "abc/").status_code == 404
    # nor does the entry's 6-digit code in the token's place (a code is never a token)
    from ginscore.club.passes import pass_code
    code = pass_code("check_in", t.pk, zoe.pk, zoe.player_id)
    assert client.post(reverse("tournaments:check_in_own", args=[t.pk, zoe.pk, code])).status_code == 404
    assert not Entry.objects.filter(tournament=t, checked_in_round__isnull=False).exists()


def test_a_player_checks_in_with_their_own_account_only_themselves(client, django_user_model):
    t = _swiss(3)
    zoe, ben = _entries(t)[:2]
    user = django_user_model.objects.create_user(username="zoe", password="x-table-talk-42")
    Player.objects.filter(pk=zoe.player_id).update(user=user)
    client.force_login(user)
    page = client.get(_url(t)).content.decode()
    assert "I am here: check in Zoë 1" in page and "check in Zoë 2" not in page
    assert client.post(_url(t), {"entry": ben.pk}).status_code == 403
    response = client.post(_url(t), {"entry": zoe.pk}, follow=True)
    assert "Thank you, Zoë 1: you are checked in." in response.content.decode()
    assert "✓ Zoë 1</strong>: checked in, Round 1." in response.content.decode()
    assert [e.checked_in_round for e in _entries(t)] == [1, None, None]


def test_a_player_checks_in_with_their_own_link(client):
    t = _swiss(3)
    zoe = _entries(t)[0]
    link = check_in_link(zoe)
    page = client.get(link).content.decode()          # opening it (or a link preview) ticks no one
    assert "I am here: check in Zoë 1" in page and Entry.objects.get(pk=zoe.pk).checked_in_round is None
    response = client.post(link, follow=True)
    assert "Thank you, Zoë 1: you are checked in." in response.content.decode()
    assert [e.checked_in_round for e in _entries(t)] == [1, None, None]


def test_the_desk_checks_players_in_and_sees_who_is_missing(client, director):
    club_money_set(money=True, unit=Decimal("1.00"))   # the club plays for money: the fee is shown
    t = _swiss(3)
    zoe = _entries(t)[0]
    client.post(check_in_link(zoe))
    board = client.get(reverse("tournaments:board", args=[t.pk])).content.decode()
    assert "1 here · 2 missing" in board and "check-in/qr.svg" in board
    assert client.get(reverse("tournaments:check_in_qr", args=[t.pk]))["Content-Type"] == "image/svg+xml"
    assert client.get(reverse("tournaments:desk_check_in_qr", args=[t.pk, zoe.pk])).status_code == 302
    client.force_login(director)
    desk = client.get(reverse("tournaments:desk", args=[t.pk])).content.decode()
    assert "Round 1: 1 present, 2 missing" in desk and "3 owed" in desk
    assert all(check_in_link(e) in desk for e in _entries(t))
    qr = client.get(reverse("tournaments:desk_check_in_qr", args=[t.pk, zoe.pk]))
    assert qr["Content-Type"] == "image/svg+xml" and qr["Cache-Control"] == "private, no-store"
    ben = _entries(t)[1]
    client.post(reverse("tournaments:desk_check_in", args=[t.pk, ben.pk]), {"paid": "1"})
    ben = Entry.objects.get(pk=ben.pk)
    assert ben.checked_in_round == 1 and ben.fee_paid
    client.post(reverse("tournaments:withdraw_absent", args=[t.pk]))   # no one confirmed: no one withdrawn
    assert len(_entries(t)) == 3
    client.post(reverse("tournaments:withdraw_absent", args=[t.pk]), {"entry": [e.pk for e in _entries(t)]})
    assert [e.player.name for e in _entries(t)] == ["Zoë 1", "Zoë 2"]   # of those shown, the missing


def test_only_directors_use_the_desk(client, member):
    t = _swiss(3)
    e = _entries(t)[0]
    for url in (reverse("tournaments:desk_check_in", args=[t.pk, e.pk]), reverse("tournaments:withdraw_absent",
                args=[t.pk]), reverse("tournaments:pair_present", args=[t.pk])):
        assert client.post(url).status_code == 302   # log in first
    client.force_login(member)
    assert client.post(reverse("tournaments:withdraw_absent", args=[t.pk])).status_code == 403
    assert Entry.objects.filter(tournament=t).count() == 3


def test_without_money_the_desk_shows_and_asks_no_fee_and_keeps_the_one_set(client, director):
    """Money is off by default: nothing about money anywhere, the desk included; saving the check-in
    settings there leaves the fee recorded before as it was (for when money is turned on)."""
    t = _swiss(3)
    client.force_login(director)
    desk = client.get(reverse("tournaments:desk", args=[t.pk])).content.decode()
    assert "Round 1: 0 present, 3 missing" in desk
    assert "owed" not in desk and "owes" not in desk and 'name="entry_fee"' not in desk and "5.00" not in desk
    response = client.post(reverse("tournaments:check_in_settings", args=[t.pk]), {"check_in": "on"}, follow=True)
    assert "Check-in settings saved." in response.content.decode()
    assert Tournament.objects.get(pk=t.pk).entry_fee == Decimal("5.00")
    club_money_set(money=True, unit=Decimal("1.00"))
    desk = client.get(reverse("tournaments:desk", args=[t.pk])).content.decode()
    assert 'name="entry_fee"' in desk and "entry fee 5.00, 3 owed" in desk
