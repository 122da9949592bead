"""Property tests: invariants of the score pad over random matches."""
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from ginscore.engine import PRESETS, Hand, MatchRecord, MatchScorer, RecordError, parse_card, rules_from, score_match

PLAYERS = ("Ann", "Ben")
CARDS = [f"{r}{s}" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] for s in "SHDC"]


@st.composite
def rules(draw):
    preset = draw(st.sampled_from(sorted(PRESETS)))
    over = {}
    if draw(st.booleans()):
        over["shutout"] = draw(st.sampled_from(["add", "double", "none"]))
    if draw(st.booleans()):
        over["dealer"] = draw(st.sampled_from(["winner", "loser", "alternate"]))
    if draw(st.booleans()):
        over["extra_boxes_gin"] = draw(st.integers(0, 2))
        over["extra_boxes_undercut"] = draw(st.integers(0, 1))
    if draw(st.booleans()):
        over["game_target"] = draw(st.sampled_from([50, 100, 150]))
    if draw(st.booleans()):
        over["gin_off_bonus"] = draw(st.sampled_from([None, 25]))
    return rules_from({"preset": preset, **over})


@st.composite
def hand(draw):
    end = draw(st.sampled_from(["knock", "knock", "knock", "gin", "big_gin", "dead"]))
    upcard = parse_card(draw(st.sampled_from(CARDS)))
    if end == "dead":
        return Hand("dead", upcard=upcard)
    by = draw(st.sampled_from(PLAYERS))
    other = PLAYERS[1] if by == PLAYERS[0] else PLAYERS[0]
    d = draw(st.integers(0, 98))
    if end == "knock":
        return Hand("knock", by, {by: draw(st.integers(0, 10)), other: d}, upcard)
    return Hand(end, by, {other: d}, upcard)


def play(rules_, hands, players=PLAYERS, first_dealer=None):
    """Plays hands until the match ends; hands the rules refuse (Oklahoma limits) are skipped."""
    scorer = MatchScorer(rules_, players, first_dealer)
    kept = []
    for h in hands:
        if scorer.complete:
            break
        try:
            scorer.play(h)
        except RecordError:
            continue
        kept.append(h)
    return scorer.result(), kept


matches = st.tuples(rules(), st.lists(hand(), max_size=60))


@given(matches)
def test_hand_by_hand_and_the_whole_record_in_one_loop_score_the_same(m):
    """The site previews one hand at a time (``play``); a pad scores its record in one loop."""
    result, kept = play(*m)
    assert score_match(MatchRecord(m[0], PLAYERS, None, hands=tuple(kept))) == result


@given(matches)
def test_a_columns_points_are_the_sum_of_the_hands_entered_in_it(m):
    result, _ = play(*m)
    by_game = {g.n: {p: 0 for p in PLAYERS} for g in result.games}
    for h in result.hands:
        for n in h.games:
            by_game[n][h.winner] += h.points
    for g in result.games:
        assert {p: g.players[p].points for p in PLAYERS} == by_game[g.n]
        for p in PLAYERS:
            assert g.players[p].boxes == sum(result.hands[e.hand - 1].boxes for e in g.entries if e.player == p)


@given(matches, st.data())
def test_dead_hands_change_nothing_but_the_dealer_and_the_numbering(m, data):
    rules_, hands = m
    result, kept = play(rules_, [h for h in hands if h.end != "dead"])
    with_dead = list(kept)
    for _ in range(data.draw(st.integers(0, 5))):
        with_dead.insert(data.draw(st.integers(0, len(with_dead))), Hand("dead"))
    if result.complete:  # dead hands after the end would be refused: keep them before it
        while with_dead and with_dead[-1].end == "dead":
            with_dead.pop()
    other, _ = play(rules_, with_dead)
    assert replace(other.match, ended_after=None) == replace(result.match, ended_after=None)
    strip = lambda r: [g._replace(entries=(), ended_after=None) for g in r.games]  # noqa: E731
    assert strip(other) == strip(result)
    scored = [(h.winner, h.points, h.boxes, h.games) for h in other.hands if h.end != "dead"]
    assert scored == [(h.winner, h.points, h.boxes, h.games) for h in result.hands]


@given(matches)
def test_swapping_the_players_names_mirrors_the_result(m):
    rules_, hands = m
    result, kept = play(rules_, hands)
    swap = {"Ann": "Ben", "Ben": "Ann"}
    mirrored_hands = [replace(h, by=swap.get(h.by), deadwood={swap[p]: v for p, v in h.deadwood.items()})
                      for h in kept]
    mirrored, _ = play(rules_, mirrored_hands, players=("Ben", "Ann"), first_dealer="Ben")
    for a, b in zip(result.games, mirrored.games):
        assert {swap[p]: line for p, line in a.players.items()} == dict(b.players)
        assert swap.get(a.winner) == b.winner and a.net == b.net
    assert {swap[p]: v for p, v in result.match.score.items()} == dict(mirrored.match.score)
    assert swap.get(result.match.winner) == mirrored.match.winner


@given(st.lists(hand(), max_size=60))
def test_hollywoods_first_column_is_a_one_column_game_until_it_ends(hands):
    hollywood, kept = play(PRESETS["hollywood"], hands)
    single, _ = play(replace(PRESETS["hollywood"], columns=1), kept)
    first, plain = hollywood.games[0], single.games[0]
    assert first.players == plain.players and first.winner == plain.winner and first.entries == plain.entries


@given(matches)
def test_the_match_score_is_the_sum_of_credited_nets(m):
    result, _ = play(*m)
    for p in PLAYERS:
        assert result.match.score[p] == sum(g.net for g in result.games if g.complete and g.credited == p)
    if result.complete:
        s = result.match.settlement
        assert s.points == abs(result.match.score["Ann"] - result.match.score["Ben"])
        assert max(result.match.score.values()) >= result.rules.match_target


@given(matches)
def test_no_game_takes_entries_after_it_ended(m):
    result, _ = play(*m)
    for g in result.games:
        if g.complete:
            assert all(e.hand <= g.ended_after for e in g.entries)
            assert g.entries[-1].hand == g.ended_after
            assert g.players[g.winner].points >= result.rules.game_target
        else:
            assert all(line.points < result.rules.game_target for line in g.players.values())


@given(matches)
def test_a_complete_match_refuses_one_more_hand(m):
    result, kept = play(*m)
    scorer = MatchScorer(m[0], PLAYERS)
    for h in kept:
        scorer.play(h)
    if scorer.complete:
        try:
            scorer.play(Hand("dead"))
        except RecordError as e:
            assert "already ended" in str(e)
        else:
            raise AssertionError("a hand after the end was taken")
