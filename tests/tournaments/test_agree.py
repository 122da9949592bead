"""Both players agree: in a tournament with the option on, a hand entered at a table counts
for the event (standings, bracket, the next round) only once the other player confirms it
with something only they hold (their account, their personal link, their own seat code:
never the table link alone); a hand entered on the table's phone waits for both sides;
a disputed hand waits for the director, who settles it."""
import pytest

from ginscore.engine import MatchLength
from ginscore.matches import services as match_services
from ginscore.matches.agreement import hand_confirm, hand_dispute, hand_settle, hand_version
from ginscore.matches.models import (
    AGREED, AWAITING, DISPUTED, VIA_SEAT_CODE, VIA_SEAT_LINK, VIA_TABLE_LINK, Hand, HandChange, Match,
)
from ginscore.matches.records import HandEntry
from ginscore.matches.seats import seat_code, seat_token
from ginscore.players.models import Player
from ginscore.tournaments import services

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


def _confirm(hand, side, user=None, via="account", proof=""):
    hand.refresh_from_db()
    return hand_confirm(match_id=hand.match_id, number=hand.number, version=hand_version(hand), side=side,
                        user=user, via=via, proof=proof)


def _coded(hand, side):
    """``side``'s player confirms on the table's phone, typing their own seat code."""
    return _confirm(hand, side, via=VIA_TABLE_LINK, proof=seat_code(hand.match, side))


def _both(hand):
    """A hand typed on the table's phone: both players confirm it, each with their own code."""
    _coded(hand, "a")
    return _coded(hand, "b")


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
    _coded(hands[0], "b")                           # entered with no account: it waits for both sides
    assert Hand.objects.get(pk=hands[0].pk).agreement == AWAITING
    _coded(hands[0], "a")
    assert row(t, "W1-1").outcome == ""           # hand 2 still awaits
    _both(hands[1])
    final = row(t, "W1-1")
    t.refresh_from_db()
    assert final.outcome == "played" and final.winner.player.name == "P1"
    assert t.status == "finished" and t.champion.name == "P1"
    assert [c.action for c in HandChange.objects.filter(match=match).order_by("id")] == \
        ["added", "added", "confirmed", "confirmed", "confirmed", "confirmed"]


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
    with pytest.raises(match_services.HandRefused, match="P1 entered hand 1: P2 confirms it"):
        _coded(hand, side1)                          # even with the entrant's own code
    with pytest.raises(match_services.HandRefused, match="P1 entered hand 1: P2 confirms it"):
        _confirm(hand, side1, user=p2)               # P2's account answering for P1
    _confirm(hand, side2, user=p2)
    hand.refresh_from_db()
    assert hand.agreement == AGREED
    change = HandChange.objects.filter(match=final.match, action="confirmed").get()
    assert (change.who, change.side, change.via) == (p2, side2, "account")


def test_the_table_link_alone_never_confirms(make_tournament, django_user_model):
    """Ann enters hand 1 from her account, opens the table link her pad shows her (a private
    window) and tries to confirm as Ben: without Ben's own code nothing she can send counts."""
    t, final = _final(make_tournament)
    match = Match.objects.get(pk=final.match_id)
    ann = _linked(django_user_model, match.player_a.name, "ann")
    hand = _hand(match, "a", user=ann)
    for proof in ("", "000000", "123456", seat_code(match, "a"), seat_token(match, "a"), "x" * 200, "\x00"):
        with pytest.raises(match_services.HandRefused):
            _confirm(hand, "b", via=VIA_TABLE_LINK, proof=proof)
    assert Hand.objects.get(pk=hand.pk).agreement == AWAITING
    assert not HandChange.objects.filter(match=match, action__in=("confirmed", "disputed")).exists()
    with pytest.raises(match_services.HandRefused, match="own code"):
        hand_dispute(match_id=match.pk, number=1, version=hand_version(hand), side="b", reason="wrong",
                     via=VIA_TABLE_LINK)
    # Ben, on the same shared phone, types his own code: it counts, and the history says so.
    _coded(hand, "b")
    assert Hand.objects.get(pk=hand.pk).agreement == AGREED
    change = HandChange.objects.get(match=match, action="confirmed")
    assert (change.who, change.side, change.via) == (None, "b", VIA_SEAT_CODE)


def test_a_hand_typed_on_the_shared_phone_waits_for_both_players_own_codes(make_tournament):
    t, final = _final(make_tournament)
    hand = _hand(final.match, "a", via=VIA_TABLE_LINK)
    assert hand.entered_by is None and hand.entered_via == VIA_TABLE_LINK
    _coded(hand, "b")
    hand.refresh_from_db()
    assert (hand.agreement, hand.confirmed_sides) == (AWAITING, "b")
    with pytest.raises(match_services.HandRefused, match="already confirmed hand 1: it waits for"):
        _coded(hand, "b")
    # A's personal link (its token, held by the phone that opened it) is A's word too.
    _confirm(hand, "a", via=VIA_TABLE_LINK, proof=seat_token(final.match, "a"))
    hand.refresh_from_db()
    assert hand.agreement == AGREED
    assert [(c.side, c.via) for c in HandChange.objects.filter(match=final.match, action="confirmed")
            .order_by("id")] == [("b", VIA_SEAT_CODE), ("a", VIA_SEAT_LINK)]
    with pytest.raises(match_services.HandRefused, match="already counts"):
        _coded(hand, "b")


