"""Hands entered as cards: what ``hand_from_cards`` finds and refuses, and the
whole path through records, scoring, results and ``manage.py score``."""
import json

import pytest
from hypothesis import given, settings

from ginscore.engine import (
    RecordError, format_cards, record_from_json, record_to_json, result_to_json, rules_from, score_match,
)
from ginscore.engine.card_hands import hand_from_cards
from tests.commands import manage
from tests.engine import brute
from tests.engine.card_strategies import deals
from tests.engine.helpers import record

PLAYERS = ("Ann", "Ben")
STANDARD = rules_from("standard")

# the spec's example with Ann's 3H made a 2H (with the 3H she would hold 11 deadwood)
ANN = "7H 7D 7C JS QS KS 5S 2C AD 2H"
BEN = "10S 3H 2D KD KH KC 8C 6H 5D AC"
GIN = "4H 5H 6H 7S 7D 7C KS QS JS 10S"
BIG_GIN = "AS 2S 3S 4S 5S 7H 7D 7C JD QD KD"
OTHER = "8S 6C 5D 4C KH QC 10D 9H 2D 3C"  # 67 deadwood, no card of GIN or BIG_GIN


def cards_hand(end="knock", by="Ann", ann=ANN, ben=BEN, **extra):
    return {"end": end, "by": by, "cards": {"Ann": ann, "Ben": ben}, **extra}


def build(raw, n=1, rules=STANDARD):
    return hand_from_cards(raw, n, PLAYERS, rules)


def refused(raw, n=1, rules=STANDARD):
    with pytest.raises(RecordError) as e:
        build(raw, n, rules)
    return str(e.value)


# -- what is found -----------------------------------------------------------------------------

def test_a_knock_from_the_cards():
    hand = build(cards_hand(upcard="9D"))
    assert hand.end == "knock" and hand.by == "Ann" and str(hand.upcard) == "9D"
    assert hand.deadwood == {"Ann": 10, "Ben": 25}
    assert hand.detail == {
        "deadwood": {"Ann": 10, "Ben": 25},
        "melds": {"Ann": [["7H", "7D", "7C"], ["JS", "QS", "KS"]], "Ben": [["KH", "KD", "KC"]]},
        "layoffs": ["10S"],
    }
    assert hand.cards == {"Ann": ANN, "Ben": BEN} and hand.melds is None


def test_cards_are_kept_as_entered():
    raw = cards_hand(ann="7h,7d,7c, js qs ks 5s 2c ad 2h", ben=BEN.split())
    hand = build(raw)
    assert hand.cards == {"Ann": "7h,7d,7c, js qs ks 5s 2c ad 2h", "Ben": BEN.split()}
    assert hand.deadwood == {"Ann": 10, "Ben": 25}


def test_gin_refuses_lay_offs():
    # Ben's 7H 8H would go on 4H 5H 6H and 9S on 10S-KS after a knock
    hand = build(cards_hand("gin", ann=GIN, ben="7H 8H 9S QC JD 10C 9D 2S 4C 6D"))
    assert hand.end == "gin" and hand.deadwood == {"Ben": 75}
    assert hand.detail["layoffs"] == [] and hand.detail["deadwood"] == {"Ann": 0, "Ben": 75}


def test_a_knock_with_no_deadwood_is_scored_as_gin():
    raw = cards_hand("knock", ann=GIN, ben="7H 8H 9S QC JD 10C 9D 2S 4C 6D")
    hand = build(raw)
    assert hand.end == "knock" and hand.deadwood == {"Ann": 0, "Ben": 75} and hand.detail["layoffs"] == []
    result = result_to_json(score_match(record_from_json(record([raw]))))
    assert result["hands"][0]["end"] == "gin" and result["hands"][0]["points"] == 75 + 25


def test_big_gin():
    raw = cards_hand("big_gin", ann=BIG_GIN, ben=OTHER)
    hand = build(raw)
    assert hand.end == "big_gin" and hand.deadwood == {"Ben": 67}
    assert hand.detail["melds"]["Ann"] == [["AS", "2S", "3S", "4S", "5S"], ["7H", "7D", "7C"], ["JD", "QD", "KD"]]
    result = result_to_json(score_match(record_from_json(record([raw]))))
    assert result["hands"][0]["points"] == 67 + 31


