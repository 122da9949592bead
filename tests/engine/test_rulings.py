"""Rulings at the table (spec Additions, seed 000): missing and extra cards, no bonus, an accepted knock."""
import pytest

from ginscore.engine import RecordError, record_from_json, record_to_json, result_to_json, score_match

from tests.engine.helpers import dead, gin, knock, record, score_json


def one(hand, rules="standard", **extra):
    """The result JSON of a one-hand match (Ann deals)."""
    return score_json([hand], rules, **extra)["hands"][0]


def test_the_spec_examples():
    h = one(knock("Ann", 6, 30, missing_cards={"Ben": 1}))
    assert (h["winner"], h["points"], h["undercut"]) == ("Ann", 34, False)
    h = one(gin("Ann", 20, missing_cards={"Ann": 1}))
    assert (h["end"], h["winner"], h["points"], h["undercut"]) == ("gin", "Ann", 10, False)
    h = one(knock("Ann", 8, 5, no_bonus=["Ben"]))
    assert (h["winner"], h["points"], h["undercut"]) == ("Ben", 3, True)
    h = one(knock("Ann", 12, 30, knock_accepted=True))
    assert (h["winner"], h["points"]) == ("Ann", 18)
    h = one(knock("Ann", 4, 20, extra_cards=["Ann"]))
    assert (h["end"], h["by"], h["winner"], h["points"], h["boxes"], h["undercut"], h["games"]) == \
        ("knock", "Ann", None, 0, 0, False, [])


def test_the_result_repeats_the_rulings():
    h = one(knock("Ann", 6, 30, missing_cards={"Ben": 1}, no_bonus=["Ann"], knock_accepted=True))
    assert h["missing_cards"] == {"Ben": 1} and h["no_bonus"] == ["Ann"] and h["knock_accepted"] is True
    assert "extra_cards" not in one(knock("Ann", 6, 30))


def test_a_gin_by_a_player_missing_cards_can_be_undercut():
    # Ann gins but is short of 3 cards: a knock of 30 against Ben's 12: Ben undercuts, with no bar on his bonus
    h = one(gin("Ann", 12, missing_cards={"Ann": 3}))
    assert (h["end"], h["winner"], h["undercut"], h["points"]) == ("gin", "Ben", True, 30 - 12 + 25)


def test_a_defender_missing_cards_undercuts_without_the_bonus_but_keeps_the_extra_boxes():
    rules = {"preset": "standard", "extra_boxes_undercut": 1}
    h = one(knock("Ann", 9, 0, missing_cards={"Ben": 1}), rules)  # Ben 0 + 10 = 10 > 9: Ann wins 1
    assert (h["winner"], h["undercut"], h["points"]) == ("Ann", False, 1)
    h = one(knock("Ann", 9, 3, missing_cards={"Ann": 1}), rules)  # Ann 19 v Ben 3: Ben wins 16 + 25
    assert (h["winner"], h["undercut"], h["points"], h["boxes"]) == ("Ben", True, 41, 2)
    h = one(knock("Ann", 9, 3, missing_cards={"Ben": 1}), rules)  # Ann 9 v Ben 13: Ann wins 4
    assert (h["winner"], h["points"]) == ("Ann", 4)
    h = one(knock("Ann", 9, 0, missing_cards={"Ann": 1, "Ben": 1}), rules)  # 19 v 10: Ben, no bonus
    assert (h["winner"], h["undercut"], h["points"], h["boxes"]) == ("Ben", True, 9, 2)


def test_no_bonus_gin_is_still_a_gin_scoring_the_deadwood_and_its_extra_boxes():
    h = one(gin("Ann", 20, no_bonus=["Ann"]), {"preset": "standard", "extra_boxes_gin": 1})
    assert (h["end"], h["winner"], h["points"], h["boxes"], h["undercut"]) == ("gin", "Ann", 20, 2, False)
    h = one(gin("Ann", 20, end="big_gin", no_bonus=["Ann"]))
    assert (h["end"], h["points"]) == ("big_gin", 20)


def test_no_bonus_removes_the_gin_off_bonus_too():
    rules = {"preset": "standard", "gin_off_bonus": 30}
    assert one(knock("Ann", 7, 0), rules)["points"] == 7 + 30
    assert one(knock("Ann", 7, 0, no_bonus=["Ben"]), rules)["points"] == 7


def test_an_accepted_knock_may_be_undercut():
    h = one(knock("Ann", 15, 12, knock_accepted=True))
    assert (h["winner"], h["undercut"], h["points"]) == ("Ben", True, 3 + 25)


