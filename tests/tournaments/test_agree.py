"""Both players agree: in a tournament with the option on, a hand entered at a table counts
for the event (standings, bracket, the next round) only once the other player confirms it;
a disputed hand waits for the director, who settles it."""
import pytest

from ginscore.matches import services as match_services
from ginscore.matches.agreement import hand_confirm, hand_dispute, hand_settle, hand_version
from ginscore.matches.models import AGREED, AWAITING, DISPUTED, VIA_TABLE_LINK, Hand, HandChange, Match
from ginscore.matches.records import HandEntry
from ginscore.players.models import Player
from ginscore.tournaments import services
from ginscore.tournaments.models import Tournament

from .conftest import row, win

pytestmark = pytest.mark.django_db


def _final(make_tournament, agree=True):
    """A two-player knockout (one game a match): its only match is the final."""
    t = make_tournament("single", 2, agree=agree)
    return t, row(t, "W1-1")


def _hand(match, side="a", user=None, via="account"):
    """A gin for ``side`` against 60 (85 points: two win the one game) entered by ``user``."""
    match.refresh_from_db()
    match_services.hand_add(match_id=match.pk, entry=HandEntry("gin", side, None, 60),
                            expected_number=match.hand_count + 1, user=user, via=via)
    match.refresh_from_db()
    return Hand.objects.get(match=match, number=match.hand_count)


def _confirm(hand, side, user=None, via="account"):
    hand.refresh_from_db()
    return hand_confirm(match_id=hand.match_id, number=hand.number, version=hand_version(hand), side=side,
                        user=user, via=via)


def _linked(django_user_model, name, username):
    user = django_user_model.objects.create_user(username=username, password="x-table-talk-42")
    Player.objects.filter(name=name).update(user=user)
    return user


def test_a_finished_match_counts_only_once_every_hand_is_confirmed(make_tournament):
    t, final = _final(make_tournament)
    match = win(final, "P1")
    assert match.complete and match.winner.name == "P1"
    hands = list(Hand.objects.filter(match=match).order_by("number"))
    assert [h.agreement for h in hands] == [AWAITING, AWAITING]
    final = row(t, "W1-1")
    t.refresh_from_db()
    assert final.outcome == "" and final.winner is None and t.status == "running" and t.champion is None
    assert [(r.player, r.wins) for r in services.tournament_table(t)] == [(final.entry_a_id, 0),
                                                                         (final.entry_b_id, 0)]
    _confirm(hands[0], "b")
    assert row(t, "W1-1").outcome == ""           # hand 2 still awaits
    _confirm(hands[1], "b")
    final = row(t, "W1-1")
    t.refresh_from_db()
    assert final.outcome == "played" and final.winner.player.name == "P1"
    assert t.status == "finished" and t.champion.name == "P1"
    assert [c.action for c in HandChange.objects.filter(match=match).order_by("id")] == \
        ["added", "added", "confirmed", "confirmed"]


def test_without_the_option_a_hand_counts_at_once(make_tournament):
    t, final = _final(make_tournament, agree=False)
    win(final, "P2")
    assert set(Hand.objects.filter(match=final.match).values_list("agreement", flat=True)) == {AGREED}
    assert row(t, "W1-1").winner.player.name == "P2"


def test_the_entrant_cannot_confirm_their_own_hand(make_tournament, django_user_model):
    t, final = _final(make_tournament)
    p1 = _linked(django_user_model, "P1", "pone")
    p2 = _linked(django_user_model, "P2", "ptwo")
    side1 = "a" if final.match.player_a.name == "P1" else "b"
    side2 = "b" if side1 == "a" else "a"
    hand = _hand(final.match, side1, user=p1)
    assert hand.entered_by == p1 and hand.agreement == AWAITING
    with pytest.raises(match_services.HandRefused, match="You entered hand 1"):
        _confirm(hand, side1, user=p1)
    with pytest.raises(match_services.HandRefused, match="You entered hand 1"):
        _confirm(hand, side2, user=p1)
    with pytest.raises(match_services.HandRefused, match="P1 entered hand 1: P2 confirms it"):
        _confirm(hand, side1, via=VIA_TABLE_LINK)    # the shared phone naming the entrant
    with pytest.raises(match_services.HandRefused, match="You play as P2"):
        _confirm(hand, side1, user=p2)
    _confirm(hand, side2, user=p2)
    hand.refresh_from_db()
    assert hand.agreement == AGREED
    change = HandChange.objects.filter(match=final.match, action="confirmed").get()
    assert (change.who, change.side, change.via) == (p2, side2, "account")


def test_on_a_shared_phone_the_other_name_confirms_a_hand_typed_there(make_tournament):
    t, final = _final(make_tournament)
    hand = _hand(final.match, "a", via=VIA_TABLE_LINK)
    assert hand.entered_by is None and hand.entered_via == VIA_TABLE_LINK
    _confirm(hand, "b", via=VIA_TABLE_LINK)
    change = HandChange.objects.get(match=final.match, action="confirmed")
    assert (change.who, change.side, change.via) == (None, "b", VIA_TABLE_LINK)
    with pytest.raises(match_services.HandRefused, match="already counts"):
        _confirm(hand, "b", via=VIA_TABLE_LINK)


