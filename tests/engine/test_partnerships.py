"""Four players in two partnerships (spec Additions): deals of two tables, team points and boxes."""
import pytest

from ginscore.engine import PRESETS, RecordError, record_from_json, record_to_json, result_to_json, score_match

TEAMS = [{"name": "North", "players": ["Ann", "Cat"]}, {"name": "South", "players": ["Ben", "Dan"]}]


def knock(by, k, other, d, **extra):
    return {"end": "knock", "by": by, "deadwood": {by: k, other: d}, **extra}


def gin(by, other, d, **extra):
    return {"end": "gin", "by": by, "deadwood": {other: d}, **extra}


DEAD = {"end": "dead"}


def deal(t1, t2):
    return {"tables": [t1, t2]}


def seats(n):
    """Who plays at tables 1 and 2 in deal n (North's player first)."""
    return (("Ann", "Ben"), ("Cat", "Dan")) if n % 2 else (("Ann", "Dan"), ("Cat", "Ben"))


def won(n, table, north, points, how="knock"):
    """A table hand of deal n won by North's (north=True) or South's player, worth ``points`` (10 + points
    deadwood v 10 for a knock; a gin v points - 25)."""
    n_player, s_player = seats(n)[table - 1]
    by, other = (n_player, s_player) if north else (s_player, n_player)
    if how == "gin":
        return gin(by, other, points - 25)
    return knock(by, 10, other, 10 + points)


def four(deals, rules="partnership", teams=TEAMS, **extra):
    return {"format": "ginscore/1", "rules": rules, "players": ["Ann", "Ben", "Cat", "Dan"], "teams": teams,
            "hands": deals, **extra}


def scored(deals, rules="partnership", **extra):
    return result_to_json(score_match(record_from_json(four(deals, rules, **extra))))


SPEC_DEALS = [deal(knock("Ann", 3, "Ben", 25), gin("Dan", "Cat", 12)),
              deal(DEAD, knock("Cat", 6, "Ben", 31))]


def test_the_partnership_preset_is_standard_to_125():
    assert PRESETS["partnership"].game_target == 125
    others = {k: v for k, v in PRESETS["partnership"].to_json().items() if k not in ("preset", "game_target")}
    assert others == {k: v for k, v in PRESETS["standard"].to_json().items() if k not in ("preset", "game_target")}


def test_the_worked_example_under_difference():
    data = scored(SPEC_DEALS)
    d1, d2 = data["hands"]
    assert [t["players"] for t in d1["tables"]] == [["Ann", "Ben"], ["Cat", "Dan"]]
    assert [t["players"] for t in d2["tables"]] == [["Ann", "Dan"], ["Cat", "Ben"]]
    assert [(t["winner"], t["points"]) for t in d1["tables"]] == [("Ann", 22), ("Dan", 37)]
    assert d1["points"] == {"North": 0, "South": 15} and d1["boxes"] == {"North": 1, "South": 1}
    assert d2["points"] == {"North": 25, "South": 0} and d2["boxes"] == {"North": 1, "South": 0}
    assert d1["dealer"] is None and d1["n"] == 1 and d1["games"] == [1]
    assert d2["tables"][0] == {"table": 1, "players": ["Ann", "Dan"], "end": "dead", "by": None, "winner": None,
                               "undercut": False, "points": 0, "boxes": 0}
    g = data["games"][0]
    assert {t: line["points"] for t, line in g["players"].items()} == {"North": 25, "South": 15}
    assert {t: line["boxes"] for t, line in g["players"].items()} == {"North": 2, "South": 1}
    assert data["teams"] == TEAMS and data["match"]["score"] == {"North": 0, "South": 0}


def test_the_worked_example_under_each():
    data = scored(SPEC_DEALS, {"preset": "partnership", "partnership_scoring": "each"})
    assert data["hands"][0]["points"] == {"North": 22, "South": 37}
    assert data["hands"][1]["points"] == {"North": 25, "South": 0}
    g = data["games"][0]
    assert {t: line["points"] for t, line in g["players"].items()} == {"North": 47, "South": 37}


def test_a_deal_with_both_tables_dead_scores_nothing_and_counts_for_the_rotation():
    data = scored([deal(DEAD, DEAD), deal(knock("Ann", 5, "Dan", 25), DEAD), deal(DEAD, gin("Cat", "Dan", 10))])
    d1, d2, d3 = data["hands"]
    assert d1["games"] == [] and d1["points"] == {"North": 0, "South": 0} and d1["boxes"] == {"North": 0, "South": 0}
    assert d2["tables"][0]["players"] == ["Ann", "Dan"] and d2["points"] == {"North": 20, "South": 0}
    assert d3["tables"][1]["players"] == ["Cat", "Dan"] and d3["points"] == {"North": 35, "South": 0}
    assert data["games"][0]["players"]["North"]["points"] == 55


def test_level_tables_under_difference_score_no_points_but_both_boxes():
    data = scored([deal(knock("Ann", 5, "Ben", 25), knock("Dan", 5, "Cat", 25))])
    assert data["hands"][0]["points"] == {"North": 0, "South": 0}
    assert data["hands"][0]["boxes"] == {"North": 1, "South": 1} and data["hands"][0]["games"] == [1]


