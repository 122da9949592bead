"""Reading and writing match records: every kind of bad record is refused with its reason."""
import pytest

from ginscore.engine import RecordError, record_from_json, record_to_json, result_to_json, score_match

from tests.engine.helpers import gin, knock, record

SPEC_EXAMPLE = {
    "format": "ginscore/1",
    "rules": "standard",
    "players": ["Ann", "Ben"],
    "first_dealer": "Ben",
    "stake": "0.05",
    "hands": [
        {"end": "knock", "by": "Ann", "deadwood": {"Ann": 8, "Ben": 32}},
        {"end": "gin", "by": "Ben", "deadwood": {"Ann": 41}},
        {"end": "big_gin", "by": "Ben", "deadwood": {"Ann": 19}},
        {"end": "dead"},
        {"end": "knock", "by": "Ben", "deadwood": {"Ann": 6, "Ben": 9}, "upcard": "7S"},
    ],
}


def test_spec_example_scores_as_the_spec_says():
    data = result_to_json(score_match(record_from_json(SPEC_EXAMPLE)))
    assert data["format"] == "ginscore-result/1"
    assert data["hands"][0] == {"n": 1, "dealer": "Ben", "end": "knock", "by": "Ann", "winner": "Ann",
                                "undercut": False, "points": 24, "boxes": 1, "games": [1]}
    assert [h["points"] for h in data["hands"]] == [24, 66, 50, 0, 28]
    assert [h["dealer"] for h in data["hands"]] == ["Ben", "Ann", "Ben", "Ben", "Ben"]
    assert data["hands"][3] == {"n": 4, "dealer": "Ben", "end": "dead", "by": None, "winner": None,
                                "undercut": False, "points": 0, "boxes": 0, "games": []}
    assert data["hands"][4]["winner"] == "Ann" and data["hands"][4]["undercut"] is True
    g1 = data["games"][0]
    assert g1["complete"] and g1["winner"] == "Ben" and g1["players"]["Ben"]["total"] == 116 + 50 + 100
    assert data["games"][1]["players"]["Ann"]["total"] == 28
    assert data["match"]["score"] == {"Ann": 0, "Ben": 266 - 49}


def test_defaults_rules_standard_and_first_dealer_first_player():
    rec = record_from_json({"players": ["Ann", "Ben"], "hands": []})
    assert rec.rules.preset == "standard" and rec.first_dealer == "Ann" and rec.stake is None


@pytest.mark.parametrize("data", [
    SPEC_EXAMPLE,
    record([knock("Ann", 3, 20, upcard="10H"), gin("Ben", 5)], {"preset": "oklahoma", "gin_bonus": 30}),
    record([], "hollywood", stake="1.50", length={"kind": "best_of", "games": 3}),
    record([gin("Ann", 5)], "classic", length="set"),
])
def test_round_trip_is_exact(data):
    once = record_to_json(record_from_json(data))
    assert record_to_json(record_from_json(once)) == once
    assert record_from_json(once) == record_from_json(data)


def test_unknown_fields_are_ignored_but_unknown_rules_are_not():
    rec = record_from_json({**SPEC_EXAMPLE, "club": "Tuesday", "hands": [{**knock("Ann", 8, 32), "note": "x"}]})
    assert rec.hands[0].deadwood == {"Ann": 8, "Ben": 32}
    with pytest.raises(RecordError, match='rules: "gin_bonuss" is not a rule'):
        record_from_json({**SPEC_EXAMPLE, "rules": {"preset": "standard", "gin_bonuss": 1}})


@pytest.mark.parametrize("data,message", [
    ([], "the record must be a JSON object"),
    ({"format": "ginscore/2", "players": ["A", "B"]}, 'format: expected "ginscore/1"'),
    ({"players": ["Ann"]}, "players: must be a list of two, three or four names"),
    ({"players": "Ann, Ben"}, "players: must be a list of two, three or four names"),
    ({"players": ["Ann", " "]}, "players: each player needs a name"),
    ({"players": ["Ann", "Ann"]}, 'players: the two players must be different, both are "Ann"'),
    ({"players": ["Ann", "Ben"], "first_dealer": "Cy"}, "first_dealer: 'Cy' is not one of the players"),
    ({"players": ["Ann", "Ben"], "stake": "five"}, 'stake: "five" is not a decimal number'),
    ({"players": ["Ann", "Ben"], "stake": "-1"}, "stake: must be zero or more"),
    ({"players": ["Ann", "Ben"], "rules": "vegas"}, 'rules: preset: "vegas" is not a preset'),
    ({"players": ["Ann", "Ben"], "hands": {}}, "hands: must be a list"),
    ({"players": ["Ann", "Ben"], "hands": ["gin"]}, "hand 1: must be an object"),
    ({"players": ["Ann", "Ben"], "hands": [{"end": "win"}]}, "hand 1: end must be one of knock, gin, big_gin, dead"),
    ({"players": ["Ann", "Ben"], "hands": [{"end": "gin", "by": "Cy", "deadwood": {"Ann": 3}}]},
     "hand 1: by: 'Cy' is not one of the players"),
    ({"players": ["Ann", "Ben"], "hands": [{"end": "gin", "by": "Ann", "deadwood": {}}]},
     "hand 1: deadwood for Ben is missing"),
    ({"players": ["Ann", "Ben"], "hands": [{"end": "knock", "by": "Ann", "deadwood": {"Ben": 20}}]},
     "hand 1: deadwood for Ann is missing"),
    ({"players": ["Ann", "Ben"], "hands": [{"end": "gin", "by": "Ann", "deadwood": {"Ben": 99}}]},
     "hand 1: deadwood for Ben must be a whole number from 0 to 98"),
    ({"players": ["Ann", "Ben"], "hands": [{"end": "gin", "by": "Ann", "deadwood": {"Ben": -3}}]},
     "deadwood for Ben must be a whole number"),
    ({"players": ["Ann", "Ben"], "hands": [{"end": "gin", "by": "Ann", "deadwood": {"Ben": 4.5}}]},
     "deadwood for Ben must be a whole number"),
    ({"players": ["Ann", "Ben"], "hands": [{"end": "gin", "by": "Ann", "deadwood": {"Ben": 4, "Cy": 1}}]},
     "hand 1: deadwood: 'Cy' is not one of the players"),
    ({"players": ["Ann", "Ben"], "hands": [{"end": "gin", "by": "Ann", "deadwood": {"Ann": 4, "Ben": 9}}]},
     "hand 1: a gin leaves Ann no deadwood, but 4 is given"),
    ({"players": ["Ann", "Ben"], "hands": [{"end": "gin", "by": "Ann", "deadwood": {"Ben": 9}, "upcard": "1S"}]},
     "hand 1: upcard: '1S' is not a card"),
    ({"players": ["Ann", "Ben"], "length": {"kind": "best_of"}}, "length: best_of needs games"),
    ({"players": ["Ann", "Ben"], "length": "forever"}, "length: must be"),
])
def test_bad_records_are_refused_with_the_reason(data, message):
    with pytest.raises(RecordError) as e:
        record_from_json(data)
    assert message in str(e.value)


def test_upcards_in_any_case_and_ten_as_T():
    rec = record_from_json(record([gin("Ann", 5, upcard="td"), gin("Ann", 5, upcard="10h"), gin("Ann", 5, upcard="ac")]))
    assert [str(h.upcard) for h in rec.hands] == ["10D", "10H", "AC"]
