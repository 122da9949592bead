"""The phones' notifications end to end: a player opts in (their account, or their personal link),
the director and the tables do what they do on a night through the site's own pages, and the push
service on loopback (tests/push/service.py) checks the VAPID signature and the encryption and
decrypts what arrives: the exact words, in the player's language. Nothing for those who did not
opt in, nothing for a write rolled back, each notice once, and log-out withdrawing the phone.
(Here the tasks run in the request, the tests' backend; tests/push/test_worker.py runs the worker.)"""
from __future__ import annotations

import threading

import pytest
from django.db import transaction
from django.db.models import Q
from django.test import Client
from django.urls import reverse

from ginscore.engine import MatchLength
from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.matches.models import Match
from ginscore.players.models import Player
from ginscore.push.models import Sent, Subscription
from ginscore.push.send import deliver
from ginscore.tournaments import services
from ginscore.tournaments.models import Entry, Tournament, TournamentMatch
from ginscore.tournaments.my_night import night_link
from tests.tournaments.conftest import win

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def night(django_user_model, director):
    """Thursday's Swiss (2 rounds, one game a match, both players agree): Ann and Ben have accounts
    (Ben's in French), Cat and Dan none."""
    t = services.tournament_create(name="Thursday", format="swiss", rounds=2, length=MatchLength("best_of", 1),
                                   agree=True)
    services.entries_set(tournament=t, names=["Ann", "Ben", "Cat", "Dan"])
    for name in ("Ann", "Ben"):
        user = django_user_model.objects.create_user(username=name.lower(), password="table-talk-42")
        Player.objects.filter(name=name).update(user=user)
    desk = Client()
    desk.force_login(director)
    return Tournament.objects.get(pk=t.pk), desk


def _phone(user=None, language="en"):
    phone = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        phone.force_login(user)
    return phone


def _opt_in(phone, subscription, url=None):
    return phone.post(url or reverse("push:subscribe"), subscription, content_type="application/json")


def _row(t, name, play_round=1):
    return TournamentMatch.objects.select_related("entry_a__player", "entry_b__player", "match").get(
        Q(entry_a__player__name=name) | Q(entry_b__player__name=name), tournament=t, play_round=play_round)


def _user(django_user_model, name):
    """``name``'s account (made if they have none)."""
    player = Player.objects.get(name=name)
    if player.user is None:
        player.user = django_user_model.objects.create_user(username=name.lower(), password="table-talk-42")
        player.save()
    return player.user


def _other(row, name):
    return row.entry_b.player.name if row.entry_a.player.name == name else row.entry_a.player.name


def _side(match, name):
    return "a" if Match.objects.get(pk=match.pk).player_a.name == name else "b"


def _gin(phone, match, name):
    match.refresh_from_db()
    return phone.post(reverse("matches:hand_new", args=[match.pk]), {
        "number": match.hand_count + 1, "revision": match.revision, "action": "save", "end": "gin",
        "by": _side(match, name), "defender_deadwood": 60})


def test_round_paired_tells_each_opted_in_player_their_table_and_opponent_in_their_language(night, push_service):
    t, desk = night
    ann = _phone(Player.objects.get(name="Ann").user)
    ben_entry = Entry.objects.get(tournament=t, player__name="Ben")
    ben = _phone(language="fr")   # no log-in: Ben's personal link
    ann_phone, ben_phone = push_service.phone("ann"), push_service.phone("ben")
    answered = _opt_in(ann, ann_phone.subscription())
    assert answered.status_code == 200 and answered.json()["message"] == "Notifications are on for Ann on this phone."
    link = night_link(ben_entry).replace("/tournaments/", "/push/").replace("/me/", "/")
    answered = _opt_in(ben, ben_phone.subscription(), link)
    assert answered.json()["message"] == "Les notifications sont activées pour Ben sur ce téléphone."
    assert desk.post(reverse("tournaments:start", args=[t.pk])).status_code == 302
    arrived = push_service.wait_for(2)
    assert not push_service.problems
    mine, his = _row(t, "Ann"), _row(t, "Ben")
    assert push_service.texts(ann_phone) == [f"Round 1 is paired: table {mine.table} against {_other(mine, 'Ann')}."]
    assert push_service.texts(ben_phone) == [f"Ronde 1 : vous jouez table {his.table} contre {_other(his, 'Ben')}."]
    by_phone = {a.phone: a for a in arrived}
    assert by_phone["ann"].payload["title"] == "Thursday"
    assert by_phone["ann"].payload["url"] == reverse("tournaments:my_night", args=[t.pk])
    assert by_phone["ben"].payload["url"] == night_link(ben_entry)   # his own night, from his link
    assert by_phone["ann"].headers["ttl"] == "1800"
    assert len(arrived) == 2   # Cat and Dan did not opt in: nothing for them


