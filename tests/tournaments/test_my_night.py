"""My night: an entrant's own page from their account or their personal link: next table and
opponent, round and clock, live score, hands awaiting their confirmation, results so far, their
place in the standings and the season, their prize with money on; it moves with the pad (its
version changes with each hand). Nobody else's night opens without their link."""
from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ginscore.engine import MatchLength
from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.players.models import Player
from ginscore.seasons.services import club_money_set, prize_set, season_save
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, Tournament, TournamentMatch
from ginscore.tournaments.my_night import night_link

from .conftest import win

pytestmark = pytest.mark.django_db


def _night(ann, agree=False):
    club_money_set(money=True, unit=Decimal("1.00"))
    today = timezone.localdate()
    season_save(name="Winter", starts=today - timedelta(days=30), ends=today + timedelta(days=30), chosen=False,
                preset="linear", best=None, minimum=0)
    t = services.tournament_create(name="Thursday", format="swiss", rounds=2, length=MatchLength("best_of", 1),
                                   agree=agree)
    services.entries_set(tournament=t, names=["Ann", "Ben", "Cat", "Dan"])
    prize_set(tournament=t, entry_fee=Decimal("10"), added=Decimal("0"), house_fixed=Decimal("0"),
              house_percent=Decimal("0"), preset="wta", split="", unit=Decimal("1"))
    for e in Entry.objects.filter(tournament=t):
        services.entry_check_in(entry=e, paid=True)
    services.tournament_start(tournament=t)
    return Tournament.objects.get(pk=t.pk)


def _mine(t, ann):
    return TournamentMatch.objects.select_related("match", "entry_a__player", "entry_b__player").get(
        tournament=t, play_round=1, match__isnull=False, entry_a__player=ann) \
        if TournamentMatch.objects.filter(tournament=t, play_round=1, entry_a__player=ann).exists() else \
        TournamentMatch.objects.select_related("match", "entry_a__player", "entry_b__player").get(
            tournament=t, play_round=1, entry_b__player=ann)


def test_my_night_from_my_account_moves_with_the_pad(member, ann):
    t = _night(ann)
    row = _mine(t, ann)
    other = row.entry_b if row.entry_a.player == ann else row.entry_a
    phone = Client()
    phone.force_login(member)
    url = reverse("tournaments:my_night", args=[t.pk])
    assert "My night: my table, my results" in phone.get(t.get_absolute_url()).content.decode()
    response = phone.get(url)
    page = response.content.decode()
    assert f"Table {row.table}" in page and f"against {other.name}" in page and "Round 1" in page
    assert "not started" in page and "No result yet." in page
    etag = response["ETag"]
    assert phone.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    side = "a" if row.entry_a.player == ann else "b"
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("knock", side, 3, 20), expected_number=1)
    response = phone.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200   # the hand moved it on
    mine, theirs = (17, 0) if side == "a" else (0, 17)
    assert f"{mine}–{theirs} (game 1)" in response.content.decode()
    win(row, ann.name)
    page = phone.get(url).content.decode()
    assert "Round 1: <strong>won</strong> against " + other.name in page
    assert "Winter" in page   # the season this event counts in
    # Ann leads (one win): the winner takes all of the 40 pool for now
    assert "Prize for this place now" in page and "40" in page
    assert "1 of 4 · 1 won, 0 lost" in page
    # round 2 is paired once round 1 is over
    for r in TournamentMatch.objects.filter(tournament=t, play_round=1, outcome="").select_related("match"):
        win(r, r.match.player_a.name)
    page = phone.get(url).content.decode()
    assert "Round 2" in page and "Table " in page


def test_hands_awaiting_my_confirmation(member, ann, django_user_model):
    t = _night(ann, agree=True)
    row = _mine(t, ann)
    side, other = ("b", row.entry_b) if row.entry_a.player == ann else ("a", row.entry_a)
    user = django_user_model.objects.create_user(username="opponent", password="x-table-talk-42")
    Player.objects.filter(pk=other.player_id).update(user=user)
    # the other player enters a hand from their account: it waits for Ann
    match_services.hand_add(match_id=row.match_id, entry=HandEntry("gin", side, None, 12), expected_number=1,
                            user=user, via="account")
    phone = Client()
    phone.force_login(member)
    page = phone.get(reverse("tournaments:my_night", args=[t.pk])).content.decode()
    assert "Hands to confirm" in page and "hand 1: awaiting your confirmation" in page


def test_the_personal_link_opens_one_night_and_no_other(ann, other_member):
    t = _night(ann)
    ben = Entry.objects.get(tournament=t, player__name="Ben")
    visitor = Client()
    page = visitor.get(night_link(ben)).content.decode()
    assert "My night: Ben" in page
    wrong = night_link(ben).rstrip("/").rsplit("/", 1)[0] + "/AAAAAAAAAAAAAAAAAAAAAA/"
    assert visitor.get(wrong).status_code == 404
    cat = Entry.objects.get(tournament=t, player__name="Cat")
    forged = reverse("tournaments:my_night_link", args=[t.pk, cat.pk, night_link(ben).rstrip("/").rsplit("/", 1)[1]])
    assert visitor.get(forged).status_code == 404
    response = visitor.get(reverse("tournaments:my_night", args=[t.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    stranger = Client()
    stranger.force_login(other_member)
    assert stranger.get(reverse("tournaments:my_night", args=[t.pk])).status_code == 404
    # the check-in page of the personal link leads to it
    from ginscore.tournaments.own_check_in import check_in_link
    assert night_link(ben) in visitor.get(check_in_link(ben)).content.decode()
    assert Player.objects.filter(name="Ben").exists()
