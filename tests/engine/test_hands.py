"""Hand scoring: the worked examples of the rules digest and one test per rule option."""
import pytest

from ginscore.engine import RecordError

from tests.engine.helpers import dead, gin, knock, score


def only_hand(h, rules="standard"):
    return score([h], rules).hands[0]


# --- worked examples (rules digest, seeds) ------------------------------------

def test_seed_000_knock_8_against_32_scores_24():
    h = only_hand(knock("Ann", 8, 32))
    assert (h.winner, h.points, h.undercut, h.boxes) == ("Ann", 24, False, 1)


def test_seed_000_defender_down_to_6_undercuts_for_27():
    h = only_hand(knock("Ann", 8, 6))
    assert (h.winner, h.points, h.undercut) == ("Ben", 27, True)


@pytest.mark.parametrize("k,d,winner,points,undercut", [
    (3, 11, "Ann", 8, False), (4, 22, "Ann", 18, False), (8, 6, "Ben", 27, True),
])
def test_digest_single_knocks(k, d, winner, points, undercut):
    h = only_hand(knock("Ann", k, d))
    assert (h.winner, h.points, h.undercut) == (winner, points, undercut)


def test_digest_gin_against_28_scores_53():
    assert only_hand(gin("Ann", 28)).points == 53


def test_big_gin_against_20_scores_51_and_40_in_classic():
    assert only_hand(gin("Ann", 20, end="big_gin")).points == 51
    classic = only_hand(gin("Ann", 20, end="big_gin"), "classic")
    assert classic.points == 40 and classic.end == "big_gin"


def test_a_tie_is_an_undercut():
    h = only_hand(knock("Ann", 7, 7))
    assert (h.winner, h.points, h.undercut) == ("Ben", 25, True)


def test_a_knock_with_no_deadwood_is_a_gin():
    h = only_hand(knock("Ann", 0, 0))
    assert (h.end, h.winner, h.points, h.undercut) == ("gin", "Ann", 25, False)


def test_gin_cannot_be_undercut():
    h = only_hand(gin("Ann", 0))
    assert (h.winner, h.points) == ("Ann", 25)


def test_a_dead_hand_scores_nothing():
    h = only_hand(dead())
    assert (h.winner, h.points, h.boxes, h.games) == (None, 0, 0, ())


# --- one test per rule option ------------------------------------------------------

def test_knock_limit_refuses_a_knock_over_it():
    with pytest.raises(RecordError, match="hand 1: Ann knocked with 12 deadwood; the knock limit is 10"):
        score([knock("Ann", 12, 30)])
    assert score([knock("Ann", 12, 30)], {"knock_limit": 12}).hands[0].points == 18


def test_knock_limit_zero_is_gin_only():
    with pytest.raises(RecordError, match=r"the knock limit is 0 \(gin only\)"):
        score([knock("Ann", 1, 30)], {"knock_limit": 0})
    assert score([knock("Ann", 0, 30)], {"knock_limit": 0}).hands[0].end == "gin"


def test_oklahoma_limit_is_the_upcard_value():
    assert only_hand(knock("Ann", 7, 20, upcard="7D"), "oklahoma").points == 13
    with pytest.raises(RecordError, match="hand 1: Ann knocked with 8 deadwood; the knock limit is 7"):
        score([knock("Ann", 8, 20, upcard="7D")], "oklahoma")


def test_oklahoma_needs_the_upcard():
    with pytest.raises(RecordError, match="hand 1: the upcard is needed under Oklahoma"):
        score([knock("Ann", 3, 20)], "oklahoma")


def test_oklahoma_ace_one_or_gin_only():
    assert only_hand(knock("Ann", 1, 20, upcard="AD"), "oklahoma").points == 19
    with pytest.raises(RecordError, match=r"knock limit is 0 \(gin only\)"):
        score([knock("Ann", 1, 20, upcard="AD")], {"preset": "oklahoma", "oklahoma_ace": "gin_only"})


def test_spade_double_doubles_points_and_bonuses():
    h = only_hand(gin("Ann", 10, upcard="9S"), "oklahoma")
    assert h.points == 2 * (10 + 25)
    assert only_hand(gin("Ann", 10, upcard="9H"), "oklahoma").points == 35


def test_spade_double_off_ignores_spades():
    assert only_hand(gin("Ann", 10, upcard="9S")).points == 35


def test_gin_bonus():
    assert only_hand(gin("Ann", 10), {"gin_bonus": 40}).points == 50


def test_big_gin_bonus():
    assert only_hand(gin("Ann", 10, end="big_gin"), {"big_gin_bonus": 50}).points == 60
    assert only_hand(gin("Ann", 10, end="big_gin"), {"big_gin_bonus": None}).points == 35


def test_undercut_bonus():
    assert only_hand(knock("Ann", 9, 4), {"undercut_bonus": 10}).points == 15


def test_gin_off_bonus_replaces_the_undercut_bonus_at_zero():
    rules = {"gin_off_bonus": 25, "undercut_bonus": 20}
    assert only_hand(knock("Ann", 9, 0), rules).points == 9 + 25
    assert only_hand(knock("Ann", 9, 2), rules).points == 7 + 20
    assert only_hand(knock("Ann", 9, 0)).points == 9 + 25  # off: the ordinary undercut


def test_knock_scores_defender_deadwood():
    assert only_hand(knock("Ann", 4, 22), {"knock_scores": "defender_deadwood"}).points == 22


def test_hand_bonus_goes_to_every_won_hand():
    rules = {"hand_bonus": 15}
    assert only_hand(knock("Ann", 4, 22), rules).points == 33
    assert only_hand(knock("Ann", 8, 6), rules).points == 27 + 15
    assert only_hand(gin("Ann", 10), rules).points == 50


def test_extra_boxes_for_gin_and_undercut_double_with_a_spade():
    rules = {"preset": "oklahoma", "extra_boxes_gin": 2, "extra_boxes_undercut": 1}
    assert only_hand(gin("Ann", 10, upcard="9H"), rules).boxes == 3
    assert only_hand(gin("Ann", 10, upcard="9S"), rules).boxes == 5
    assert only_hand(knock("Ann", 8, 6, upcard="9H"), rules).boxes == 2
    assert only_hand(knock("Ann", 8, 6, upcard="9S"), rules).boxes == 3
    assert only_hand(knock("Ann", 3, 20, upcard="9S"), rules).boxes == 1


@pytest.mark.parametrize("rule,hands,dealers", [
    ("winner", [knock("Ann", 3, 20), dead(), gin("Ben", 5), knock("Ben", 2, 9)], ["Ben", "Ann", "Ann", "Ben"]),
    ("loser", [knock("Ann", 3, 20), dead(), gin("Ben", 5), knock("Ben", 2, 9)], ["Ben", "Ben", "Ben", "Ann"]),
    ("alternate", [knock("Ann", 3, 20), dead(), gin("Ben", 5), knock("Ben", 2, 9)], ["Ben", "Ann", "Ann", "Ben"]),
])
def test_dealer_rule_and_dead_hands_keep_the_dealer(rule, hands, dealers):
    result = score(hands, {"dealer": rule}, first_dealer="Ben")
    assert [h.dealer for h in result.hands] == dealers