def test_the_knockers_melds_leave_the_defender_the_most():
    raw = cards_hand(ann="2S 3S 4S 5S 5H 5D 5C AH 2D 3C", ben="6S KH QD JC 9H 10D 4C 8C 7D AC")
    hand = build(raw)
    assert hand.detail["melds"]["Ann"] == [["2S", "3S", "4S"], ["5S", "5H", "5D", "5C"]]
    assert hand.deadwood == {"Ann": 6, "Ben": 75} and hand.detail["layoffs"] == []


def test_named_melds_replace_the_knockers_choice():
    melds = {"Ann": [["2S", "3S", "4S", "5S"], ["5h", "5d", "5c"]]}
    raw = cards_hand(ann="2S 3S 4S 5S 5H 5D 5C AH 2D 3C", ben="6S KH QD JC 9H 10D 4C 8C 7D AC", melds=melds)
    hand = build(raw)
    assert hand.melds == melds  # as entered
    assert hand.detail["melds"]["Ann"] == [["2S", "3S", "4S", "5S"], ["5H", "5D", "5C"]]
    assert hand.deadwood == {"Ann": 6, "Ben": 69} and hand.detail["layoffs"] == ["6S"]


def test_named_melds_that_leave_a_card_out_count_it_as_deadwood():
    melds = {"Ann": [["7H", "7D", "7C"]]}
    assert refused(cards_hand(melds=melds), n=2) == "hand 2: Ann knocked with 40 deadwood; the knock limit is 10"


def test_given_deadwood_must_agree():
    assert build(cards_hand(deadwood={"Ann": 10, "Ben": 25})).deadwood == {"Ann": 10, "Ben": 25}
    assert refused(cards_hand(deadwood={"Ann": 10, "Ben": 20})) == \
        "hand 1: deadwood for Ben is given as 20, but the cards leave 25"


# -- what is refused ----------------------------------------------------------------------------

@pytest.mark.parametrize("raw, message", [
    (cards_hand(ann="7H 7D 7C JS QS KS 5S 2C AD 3H", ben=BEN.replace("3H", "4H"), upcard="9D"),
     "hand 4: Ann knocked with 11 deadwood; the knock limit is 10"),
    (cards_hand(ben=BEN.replace("3H", "7H")), "hand 4: 7H is in both Ann's and Ben's cards"),
    (cards_hand(ben=BEN.replace("3H", "11H")),
     "hand 4: Ben's cards: '11H' is not a card (write it like 7S, 10H, AD or KC)"),
    (cards_hand(ann=ANN.replace("2H", "7H")), "hand 4: Ann's cards: 7H is given twice"),
    (cards_hand(ben="10S 3H 2D KD KH KC 8C 6H 5D"), "hand 4: Ben has 9 cards; the defender holds 10"),
    (cards_hand(ann=ANN + " 9H"),
     "hand 4: Ann has 11 cards; the knocker holds 10 after the last discard (11 only for a big gin)"),
    (cards_hand("gin", ann=BIG_GIN, ben=OTHER), 'hand 4: all 11 of Ann\'s cards are melded: that is a big gin, '
                                     'so end must be "big_gin"'),
    (cards_hand("big_gin", ann=GIN, ben=OTHER), "hand 4: Ann has 10 cards; a big gin melds all 11"),
    (cards_hand("gin"), "hand 4: Ann's cards leave 10 deadwood (AD 2H 2C 5S), so this is not a gin"),
    (cards_hand("gin", ann=GIN, ben=OTHER, melds={"Ann": [["4H", "5H", "6H"], ["7S", "7D", "7C"]]}),
     "hand 4: Ann's named melds leave 40 deadwood (10S JS QS KS), so this is not a gin"),
    (cards_hand(melds={"Ann": [["7H", "7D", "8D"]]}),
     "hand 4: melds: 7H 7D 8D is not a meld: a set is one rank, a run is one suit"),
    (cards_hand(melds={"Ann": [["KH", "KD", "KC"]]}), "hand 4: melds: KH is not one of Ann's cards"),
    (cards_hand(melds={"Ann": [["7H", "7D", "7C"], ["7H", "7D", "7C"]]}), "hand 4: melds: 7H is in two melds"),
    (cards_hand(melds={"Ben": [["KH", "KD", "KC"]]}),
     "hand 4: melds: only the knocker's melds can be named (Ann's); Ben's are found from the cards"),
    (cards_hand(melds={"Ann": "7H 7D 7C"}),
     'hand 4: melds: Ann\'s melds must be a list of melds, each a list of cards like ["7H", "7D", "7C"]'),
    ({"end": "knock", "by": "Ann", "cards": {"Ann": ANN}}, "hand 4: cards for Ben are missing"),
    ({"end": "knock", "by": "Ann", "cards": {"Ann": ANN, "Ben": BEN, "Cy": "AS"}},
     "hand 4: cards: 'Cy' is not one of the players (Ann, Ben)"),
    ({"end": "knock", "by": "Ann", "cards": ANN},
     'hand 4: cards: must give both players\' cards, like {"Ann": "7H 7D 7C ...", "Ben": "..."}'),
    (cards_hand(upcard="1D"), "hand 4: upcard: '1D' is not a card (write it like 7S, 10H, AD or KC)"),
])
def test_refused_with_the_reason(raw, message):
    assert refused(raw, n=4) == message


