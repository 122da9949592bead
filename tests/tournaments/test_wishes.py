"""Pairing wishes in a real event: kept apart in Swiss rounds (also the rounds paired after a
result), round-robin groups and a knockout's first round; a player's own table every round; the
desk and the round page say what could not be met; copied to next week's event; only a
director sets them."""
import pytest
from django.test import Client
from django.urls import reverse

from ginscore.engine import MatchLength
from ginscore.players.models import Player
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, PairingWish, Tournament, TournamentMatch

from .conftest import win

pytestmark = pytest.mark.django_db


def _event(format, names, **options):
    t = services.tournament_create(name="Wishes", format=format, length=MatchLength("best_of", 1), **options)
    services.entries_set(tournament=t, names=names)
    return Tournament.objects.get(pk=t.pk)


def _p(name):
    return Player.objects.get(name=name)


def _meetings(t, round=None):
    rows = TournamentMatch.objects.filter(tournament=t, entry_b__isnull=False).select_related(
        "entry_a__player", "entry_b__player")
    if round is not None:
        rows = rows.filter(play_round=round)
    return {frozenset((r.entry_a.player.name, r.entry_b.player.name)): r.table for r in rows}


def test_swiss_keeps_a_couple_apart_and_a_player_at_their_table_every_round():
    names = [f"P{i}" for i in range(1, 9)]
    t = _event("swiss", names, rounds=3)
    # seeds 1 v 5 would meet in round 1 (top half v bottom half); P8 keeps table 2
    services.wish_apart_add(tournament=t, player=_p("P1"), other=_p("P5"))
    services.wish_table_set(tournament=t, player=_p("P8"), table=2)
    services.tournament_start(tournament=t)
    for r in (1, 2, 3):
        met = _meetings(t, r)
        assert frozenset(("P1", "P5")) not in met
        assert [table for pair, table in met.items() if "P8" in pair] == [2]
        assert services.wishes_unmet(Tournament.objects.get(pk=t.pk), 1, r) == []
        for row in TournamentMatch.objects.filter(tournament=t, play_round=r, outcome="").select_related("match"):
            win(row, row.match.player_a.name)   # the next round is paired after the last result
    assert Tournament.objects.get(pk=t.pk).status == "finished"


def test_round_robin_groups_keep_them_apart_and_one_group_says_it_cannot():
    t = _event("roundrobin", [f"P{i}" for i in range(1, 9)], groups=2)
    services.wish_apart_add(tournament=t, player=_p("P1"), other=_p("P4"))   # snake: both in group 1
    services.tournament_start(tournament=t)
    groups = dict(Entry.objects.filter(tournament=t).values_list("player__name", "group"))
    assert groups["P1"] != groups["P4"]
    assert sorted(list(groups.values()).count(g) for g in (1, 2)) == [4, 4]
    assert frozenset(("P1", "P4")) not in _meetings(t)
    one = _event("roundrobin", ["Ann", "Ben", "Cat", "Dan"])
    services.wish_apart_add(tournament=one, player=_p("Ann"), other=_p("Ben"))
    services.tournament_start(tournament=one)
    r = next(r for r in range(1, 4) if frozenset(("Ann", "Ben")) in _meetings(one, r))
    assert services.wishes_unmet(one, 1, r) == ["Ann and Ben meet: no pairing of this round keeps them apart."]


def test_knockout_first_round_keeps_them_apart_and_a_fixed_table():
    t = _event("single", [f"P{i}" for i in range(1, 9)])
    services.wish_apart_add(tournament=t, player=_p("P1"), other=_p("P8"))   # seed 1 v seed 8
    services.wish_table_set(tournament=t, player=_p("P3"), table=1)
    services.tournament_start(tournament=t)
    first = _meetings(t, 1)
    assert frozenset(("P1", "P8")) not in first and frozenset(("P1", "P7")) in first
    assert [table for pair, table in first.items() if "P3" in pair] == [1]
    assert sorted(first.values()) == [1, 2, 3, 4]


def test_the_desk_sets_wishes_and_says_what_could_not_be_met(director, member):
    t = _event("swiss", ["Ann", "Ben"], rounds=1)
    desk = Client()
    desk.force_login(director)
    url = reverse("tournaments:wish_add", args=[t.pk])
    back = {"next": reverse("tournaments:desk", args=[t.pk])}
    ann, ben = _p("Ann"), _p("Ben")
    page = desk.post(url, {**back, "player": ann.pk, "other": ben.pk}, follow=True).content.decode()
    assert "Ann and Ben will not meet whenever a pairing allows it." in page and "Ann and Ben do not meet" in page
    page = desk.post(url, {**back, "player": ann.pk}, follow=True).content.decode()
    assert "Choose either the player they must not meet or the table they keep." in page
    page = desk.post(url, {**back, "player": ben.pk, "table": "4"}, follow=True).content.decode()
    assert "Ben keeps table 4" in page
    page = desk.post(url, {**back, "player": ann.pk, "table": "4"}, follow=True).content.decode()
    assert "Table 4 is already kept for Ben." in page
    # a member sets no wish, removes none
    phone = Client()
    phone.force_login(member)
    assert phone.post(url, {"player": ann.pk, "table": "3"}).status_code == 403
    wish = PairingWish.objects.get(tournament=t, table=4)
    assert phone.post(reverse("tournaments:wish_remove", args=[t.pk, wish.pk])).status_code == 403
    assert PairingWish.objects.filter(tournament=t).count() == 2
    # two players only: they must meet, and the desk and the round page say so
    services.tournament_start(tournament=t)
    said = "Ann and Ben meet: no pairing of this round keeps them apart."
    assert said in desk.get(reverse("tournaments:desk", args=[t.pk])).content.decode()
    assert said in desk.get(reverse("tournaments:round", args=[t.pk, 1, 1])).content.decode()
    assert TournamentMatch.objects.get(tournament=t).table == 4   # Ben's table: the one game sits there
    assert said not in phone.get(reverse("tournaments:round", args=[t.pk, 1, 1])).content.decode()
    # next week's event keeps the wishes
    new = services.tournament_copy(tournament=t, entries=True)
    assert sorted((w.player.name, w.other.name if w.other else None, w.table)
                  for w in PairingWish.objects.filter(tournament=new)) == [("Ann", "Ben", None), ("Ben", None, 4)]