def test_both_teams_pass_125_in_one_deal_under_each_the_higher_wins():
    each = {"preset": "partnership", "partnership_scoring": "each"}
    # four deals: North +25 and South +27 each (one table hand each): North 100, South 108, 4 boxes each
    start = [deal(won(n, 1, True, 25), won(n, 2, False, 27)) for n in (1, 2, 3, 4)]
    data = scored(start + [deal(won(5, 1, True, 35, "gin"), won(5, 2, False, 28))], each)
    g = data["games"][0]
    assert {t: line["points"] for t, line in g["players"].items()} == {"North": 135, "South": 136}
    assert g["complete"] and g["winner"] == "South" and data["hands"][-1]["games"] == [1]
    south, north = g["players"]["South"], g["players"]["North"]
    assert south["total"] == 136 + 5 * 25 + 100 and north["total"] == 135 + 5 * 25
    assert g["net"] == 101 and g["shutout"] is False and data["match"]["score"] == {"North": 0, "South": 101}
    # the other way round: North passes by more
    data = scored(start + [deal(won(5, 1, True, 45, "gin"), won(5, 2, False, 18))], each)
    assert data["games"][0]["winner"] == "North"


def test_both_teams_level_past_125_play_on():
    each = {"preset": "partnership", "partnership_scoring": "each"}
    start = [deal(won(n, 1, True, 25), won(n, 2, False, 25)) for n in range(1, 6)]  # 125 each after five
    data = scored(start, each)
    g = data["games"][0]
    assert {t: line["points"] for t, line in g["players"].items()} == {"North": 125, "South": 125}
    assert g["complete"] is False
    data = scored(start + [deal(DEAD, won(6, 2, False, 1))], each)
    g = data["games"][0]
    assert g["complete"] and g["winner"] == "South"


def test_difference_scoring_never_lets_both_teams_pass_at_once():
    start = [deal(won(n, 1, True, 45), won(n, 2, False, 20)) for n in range(1, 6)]  # North +25 a deal
    data = scored(start)
    g = data["games"][0]
    assert g["complete"] and g["winner"] == "North" and g["players"]["South"]["points"] == 0
    assert g["players"]["South"]["boxes"] == 5 and g["shutout"] is False  # South won table hands: no shutout


def test_a_team_that_won_no_table_hand_is_shut_out():
    data = scored([deal(won(1, 1, True, 75, "gin"), won(1, 2, True, 75, "gin"))])
    g = data["games"][0]
    north = g["players"]["North"]
    assert g["complete"] and g["shutout"] and g["winner"] == "North"
    assert north["points"] == 150 and north["boxes"] == 2
    assert north["total"] == 150 + 2 * 25 + 100 + 100 and north["shutout_bonus"] == 100


def test_match_and_settlement_are_by_team():
    big = [deal(won(1, 1, True, 123, "gin"), won(1, 2, True, 123, "gin"))]
    data = scored(big, {"preset": "partnership", "match_target": 400}, stake="1")
    m = data["match"]
    assert m["complete"] and m["winner"] == "North" and m["score"] == {"North": 246 + 50 + 100 + 100, "South": 0}
    assert m["settlement"] == {"payer": "South", "payee": "North", "points": 496, "amount": "496"}
    assert m["settlements"] == [m["settlement"]]


def test_team_names_default_to_their_players():
    teams = [{"players": ["Ann", "Cat"]}, {"players": ["Ben", "Dan"]}]
    data = scored(SPEC_DEALS, teams=teams)
    assert set(data["games"][0]["players"]) == {"Ann & Cat", "Ben & Dan"}


def test_round_trip():
    rec = record_from_json(four(SPEC_DEALS))
    once = record_to_json(rec)
    assert "first_dealer" not in once and once["teams"] == TEAMS
    assert record_from_json(once) == rec and record_to_json(record_from_json(once)) == once


@pytest.mark.parametrize("data,message", [
    ({**four([]), "teams": None}, "teams: four players play in two partnerships"),
    (four([], teams=[{"players": ["Ann", "Cat"]}]), "teams: must be two teams"),
    (four([], teams=[{"players": ["Ann", "Cat"]}, {"players": ["Ben", "Ann"]}]), "teams: Ann is named twice"),
    (four([], teams=[{"players": ["Ann", "Cat"]}, {"players": ["Ben", "Eve"]}]),
     "teams: team 2: 'Eve' is not one of the players"),
    (four([], teams=[{"name": "N", "players": ["Ann", "Cat"]}, {"name": "N", "players": ["Ben", "Dan"]}]),
     'teams: the two teams need different names, both are "N"'),
    (four([], "hollywood"), "columns must be 1 with 4 players"),
    (four([knock("Ann", 3, "Ben", 25)]), 'hand 1: a partnership deal must be {"tables"'),
    (four([deal(knock("Ann", 3, "Dan", 25), DEAD)]),
     "deal 1, table 1: 'Dan' plays at table 2 in this deal; table 1 is Ann and Ben"),
    (four([deal(DEAD, DEAD), deal(knock("Ann", 3, "Ben", 25), DEAD)]),
     "deal 2, table 1: 'Ben' plays at table 2 in this deal; table 1 is Ann and Dan"),
    (four([deal(knock("Ann", 3, "Ben", 99), DEAD)]),
     "deal 1, table 1: deadwood for Ben must be a whole number from 0 to 98"),
])
def test_bad_partnership_records_are_refused(data, message):
    with pytest.raises(RecordError) as e:
        record_from_json(data)
    assert message in str(e.value)


def test_a_knock_over_the_limit_names_the_deal_and_the_table():
    with pytest.raises(RecordError, match="deal 1, table 2: Cat knocked with 12 deadwood; the knock limit is 10"):
        score_match(record_from_json(four([deal(DEAD, knock("Cat", 12, "Dan", 30))])))