def test_a_confirmation_of_a_hand_changed_meanwhile_is_refused(make_tournament):
    t, final = _final(make_tournament)
    hand = _hand(final.match, "a", via=VIA_TABLE_LINK)
    version = hand_version(hand)
    match_services.hand_edit(match_id=final.match_id, number=1, entry=HandEntry("knock", "a", 3, 20),
                             expected_revision=Match.objects.get(pk=final.match_id).revision, via=VIA_TABLE_LINK)
    with pytest.raises(match_services.HandConflict):
        hand_confirm(match_id=final.match_id, number=1, version=version, side="b", via=VIA_TABLE_LINK)
    assert Hand.objects.get(pk=hand.pk).agreement == AWAITING


def test_a_dispute_waits_for_the_director_who_settles_it(make_tournament, director):
    t, final = _final(make_tournament)
    first = _hand(final.match, "a", via=VIA_TABLE_LINK)
    _confirm(first, "b", via=VIA_TABLE_LINK)
    second = _hand(final.match, "a", via=VIA_TABLE_LINK)
    assert Match.objects.get(pk=final.match_id).complete
    with pytest.raises(match_services.HandRefused, match="reason"):
        hand_dispute(match_id=final.match_id, number=2, version=hand_version(second), side="b", reason="  ",
                     via=VIA_TABLE_LINK)
    with pytest.raises(match_services.HandRefused, match="at most 200"):
        hand_dispute(match_id=final.match_id, number=2, version=hand_version(second), side="b", reason="x" * 201,
                     via=VIA_TABLE_LINK)
    hand_dispute(match_id=final.match_id, number=2, version=hand_version(second), side="b",
                 reason="  I had  the 3 of clubs ", via=VIA_TABLE_LINK)
    second.refresh_from_db()
    assert (second.agreement, second.dispute_reason) == (DISPUTED, "I had the 3 of clubs")
    with pytest.raises(match_services.HandRefused, match="disputed: the director settles it"):
        _confirm(second, "b", via=VIA_TABLE_LINK)
    assert row(t, "W1-1").outcome == ""
    with pytest.raises(match_services.HandRefused, match="Only a director"):
        hand_settle(match_id=final.match_id, number=2, version=hand_version(second), user=None)
    hand_settle(match_id=final.match_id, number=2, version=hand_version(second), user=director)
    second.refresh_from_db()
    assert (second.agreement, second.dispute_reason) == (AGREED, "")
    assert row(t, "W1-1").winner.player == Match.objects.get(pk=final.match_id).player_a
    changes = [(c.action, c.side, c.note, c.who) for c in HandChange.objects.filter(match=final.match).order_by("id")]
    assert changes[-2:] == [("disputed", "b", "I had the 3 of clubs", None), ("settled", "", "", director)]


def test_a_directors_correction_settles_a_disputed_hand(make_tournament, director):
    t, final = _final(make_tournament)
    hand = _hand(final.match, "a", via=VIA_TABLE_LINK)
    hand_dispute(match_id=final.match_id, number=1, version=hand_version(hand), side="b", reason="it was a knock",
                 via=VIA_TABLE_LINK)
    match_services.hand_edit(match_id=final.match_id, number=1, entry=HandEntry("knock", "a", 4, 30),
                             expected_revision=Match.objects.get(pk=final.match_id).revision, user=director)
    hand.refresh_from_db()
    assert hand.agreement == AGREED and hand.knocker_deadwood == 4
    assert [(c.action, c.who) for c in HandChange.objects.filter(match=final.match).order_by("id")][-2:] == \
        [("edited", director), ("settled", director)]
    # A director's own entry counts at once.
    added = _hand(final.match, "b", user=director)
    assert added.agreement == AGREED


def test_a_players_correction_waits_again_and_reopens_the_result(make_tournament):
    t = make_tournament("swiss", 4, rounds=2, agree=True)
    first = row(t, "R1-1")
    for side in "aa":
        _confirm(_hand(first.match, side, via=VIA_TABLE_LINK), "b", via=VIA_TABLE_LINK)
    assert row(t, "R1-1").outcome == "played"
    assert [r.wins for r in services.tournament_table(t)] == [1, 0, 0, 0]
    match = Match.objects.get(pk=first.match_id)
    match_services.hand_edit(match_id=match.pk, number=2, entry=HandEntry("gin", "a", None, 5),
                             expected_revision=match.revision, via=VIA_TABLE_LINK)
    assert Hand.objects.get(match=match, number=2).agreement == AWAITING
    again = row(t, "R1-1")
    assert again.outcome == "" and again.winner is None
    assert [r.wins for r in services.tournament_table(t)] == [0, 0, 0, 0]
