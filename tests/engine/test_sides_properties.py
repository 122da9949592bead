"""Property tests for three players, partnerships and rulings (spec Additions)."""
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.engine import PRESETS, MatchScorer, RecordError, record_from_json, result_to_json, rules_from, score_match

P3 = ("Ann", "Ben", "Cat")
TEAMS = [{"name": "North", "players": ["Ann", "Cat"]}, {"name": "South", "players": ["Ben", "Dan"]}]

# a table hand, seat-relative: (end, the first seat ended it?, knocker's deadwood, the other's deadwood)
table_hand = st.tuples(st.sampled_from(["knock", "knock", "knock", "gin", "big_gin", "dead"]), st.booleans(),
                       st.integers(0, 10), st.integers(0, 98))


def written(spec, seat):
    """The record's hand object for a seat-relative hand at a table of two."""
    end, first, k, d = spec
    if end == "dead":
        return {"end": "dead"}
    by, other = seat if first else (seat[1], seat[0])
    if end == "knock":
        return {"end": "knock", "by": by, "deadwood": {by: k, other: d}}
    return {"end": end, "by": by, "deadwood": {other: d}}


rule_overrides = st.fixed_dictionaries({}, optional={
    "shutout": st.sampled_from(["add", "double", "none"]),
    "game_target": st.sampled_from([50, 100, 150]),
    "match_target": st.sampled_from([100, 500]),
    "extra_boxes_gin": st.integers(0, 2),
})


def three_record(rules, specs):
    """A three-player record: each hand played by the two who did not deal (as the scorer seats them)."""
    scorer = MatchScorer(rules_from(rules), P3, "Cat")
    hands = []
    for spec in specs:
        if scorer.complete:
            break
        raw = written(spec, scorer.table.table_for(scorer.next_dealer))
        scorer.play(record_from_json({"players": list(P3), "rules": rules, "hands": [raw]}).hands[0]
                    if raw["end"] == "dead" else _parsed(raw, rules))
        hands.append(raw)
    return {"format": "ginscore/1", "rules": rules, "players": list(P3), "first_dealer": "Cat", "hands": hands}


def _parsed(raw, rules):
    pair = [raw["by"], *(p for p in raw["deadwood"] if p != raw["by"])]
    return record_from_json({"players": pair, "rules": rules, "hands": [raw]}).hands[0]


@settings(max_examples=60, deadline=None)
@given(rule_overrides, st.lists(table_hand, max_size=40))
def test_a_three_player_games_pair_nets_sum_per_player_to_what_the_pairs_credit(over, specs):
    data = result_to_json(score_match(record_from_json(three_record({"preset": "standard", **over}, specs))))
    credited = {p: 0 for p in P3}
    against = {}
    for g in data["games"]:
        assert (g["pairs"] != []) == g["complete"]
        for pair in g["pairs"]:
            assert pair["credited"] in (*pair["players"], None)
            assert (pair["net"] == 0) == (pair["credited"] is None)
            if pair["credited"]:
                credited[pair["credited"]] += pair["net"]
                key = (pair["credited"], *(p for p in pair["players"] if p != pair["credited"]))
                against[key] = against.get(key, 0) + pair["net"]
        if g["complete"]:
            totals = {p: line["total"] for p, line in g["players"].items()}
            assert max(totals, key=totals.get) == g["winner"]
            assert set(g["shut_out"]) == {p for p in P3 if p != g["winner"]
                                          and not any(h["winner"] == p and g["n"] in h["games"]
                                                      for h in data["hands"])}
    assert data["match"]["score"] == credited
    owed = {}
    for s in data["match"]["settlements"]:
        owed[(s["payee"], s["payer"])] = s["points"]
    if data["match"]["complete"]:
        for (a, b) in [("Ann", "Ben"), ("Ann", "Cat"), ("Ben", "Cat")]:
            diff = against.get((a, b), 0) - against.get((b, a), 0)
            assert owed.get((a, b), 0) - owed.get((b, a), 0) == diff
    else:
        assert owed == {}
    # every hand is played by the two who did not deal; the loser deals next, a hand with no winner keeps the dealer
    for h, nxt in zip(data["hands"], data["hands"][1:]):
        assert h["dealer"] not in h["players"]
        assert nxt["dealer"] == (h["dealer"] if h["winner"] is None else h["loser"] if "loser" in h else
                                 next(p for p in h["players"] if p != h["winner"]))


def _rename(obj, names):
    if isinstance(obj, dict):
        return {names.get(k, k): _rename(v, names) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_rename(v, names) for v in obj]
    if isinstance(obj, str):
        return names.get(obj, obj)
    return obj


@settings(max_examples=40, deadline=None)
@given(rule_overrides, st.lists(table_hand, max_size=30), st.permutations(["Zoë", "Åsa-Lee", "Bo"]))
def test_renaming_three_players_renames_the_result(over, specs, new_names):
    record = three_record({"preset": "standard", **over}, specs)
    names = dict(zip(P3, new_names))
    before = result_to_json(score_match(record_from_json(record)))
    after = result_to_json(score_match(record_from_json(_rename(record, names))))
    assert after == _rename(before, names)


def partnership_record(rules, deals):
    seats = [(("Ann", "Ben"), ("Cat", "Dan")), (("Ann", "Dan"), ("Cat", "Ben"))]
    return {"format": "ginscore/1", "rules": rules, "players": ["Ann", "Ben", "Cat", "Dan"], "teams": TEAMS,
            "hands": [{"tables": [written(t1, seats[i % 2][0]), written(t2, seats[i % 2][1])]}
                      for i, (t1, t2) in enumerate(deals)]}