def test_a_renewed_table_link_makes_new_seat_codes(make_tournament):
    t, final = _final(make_tournament)
    hand = _hand(final.match, "a", via=VIA_TABLE_LINK)
    old = seat_code(final.match, "b")
    match_services.table_link_renew(match=final.match)
    match = Match.objects.get(pk=final.match_id)
    assert seat_code(match, "b") != old
    with pytest.raises(match_services.HandRefused, match="own code"):
        _confirm(hand, "b", via=VIA_TABLE_LINK, proof=old)


def test_a_confirmation_of_a_hand_changed_meanwhile_is_refused(make_tournament):
    t, final = _final(make_tournament)
    hand = _hand(final.match, "a", via=VIA_TABLE_LINK)
    version = hand_version(hand)
    match_services.hand_edit(match_id=final.match_id, number=1, entry=HandEntry("knock", "a", 3, 20),
                             expected_revision=Match.objects.get(pk=final.match_id).revision, via=VIA_TABLE_LINK)
    with pytest.raises(match_services.HandConflict):
        hand_confirm(match_id=final.match_id, number=1, version=version, side="b", via=VIA_TABLE_LINK,
                     proof=seat_code(final.match, "b"))
    assert Hand.objects.get(pk=hand.pk).agreement == AWAITING


def test_a_dispute_waits_for_the_director_who_settles_it(make_tournament, director):
    t, final = _final(make_tournament)
    first = _hand(final.match, "a", via=VIA_TABLE_LINK)
    _both(first)
    second = _hand(final.match, "a", via=VIA_TABLE_LINK)
    code = seat_code(final.match, "b")
    assert Match.objects.get(pk=final.match_id).complete
    with pytest.raises(match_services.HandRefused, match="reason"):
        hand_dispute(match_id=final.match_id, number=2, version=hand_version(second), side="b", reason="  ",
                     via=VIA_TABLE_LINK, proof=code)
    with pytest.raises(match_services.HandRefused, match="at most 200"):
        hand_dispute(match_id=final.match_id, number=2, version=hand_version(second), side="b", reason="x" * 201,
                     via=VIA_TABLE_LINK, proof=code)
    hand_dispute(match_id=final.match_id, number=2, version=hand_version(second), side="b",
                 reason="  I had  the 3 of clubs ", via=VIA_TABLE_LINK, proof=code)
    second.refresh_from_db()
    assert (second.agreement, second.dispute_reason) == (DISPUTED, "I had the 3 of clubs")
    with pytest.raises(match_services.HandRefused, match="disputed: the director settles it"):
        _coded(second, "b")
    assert row(t, "W1-1").outcome == ""
    with pytest.raises(match_services.HandRefused, match="Only a director"):
        hand_settle(match_id=final.match_id, number=2, version=hand_version(second), user=None)
    hand_settle(match_id=final.match_id, number=2, version=hand_version(second), user=director)
    second.refresh_from_db()
    assert (second.agreement, second.dispute_reason) == (AGREED, "")
    assert row(t, "W1-1").winner.player == Match.objects.get(pk=final.match_id).player_a
    changes = [(c.action, c.side, c.note, c.who) for c in HandChange.objects.filter(match=final.match).order_by("id")]
    assert changes[-2:] == [("disputed", "b", "I had the 3 of clubs", None), ("settled", "", "", director)]
    assert HandChange.objects.get(match=final.match, action="disputed").via == VIA_SEAT_CODE


def test_a_directors_correction_settles_a_disputed_hand(make_tournament, director):
    t, final = _final(make_tournament)
    hand = _hand(final.match, "a", via=VIA_TABLE_LINK)
    hand_dispute(match_id=final.match_id, number=1, version=hand_version(hand), side="b", reason="it was a knock",
                 via=VIA_TABLE_LINK, proof=seat_code(final.match, "b"))
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
        _both(_hand(first.match, side, via=VIA_TABLE_LINK))
    assert row(t, "R1-1").outcome == "played"
    assert [r.wins for r in services.tournament_table(t)] == [1, 0, 0, 0]
    match = Match.objects.get(pk=first.match_id)
    match_services.hand_edit(match_id=match.pk, number=2, entry=HandEntry("gin", "a", None, 5),
                             expected_revision=match.revision, via=VIA_TABLE_LINK)
    assert Hand.objects.get(match=match, number=2).agreement == AWAITING
    assert Hand.objects.get(match=match, number=2).confirmed_sides == ""   # the confirmations were of the old hand
    again = row(t, "R1-1")
    assert again.outcome == "" and again.winner is None
    assert [r.wins for r in services.tournament_table(t)] == [0, 0, 0, 0]


def test_in_a_partnership_the_entrants_partner_cannot_confirm_and_the_other_team_can(django_user_model):
    """Doubles: Ann (seat a) enters a deal's hand from her account; her partner (seat c) cannot
    answer for it, even with his own code; one player of the other team, with their own code, can."""
    t = services.tournament_create(name="Pairs night", format="single", preset="partnership",
                                   length=MatchLength("best_of", 1), doubles=True, agree=True)
    services.entries_set(tournament=t, names=["Ann & Cat", "Ben & Dan"])
    services.tournament_start(tournament=t)
    match = Match.objects.get(tournament_match__tournament=t)
    ann = _linked(django_user_model, match.player_a.name, "ann")
    match_services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1, table=1,
                            user=ann, via="account")
    hand = Hand.objects.get(match=match, number=1, table=1)
    assert hand.agreement == AWAITING
    with pytest.raises(match_services.HandRefused, match=f"{match.player_a.name} entered hand 1"):
        _coded(hand, "c")
    assert Hand.objects.get(pk=hand.pk).agreement == AWAITING
    _coded(hand, "d")
    assert Hand.objects.get(pk=hand.pk).agreement == AGREED
