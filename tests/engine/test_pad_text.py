"""The plain-text pad (``score --pad``) for three players and partnerships, on the spec's worked
examples (Additions: "Three players", "Four players in two partnerships"): the numbers a person
reads in each column."""
from ginscore.engine import record_from_json, score_match
from ginscore.engine.pad_text import render_pad

from tests.engine.test_partnerships import DEAD, SPEC_DEALS, deal, four, gin as gin4
from tests.engine.test_three_players import WORKED, gin, knock, three


def pad(data) -> str:
    return render_pad(score_match(record_from_json(data)))


def table(out: str, head: str, sides) -> dict[str, dict[str, str]]:
    """The rows of the game table whose header line starts with ``head``: each row's label (the
    words before the first column: "points", "1 Cat", "2 Ann v Dan: dead Cat v Ben: Cat 25") ->
    {side: what is printed in that side's column}. Columns are right-aligned under the names."""
    lines = out.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith(head))
    edges = [lines[top].index(s) + len(s) for s in sides]
    width = edges[1] - edges[0]
    starts = [e - width for e in edges]
    rows = {}
    for line in lines[top + 1:]:
        if not line.strip() or ": net " in line:
            break
        label = " ".join(line[:starts[0]].split())
        if label:
            rows[label] = {s: line[a:b].strip() for s, a, b in zip(sides, starts, edges)}
    return rows


P3 = ("Ann", "Ben", "Cat")


def test_three_players_worked_example_in_three_columns():
    out = pad(three(WORKED, stake="0.10"))
    assert "Game 1 (Cat won; shut out: Ben)" in out
    rows = table(out, "hand  sat out", P3)
    # each hand: who sat it out (the dealer), the winner's running total, - for the one who lost it
    assert rows["1 Cat"] == {"Ann": "16", "Ben": "-", "Cat": ""}
    assert rows["2 Ben"] == {"Ann": "-", "Ben": "", "Cat": "55"}
    assert rows["3 Ann"] == {"Ann": "", "Ben": "-", "Cat": "93"}
    assert rows["4 Ben"] == {"Ann": "-", "Ben": "", "Cat": "103"}
    assert rows["points"] == {"Ann": "16", "Ben": "0", "Cat": "103"}
    assert rows["boxes"] == {"Ann": "1", "Ben": "0", "Cat": "3"}
    assert rows["box bonus"] == {"Ann": "25", "Ben": "0", "Cat": "75"}
    assert rows["game bonus"] == {"Ann": "0", "Ben": "0", "Cat": "100"}
    assert rows["total"] == {"Ann": "41", "Ben": "0", "Cat": "278"}
    assert "shutout" not in rows  # three players: the shutout belongs to a pair, said with the pairs
    lines = out.splitlines()
    assert "Ann v Ben: net 41 to Ann" in lines
    assert "Ann v Cat: net 237 to Cat" in lines
    assert "Ben v Cat: net 378 to Cat (with the shutout: Ben won no hand)" in lines
    assert "Match score: Ann 41, Ben 0, Cat 615 (to 500)" in lines
    assert "Match over after hand 4: Cat wins." in lines
    settled = [line for line in lines if line.startswith("Settlement:")]
    assert settled == ["Settlement: Ben pays Ann 41 points = 4.10.",
                       "Settlement: Ann pays Cat 237 points = 23.70.",
                       "Settlement: Ben pays Cat 378 points = 37.80."]


def test_three_players_in_play_dead_hand_and_who_deals_next():
    # Cat deals, the hand is dead and Cat deals again; Ann beats Ben, so Ben (the loser) deals hand 3
    out = pad(three([{"end": "dead"}, knock("Ann", 4, "Ben", 20)]))
    rows = table(out, "hand  sat out", P3)
    assert rows["1 Cat"] == {"Ann": "dead", "Ben": "dead", "Cat": ""}
    assert rows["2 Cat"] == {"Ann": "16", "Ben": "-", "Cat": ""}
    assert rows["points"] == {"Ann": "16", "Ben": "0", "Cat": "0"}
    assert "total" not in rows and "Game 1 (in play)" in out
    assert "Next to deal: Ben (sits out; Ann v Cat play hand 3)" in out.splitlines()


def test_three_players_second_game_starts_after_the_first_ended():
    # Cat deals: Ann gins v Ben (105, game 1 over); Ben deals: Ann knocks v Cat; Cat deals: Ben knocks v Ann
    hands = [gin("Ann", "Ben", 80), knock("Ann", 2, "Cat", 12), knock("Ben", 2, "Ann", 12)]
    out = pad(three(hands, rules={"preset": "standard", "match_target": 5000}))
    second = out[out.index("Game 2"):]
    rows = table(second, "hand  sat out", P3)
    assert list(rows)[:2] == ["2 Ben", "3 Cat"]  # hands 2 and 3, not hand 1 again
    assert rows["2 Ben"] == {"Ann": "10", "Ben": "", "Cat": "-"}
    assert rows["3 Cat"] == {"Ann": "-", "Ben": "10", "Cat": ""}