@settings(max_examples=60, deadline=None)
@given(rule_overrides, st.lists(st.tuples(table_hand, table_hand), max_size=30))
def test_a_partnership_under_each_is_two_player_bookkeeping_per_team(over, deals):
    rules = {"preset": "partnership", "partnership_scoring": "each", **over}
    record = partnership_record(rules, deals)
    try:
        data = result_to_json(score_match(record_from_json(record)))
    except RecordError as e:
        assert "the match already ended" in str(e)
        return
    r = PRESETS["partnership"].to_json() | over
    team_of = {p: t["name"] for t in TEAMS for p in t["players"]}
    for g in data["games"]:
        points = {"North": 0, "South": 0}
        boxes = {"North": 0, "South": 0}
        wins = {"North": 0, "South": 0}
        for d in data["hands"]:
            if g["n"] in d["games"]:
                for t in d["tables"]:
                    if t["winner"]:
                        points[team_of[t["winner"]]] += t["points"]
                        boxes[team_of[t["winner"]]] += t["boxes"]
                        wins[team_of[t["winner"]]] += 1
                assert d["points"] == {team: sum(t["points"] for t in d["tables"]
                                                 if t["winner"] and team_of[t["winner"]] == team)
                                       for team in ("North", "South")}
        assert {t: line["points"] for t, line in g["players"].items()} == points
        assert {t: line["boxes"] for t, line in g["players"].items()} == boxes
        if g["complete"]:
            w = g["winner"]
            lose = "South" if w == "North" else "North"
            assert points[w] >= r["game_target"] and points[w] > points[lose]
            total = points[w] + boxes[w] * r["box_bonus"] + r["game_bonus"]
            if wins[lose] == 0:
                total = total + r["shutout_bonus"] if r["shutout"] == "add" else \
                    total * 2 if r["shutout"] == "double" else total
            assert g["players"][w]["total"] == total
            assert g["players"][lose]["total"] == points[lose] + boxes[lose] * r["box_bonus"]
            assert g["net"] == abs(total - g["players"][lose]["total"])


@settings(max_examples=40, deadline=None)
@given(rule_overrides, st.sampled_from(["difference", "each"]), st.lists(st.tuples(table_hand, table_hand), max_size=20),
       st.permutations(["Zoë", "Åsa-Lee", "Bo", "Jean-Éric"]))
def test_renaming_a_partnerships_players_and_teams_renames_the_result(over, scoring, deals, new_names):
    record = partnership_record({"preset": "partnership", "partnership_scoring": scoring, **over}, deals)
    names = dict(zip(["Ann", "Ben", "Cat", "Dan"], new_names)) | {"North": "Les Éclairs", "South": "Sud-Ouest"}
    try:
        before = result_to_json(score_match(record_from_json(record)))
    except RecordError as e:
        assert "the match already ended" in str(e)
        return
    after = result_to_json(score_match(record_from_json(_rename(record, names))))
    assert after == _rename(before, names)


rulings = st.fixed_dictionaries({}, optional={
    "missing_cards": st.dictionaries(st.sampled_from(["Ann", "Ben"]), st.integers(1, 10), min_size=1),
    "extra_cards": st.lists(st.sampled_from(["Ann", "Ben"]), min_size=1, max_size=2, unique=True),
    "no_bonus": st.lists(st.sampled_from(["Ann", "Ben"]), min_size=1, max_size=2, unique=True),
    "knock_accepted": st.just(True),
})
BONUSES = ("gin_bonus", "big_gin_bonus", "undercut_bonus", "gin_off_bonus")


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["knock", "gin", "big_gin"]), st.booleans(), st.integers(0, 30), st.integers(0, 98), rulings,
       st.sampled_from(["AH", "5D", "KS", "7S", "10C"]), st.sampled_from(["standard", "oklahoma", "classic"]),
       st.integers(1, 60))
def test_rulings_never_give_a_bonus_to_a_player_they_name(end, ann, k, d, ruled, upcard, preset, bonus):
    by, other = ("Ann", "Ben") if ann else ("Ben", "Ann")
    raw = {"end": end, "by": by, "deadwood": {by: k, other: d} if end == "knock" else {other: d},
           "upcard": upcard, **ruled}
    with_bonus = {"preset": preset, **{key: bonus for key in BONUSES}}
    without = {"preset": preset, **{key: 0 for key in BONUSES}}
    try:
        h = result_to_json(score_match(record_from_json(
            {"players": ["Ann", "Ben"], "rules": with_bonus, "hands": [raw]})))["hands"][0]
    except RecordError as e:
        assert "knocked with" in str(e) and not ruled.get("knock_accepted")
        return
    plain = result_to_json(score_match(record_from_json(
        {"players": ["Ann", "Ben"], "rules": without, "hands": [raw]})))["hands"][0]
    assert h["winner"] not in ruled.get("extra_cards", [])
    named = {*ruled.get("missing_cards", {}), *ruled.get("no_bonus", [])}
    if h["winner"] in named:
        assert h["points"] == plain["points"]  # the bonuses' values make no difference to a named winner
    assert (h["winner"], h["undercut"], h["boxes"]) == (plain["winner"], plain["undercut"], plain["boxes"])
    assert h["end"] == ("gin" if end == "knock" and k == 0 else end)