def test_the_knock_limit_is_checked_on_the_recorded_deadwood_before_the_penalty():
    h = one(knock("Ann", 9, 30, missing_cards={"Ann": 1}))  # 9 is legal; counted 19 v 30
    assert (h["winner"], h["points"]) == ("Ann", 11)
    with pytest.raises(RecordError, match="hand 1: Ann knocked with 12 deadwood; the knock limit is 10"):
        score_json([knock("Ann", 12, 30, missing_cards={"Ben": 1})])


def test_a_knock_with_no_deadwood_becomes_a_gin_first_then_the_penalty_makes_it_a_knock():
    h = one(knock("Ann", 0, 25, missing_cards={"Ann": 1}))
    assert (h["end"], h["winner"], h["points"]) == ("gin", "Ann", 15)


def test_extra_cards_on_the_loser_change_nothing():
    assert one(knock("Ann", 4, 20, extra_cards=["Ben"]))["points"] == 16


def test_a_hand_no_one_could_win_keeps_the_dealer():
    data = score_json([knock("Ann", 4, 20, extra_cards=["Ann"]), knock("Ben", 4, 20)], first_dealer="Ben")
    assert [h["dealer"] for h in data["hands"]] == ["Ben", "Ben"]
    assert data["games"][0]["players"]["Ann"]["points"] == 0


class TestSpadeDoubling:
    """Oklahoma: the upcard sets the knock limit and a spade doubles the hand, rulings included."""

    def test_missing_cards_count_before_the_doubling(self):
        h = one(knock("Ann", 6, 30, upcard="7S", missing_cards={"Ben": 1}), "oklahoma")
        assert (h["winner"], h["points"]) == ("Ann", (40 - 6) * 2)

    def test_a_gin_short_of_cards_is_a_doubled_knock(self):
        h = one(gin("Ann", 20, upcard="5S", missing_cards={"Ann": 1}), "oklahoma")
        assert (h["end"], h["points"], h["boxes"]) == ("gin", 20, 1)

    def test_an_undercut_of_a_short_gin_doubles_bonus_and_extra_boxes(self):
        rules = {"preset": "oklahoma", "extra_boxes_undercut": 1}
        h = one(gin("Ann", 15, upcard="KS", missing_cards={"Ann": 2}), rules)
        assert (h["winner"], h["undercut"], h["points"], h["boxes"]) == ("Ben", True, (20 - 15 + 25) * 2, 3)

    def test_no_bonus_under_a_spade_doubles_only_the_deadwood(self):
        h = one(gin("Ann", 20, upcard="QS", no_bonus=["Ann"]), {"preset": "oklahoma", "extra_boxes_gin": 1})
        assert (h["points"], h["boxes"]) == (40, 1 + 2)

    def test_an_accepted_knock_over_the_upcards_limit(self):
        with pytest.raises(RecordError, match="the knock limit is 3"):
            score_json([knock("Ann", 8, 30, upcard="3S")], "oklahoma")
        h = one(knock("Ann", 8, 30, upcard="3S", knock_accepted=True), "oklahoma")
        assert (h["winner"], h["points"]) == ("Ann", 44)


class TestFosdicksGames:
    def test_a_skarney_gin_short_of_cards_is_a_knock_of_the_penalty(self):
        h = one(gin("Ann", 30, missing_cards={"Ann": 1}), "skarney")  # 10 v 30; a knock scores the 30
        assert (h["end"], h["winner"], h["points"], h["undercut"]) == ("gin", "Ann", 30, False)

    def test_a_colonel_out_short_of_cards_can_be_undercut(self):
        h = one(gin("Ann", 15, end="out", missing_cards={"Ann": 2}), "colonel")  # 20 v 15: Ben undercuts, bonus 0
        assert (h["end"], h["winner"], h["undercut"], h["points"]) == ("out", "Ben", True, 5)

    def test_a_stock_out_counts_the_missing_cards(self):
        stock = {"end": "stock_out", "deadwood": {"Ann": 20, "Ben": 25}}
        assert one(dict(stock), "skarney")["winner"] == "Ann"
        h = one({**stock, "missing_cards": {"Ann": 1}}, "skarney")  # Ann 30 v Ben 25: Ben scores 5
        assert (h["winner"], h["points"]) == ("Ben", 5)

    def test_a_challenge_won_by_a_player_with_extra_cards_has_no_winner(self):
        h = one({"end": "challenge", "by": "Ann", "deadwood": {"Ann": 12, "Ben": 30}, "extra_cards": ["Ann"]},
                "colonel")
        assert (h["winner"], h["points"], h["games"]) == (None, 0, [])

    def test_the_sequence_bonus_is_still_earned_without_the_gin_bonus(self):
        h = one(gin("Ann", 40, bonus=9, no_bonus=["Ann"], upcard="KH"), "sequence")
        assert h["points"] == 40 + 9