def test_a_hand_entered_asks_the_other_player_then_time_is_called(night, push_service, django_user_model):
    t, desk = night
    services.tournament_start(tournament=t)
    row = _row(t, "Ann")
    other = _other(row, "Ann")
    ann_phone = push_service.phone("ann")
    _opt_in(_phone(_user(django_user_model, "Ann")), ann_phone.subscription())
    them = _phone(_user(django_user_model, other))
    their_phone = push_service.phone("them")
    _opt_in(them, their_phone.subscription())
    # the opponent enters hand 1 from their own account: Ann is asked to confirm it, they are not
    assert _gin(them, row.match, other).status_code == 302
    push_service.wait_for(1)
    assert push_service.texts(ann_phone) == [f"{other} entered hand 1: confirm it."]
    assert push_service.texts(their_phone) == []
    # the director calls time: both are told
    assert desk.post(reverse("tournaments:clock_start", args=[t.pk]), {"minutes": 30}).status_code == 302
    assert desk.post(reverse("tournaments:time_call", args=[t.pk])).status_code == 302
    push_service.wait_for(3)
    called = "Round 1: time is called. Finish the hand in play."
    assert push_service.texts(ann_phone)[1:] == [called] and push_service.texts(their_phone) == [called]
    assert not push_service.problems


def test_the_result_is_in_for_both_players_with_the_score(night, push_service):
    t, desk = night
    Tournament.objects.filter(pk=t.pk).update(agree=False)
    services.tournament_start(tournament=t)
    row = _row(t, "Ann")
    other = _other(row, "Ann")
    ann = Player.objects.get(name="Ann").user
    ann_phone = push_service.phone("ann")
    _opt_in(_phone(ann), ann_phone.subscription())
    phone = _phone(ann)
    while not Match.objects.get(pk=row.match_id).complete:
        assert _gin(phone, row.match, "Ann").status_code == 302
    push_service.wait_for(1)
    row.refresh_from_db()
    mine, theirs = (row.points_a, row.points_b) if row.entry_a.player.name == "Ann" else (row.points_b, row.points_a)
    assert mine > theirs == 0
    assert push_service.texts(ann_phone) == [f"Your result is in: won against {other}, {mine}–{theirs}."]
    assert not push_service.problems


def test_nothing_is_sent_for_a_write_rolled_back(night, push_service):
    t, desk = night
    ann_phone = push_service.phone("ann")
    _opt_in(_phone(Player.objects.get(name="Ann").user), ann_phone.subscription())
    with pytest.raises(RuntimeError):
        with transaction.atomic():
            services.tournament_start(tournament=t)
            raise RuntimeError("the write fails after the pairing")
    assert push_service.arrived == [] and not Sent.objects.exists()
    services.tournament_start(tournament=t)   # done for real: now it is sent
    assert len(push_service.wait_for(1)) == 1


