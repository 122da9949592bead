"""Sample data for the sheet tests and the benchmark: matches played by a seeded dealer."""
from __future__ import annotations

import random

from ginscore.engine import record_from_json, result_to_json, score_match


def random_hands(n: int, players=("Ann", "Ben"), *, seed: int = 7, upcards: bool = False) -> list[dict]:
    """``n`` legal hands: knocks (some undercut), gins, big gins and dead hands."""
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        by = rng.choice(players)
        other = players[1] if by == players[0] else players[0]
        roll = rng.random()
        if roll < 0.08:
            hand = {"end": "dead"}
        elif roll < 0.25:
            hand = {"end": "gin", "by": by, "deadwood": {other: rng.randint(0, 60)}}
        elif roll < 0.28:
            hand = {"end": "big_gin", "by": by, "deadwood": {other: rng.randint(0, 60)}}
        else:
            k = rng.randint(1, 10)
            hand = {"end": "knock", "by": by, "deadwood": {by: k, other: rng.randint(0, 50)}}
        if upcards:
            rank = rng.choice(["10", "J", "Q", "K"])  # a knock limit of 10: every hand stays legal
            hand["upcard"] = rank + rng.choice("SHDC")
        hands.append(hand)
    return hands


def record(hands, rules="standard", players=("Ann", "Ben"), **extra) -> dict:
    return {"format": "ginscore/1", "rules": rules, "players": list(players), "hands": hands, **extra}


def scored(rec: dict) -> dict:
    """The engine's result document for a record."""
    return result_to_json(score_match(record_from_json(rec)))


def full_match(rules="standard", players=("Ann", "Ben"), *, seed: int = 7, **extra) -> tuple[dict, dict]:
    """A match played to its end: (record, result)."""
    hands = random_hands(400, players, seed=seed, upcards=rules == "oklahoma")
    rec = record([], rules, players, **extra)
    result = scored(rec)
    for hand in hands:  # add hands until the match is over
        rec["hands"].append(hand)
        result = scored(rec)
        if result["match"]["complete"]:
            break
    return rec, result


def long_match(n: int = 300, *, seed: int = 3) -> tuple[dict, dict]:
    """``n`` hands of a match whose target is out of reach: a long sheet."""
    rec = record(random_hands(n, seed=seed), {"preset": "standard", "match_target": 1_000_000})
    return rec, scored(rec)