def test_rulings_on_three_players_and_partnership_tables():
    three = {"format": "ginscore/1", "players": ["Ann", "Ben", "Cat"], "first_dealer": "Cat",
             "hands": [knock("Ann", 6, 30, missing_cards={"Ben": 1})]}
    assert result_to_json(score_match(record_from_json(three)))["hands"][0]["points"] == 34
    with pytest.raises(RecordError, match="hand 1: no_bonus: 'Cat' did not play this hand"):
        record_from_json({**three, "hands": [knock("Ann", 6, 30, no_bonus=["Cat"])]})
    with pytest.raises(RecordError, match="hand 1: Cat dealt this hand and sat it out; it was played by Ann and Ben"):
        score_match(record_from_json({**three, "hands": [dead(extra_cards=["Cat"])]}))
    four = {"format": "ginscore/1", "rules": "partnership", "players": ["Ann", "Ben", "Cat", "Dan"],
            "teams": [{"players": ["Ann", "Cat"]}, {"players": ["Ben", "Dan"]}],
            "hands": [{"tables": [knock("Ann", 4, 20, extra_cards=["Ann"]),
                                  gin("Cat", 20, "Dan", missing_cards={"Cat": 1})]}]}
    data = result_to_json(score_match(record_from_json(four)))
    t1, t2 = data["hands"][0]["tables"]
    assert (t1["winner"], t1["extra_cards"]) == (None, ["Ann"])
    assert (t2["end"], t2["winner"], t2["points"], t2["missing_cards"]) == ("gin", "Cat", 10, {"Cat": 1})
    assert data["hands"][0]["points"] == {"Ann & Cat": 10, "Ben & Dan": 0}
    with pytest.raises(RecordError, match=r"deal 1, table 1: no_bonus: 'Cat' did not play this hand"):
        record_from_json({**four, "hands": [{"tables": [knock("Ann", 4, 20, no_bonus=["Cat"]), dead()]}]})


def test_rulings_round_trip():
    data = record([knock("Ann", 12, 30, knock_accepted=True, missing_cards={"Ben": 2}),
                   gin("Ben", 20, no_bonus=["Ben"], extra_cards=["Ann"]), dead(missing_cards={"Ann": 1})])
    once = record_to_json(record_from_json(data))
    assert once["hands"][0] == {"end": "knock", "by": "Ann", "deadwood": {"Ann": 12, "Ben": 30},
                                "missing_cards": {"Ben": 2}, "knock_accepted": True}
    assert record_from_json(once) == record_from_json(data)


@pytest.mark.parametrize("hand,message", [
    (knock("Ann", 4, 20, missing_cards={"Cy": 1}), "hand 1: missing_cards: 'Cy' did not play this hand "
                                                   "(it was played by Ann and Ben)"),
    (knock("Ann", 4, 20, missing_cards={"Ann": 0}), "hand 1: missing_cards for Ann must be a whole number of "
                                                    "cards from 1 to 10, not 0"),
    (knock("Ann", 4, 20, missing_cards={"Ann": 11}), "from 1 to 10, not 11"),
    (knock("Ann", 4, 20, missing_cards=["Ann"]), "hand 1: missing_cards: must name the players short of cards"),
    (knock("Ann", 4, 20, extra_cards="Ann"), 'hand 1: extra_cards: must be a list of players, like ["Ann"]'),
    (knock("Ann", 4, 20, no_bonus=["Ann", "Zed"]), "hand 1: no_bonus: 'Zed' did not play this hand"),
    (knock("Ann", 4, 20, knock_accepted="yes"), "hand 1: knock_accepted must be true or false"),
])
def test_bad_rulings_are_refused(hand, message):
    with pytest.raises(RecordError) as e:
        record_from_json(record([hand]))
    assert message in str(e.value)


def test_entered_as_cards_a_player_short_of_cards_holds_fewer():
    cards = {"Ann": "7H 7D 7C JS QS KS 4S 2C AD", "Ben": "10S 2H 2D KD KH KC 8C 6H 5D AC"}
    with pytest.raises(RecordError, match="hand 1: Ann has 9 cards; the knocker holds 10"):
        score_json([{"end": "knock", "by": "Ann", "cards": cards}])
    h = one({"end": "knock", "by": "Ann", "cards": cards, "missing_cards": {"Ann": 1}})
    assert h["deadwood"] == {"Ann": 7, "Ben": 24}  # what the cards give, before the penalty
    assert (h["winner"], h["points"]) == ("Ann", 24 - 17)
    with pytest.raises(RecordError, match=r"Ben has 10 cards; the defender holds 9 \(1 short, as ruled\)"):
        score_json([{"end": "knock", "by": "Ann", "cards": cards, "missing_cards": {"Ann": 1, "Ben": 1}}])
