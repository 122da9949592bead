import random

import networkx as nx
import pytest

from ginscore.engine.tournament import Result, pair_swiss, swiss_round

SIZES = range(2, 131)


def clean_pairing_exists(ranked, played, had_bye):
    """The oracle: can everyone be paired with no rematch and no second bye?"""
    graph = nx.Graph()
    graph.add_nodes_from(ranked)
    graph.add_edges_from((a, b) for i, a in enumerate(ranked) for b in ranked[i + 1:] if frozenset((a, b)) not in played)
    if len(ranked) % 2:
        graph.add_edges_from((p, "BYE") for p in ranked if p not in had_bye)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == len(ranked) + len(ranked) % 2


def run(players, rounds, seed, late=None, withdraw=None):
    rng = random.Random(seed)
    results, withdrawn, history = [], set(), []
    players = list(players)
    for r in range(1, rounds + 1):
        if late and r in late:
            players.append(late[r])
        if withdraw and r in withdraw:
            withdrawn.add(withdraw[r])
        played = {frozenset(x.players) for x in results if not x.bye}
        had_bye = {x.players[0] for x in results if x.bye}
        pairings = swiss_round(players, results, withdrawn)
        active = [p for p in players if p not in withdrawn]
        seated = [x for p in pairings for x in p.players]
        assert sorted(seated) == sorted(active), f"round {r}: everyone still in plays once"
        flaws = sum(frozenset(p.players) in played for p in pairings if not p.bye)
        flaws += sum(p.players[0] in had_bye for p in pairings if p.bye)
        if flaws:
            assert not clean_pairing_exists(active, played, had_bye), f"round {r}: an avoidable rematch or bye"
        history.append(pairings)
        for p in pairings:
            results.append(Result(p.players, rng.choice(p.players), (rng.randint(0, 400), rng.randint(0, 400))
                                  if not p.bye else (0, 0)))
    return history, results


@pytest.mark.parametrize("n", SIZES)
def test_swiss_rounds(n):
    rounds = min(n - 1, 7) if n > 2 else 1
    history, results = run(range(1, n + 1), rounds, seed=n)
    meetings = [frozenset(p.players) for rnd in history for p in rnd if not p.bye]
    assert len(meetings) == len(set(meetings))
    byes = [p.players[0] for rnd in history for p in rnd if p.bye]
    assert len(byes) == len(set(byes))
    if n % 2:
        assert history[0][-1].players == (n,)   # first bye: the lowest seed


@pytest.mark.parametrize("n", range(2, 10))
def test_more_rounds_than_opponents(n):
    """Rematches and second byes happen only once nothing else is possible."""
    history, _ = run(range(1, n + 1), n + 2, seed=n)
    assert len(history) == n + 2


def test_first_round_top_half_meets_bottom_half():
    assert pair_swiss(list("ABCDEFGH"), {}, set()) == [("A", "E"), ("B", "F"), ("C", "G"), ("D", "H")]


def test_equal_scores_meet_and_bye_to_lowest_without_one():
    ranked = ["A", "B", "C", "D", "E"]
    scores = {"A": 1, "B": 1, "C": 0, "D": 0, "E": 0}
    pairs = pair_swiss(ranked, scores, {frozenset("AC"), frozenset("BD")}, had_bye={"E"})
    assert pairs == [("A", "B"), ("C", "E"), ("D",)]


def test_withdrawn_and_late_entries():
    history, _ = run(range(1, 11), 5, seed=3, late={3: 11}, withdraw={2: 4})
    assert all(4 not in p.players for rnd in history[1:] for p in rnd)
    assert any(11 in p.players for p in history[2])


def test_large_field_uses_restricted_window_and_stays_clean():
    history, _ = run(range(1, 201), 6, seed=1)
    meetings = [frozenset(p.players) for rnd in history for p in rnd if not p.bye]
    assert len(meetings) == len(set(meetings))
