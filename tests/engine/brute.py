"""A brute force for melds and lay-offs, written from the rules' words and
sharing nothing with the engine: cards are plain ``(rank, suit)`` pairs, a
meld is any group of cards that passes the definition, the best arrangement
is the heaviest choice of disjoint melds found by trying them all, and a
lay-off is any group of the defender's cards that can be shared out over the
knocker's melds so that each grown meld is still a meld.

Slow (milliseconds a hand) and obviously right; the tests compare the engine
with it on thousands of random deals.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product


def value(card) -> int:
    return min(card[0], 10)


def is_meld(cards) -> bool:
    """Three or four of a rank, or three or more of a suit in sequence (ace low only)."""
    if len(cards) < 3:
        return False
    ranks = sorted(c[0] for c in cards)
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    if len({c[1] for c in cards}) > 1:
        return False
    return all(b - a == 1 for a, b in zip(ranks, ranks[1:]))


def all_melds(cards) -> list[frozenset]:
    """Every group of the cards that is a meld: every group of three or more
    cards of one suit, and of one rank, tried against the definition."""
    out = set()
    for same in (lambda c: c[1], lambda c: c[0]):
        families: dict = {}
        for c in sorted(cards):
            families.setdefault(same(c), []).append(c)
        for family in families.values():
            for size in range(3, len(family) + 1):
                out.update(frozenset(g) for g in combinations(family, size) if is_meld(g))
    return sorted(out, key=sorted)


def least_deadwood(cards) -> int:
    return _least_deadwood(frozenset((c[0], c[1]) for c in cards))


@lru_cache(maxsize=200_000)
def _least_deadwood(cards: frozenset) -> int:
    melds = all_melds(cards)
    total = sum(value(c) for c in cards)

    def heaviest(i: int, used: frozenset) -> int:
        if i == len(melds):
            return 0
        best = heaviest(i + 1, used)
        if not melds[i] & used:
            best = max(best, sum(value(c) for c in melds[i]) + heaviest(i + 1, used | melds[i]))
        return best

    return total - heaviest(0, frozenset())


def least_deadwood_eleven(cards) -> tuple[int, bool]:
    """(least deadwood after the best discard, all eleven melded?)."""
    cards = [(c[0], c[1]) for c in cards]
    big = least_deadwood(cards) == 0
    return min(least_deadwood([c for c in cards if c != x]) for x in cards), big


def can_lay_off(cards, knocker_melds) -> bool:
    """Can all these cards be shared out over the melds, each grown meld still a meld?"""
    options = []
    for c in cards:
        fits = [i for i, m in enumerate(knocker_melds) if _could_join(c, m)]
        if not fits:
            return False
        options.append(fits)
    for choice in product(*options):
        grown = [list(m) for m in knocker_melds]
        for c, i in zip(cards, choice):
            grown[i].append(c)
        if all(is_meld(g) for g in grown):
            return True
    return False


def _could_join(card, meld) -> bool:
    ranks = {c[0] for c in meld}
    if len(ranks) == 1:
        return card[0] in ranks
    return card[1] == next(iter(meld))[1]


def defender_least_deadwood(defender, knocker_melds, gin: bool = False) -> int:
    """The defender's least deadwood after laying off every way the rules allow."""
    defender = [(c[0], c[1]) for c in defender]
    knocker_melds = [[(c[0], c[1]) for c in m] for m in knocker_melds]
    if gin:
        return least_deadwood(defender)
    hopeful = [c for c in defender if any(_could_join(c, m) for m in knocker_melds)]
    best = least_deadwood(defender)
    for size in range(1, len(hopeful) + 1):
        for off in combinations(hopeful, size):
            if can_lay_off(off, knocker_melds):
                best = min(best, least_deadwood([c for c in defender if c not in off]))
    return best


def knocker_arrangements(cards) -> list[tuple[int, list[frozenset]]]:
    """(deadwood, melds) for every choice of disjoint melds of the cards."""
    cards = [(c[0], c[1]) for c in cards]
    melds = all_melds(cards)
    total = sum(value(c) for c in cards)
    out = []

    def walk(i: int, used: frozenset, chosen: list) -> None:
        if i == len(melds):
            out.append((total - sum(value(c) for c in used), list(chosen)))
            return
        walk(i + 1, used, chosen)
        if not melds[i] & used:
            walk(i + 1, used | melds[i], chosen + [melds[i]])

    walk(0, frozenset(), [])
    return out


def spec_defender_deadwood(knocker, defender) -> tuple[int, int]:
    """The spec's knock: (knocker's least deadwood, the defender's deadwood after
    laying off on the arrangement, among the least-deadwood ones, that leaves
    the defender the most)."""
    arrangements = knocker_arrangements(knocker)
    k = min(dw for dw, _ in arrangements)
    if k == 0:
        return 0, least_deadwood(defender)
    return k, max(defender_least_deadwood(defender, melds) for dw, melds in arrangements if dw == k)
