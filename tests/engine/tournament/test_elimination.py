import pytest

from ginscore.engine.errors import RuleError
from ginscore.engine.tournament import DECIDED, double_elimination, placings, round_name, single_elimination

from .play import bracket_rounds, per_round_players, play_bracket

SIZES = range(2, 131)


def players(n):
    return [f"P{i}" for i in range(1, n + 1)]


def decided(bracket):
    return [m for m in bracket.matches if m.outcome in DECIDED]


def first_round_byes(bracket):
    return {m.winner for m in bracket.matches if m.section == "winners" and m.round == 1 and m.outcome == "bye"}


@pytest.mark.parametrize("n", SIZES)
def test_single_elimination(n):
    b = play_bracket(single_elimination(players(n)), seed=n)
    assert b.complete
    per_round_players(bracket_rounds(b))
    assert len(decided(b)) == n - 1
    losers = [m.loser for m in decided(b)]
    assert b.champion not in losers
    assert sorted(losers) == sorted(set(players(n)) - {b.champion})
    assert first_round_byes(b) == set(players(n)[: len(b.matches) + 1 - n])
    assert not any(m.players == [None, None] for m in b.matches)
    assert placings(b)[b.champion] == 1


@pytest.mark.parametrize("n", [3, 4, 5, 8, 13, 64])
def test_third_place_match(n):
    b = play_bracket(single_elimination(players(n), third_place=True), seed=n)
    third = b.by_id["3P"]
    assert b.complete and third.outcome in ("played", "bye")
    semis = [m for m in b.matches if m.section == "winners" and m.round == max(x.round for x in b.matches) - 1]
    assert set(third.players) - {None} <= {m.loser for m in semis}
    place = placings(b)
    assert place[b.champion] == 1
    assert place[third.winner] == 3
    if third.loser is not None:
        assert place[third.loser] == 4


@pytest.mark.parametrize("n", SIZES)
def test_double_elimination(n):
    b = play_bracket(double_elimination(players(n)), seed=n)
    assert b.complete
    per_round_players(bracket_rounds(b))
    losses = b.losses()
    champion = b.champion
    assert losses[champion] <= 1
    assert all(count == 2 for p, count in losses.items() if p != champion)
    assert first_round_byes(b) == set(players(n)[: sum(1 for m in b.matches if m.id.startswith("W1-")) * 2 - n])
    # the replay is played exactly when the losers'-bracket player won the first final
    gf1, gf2 = b.by_id["GF1"], b.by_id["GF2"]
    assert (gf2.outcome == "void") == (gf1.winner == gf1.players[0])
    assert placings(b)[champion] == 1


def test_grand_final_replay():
    b = double_elimination(players(2))
    b.report("W1-1", "P1")
    assert b.by_id["GF1"].players == ["P1", "P2"]
    b.report("GF1", "P2")
    assert b.by_id["GF2"].ready
    b.report("GF2", "P2")
    assert b.champion == "P2" and b.losses() == {"P1": 2, "P2": 1}


def test_advancement_and_errors():
    b = single_elimination(players(4))
    assert [m.id for m in b.ready_matches()] == ["W1-1", "W1-2"]
    with pytest.raises(RuleError, match="waiting"):
        b.report("W2-1", "P1")
    with pytest.raises(RuleError, match="P3 does not play"):
        b.report("W1-1", "P3")
    changed = b.report("W1-1", "P4")
    assert {m.id for m in changed} == {"W1-1", "W2-1"}
    assert b.by_id["W2-1"].players == ["P4", None]
    with pytest.raises(RuleError, match="already has a result"):
        b.report("W1-1", "P1")
    b.report("W1-2", "P2", outcome="forfeit")
    assert b.by_id["W1-2"].outcome == "forfeit" and b.by_id["W2-1"].ready
    with pytest.raises(RuleError, match="no match"):
        b.report("W9-9", "P1")


def test_withdrawal_gives_the_opponent_every_match():
    b = double_elimination(players(4))
    b.withdraw("P4")
    first = b.by_id["W1-1"]
    assert first.outcome == "withdrawal" and first.winner == "P1"
    b.report("W1-2", "P2")
    # P4 dropped to the losers' bracket and is out at once when P3 arrives
    l1 = b.by_id["L1-1"]
    assert l1.outcome == "withdrawal" and l1.winner == "P3"
    play_bracket(b)
    assert b.complete and "P4" != b.champion


def test_undo_while_nothing_later():
    b = single_elimination(players(4))
    b.report("W1-1", "P1")
    b.report("W1-2", "P2")
    b.report("W2-1", "P1")
    with pytest.raises(RuleError, match="later match, Final, already has a result") as e:
        b.undo("W1-1")
    assert e.value.blocking == "W2-1"
    b.undo("W2-1")
    b.undo("W1-1")
    assert b.by_id["W2-1"].players == [None, "P2"] and b.by_id["W1-1"].ready
    b.report("W1-1", "P4")
    assert b.by_id["W2-1"].players == ["P4", "P2"]


def test_rounds_are_named_back_from_the_final():
    b = single_elimination(players(16), third_place=True)
    assert [b.title(m) for m in b.matches if m.number == 1] == [
        "Round 1, match 1", "Quarter-final 1", "Semi-final 1", "Final", "Third-place match"]
    d = double_elimination(players(8))
    titles = [d.title(m) for m in d.matches]
    assert titles[:1] + titles[6:8] == ["Winners' quarter-final 1", "Winners' final", "Losers' round 1, match 1"]
    assert titles[-3:] == ["Losers' final", "Grand final", "Grand final replay"]
    assert round_name("winners", 1, 1) == "Final" and round_name("losers", 1, 1) == "Losers' round 1"


from hypothesis import given, strategies as st  # noqa: E402


@given(n=st.integers(2, 40), double=st.booleans(), choices=st.lists(st.integers(0, 9), min_size=1, max_size=200))
def test_any_mix_of_results_forfeits_and_withdrawals_completes(n, double, choices):
    """Whatever the director does, in whatever order, the bracket finishes
    and nobody plays twice in a round."""
    b = (double_elimination if double else single_elimination)(players(n))
    step = 0
    while ready := b.ready_matches():
        pick = choices[step % len(choices)]
        step += 1
        m = ready[pick % len(ready)]
        if pick == 9:
            b.withdraw(m.players[step % 2])
        else:
            b.report(m.id, m.players[pick % 2], outcome="forfeit" if pick == 8 else "played")
    assert b.complete and b.champion is not None
    per_round_players(bracket_rounds(b))
