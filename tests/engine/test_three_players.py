"""Three players: the dealer sits out, the loser deals, pairs settle (spec Additions, "Three players")."""
import pytest

from ginscore.engine import RecordError, record_from_json, record_to_json, result_to_json, score_match

from tests.engine.helpers import dead

P3 = ("Ann", "Ben", "Cat")


def knock(by, k, other, d):
    return {"end": "knock", "by": by, "deadwood": {by: k, other: d}}


def gin(by, other, d, end="gin"):
    return {"end": end, "by": by, "deadwood": {other: d}}


def three(hands, rules="standard", first_dealer="Cat", **extra):
    return {"format": "ginscore/1", "rules": rules, "players": list(P3), "first_dealer": first_dealer,
            "hands": hands, **extra}


def scored(hands, rules="standard", first_dealer="Cat", **extra):
    return result_to_json(score_match(record_from_json(three(hands, rules, first_dealer, **extra))))


WORKED = [knock("Ann", 4, "Ben", 20), gin("Cat", "Ann", 30), knock("Cat", 2, "Ben", 40), knock("Cat", 5, "Ann", 15)]


def test_the_spec_record_example():
    data = scored([knock("Ann", 4, "Ben", 20), gin("Cat", "Ann", 30), dead()])
    assert [h["dealer"] for h in data["hands"]] == ["Cat", "Ben", "Ann"]
    assert [h["players"] for h in data["hands"]] == [["Ann", "Ben"], ["Ann", "Cat"], ["Ben", "Cat"]]
    assert data["rules"]["dealer"] == "loser"


def test_the_worked_example_hand_by_hand():
    data = scored(WORKED, stake="0.10")
    assert [(h["dealer"], h["players"], h["winner"], h["points"]) for h in data["hands"]] == [
        ("Cat", ["Ann", "Ben"], "Ann", 16), ("Ben", ["Ann", "Cat"], "Cat", 55),
        ("Ann", ["Ben", "Cat"], "Cat", 38), ("Ben", ["Ann", "Cat"], "Cat", 10)]
    g = data["games"][0]
    assert g["complete"] and g["winner"] == "Cat" and g["net"] is None
    assert {p: line["total"] for p, line in g["players"].items()} == {"Ann": 41, "Ben": 0, "Cat": 278}
    assert g["players"]["Cat"] == {"points": 103, "boxes": 3, "box_bonus": 75, "game_bonus": 100,
                                   "shutout_bonus": 0, "total": 278}
    assert all(line["shutout_bonus"] == 0 for line in g["players"].values())
    assert g["shut_out"] == ["Ben"] and g["shutout"] is True
    assert g["pairs"] == [{"players": ["Ann", "Ben"], "net": 41, "credited": "Ann"},
                          {"players": ["Ann", "Cat"], "net": 237, "credited": "Cat"},
                          {"players": ["Ben", "Cat"], "net": 378, "credited": "Cat"}]
    m = data["match"]
    assert m["score"] == {"Ann": 41, "Ben": 0, "Cat": 615}
    assert m["complete"] and m["winner"] == "Cat"
    assert m["settlement"] == {"payer": None, "payee": None, "points": 0, "amount": None}
    assert m["settlements"] == [{"payer": "Ben", "payee": "Ann", "points": 41, "amount": "4.10"},
                                {"payer": "Ann", "payee": "Cat", "points": 237, "amount": "23.70"},
                                {"payer": "Ben", "payee": "Cat", "points": 378, "amount": "37.80"}]


def test_pairs_and_shut_out_are_empty_until_the_game_is_complete():
    g = scored(WORKED[:3])["games"][0]
    assert not g["complete"] and g["pairs"] == [] and g["shut_out"] == [] and g["shutout"] is False
    assert scored(WORKED[:3])["match"]["settlements"] == []


def test_dead_hands_keep_the_dealer_and_the_sitting_out():
    # Cat deals; dead; Cat deals again (Ann v Ben); Ben loses and deals; dead; Ben deals again
    data = scored([dead(), knock("Ann", 5, "Ben", 25), dead(), dead(), gin("Cat", "Ann", 10)])
    assert [h["dealer"] for h in data["hands"]] == ["Cat", "Cat", "Ben", "Ben", "Ben"]
    assert [h.get("players") for h in data["hands"]] == [["Ann", "Ben"]] * 2 + [["Ann", "Cat"]] * 3
    assert [h["games"] for h in data["hands"]] == [[], [1], [], [], [1]]


