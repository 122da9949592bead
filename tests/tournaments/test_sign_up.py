"""Sign-up before the night: a member signs themselves up (a pair in doubles), sees they are in or
waiting, takes it back until the start; the cap keeps a waiting list that moves up in order; the
closing time; the fee shown with money on. The director accepts or removes at the desk and checks
in as ever. A visitor signs up no one; a member never someone else; two members racing for the
last place: one gets it, the other waits first in line."""
from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ginscore.engine import MatchLength
from ginscore.players.models import Player
from ginscore.seasons.services import club_money_set
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, SignUp, Tournament
from tests.matches.test_concurrent_entry import run_together

pytestmark = pytest.mark.django_db


def _member(name):
    user = get_user_model().objects.create_user(username=name.lower().replace(" ", "-"), password="x-long-pass-1")
    return user, Player.objects.create(name=name, user=user)


def _event(cap=None, closes=None, doubles=False, entries=(), fee=None):
    t = services.tournament_create(name="Thursday night", format="swiss", rounds=3, doubles=doubles,
                                   preset="partnership" if doubles else "standard", length=MatchLength("best_of", 1))
    if entries:
        services.entries_set(tournament=t, names=list(entries))
    if fee is not None:
        services.tournament_check_in_set(tournament=t, check_in=False, entry_fee=Decimal(fee))
    services.tournament_sign_up_set(tournament=t, open=True, cap=cap, closes=closes)
    return Tournament.objects.get(pk=t.pk)


def _phone(user):
    c = Client()
    c.force_login(user)
    return c


def _lines(t):
    return [(line.sign_up.name, line.place, line.waiting) for line in services.sign_up_lines(t)]


def test_cap_keeps_a_waiting_list_that_moves_up_in_order():
    t = _event(cap=3, entries=["Zoë Ångström-Lefèvre"])
    players = [_member(n)[1] for n in ("Ann", "Ben", "Cat", "Dan")]
    got = [services.sign_up_add(tournament=t, player=p) for p in players]
    assert [(g.place, g.waiting) for g in got] == [(True, None), (True, None), (False, 1), (False, 2)]
    services.sign_up_take_back(tournament=t, player=players[0])
    assert _lines(t) == [("Ben", True, None), ("Cat", True, None), ("Dan", False, 1)]
    # the director accepts Ben: an entry now, still counted in the cap
    ben = SignUp.objects.get(tournament=t, player=players[1])
    entry = services.sign_up_accept(sign_up=ben)
    assert entry.player == players[1] and entry.seed == 2
    assert _lines(t) == [("Cat", True, None), ("Dan", False, 1)]
    # a waiting sign-up cannot be accepted over the cap
    with pytest.raises(services.TournamentRefused, match="number 1 on the waiting list"):
        services.sign_up_accept(sign_up=SignUp.objects.get(tournament=t, player=players[3]))
    # Ben leaves (his entry): Dan moves up
    services.sign_up_take_back(tournament=t, player=players[1])
    assert _lines(t) == [("Cat", True, None), ("Dan", True, None)]
    assert services.sign_ups_accept_placed(tournament=t) == 2
    assert [e.player.name for e in Entry.objects.filter(tournament=t).order_by("seed")] == \
        ["Zoë Ångström-Lefèvre", "Cat", "Dan"]
    # checked in as today, and the event starts with them
    for e in Entry.objects.filter(tournament=t):
        services.entry_check_in(entry=e)
    services.tournament_start(tournament=t)
    with pytest.raises(services.TournamentRefused, match="has started"):
        services.sign_up_take_back(tournament=t, player=players[2])


def test_closing_time_a_second_sign_up_and_a_closed_event():
    t = _event(closes=timezone.now() - timedelta(minutes=1))
    _, ann = _member("Ann")
    with pytest.raises(services.TournamentRefused, match="sign-up has closed"):
        services.sign_up_add(tournament=t, player=ann)
    services.tournament_sign_up_set(tournament=t, open=True, cap=None, closes=timezone.now() + timedelta(hours=1))
    services.sign_up_add(tournament=t, player=ann)
    with pytest.raises(services.TournamentRefused, match="Ann is already signed up"):
        services.sign_up_add(tournament=t, player=ann)
    services.tournament_sign_up_set(tournament=t, open=False, cap=None, closes=None)
    with pytest.raises(services.TournamentRefused, match="not open for sign-up"):
        services.sign_up_add(tournament=t, player=_member("Ben")[1])
    with pytest.raises(services.TournamentRefused, match="between 2 and"):
        services.tournament_sign_up_set(tournament=t, open=True, cap=1, closes=None)


def test_a_pair_signs_up_for_doubles_and_either_takes_it_back():
    t = _event(doubles=True, cap=4)
    _, ann = _member("Ann")
    _, cat = _member("Cat")
    with pytest.raises(services.TournamentRefused, match="name your partner"):
        services.sign_up_add(tournament=t, player=ann)
    line = services.sign_up_add(tournament=t, player=ann, partner_name="Cat", team_name="Nord")
    assert line.sign_up.name == "Nord" and line.sign_up.partner == cat
    with pytest.raises(services.TournamentRefused, match="Cat is already signed up"):
        services.sign_up_add(tournament=t, player=_member("Ben")[1], partner_name="cat")
    assert services.sign_up_take_back(tournament=t, player=cat) == "Nord"
    assert not SignUp.objects.filter(tournament=t).exists()


def test_the_director_entering_a_player_clears_their_sign_up():
    t = _event()
    _, ann = _member("Ann")
    services.sign_up_add(tournament=t, player=ann)
    services.entries_set(tournament=t, names=["ann", "Ben"])
    assert not SignUp.objects.filter(tournament=t).exists()
    assert Entry.objects.filter(tournament=t, player=ann).exists()