def test_the_same_news_twice_is_sent_once(night, push_service):
    t, desk = night
    ann_phone = push_service.phone("ann")
    _opt_in(_phone(Player.objects.get(name="Ann").user), ann_phone.subscription())
    services.tournament_start(tournament=t)
    push_service.wait_for(1)
    again = deliver("paired", {"tournament": t.pk})   # a job run again, another app server
    together = []
    threads = [threading.Thread(target=lambda: together.append(deliver("paired", {"tournament": t.pk})))
               for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert again.sent == 0 and sum(o.sent for o in together) == 0 and not any(o.failed for o in together)
    assert len(push_service.arrived) == 1 and Sent.objects.count() == 1


def test_a_push_service_that_says_gone_deletes_the_subscription(night, push_service):
    t, desk = night
    ann_phone = push_service.phone("ann")
    _opt_in(_phone(Player.objects.get(name="Ann").user), ann_phone.subscription())
    push_service.answer = 410
    services.tournament_start(tournament=t)
    assert len(push_service.wait_for(1)) == 1
    assert not Subscription.objects.exists()


def test_log_out_withdraws_the_phones_notifications(night, push_service):
    t, desk = night
    ann = Player.objects.get(name="Ann").user
    phone = _phone(ann)
    ann_phone = push_service.phone("ann")
    assert _opt_in(phone, ann_phone.subscription()).status_code == 200
    assert Subscription.objects.filter(player__name="Ann").count() == 1
    assert phone.post(reverse("logout")).status_code == 302
    assert not Subscription.objects.exists()
    services.tournament_start(tournament=t)
    assert push_service.arrived == []


def test_the_opt_out_forgets_the_phone(night, push_service):
    t, desk = night
    phone = _phone(Player.objects.get(name="Ann").user)
    ann_phone = push_service.phone("ann")
    _opt_in(phone, ann_phone.subscription())
    answered = phone.post(reverse("push:unsubscribe"), {"endpoint": ann_phone.endpoint}, content_type="application/json")
    assert answered.json() == {"on": False, "message": "Notifications are off on this phone."}
    services.tournament_start(tournament=t)
    assert push_service.arrived == [] and not Subscription.objects.exists()


def test_nobody_subscribes_for_someone_else(night, push_service, other_member):
    t, desk = night
    ben_entry = Entry.objects.get(tournament=t, player__name="Ben")
    cat_entry = Entry.objects.get(tournament=t, player__name="Cat")
    good = night_link(ben_entry).replace("/tournaments/", "/push/").replace("/me/", "/")
    token = good.rstrip("/").rsplit("/", 1)[1]
    subscription = push_service.phone("x").subscription()
    tries = {
        "visitor": (Client(), reverse("push:subscribe")),
        "member without a player": (_phone(other_member), reverse("push:subscribe")),
        "Ben's pass for Cat": (Client(), reverse("push:subscribe_link", args=[t.pk, cat_entry.pk, token])),
        "a made-up pass": (Client(), reverse("push:subscribe_link", args=[t.pk, ben_entry.pk, "A" * 22])),
    }
    for who, (phone, url) in tries.items():
        answered = _opt_in(phone, subscription, url)
        assert answered.status_code == 403, who
    assert not Subscription.objects.exists()
    # Ann's account subscribes Ann, whatever the page says
    _opt_in(_phone(Player.objects.get(name="Ann").user), subscription)
    assert list(Subscription.objects.values_list("player__name", flat=True)) == ["Ann"]


@pytest.mark.parametrize("body, said", [
    ("{not json", "subscription: not JSON."),
    ("[1, 2]", "subscription: the browser's subscription is missing."),
    ('{"keys": {}}', "endpoint: missing; the browser's subscription gives it."),
    ('{"endpoint": "https://evil.example/x", "keys": {}}',
     "endpoint: not the address of a push service this site sends to."),
    ('{"endpoint": "http://fcm.googleapis.com/x", "keys": {}}',
     "endpoint: not the address of a push service this site sends to."),
    ('{"endpoint": "https://fcm.googleapis.com/' + "x" * 1000 + '"}',
     "endpoint: at most 1000 characters (this one has 1027)."),
    ('{"endpoint": "https://fcm.googleapis.com/x", "keys": {"p256dh": "AAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}',
     "p256dh: not a P-256 public key (65 bytes, base64url)."),
    ('{"endpoint": "https://fcm.googleapis.com/x", "keys": {"p256dh": 12}}',
     "p256dh: not a P-256 public key (65 bytes, base64url)."),
])
def test_what_the_browser_sends_is_checked_and_a_bad_one_is_a_clear_400(night, body, said):
    phone = _phone(Player.objects.get(name="Ann").user)
    answered = phone.post(reverse("push:subscribe"), body, content_type="application/json")
    assert answered.status_code == 400 and answered.json() == {"error": said}
    assert not Subscription.objects.exists()


def test_a_form_posted_instead_of_json_is_a_clear_400_on_and_off(night):
    """A stray script posting a form (multipart, as a browser's form or a test client sends it) to
    the opt-in or the opt-out: the body was read by the CSRF check already (it was a 500)."""
    phone = _phone(Player.objects.get(name="Ann").user)
    for url in (reverse("push:subscribe"), reverse("push:unsubscribe")):
        for form in ({"endpoint": "https://fcm.googleapis.com/x"}, {"x": "😀"}):
            answered = phone.post(url, form)
            assert answered.status_code == 400 and answered.json() == {"error": "subscription: not JSON."}, url
    assert Client().post(reverse("push:unsubscribe"), {"x": ""}).json() == {"error": "subscription: not JSON."}
    assert not Subscription.objects.exists()


def test_bad_keys_are_refused(night, push_service):
    phone = _phone(Player.objects.get(name="Ann").user)
    subscription = push_service.phone("ann").subscription()
    bad_auth = {**subscription, "keys": {**subscription["keys"], "auth": "c2hvcnQ"}}
    answered = _opt_in(phone, bad_auth)
    assert answered.json() == {"error": "auth: not an authentication secret (16 bytes, base64url)."}
    off_curve = {**subscription, "keys": {**subscription["keys"], "p256dh": "BA" + "A" * 85}}
    assert _opt_in(phone, off_curve).json() == {"error": "p256dh: not a P-256 public key (65 bytes, base64url)."}
    assert not Subscription.objects.exists()


def test_a_partnership_deal_asks_the_other_team_and_a_table_to_come_says_so(push_service, django_user_model):
    """Doubles: Ann enters deal 1 at table 1 from her account; the other team (Ben and Dan, both
    opted in) is asked, her partner Cat is not. A knockout with one table: the second semi-final
    hears it waits for a table, then its table."""
    t = services.tournament_create(name="Pairs night", format="single", preset="partnership",
                                   length=MatchLength("best_of", 1), doubles=True, agree=True)
    services.entries_set(tournament=t, names=["Ann & Cat", "Ben & Dan"])
    services.tournament_start(tournament=t)
    phones = {}
    for name in ("Ann", "Ben", "Cat", "Dan"):
        phones[name] = push_service.phone(name.lower())
        _opt_in(_phone(_user(django_user_model, name)), phones[name].subscription())
    match = Match.objects.get(tournament_match__tournament=t)
    side = "a" if match.player_a.name == "Ann" else "b"
    match_services.hand_add(match_id=match.pk, entry=HandEntry("knock", side, 5, 30), expected_number=1, table=1,
                            user=Player.objects.get(name="Ann").user, via="account")
    asked = "Ann entered deal 1, table 1: confirm it."
    assert {n: push_service.texts(p) for n, p in phones.items()} == {
        "Ann": [], "Cat": [], "Ben": [asked], "Dan": [asked]}

    k = services.tournament_create(name="Knockout", format="single", length=MatchLength("best_of", 1), tables=1)
    services.entries_set(tournament=k, names=["Ann", "Ben", "Cat", "Dan"])
    services.tournament_start(tournament=k)
    waiting = TournamentMatch.objects.select_related("entry_a__player", "entry_b__player", "match").get(
        tournament=k, table__isnull=True, match__isnull=False)
    first = TournamentMatch.objects.select_related("match__player_a").get(tournament=k, table=1)
    name, other = waiting.entry_a.player.name, waiting.entry_b.player.name
    assert push_service.texts(phones[name])[-1] == (
        f"Semi-final is paired: against {other}; your table comes when one is free.")
    before = len(push_service.texts(phones[name]))
    win(first, first.match.player_a.name)
    texts = push_service.texts(phones[name])[before:]
    assert texts == [f"Semi-final is paired: table 1 against {other}."]


def test_a_player_has_at_most_ten_phones_the_oldest_let_go(night, push_service):
    phone = _phone(Player.objects.get(name="Ann").user)
    made = [push_service.phone(f"ann{i}") for i in range(12)]
    for p in made:
        assert _opt_in(phone, p.subscription()).status_code == 200
    kept = set(Subscription.objects.values_list("endpoint", flat=True))
    assert kept == {p.endpoint for p in made[2:]}
