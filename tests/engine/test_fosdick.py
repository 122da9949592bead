"""Howard Fosdick's games (seed 003): the presets, Sequence Gin's runs and bonus,
Skarney Gin and Colonel, by the spec's examples and against a brute force."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.engine import (
    PRESETS, RecordError, parse_cards, record_from_json, record_to_json, result_to_json, score_match,
)
from ginscore.engine.cards import DECK
from ginscore.engine.layoffs import defender_play, knocker_choice
from ginscore.engine.melds import best_arrangement, deadwood, melds_bonus, meld_of
from ginscore.engine.rules import PRESET_SUMMARIES, rules_from

from tests.engine import brute_sequence as brute
from tests.engine.card_strategies import POOLS, deals
from tests.engine.helpers import dead, gin, knock, record

SEQ = rules_from("sequence").meld_rules


def result(hands, rules, **extra):
    return result_to_json(score_match(record_from_json(record(hands, rules, **extra))))


def refused(hands, rules, **extra) -> str:
    with pytest.raises(RecordError) as e:
        score_match(record_from_json(record(hands, rules, **extra)))
    return str(e.value)


# -- the presets, exactly as the spec says ------------------------------------------------------

FOSDICK = {"oklahoma": True, "spade_double": False, "gin_bonus": 20, "big_gin_bonus": None,
           "undercut_bonus": 20, "knock_scores": "defender_deadwood", "box_bonus": 0, "game_bonus": 0,
           "shutout": "none", "game_target": 100}


@pytest.mark.parametrize("preset,changes", [
    ("fosdick", FOSDICK),
    ("sequence", {**FOSDICK, "sets": False, "sequence_bonus": True}),
    ("skarney", {**FOSDICK, "game": "skarney", "oklahoma": False, "game_target": 200}),
    ("colonel", {**FOSDICK, "game": "colonel", "oklahoma": False, "gin_bonus": 0, "undercut_bonus": 0}),
])
def test_presets_are_standard_with_the_spec_changes(preset, changes):
    standard = PRESETS["standard"].to_json()
    expected = {**standard, **changes, "preset": preset}
    assert PRESETS[preset].to_json() == expected
    assert PRESET_SUMMARIES[preset]


def test_new_rule_keys_have_defaults_and_checks():
    rules = rules_from("standard")
    assert (rules.game, rules.sets, rules.sequence_bonus) == ("gin", True, False)
    assert rules_from({"preset": "standard", "sets": False}).to_record() == {"preset": "standard", "sets": False}
    for spec, message in [({"game": "rummy"}, 'game: must be one of "gin", "skarney", "colonel"'),
                          ({"sets": "no"}, "sets: must be true or false"),
                          ({"sequence_bonus": 1}, "sequence_bonus: must be true or false")]:
        with pytest.raises(Exception) as e:
            rules_from(spec)
        assert message in str(e.value)


def test_what_a_card_is_worth_in_each_game():
    ace, king, seven = parse_cards("AS KH 7D")
    assert [rules_from("fosdick").card_value(c) for c in (ace, king, seven)] == [1, 10, 7]
    assert [rules_from("skarney").card_value(c) for c in (ace, king, seven)] == [15, 10, 7]
    assert [rules_from("colonel").card_value(c) for c in (ace, king, seven)] == [10, 10, 7]


# -- the spec's examples ---------------------------------------------------------------------------

ANN_SEQ = "8S 9S 10S JS QS KS 2H 3H 4H 3D"
BEN_SEQ = "5C 5D 5S 4D 2C AD 3C 6H 7D 2S"  # no run, and three fives that do not meld: 40


def test_sequence_example_at_hand_level():
    data = result([knock("Ann", 3, 40, upcard="4S", bonus=9)], "sequence")
    assert data["hands"][0]["points"] == 49 and data["hands"][0]["winner"] == "Ann"


def test_sequence_example_from_the_cards():
    hand = {"end": "knock", "by": "Ann", "cards": {"Ann": ANN_SEQ, "Ben": BEN_SEQ}, "upcard": "4S"}
    data = result([hand], "sequence")
    h = data["hands"][0]
    assert h["deadwood"] == {"Ann": 3, "Ben": 40}
    assert h["bonus"] == {"Ann": 9, "Ben": 0}
    assert h["points"] == 49  # 40 (the defender's deadwood) + 6 (a six-card run) + 3 (J, Q, K)
    assert result([{**hand, "bonus": 9}], "sequence")["hands"][0]["points"] == 49
    message = refused([{**hand, "bonus": 6}], "sequence")
    assert message == "hand 1: bonus is given as 6, but Ann's runs earn 9"


def test_sequence_bonus_does_not_decide_an_undercut():
    # Ann knocks 5, Ben has 5 after laying off: Ben undercuts, and the bonus (his runs') goes to him.
    data = result([knock("Ann", 5, 5, upcard="5C", bonus=4)], "sequence")
    assert data["hands"][0]["winner"] == "Ben" and data["hands"][0]["undercut"]
    assert data["hands"][0]["points"] == 0 + 20 + 4


def test_skarney_example():
    data = result([gin("Ann", 30, no_contract=True)], "skarney")
    assert data["hands"][0]["points"] == 70
    assert result([gin("Ann", 30)], "skarney")["hands"][0]["points"] == 50
    cards = {"end": "gin", "by": "Ann", "cards": {"Ben": "7H 8C AD"}, "no_contract": True}
    h = result([cards], "skarney")["hands"][0]
    assert h["deadwood"] == {"Ben": 30} and h["points"] == 70


def test_colonel_example():
    challenge = {"end": "challenge", "by": "Ann", "deadwood": {"Ann": 12, "Ben": 30}}
    h = result([challenge], "colonel")["hands"][0]
    assert (h["winner"], h["points"], h["undercut"], h["boxes"]) == ("Ann", 30, False, 1)
    # the challenger can lose it: the lower count wins whoever challenged
    h = result([{**challenge, "deadwood": {"Ann": 31, "Ben": 30}}], "colonel")["hands"][0]
    assert (h["winner"], h["points"]) == ("Ben", 31)


def test_colonel_out_and_stock_out():
    data = result([{"end": "out", "by": "Ben", "deadwood": {"Ann": 27}},
                   {"end": "stock_out", "deadwood": {"Ann": 12, "Ben": 30}}], "colonel")
    assert [(h["winner"], h["points"], h["by"]) for h in data["hands"]] == [("Ben", 27, "Ben"), ("Ann", 18, None)]


def test_level_counts_score_nothing_and_the_dealer_deals_again():
    data = result([{"end": "stock_out", "deadwood": {"Ann": 12, "Ben": 12}},
                   {"end": "challenge", "by": "Ben", "deadwood": {"Ann": 9, "Ben": 9}},
                   {"end": "out", "by": "Ann", "deadwood": {"Ben": 5}}], "colonel", first_dealer="Ben")
    assert [(h["end"], h["winner"], h["points"], h["games"], h["dealer"]) for h in data["hands"]] == [
        ("stock_out", None, 0, [], "Ben"), ("challenge", None, 0, [], "Ben"), ("out", "Ann", 5, [1], "Ben")]


def test_skarney_game_to_200_with_no_boxes_or_game_bonus():
    hands = [gin("Ann", 60, no_contract=True), {"end": "stock_out", "deadwood": {"Ann": 10, "Ben": 90}},
             gin("Ben", 30)]
    data = result(hands, "skarney")
    assert [h["points"] for h in data["hands"]] == [100, 80, 50]
    assert not data["games"][0]["complete"]
    data = result(hands + [gin("Ann", 5)], "skarney")
    game = data["games"][0]
    assert game["complete"] and game["winner"] == "Ann"
    assert game["players"]["Ann"]["total"] == 205 and game["net"] == 155


def test_fosdick_knock_scores_the_defenders_deadwood_and_needs_the_upcard():
    assert result([knock("Ann", 4, 30, upcard="5H")], "fosdick")["hands"][0]["points"] == 30
    assert "hand 1: Ann knocked with 6 deadwood; the knock limit is 5" == refused(
        [knock("Ann", 6, 30, upcard="5H")], "fosdick")
    assert "upcard is needed" in refused([knock("Ann", 4, 30)], "fosdick")


# -- endings refused where the game has none ---------------------------------------------------------

ANY = {
    "knock": knock("Ann", 4, 30, upcard="9H"),
    "gin": gin("Ann", 30, upcard="9H"),
    "big_gin": gin("Ann", 30, end="big_gin", upcard="9H"),
    "out": {"end": "out", "by": "Ann", "deadwood": {"Ben": 30}},
    "stock_out": {"end": "stock_out", "deadwood": {"Ann": 3, "Ben": 30}},
    "challenge": {"end": "challenge", "by": "Ann", "deadwood": {"Ann": 3, "Ben": 30}},
    "dead": dead(),
}
HAS = {
    "standard": {"knock", "gin", "big_gin", "dead"},
    "fosdick": {"knock", "gin", "big_gin", "dead"},
    "sequence": {"knock", "gin", "big_gin", "dead"},
    "skarney": {"gin", "stock_out", "dead"},
    "colonel": {"out", "stock_out", "challenge", "dead"},
}


@pytest.mark.parametrize("preset", HAS)
@pytest.mark.parametrize("end", ANY)
def test_every_ending_is_refused_where_the_game_has_none(preset, end):
    hands = [ANY[end]]
    if end in HAS[preset]:
        assert result(hands, preset)["hands"][0]["end"] == end
    else:
        message = refused(hands, preset)
        assert message.startswith(f"hand 1: {rules_from(preset).game_name} has no ")


def test_refusals_read_in_the_games_words():
    assert refused([dead(), dead(), dead(), knock("Ann", 4, 30)], "skarney").startswith(
        "hand 4: Skarney Gin has no knocking")
    assert refused([gin("Ann", 30)], "colonel") == 'hand 1: Colonel has no gin: a player who melds every card went "out"'
    assert refused([ANY["challenge"]], "standard") == "hand 1: Gin has no challenge"
    assert refused([ANY["out"]], "sequence").startswith('hand 1: Gin has no going out ("out")')


def test_extras_are_refused_where_they_do_not_belong():
    assert refused([gin("Ann", 30, no_contract=True, upcard="9H")], "fosdick") == \
        "hand 1: no_contract goes only with a Skarney Gin gin"
    assert refused([{**ANY["stock_out"], "no_contract": True}], "skarney") == \
        "hand 1: no_contract goes only with a Skarney Gin gin"
    assert refused([knock("Ann", 4, 30, upcard="9H", bonus=3)], "fosdick").startswith(
        "hand 1: bonus goes only with Sequence Gin's bonus")
    assert "bonus must be a whole number from 0 to 14" in refused([knock("Ann", 4, 30, upcard="9H", bonus=15)],
                                                                  "sequence")
    assert "names no by" in refused([{**ANY["stock_out"], "by": "Ann"}], "skarney")


def test_counts_run_to_999_in_skarney_and_colonel_and_98_in_gin():
    assert result([gin("Ann", 999)], "skarney")["hands"][0]["points"] == 1019
    assert "from 0 to 999, not 1000" in refused([gin("Ann", 1000)], "skarney")
    assert "from 0 to 999" in refused([{"end": "stock_out", "deadwood": {"Ann": -1, "Ben": 3}}], "colonel")
    assert "from 0 to 98, not 99" in refused([gin("Ann", 99)], "sequence")


# -- records: import and export ----------------------------------------------------------------------

@pytest.mark.parametrize("preset,hands", [
    ("sequence", [knock("Ann", 3, 40, upcard="4S", bonus=9), dead(),
                  {"end": "knock", "by": "Ann", "cards": {"Ann": ANN_SEQ, "Ben": BEN_SEQ}, "upcard": "4S"}]),
    ("skarney", [gin("Ann", 30, no_contract=True), ANY["stock_out"], gin("Ben", 4),
                 {"end": "gin", "by": "Ann", "cards": {"Ben": "7H 8C AD"}}]),
    ("colonel", [ANY["out"], ANY["stock_out"], ANY["challenge"],
                 {"end": "challenge", "by": "Ben", "cards": {"Ann": "AS KS 2C", "Ben": "3D 4D"}}]),
    ("fosdick", [knock("Ann", 4, 30, upcard="5H"), gin("Ben", 3, upcard="KC")]),
])
def test_records_round_trip(preset, hands):
    data = record(hands, preset, first_dealer="Ann")
    assert record_to_json(record_from_json(data)) == data


def test_colonel_cards_count_every_card_held():
    h = result([{"end": "challenge", "by": "Ben", "cards": {"Ann": "AS KS 2C", "Ben": "3D 4D"}}], "colonel")["hands"][0]
    assert h["deadwood"] == {"Ann": 22, "Ben": 7} and (h["winner"], h["points"]) == ("Ben", 22)


def test_skarney_cards_count_aces_15_and_melds_are_not_found():
    # three of a kind held at the end still counts: its melds went to the table during play
    h = result([{"end": "stock_out", "cards": {"Ann": "AS AH AD", "Ben": "KS QS JS 2C"}}], "skarney")["hands"][0]
    assert h["deadwood"] == {"Ann": 45, "Ben": 32} and (h["winner"], h["points"]) == ("Ben", 13)


def test_counted_hands_refuse_cards_for_the_player_who_went_out_and_named_melds():
    assert "Ann went out, so holds no cards" in refused(
        [{"end": "gin", "by": "Ann", "cards": {"Ann": "2C", "Ben": "7H"}}], "skarney")
    assert "so there are none to name" in refused(
        [{"end": "out", "by": "Ann", "cards": {"Ben": "7H"}, "melds": {"Ann": [["2C", "3C", "4C"]]}}], "colonel")
    assert "is in both" in refused([{"end": "stock_out", "cards": {"Ann": "7H", "Ben": "7h"}}], "colonel")


# -- Sequence Gin's melds ------------------------------------------------------------------------------

def test_sets_do_not_meld_in_sequence_gin():
    cards = parse_cards("7H 7D 7C 7S 2C 3C 4C 9D 10D JD")
    assert deadwood(cards) == 0
    assert deadwood(cards, SEQ) == 28
    with pytest.raises(Exception) as e:
        meld_of(parse_cards("7H 7D 7C"), SEQ)
    assert "only runs meld" in str(e.value)


def test_a_six_card_run_is_laid_down_whole():
    a = best_arrangement(parse_cards("3S 4S 5S 6S 7S 8S 2H 3H 4H KD"), SEQ)
    assert [len(m.cards) for m in a.melds] == [3, 6]
    assert melds_bonus(a.melds) == 6


def test_among_equal_deadwood_the_face_cards_stay_in_the_run():
    # 9S 10S JS QS KS and 10C: either the 9S or ... every arrangement leaves 10 deadwood,
    # the bonus picks the one whose run holds J, Q, K
    a = best_arrangement(parse_cards("10S JS QS KS 10H JH QH 9C 8C 7C"), SEQ)
    assert a.deadwood == 0 and melds_bonus(a.melds) == 5


def test_sequence_lay_offs_go_on_runs_only():
    knocker = best_arrangement(parse_cards("2H 3H 4H 7C 7D 7S 8S 9S 10S AD"), SEQ)
    play = defender_play(parse_cards("5H 7H JS 8C 9C KD QD 2D 3D 4D"), knocker, SEQ)
    assert sorted(map(str, play.layoffs)) == ["5H", "JS"]


# -- against the brute force -----------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.sampled_from(POOLS).flatmap(lambda pool: st.lists(st.sampled_from(pool), min_size=10, max_size=10,
                                                             unique=True)))
def test_runs_only_least_deadwood_and_bonus_agree_with_brute_force(cards):
    a = best_arrangement(cards, SEQ)
    assert all(m.kind == "run" for m in a.melds)
    assert (a.deadwood, melds_bonus(a.melds)) == brute.best(cards)
    assert deadwood(cards, SEQ) == a.deadwood


@settings(max_examples=150, deadline=None)
@given(deals())
def test_sequence_knock_agrees_with_brute_force(deal):
    knocker_cards, defender = deal
    choice = knocker_choice(knocker_cards, defender, SEQ)
    k, d, kb, dbs = brute.spec_knock(knocker_cards, defender)
    assert (choice.knocker.deadwood, choice.defender.deadwood) == (k, d)
    assert melds_bonus(choice.knocker.melds) == kb
    assert melds_bonus(choice.defender.melds) in dbs


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_thousands_of_random_sequence_deals_agree_with_brute_force(seed):
    rng = random.Random(seed)
    for i in range(200):  # 2,000 deals in all, half of them crowded with runs
        pool = DECK if i % 2 else POOLS[2 + i % 3]
        cards = rng.sample(pool, 20)
        knocker_cards, defender = cards[:10], cards[10:]
        k = best_arrangement(knocker_cards, SEQ)
        assert (k.deadwood, melds_bonus(k.melds)) == brute.best(knocker_cards)
        play = defender_play(defender, k, SEQ)
        assert (play.deadwood, melds_bonus(play.melds)) == brute.defender(
            defender, [m.cards for m in k.melds], gin=k.deadwood == 0), (knocker_cards, defender)
