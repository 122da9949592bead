import pytest

from ginscore.engine import PRESETS, RULE_KEYS, RuleError, parse_card, rules_from

SPEC_TABLE = {
    # key: (standard, classic, oklahoma, hollywood) from the spec's rule table
    "knock_limit": (10, 10, 10, 10),
    "oklahoma": (False, False, True, False),
    "oklahoma_ace": ("one",) * 4,
    "spade_double": (False, False, True, False),
    "gin_bonus": (25, 20, 25, 25),
    "big_gin_bonus": (31, None, 31, 31),
    "undercut_bonus": (25, 10, 25, 25),
    "gin_off_bonus": (None,) * 4,
    "knock_scores": ("difference",) * 4,
    "hand_bonus": (0,) * 4,
    "box_bonus": (25, 20, 25, 25),
    "extra_boxes_gin": (0,) * 4,
    "extra_boxes_undercut": (0,) * 4,
    "game_target": (100, 100, 150, 100),
    "game_bonus": (100,) * 4,
    "shutout": ("add",) * 4,
    "shutout_bonus": (100,) * 4,
    "columns": (1, 1, 1, 3),
    "dealer": ("winner", "loser", "winner", "winner"),
    "match_target": (500,) * 4,
    "game": ("gin",) * 4,
    "sets": (True,) * 4,
    "sequence_bonus": (False,) * 4,
    "partnership_scoring": ("difference",) * 4,
}


@pytest.mark.parametrize("i,preset", list(enumerate(["standard", "classic", "oklahoma", "hollywood"])))
def test_presets_match_the_spec_table(i, preset):
    rules = PRESETS[preset]
    assert set(RULE_KEYS) == set(SPEC_TABLE)
    for key, values in SPEC_TABLE.items():
        assert getattr(rules, key) == values[i], (preset, key)


def test_rules_json_lists_every_rule_resolved_with_the_preset_first():
    data = rules_from({"preset": "classic", "gin_bonus": 30}).to_json()
    assert list(data) == ["preset", *RULE_KEYS]
    assert data["gin_bonus"] == 30 and data["undercut_bonus"] == 10


def test_overrides_are_what_differs_from_the_preset():
    rules = rules_from({"preset": "standard", "gin_bonus": 20, "box_bonus": 25})
    assert rules.overrides() == {"gin_bonus": 20}
    assert rules.to_record() == {"preset": "standard", "gin_bonus": 20}
    assert rules_from("oklahoma").to_record() == "oklahoma"


def test_rules_are_immutable():
    with pytest.raises(Exception):
        PRESETS["standard"].gin_bonus = 5


@pytest.mark.parametrize("spec,message", [
    ({"preset": "vegas"}, 'preset: "vegas" is not a preset'),
    ({"gin_bonuss": 20}, '"gin_bonuss" is not a rule'),
    ({"gin_bonus": -1}, "gin_bonus: must be a whole number from 0"),
    ({"gin_bonus": "25"}, "gin_bonus: must be a whole number"),
    ({"oklahoma": 1}, "oklahoma: must be true or false"),
    ({"shutout": "triple"}, 'shutout: must be one of "add", "double", "none"'),
    ({"dealer": "random"}, "dealer: must be one of"),
    ({"knock_scores": "sum"}, "knock_scores: must be one of"),
    ({"oklahoma_ace": "eleven"}, "oklahoma_ace: must be one of"),
    ({"columns": 0}, "columns: must be a whole number from 1"),
    ({"knock_limit": 99}, "knock_limit: must be a whole number from 0 to 98"),
    ({"big_gin_bonus": "none"}, "big_gin_bonus: must be a whole number"),
    ({"game_target": 0}, "game_target: must be a whole number from 1"),
    ({"match_target": True}, "match_target: must be a whole number"),
    (42, "must be a preset name or an object"),
])
def test_bad_rules_are_refused_naming_the_key(spec, message):
    with pytest.raises(RuleError) as e:
        rules_from(spec)
    assert message in str(e.value)


def test_nullable_rules_take_null():
    rules = rules_from({"big_gin_bonus": None, "gin_off_bonus": 25})
    assert rules.big_gin_bonus is None and rules.gin_off_bonus == 25


@pytest.mark.parametrize("upcard,ace,limit", [
    ("7S", "one", 7), ("KH", "one", 10), ("10D", "one", 10), ("2C", "one", 2),
    ("AS", "one", 1), ("AS", "gin_only", 0),
])
def test_oklahoma_knock_limit_from_the_upcard(upcard, ace, limit):
    rules = rules_from({"preset": "oklahoma", "oklahoma_ace": ace})
    assert rules.knock_limit_for(parse_card(upcard)) == limit


def test_without_oklahoma_the_upcard_does_not_change_the_limit():
    assert rules_from("standard").knock_limit_for(parse_card("2C")) == 10