def test_the_loser_deals_even_when_the_rules_say_winner_or_alternate():
    for rule in ("winner", "alternate"):
        data = scored([knock("Ann", 5, "Ben", 25), knock("Cat", 5, "Ann", 25)], {"preset": "standard", "dealer": rule})
        assert [h["dealer"] for h in data["hands"]] == ["Cat", "Ben"]
        assert data["rules"]["dealer"] == "loser"


def test_an_undercut_makes_the_knocker_deal():
    data = scored([knock("Ann", 9, "Ben", 4), knock("Ben", 2, "Cat", 30)])
    assert data["hands"][0]["winner"] == "Ben" and data["hands"][0]["undercut"]
    assert data["hands"][1]["dealer"] == "Ann"


def test_the_record_keeps_the_rules_as_written():
    rec = record_from_json(three(WORKED))
    assert record_to_json(rec)["rules"] == "standard"
    assert record_from_json(record_to_json(rec)) == rec


@pytest.mark.parametrize("hands,message", [
    ([gin("Cat", "Ann", 10)], "hand 1: Cat dealt this hand and sat it out; it was played by Ann and Ben"),
    ([knock("Ann", 5, "Cat", 20)], "hand 1: Cat dealt this hand and sat it out; it was played by Ann and Ben"),
    ([knock("Ann", 4, "Ben", 20), gin("Ann", "Ben", 10), dead()],
     "hand 2: Ben dealt this hand and sat it out; it was played by Ann and Cat"),
    ([{"end": "knock", "by": "Ann", "deadwood": {"Ann": 4, "Ben": 20, "Cat": 3}}],
     "hand 1: names Ann, Ben and Cat; a hand is played by two"),
    ([{"end": "gin", "by": "Ann", "deadwood": {}}], "hand 1: deadwood: give the count of Ann's opponent"),
    ([{"end": "gin", "by": "Ann", "deadwood": {"Dan": 3}}], "hand 1: 'Dan' is not one of the players"),
    ([gin("Dan", "Ann", 3)], "hand 1: by: 'Dan' is not one of the players"),
])
def test_hands_naming_the_dealer_or_a_stranger_are_refused(hands, message):
    with pytest.raises(RecordError) as e:
        score_match(record_from_json(three(hands)))
    assert message in str(e.value)


def test_hollywood_is_for_two_players():
    with pytest.raises(RecordError, match="columns must be 1 with 3 players"):
        record_from_json(three([], "hollywood"))


def test_teams_need_four_players():
    with pytest.raises(RecordError, match="teams: only four players play in partnerships"):
        record_from_json(three([], teams=[{"players": ["Ann", "Ben"]}, {"players": ["Cat", "Ann"]}]))


def test_a_level_pair_credits_no_one_and_owes_nothing():
    # Ann wins 10 twice (2 boxes), Ben 45 once (1 box): both 70. Cat gins twice to 105.
    hands = [knock("Ann", 5, "Ben", 15), gin("Cat", "Ann", 30), knock("Ben", 5, "Cat", 50),
             knock("Ann", 5, "Ben", 15), gin("Cat", "Ann", 25)]
    data = scored(hands)
    assert [h["dealer"] for h in data["hands"]] == ["Cat", "Ben", "Ann", "Cat", "Ben"]
    g = data["games"][0]
    assert g["complete"] and g["winner"] == "Cat"
    assert {p: line["total"] for p, line in g["players"].items()} == {"Ann": 70, "Ben": 70, "Cat": 255}
    assert g["pairs"][0] == {"players": ["Ann", "Ben"], "net": 0, "credited": None}
    assert g["shut_out"] == []


def test_the_match_ends_only_with_one_player_alone_at_the_top():
    # game 1: Cat wins 615 as in the worked example, match target 1,000: not over
    data = scored(WORKED, {"preset": "standard", "match_target": 1000})
    assert not data["match"]["complete"] and data["match"]["settlements"] == []
    assert len(data["games"]) == 2 and data["games"][1]["complete"] is False


def test_one_game_length_for_three():
    data = scored(WORKED, length={"kind": "best_of", "games": 1})
    assert data["match"]["complete"] and data["match"]["winner"] == "Cat"
    assert data["match"]["length"] == {"kind": "best_of", "games": 1}
