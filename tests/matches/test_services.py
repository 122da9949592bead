"""Services: every write checks the record through the engine, keeps the history
and rebuilds the caches; refused writes save nothing."""
from decimal import Decimal

import pytest

from ginscore.engine import record_from_json, record_to_json, rules_from, score_match
from ginscore.matches import services
from ginscore.matches.models import VIA_TABLE_LINK, Hand, HandChange, Match
from ginscore.matches.records import HandEntry, match_to_json, match_to_record

pytestmark = pytest.mark.django_db


def knock(side, k, d, upcard=""):
    return HandEntry("knock", side, k, d, upcard)


def gin(side, d, end="gin"):
    return HandEntry(end, side, None, d)


def add(match, entry, user=None, **kw):
    match.refresh_from_db()
    return services.hand_add(match_id=match.pk, entry=entry, expected_number=match.hand_count + 1, user=user, **kw)


def test_match_create_freezes_the_resolved_rules(ann, ben, member):
    rules = rules_from({"preset": "classic", "gin_bonus": 30})
    match = services.match_create(player_a=ann, player_b=ben, rules=rules, stake=Decimal("0.05"),
                                  first_dealer="b", created_by=member)
    assert match.preset == "classic"
    assert match.rule_overrides == {"gin_bonus": 30}
    assert match.rules["gin_bonus"] == 30 and match.rules["box_bonus"] == 20
    assert match.hand_count == 0 and not match.complete
    assert len(match.table_token) >= 30


def test_match_create_refuses_one_player_twice(ann):
    with pytest.raises(ValueError, match="different"):
        services.match_create(player_a=ann, player_b=ann, rules=rules_from("standard"))


def test_hand_add_scores_and_caches(make_match, member):
    match = make_match()
    add(match, knock("a", 8, 32), user=member)
    add(match, gin("b", 41))
    match.refresh_from_db()
    assert (match.hand_count, match.score_a, match.score_b) == (2, 0, 0)
    assert (match.gins_a, match.gins_b) == (0, 1)
    hands = list(match.hands.order_by("number"))
    assert [h.number for h in hands] == [1, 2]
    assert hands[0].entered_by == member
    change = HandChange.objects.get(match=match, hand_number=1)
    assert change.action == "added" and change.before is None
    assert change.after == {"end": "knock", "by": "Ann", "deadwood": {"Ann": 8, "Ben": 32}}
    assert change.who == member


def test_hand_add_refuses_an_illegal_knock_and_saves_nothing(make_match):
    match = make_match()
    with pytest.raises(services.HandRefused, match="Hand 1: Ann knocked with 12 deadwood; the knock limit is 10"):
        add(match, knock("a", 12, 30))
    match.refresh_from_db()
    assert match.hand_count == 0 and match.revision == 1
    assert not Hand.objects.exists() and not HandChange.objects.exists()


def test_hand_add_with_a_stale_number_is_a_conflict(make_match):
    match = make_match([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 20}}])
    with pytest.raises(services.HandConflict, match="Hand 1 was just recorded"):
        services.hand_add(match_id=match.pk, entry=gin("b", 10), expected_number=1)
    assert match.hands.count() == 1


def test_game_and_match_end_and_settlement(make_match):
    # One game (best of 1): Ann gins 4 times for 25+20=45 each -> 180 points, shutout.
    match = make_match(length=("best_of", 1), stake="0.10")
    for _ in range(3):
        add(match, gin("a", 20))
    match.refresh_from_db()
    assert match.complete and match.winner.name == "Ann" and match.finished_at is not None
    # 135 points + 3 boxes x 25 + 100 game + 100 shutout = 410
    assert (match.score_a, match.score_b, match.games_a) == (410, 0, 1)
    with pytest.raises(services.HandRefused, match="the match already ended after hand 3"):
        add(match, gin("b", 5))


def test_edit_rescores_and_keeps_before_and_after(make_match, director):
    match = make_match([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 20}},
                        {"end": "dead"}])
    services.hand_edit(match_id=match.pk, number=1, entry=knock("a", 5, 4), expected_revision=match.revision,
                       user=director)
    match.refresh_from_db()
    result = score_match(match_to_record(match))
    assert result.hands[0].undercut and result.hands[0].winner == "Ben"
    assert match.undercuts_b == 1
    change = match.changes.get(action="edited")
    assert change.before["deadwood"] == {"Ann": 5, "Ben": 20}
    assert change.after["deadwood"] == {"Ann": 5, "Ben": 4}