def test_a_hand_with_a_ruling_is_marked():
    ruled = {**knock("Ann", 4, "Ben", 20), "missing_cards": {"Ben": 1}}  # Ben's count 30: Ann wins 26
    out = pad(three([ruled]))
    assert table(out, "hand  sat out", P3)["1 Cat"]["Ann"] == "26*"
    assert "* the hand carries a director's ruling" in out.splitlines()


TEAMS = ("North", "South")


def test_partnership_worked_example_team_columns_and_both_tables():
    out = pad(four(SPEC_DEALS))
    assert out.startswith("North (Ann & Cat) v South (Ben & Dan): partnership rules, to 500")
    rows = table(out, "deal  table 1", TEAMS)
    # deal 1: Ann wins 22, Dan wins 37: South scores the difference, 15; North's won hand earns a box
    assert rows["1 Ann v Ben: Ann 22 Cat v Dan: Dan 37 gin"] == {"North": "+0 (0)", "South": "+15 (15)"}
    assert rows["2 Ann v Dan: dead Cat v Ben: Cat 25"] == {"North": "+25 (25)", "South": ""}
    assert rows["points"] == {"North": "25", "South": "15"}
    assert rows["boxes"] == {"North": "2", "South": "1"}
    assert "Match score: North 0, South 0 (to 500)" in out
    assert "Next: deal 3, Ann v Ben at table 1, Cat v Dan at table 2" in out.splitlines()


def test_partnership_each_team_scores_what_its_players_won():
    out = pad(four(SPEC_DEALS, rules={"preset": "partnership", "partnership_scoring": "each"}))
    assert "the deal's points by each" in out.splitlines()[0]
    rows = table(out, "deal  table 1", TEAMS)
    assert rows["1 Ann v Ben: Ann 22 Cat v Dan: Dan 37 gin"] == {"North": "+22 (22)", "South": "+37 (37)"}
    assert rows["2 Ann v Dan: dead Cat v Ben: Cat 25"] == {"North": "+25 (47)", "South": ""}
    assert rows["points"] == {"North": "47", "South": "37"}


def test_partnership_game_and_match_end_with_the_settlement():
    # deal 1: Ann gins v Ben 60 (85) and Cat gins v Dan 60 (85): North 170, past 125; South won no table
    deals = [deal(gin4("Ann", "Ben", 60), gin4("Cat", "Dan", 60))]
    out = pad(four(deals, rules={"preset": "partnership", "match_target": 400}, stake="0.05"))
    assert "Game 1 (North won, shutout)" in out
    rows = table(out, "deal  table 1", TEAMS)
    assert rows["1 Ann v Ben: Ann 85 gin Cat v Dan: Cat 85 gin"] == {"North": "+170 (170)", "South": ""}
    assert rows["boxes"] == {"North": "2", "South": "0"}
    assert rows["box bonus"] == {"North": "50", "South": "0"}
    assert rows["game bonus"] == {"North": "100", "South": "0"}
    assert rows["shutout"] == {"North": "100", "South": "0"}
    assert rows["total"] == {"North": "420", "South": "0"}
    assert "net 420 to North" in out
    lines = out.splitlines()
    assert "Match over after deal 1: North wins." in lines
    assert "Settlement: South pays North 420 points = 21.00." in lines


def test_partnership_dead_deal_and_default_team_names():
    teams = [{"players": ["Ann", "Cat"]}, {"players": ["Ben", "Dan"]}]
    out = pad(four([deal(DEAD, DEAD)], teams=teams))
    assert out.startswith("Ann & Cat v Ben & Dan: partnership rules")
    rows = table(out, "deal  table 1", ("Ann & Cat", "Ben & Dan"))
    assert rows["1 Ann v Ben: dead Cat v Dan: dead"] == {"Ann & Cat": "", "Ben & Dan": ""}
    assert "Next: deal 2, Ann v Dan at table 1, Cat v Ben at table 2" in out


def test_three_players_with_no_shutout_rule_the_pair_says_no_shutout():
    out = pad(three(WORKED, rules={"preset": "standard", "shutout": "none"}))
    assert "Ben v Cat: net 278 to Cat" in out.splitlines()  # Cat's plain total: Ben won no hand, no bonus