def test_big_gin_that_is_not_says_so():
    assert refused(cards_hand("big_gin", ann=ANN + " 9H")) == (
        "hand 1: Ann's cards leave 19 deadwood (AD 2H 2C 5S 9H), so this is not a big gin "
        "(a big gin melds all 11 cards)")


def test_oklahoma_knock_limit_is_the_upcard():
    oklahoma = rules_from("oklahoma")
    assert build(cards_hand(upcard="KD"), rules=oklahoma).deadwood["Ann"] == 10
    assert refused(cards_hand(upcard="9D"), rules=oklahoma) == \
        "hand 1: Ann knocked with 10 deadwood; the knock limit is 9"
    gin_only = rules_from({"preset": "oklahoma", "oklahoma_ace": "gin_only"})
    assert refused(cards_hand(upcard="AD"), rules=gin_only) == \
        "hand 1: Ann knocked with 10 deadwood; the knock limit is 0 (gin only)"


def test_oklahoma_without_an_upcard_is_refused_when_scored():
    with pytest.raises(RecordError, match="hand 1: the upcard is needed under Oklahoma rules"):
        score_match(record_from_json(record([cards_hand()], rules="oklahoma")))


# -- records, results and the score command ----------------------------------------------------

def card_record():
    return record([
        cards_hand(upcard="9D"),
        cards_hand("gin", by="Ben", ann=OTHER, ben=GIN),
        cards_hand(ann="2s 3s 4s 5s 5h 5d 5c ah 2d 3c", ben="6S KH QD JC 9H 10D 4C 8C 7D AC",
                   melds={"Ann": [["2S", "3S", "4S", "5S"], ["5H", "5D", "5C"]]}),
    ])


def test_record_round_trip_keeps_cards_and_melds_as_entered():
    data = card_record()
    assert record_to_json(record_from_json(data))["hands"] == data["hands"]


def test_result_carries_deadwood_melds_and_layoffs():
    hands = result_to_json(score_match(record_from_json(card_record())))["hands"]
    assert [(h["winner"], h["points"]) for h in hands] == [("Ann", 15), ("Ben", 67 + 25), ("Ann", 63)]
    assert hands[0]["deadwood"] == {"Ann": 10, "Ben": 25} and hands[0]["layoffs"] == ["10S"]
    assert hands[0]["melds"]["Ben"] == [["KH", "KD", "KC"]]
    assert hands[1]["deadwood"] == {"Ben": 0, "Ann": 67} and hands[1]["layoffs"] == []
    assert hands[2]["layoffs"] == ["6S"]


def test_score_command_prints_card_detail(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(card_record()))
    code, out, err = manage("score", str(path))   # as a shell runs it, in this process (tests/commands.py)
    assert code == 0, err
    first = json.loads(out)["hands"][0]
    assert first["deadwood"] == {"Ann": 10, "Ben": 25} and first["layoffs"] == ["10S"]
    assert first["melds"]["Ann"] == [["7H", "7D", "7C"], ["JS", "QS", "KS"]]


# -- against the brute force ------------------------------------------------------------------

ANY_KNOCK = rules_from({"preset": "standard", "knock_limit": 98})


@settings(max_examples=100)
@given(deals())
def test_card_hands_agree_with_brute_force(deal):
    knocker, defender = deal
    hand = build({"end": "knock", "by": "Ben", "cards": {"Ben": format_cards(knocker),
                                                           "Ann": format_cards(defender)}}, rules=ANY_KNOCK)
    k, d = brute.spec_defender_deadwood(knocker, defender)
    assert hand.deadwood == {"Ben": k, "Ann": d} == hand.detail["deadwood"]
