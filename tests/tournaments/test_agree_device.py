"""Both players agree: one device answers for one player of a match (issue 31, item 7). A phone
that has confirmed (or disputed) for one seat cannot then confirm for the other, whether it typed
both codes or opened both personal links; the other player answers from another device. The
device is a long-lived cookie, and the history names the device of every answer."""
import re

from django.test import Client

from ginscore.club.device import AGE, COOKIE, device_label, device_shown
from ginscore.matches.agreement import hand_version
from ginscore.matches.models import AGREED, AWAITING, Hand, HandChange, Match
from ginscore.matches.seats import seat_code, seat_link
from tests.tournaments.test_agree_views import _add, _open_link, _pad, _post, event  # noqa: F401

import pytest

pytestmark = pytest.mark.django_db


def _hand(hand):
    hand.refresh_from_db()
    return hand


def test_the_table_phone_answers_for_one_player_only(event):
    t, (first, _) = event
    match = Match.objects.select_related("player_a", "player_b").get(pk=first.match_id)
    a, b = match.player_a.name, match.player_b.name
    hand = _add(match, "a")                        # typed on the table's phone: both sides confirm
    table, other = Client(), Client()
    for phone in (table, other):
        _open_link(phone, match)
    r = _post(table, "hand_confirm", match, 1, side="b", version=hand_version(hand), code=seat_code(match, "b"))
    cookie = r.cookies[COOKIE]
    assert cookie["max-age"] == AGE and cookie["httponly"] and len(cookie.value) >= 20
    assert _hand(hand).confirmed_sides == "b"
    # The same phone, with the right code of the other player: refused, nothing counted.
    _post(table, "hand_confirm", match, 1, side="a", version=hand_version(hand), code=seat_code(match, "a"))
    page = _pad(table, match).content.decode()
    assert (f"This phone has already answered for {b} in this match, so it cannot answer for {a} too: {a} answers "
            f"on their own phone (their account or personal link) or another one.") in page.replace("&#x27;", "'")
    assert _hand(hand).agreement == AWAITING and hand.confirmed_sides == "b"
    # ... nor dispute for them.
    _post(table, "hand_dispute", match, 1, side="a", version=hand_version(hand), code=seat_code(match, "a"),
          reason="wrong count")
    assert _hand(hand).agreement == AWAITING
    # Another device, with that player's code: it counts.
    _post(other, "hand_confirm", match, 1, side="a", version=hand_version(hand), code=seat_code(match, "a"))
    assert _hand(hand).agreement == AGREED
    # The history names the device of each answer.
    mine, theirs = device_label(cookie.value), device_label(other.cookies[COOKIE].value)
    assert mine != theirs
    changes = list(HandChange.objects.filter(match=match, action="confirmed").order_by("id")
                   .values_list("side", "device"))
    assert changes == [("b", mine), ("a", theirs)]
    page = _pad(other, match).content.decode()
    assert re.search(rf"<strong>confirmed</strong> by {re.escape(b)} \(own code\), on device {device_shown(mine)}",
                     page)
    assert re.search(rf"<strong>confirmed</strong> by {re.escape(a)} \(own code\), on device {device_shown(theirs)}",
                     page)


def test_one_phone_that_opened_both_personal_links_answers_for_the_first_only(event):
    t, (first, _) = event
    match = Match.objects.get(pk=first.match_id)
    one = _add(match, "a")
    two = _add(match, "a")
    phone = Client()
    phone.get(seat_link(match, "b"))
    _post(phone, "hand_confirm", match, 1, side="b", version=hand_version(one))
    assert _hand(one).confirmed_sides == "b"
    phone.get(seat_link(match, "a"))               # the other player's link, on the same phone
    _post(phone, "hand_confirm", match, 1, side="a", version=hand_version(one))
    _post(phone, "hand_confirm", match, 2, side="a", version=hand_version(two))
    assert _hand(one).confirmed_sides == "b" and _hand(two).confirmed_sides == ""
    # It still answers for its own player, on any hand of the match.
    _post(phone, "hand_confirm", match, 2, side="b", version=hand_version(two))
    assert _hand(two).confirmed_sides == "b"
    assert Hand.objects.get(pk=one.pk).agreement == AWAITING


def test_a_cookie_that_is_no_device_is_replaced(event):
    t, (first, _) = event
    match = Match.objects.get(pk=first.match_id)
    hand = _add(match, "a")
    phone = Client()
    phone.cookies[COOKIE] = "x"
    _open_link(phone, match)
    r = _post(phone, "hand_confirm", match, 1, side="b", version=hand_version(hand), code=seat_code(match, "b"))
    assert r.status_code == 302 and len(r.cookies[COOKIE].value) >= 20
    assert HandChange.objects.get(match=match, action="confirmed").device == device_label(r.cookies[COOKIE].value)
