"""Play tournaments out with random winners (engine only)."""
import random

from ginscore.engine.tournament import Result, swiss_round


def play_bracket(bracket, seed=0):
    rng = random.Random(seed)
    while ready := bracket.ready_matches():
        for m in ready:
            bracket.report(m.id, rng.choice(m.players))
    return bracket


def per_round_players(pairings_by_round):
    """Assert nobody sits twice in a round; returns the number of rounds checked."""
    for number, players in pairings_by_round.items():
        assert len(players) == len(set(players)), f"round {number}: a player plays twice: {sorted(players)}"
    return len(pairings_by_round)


def bracket_rounds(bracket):
    out = {}
    for m in bracket.matches:
        if m.outcome != "void":
            out.setdefault(m.play_round, []).extend(p for p in m.players if p is not None)
    return out


def play_swiss(players, rounds, seed=0, withdraw=None):
    """Rounds of Swiss with random winners; ``withdraw``: {round: player} leaving before it."""
    rng = random.Random(seed)
    results, played_rounds, withdrawn = [], [], set()
    for r in range(1, rounds + 1):
        if withdraw and r in withdraw:
            withdrawn.add(withdraw[r])
        pairings = swiss_round(players, results, withdrawn)
        played_rounds.append(pairings)
        for p in pairings:
            winner = rng.choice(p.players)
            points = (rng.randint(0, 300), rng.randint(0, 300))
            results.append(Result(p.players, winner, points if not p.bye else (0, 0)))
    return played_rounds, results