def test_the_page_shows_the_member_in_or_waiting_and_the_fee_with_money_on():
    club_money_set(money=True, unit=Decimal("1.00"))
    t = _event(cap=2, entries=["Zoë"], fee="5.00")
    ann_user, ann = _member("Ann")
    ben_user, ben = _member("Ben")
    ann_phone, ben_phone = _phone(ann_user), _phone(ben_user)
    page = ann_phone.get(t.get_absolute_url()).content.decode()
    assert "Sign me up: Ann" in page and "entry fee 5.00, paid at check-in" in page and "1 free" in page
    page = ann_phone.post(reverse("tournaments:sign_up", args=[t.pk]), follow=True).content.decode()
    assert "You are in: Ann." in page and "Take my place back" in page
    page = ben_phone.post(reverse("tournaments:sign_up", args=[t.pk]), follow=True).content.decode()
    assert "Ben is number 1 on the waiting list" in page
    assert "Ben: number 1 on the waiting list." in page
    page = ann_phone.post(reverse("tournaments:sign_up_take_back", args=[t.pk]), follow=True).content.decode()
    assert "Ann: taken back." in page and "Join the waiting list: Ann" in page   # Ben took the place
    assert "You are in: Ben." in ben_phone.get(t.get_absolute_url()).content.decode()


def test_a_visitor_signs_up_no_one_and_a_member_only_themselves():
    t = _event()
    ann_user, ann = _member("Ann")
    ben_user, ben = _member("Ben")
    visitor = Client()
    response = visitor.post(reverse("tournaments:sign_up", args=[t.pk]), {"player": ann.pk})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert "Log in to sign up" in visitor.get(t.get_absolute_url()).content.decode()
    # a member posting another player's id (or name) still signs up only themselves
    _phone(ann_user).post(reverse("tournaments:sign_up", args=[t.pk]), {"player": ben.pk, "name": "Ben"})
    assert [s.player for s in SignUp.objects.filter(tournament=t)] == [ann]
    # Ben cannot take Ann's place back: his own take-back finds nothing of his
    page = _phone(ben_user).post(reverse("tournaments:sign_up_take_back", args=[t.pk]), {"player": ann.pk},
                                 follow=True).content.decode()
    assert "You are not signed up." in page
    assert SignUp.objects.filter(tournament=t, player=ann).exists()
    # an account with no player is told, and nothing is saved
    stray = get_user_model().objects.create_user(username="stray", password="x-long-pass-1")
    page = _phone(stray).post(reverse("tournaments:sign_up", args=[t.pk]), follow=True).content.decode()
    assert "not linked to a player" in page and SignUp.objects.filter(tournament=t).count() == 1
    # a member cannot accept, remove or open sign-up
    s = SignUp.objects.get(tournament=t)
    for url in (reverse("tournaments:sign_up_accept", args=[t.pk, s.pk]),
                reverse("tournaments:sign_up_remove", args=[t.pk, s.pk]),
                reverse("tournaments:sign_up_settings", args=[t.pk])):
        assert _phone(ben_user).post(url, {"sign_up": "on"}).status_code == 403
    assert SignUp.objects.filter(tournament=t).count() == 1 and not Entry.objects.filter(tournament=t).exists()


def test_the_desk_accepts_and_removes(director):
    t = _event(cap=2)
    _, ann = _member("Ann")
    _, ben = _member("Ben")
    _, cat = _member("Cat")
    for p in (ann, ben, cat):
        services.sign_up_add(tournament=t, player=p)
    desk = _phone(director)
    page = desk.get(reverse("tournaments:desk", args=[t.pk])).content.decode()
    assert page.count("holds a place") == 2 and "waiting 1" in page
    s = {x.player.name: x for x in SignUp.objects.filter(tournament=t).select_related("player")}
    page = desk.post(reverse("tournaments:sign_up_remove", args=[t.pk, s["Ann"].pk]),
                     {"next": reverse("tournaments:desk", args=[t.pk])}, follow=True).content.decode()
    assert "Sign-up removed: Ann." in page and page.count("holds a place") == 2
    desk.post(reverse("tournaments:sign_up_accept", args=[t.pk, s["Cat"].pk]))
    assert [e.player.name for e in Entry.objects.filter(tournament=t)] == ["Cat"]
    response = desk.post(reverse("tournaments:sign_up_settings", args=[t.pk]),
                         {"sign_up": "on", "sign_up_cap": "1"}, follow=True)
    assert "Places: Ensure this value is greater than or equal to 2." in response.content.decode()
    desk.post(reverse("tournaments:sign_up_settings", args=[t.pk]),
              {"sign_up": "on", "sign_up_cap": "8", "sign_up_closes": "2031-05-01T19:30"})
    t.refresh_from_db()
    assert t.sign_up_cap == 8 and timezone.localtime(t.sign_up_closes).strftime("%Y-%m-%d %H:%M") == "2031-05-01 19:30"


@pytest.mark.django_db(transaction=True)
def test_two_members_racing_for_the_last_place():
    for attempt in range(4):
        t = _event(cap=2, entries=["Zoë"])
        users = [_member(f"Racer {attempt} {i}") for i in range(2)]
        results = run_together(*[
            (lambda u=u: _phone(u).post(reverse("tournaments:sign_up", args=[t.pk]), follow=True).content.decode())
            for u, _ in users])
        told_in = [r for r in results if "You are in:" in r]
        told_waiting = [r for r in results if "number 1 on the waiting list, and moves up" in r]
        assert len(told_in) == 1 and len(told_waiting) == 1, results
        lines = services.sign_up_lines(Tournament.objects.get(pk=t.pk))
        assert [(line.place, line.waiting) for line in lines] == [(True, None), (False, 1)]
