"""A brute force for Sequence Gin (runs only, and its bonus), written from the
seed's words and sharing nothing with the engine: cards are ``(rank, suit)``
pairs, a run is any group of three or more cards of one suit in sequence (ace
low), an arrangement is any choice of disjoint runs, and a lay-off is any
group of the defender's cards that extends the knocker's runs.

The bonus of a player's runs: one point a card in each run of six or more,
and one point for each J, Q or K in any run. Among arrangements with the
least deadwood the highest bonus counts (a player lays a six-card run down
whole, not as two runs of three).

Slow and obviously right; the tests compare the engine with it on thousands
of random deals.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

FACES = (11, 12, 13)


def value(card) -> int:
    return min(card[0], 10)


def is_run(cards) -> bool:
    if len(cards) < 3 or len({c[1] for c in cards}) != 1:
        return False
    ranks = sorted(c[0] for c in cards)
    return all(b - a == 1 for a, b in zip(ranks, ranks[1:]))


def all_runs(cards) -> list[frozenset]:
    """Every group of three or more of the cards that is a run."""
    out = []
    for size in range(3, len(cards) + 1):
        out += [frozenset(g) for g in combinations(sorted(cards), size) if is_run(g)]
    return out


def bonus(runs) -> int:
    return sum((len(r) if len(r) >= 6 else 0) + sum(1 for c in r if c[0] in FACES) for r in runs)


@lru_cache(maxsize=100_000)
def arrangements(cards: frozenset) -> tuple[tuple[int, int, tuple[frozenset, ...]], ...]:
    """(deadwood, bonus, runs) for every choice of disjoint runs of the cards."""
    runs = all_runs(cards)
    total = sum(value(c) for c in cards)
    out = []

    def walk(i: int, used: frozenset, chosen: tuple) -> None:
        if i == len(runs):
            out.append((total - sum(value(c) for c in used), bonus(chosen), chosen))
            return
        walk(i + 1, used, chosen)
        if not runs[i] & used:
            walk(i + 1, used | runs[i], chosen + (runs[i],))

    walk(0, frozenset(), ())
    return tuple(out)


def best(cards) -> tuple[int, int]:
    """(least deadwood, the highest bonus among the arrangements with it)."""
    options = arrangements(frozenset((c[0], c[1]) for c in cards))
    least = min(dw for dw, _, _ in options)
    return least, max(b for dw, b, _ in options if dw == least)


def _fits(card, run) -> bool:
    return card[1] == next(iter(run))[1]


def can_lay_off(cards, runs) -> bool:
    """Can these cards be shared out over the runs so that each grown run is still a run?"""
    options = [[i for i, r in enumerate(runs) if _fits(c, r)] for c in cards]
    if not all(options):
        return False
    for choice in product(*options):
        grown = [set(r) for r in runs]
        for c, i in zip(cards, choice):
            grown[i].add(c)
        if all(is_run(g) for g in grown):
            return True
    return False


def defender(cards, knocker_runs, gin: bool = False) -> tuple[int, int]:
    """The defender's (least deadwood, then the highest bonus of their own runs),
    over every way of laying off on the knocker's runs (none against a gin)."""
    cards = [(c[0], c[1]) for c in cards]
    runs = [frozenset((c[0], c[1]) for c in r) for r in knocker_runs]
    options = [best(cards)]
    if not gin:
        hopeful = [c for c in cards if any(_fits(c, r) for r in runs)]
        for size in range(1, len(hopeful) + 1):
            for off in combinations(hopeful, size):
                if can_lay_off(off, runs):
                    options.append(best([c for c in cards if c not in off]))
    return min(options, key=lambda t: (t[0], -t[1]))


def spec_knock(knocker, defender_cards) -> tuple[int, int, int, set[int]]:
    """The spec's knock under Sequence Gin: (the knocker's least deadwood, the
    defender's deadwood against the least-deadwood arrangement that leaves them
    the most, the knocker's highest bonus among those, and the defender's
    possible bonuses against the arrangements that tie on all three)."""
    options = arrangements(frozenset((c[0], c[1]) for c in knocker))
    k = min(dw for dw, _, _ in options)
    plays = [(kb, defender(defender_cards, runs, gin=k == 0)) for dw, kb, runs in options if dw == k]
    d = max(dd for _, (dd, _) in plays)
    kb = max(b for b, (dd, _) in plays if dd == d)
    return k, d, kb, {db for b, (dd, db) in plays if dd == d and b == kb}