def test_edit_that_makes_a_later_hand_fall_after_the_end_is_refused(make_match):
    gins = [{"end": "gin", "by": "Ann", "deadwood": {"Ben": 20}}] * 2 + [{"end": "dead"}, {"end": "dead"}]
    match = make_match(gins, length=("best_of", 1))
    before = match_to_json(match)
    with pytest.raises(services.HandRefused, match="Hand 4: the match already ended after hand 3"):
        services.hand_edit(match_id=match.pk, number=3, entry=gin("a", 30), expected_revision=match.revision)
    match.refresh_from_db()
    assert match_to_json(match) == before and not match.complete
    assert not match.changes.exists()


def test_delete_moves_later_hands_up(make_match):
    match = make_match([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Ben": 20}},
                        {"end": "dead"},
                        {"end": "gin", "by": "Ben", "deadwood": {"Ann": 7}}])
    services.hand_delete(match_id=match.pk, number=2, expected_revision=match.revision, via=VIA_TABLE_LINK)
    match.refresh_from_db()
    assert list(match.hands.values_list("number", "end")) == [(1, "knock"), (2, "gin")]
    assert match.hand_count == 2
    change = match.changes.get()
    assert (change.action, change.hand_number, change.before, change.after) == ("deleted", 2, {"end": "dead"}, None)
    assert change.who_text == "table link"


def test_undo_removes_the_last_hand_and_stale_revision_conflicts(make_match):
    match = make_match([{"end": "dead"}, {"end": "gin", "by": "Ben", "deadwood": {"Ann": 7}}])
    with pytest.raises(services.HandConflict):
        services.hand_undo(match_id=match.pk, expected_revision=match.revision - 1)
    assert services.hand_undo(match_id=match.pk, expected_revision=match.revision) == 2
    match.refresh_from_db()
    assert match.hand_count == 1 and match.gins_b == 0
    assert match.changes.get().action == "undone"
    services.hand_undo(match_id=match.pk, expected_revision=match.revision)
    with pytest.raises(services.HandRefused, match="no hand to undo"):
        services.hand_undo(match_id=match.pk, expected_revision=match.revision + 1)


def test_import_export_round_trip(db):
    data = {"format": "ginscore/1", "rules": {"preset": "oklahoma", "gin_bonus": 30}, "players": ["Cy", "Di"],
            "first_dealer": "Di", "stake": "0.25", "length": {"kind": "best_of", "games": 3},
            "hands": [{"end": "knock", "by": "Cy", "deadwood": {"Cy": 3, "Di": 30}, "upcard": "5S"},
                      {"end": "dead", "upcard": "KH"},
                      {"end": "big_gin", "by": "Di", "deadwood": {"Cy": 12}, "upcard": "2C"}]}
    match = services.match_import(record=record_from_json(data))
    assert match_to_json(match) == record_to_json(record_from_json(data))
    assert match.hand_count == 3 and match.score_a == 0


def test_import_of_a_bad_record_saves_nothing(db):
    data = {"players": ["Cy", "Di"], "hands": [{"end": "knock", "by": "Cy", "deadwood": {"Cy": 11, "Di": 3}}]}
    from ginscore.engine import RecordError

    with pytest.raises(RecordError, match="hand 1"):
        services.match_import(record=record_from_json(data))
    assert not Match.objects.exists()


def test_signal_is_sent_after_each_hand(make_match):
    seen = []

    def receiver(sender, *, match, result, action, hand_number, **kw):
        seen.append((action, hand_number, match.hand_count, result.match.score))

    services.match_changed.connect(receiver)
    try:
        match = make_match()
        add(match, gin("a", 10))
    finally:
        services.match_changed.disconnect(receiver)
    assert seen[-1] == ("added", 1, 1, {"Ann": 0, "Ben": 0})


def test_table_link_renew_changes_the_token(make_match):
    match = make_match()
    old = match.table_token
    new = services.table_link_renew(match=match)
    assert new != old and Match.objects.get(pk=match.pk).table_token == new


def test_first_dealer_is_set_before_hand_1_only(make_match):
    match = make_match([])
    match = services.match_first_dealer(match_id=match.pk, side="b", expected_revision=match.revision)
    assert match.first_dealer == "b"
    assert len(score_match(match_to_record(match)).hands) == 0
    with pytest.raises(services.HandConflict):
        services.match_first_dealer(match_id=match.pk, side="a", expected_revision=match.revision - 1)
    with pytest.raises(services.HandRefused, match="one of the two players"):
        services.match_first_dealer(match_id=match.pk, side="x", expected_revision=match.revision)
    add(match, HandEntry("dead"))
    with pytest.raises(services.HandRefused, match="already recorded"):
        services.match_first_dealer(match_id=match.pk, side="a", expected_revision=fresh_revision(match))
    match.refresh_from_db()
    assert match.first_dealer == "b"
    assert match_to_json(match)["first_dealer"] == "Ben"


def fresh_revision(match):
    match.refresh_from_db()
    return match.revision
