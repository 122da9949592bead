"""Speed of the meld search and the defender's lay-offs (issue 6).

Run: .venv/bin/python bench/bench_melds.py [--hands N] [--seed S]

Prints median, p99 and max microseconds per call for:
- ``deadwood(cards)``: least deadwood of 10 random cards (the issue's target:
  median under 10 us, worst under 1 ms), from ``Card`` tuples, parsing aside;
- ``best_arrangement(cards)``: the same, also building the melds;
- ``best_layoffs(defender, knocker_melds)``: the defender's best play against the
  knocker's best melds (target: median under 200 us), on random deals and on
  deals where the knocker can knock (10 deadwood or less: built from random
  melds plus random cards, since only about 1 random hand in 1,500 can knock);
- ``knocker_choice``: the spec's whole choice (all least-deadwood arrangements of
  the knocker, each against the defender's best play), on knockable deals.
- Sequence Gin (runs only, its bonus breaking ties): the same least deadwood over
  the same 10,000 hands (issue 14's target: median within 2x gin's), the best
  arrangement with the highest bonus, and the knocker's choice.

The garbage collector is off while timing (as in ``timeit``). Each line is one
pass over all the hands; a second line per function (``best of 3``) takes each
hand's fastest of three passes, which tells slow hands from hiccups of a busy
machine, and the slowest hand is named.
"""
from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter_ns

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginscore.engine.cards import DECK  # noqa: E402
from ginscore.engine.layoffs import best_layoffs, knocker_choice  # noqa: E402
from ginscore.engine.melds import best_arrangement, deadwood  # noqa: E402
from ginscore.engine.rules import PRESETS  # noqa: E402

SEQUENCE = PRESETS["sequence"].meld_rules


def timings(fn, cases):
    """Microseconds for ``fn(*case)`` on each case."""
    out = []
    gc.disable()
    try:
        for case in cases:
            t = perf_counter_ns()
            fn(*case)
            out.append((perf_counter_ns() - t) / 1000)
    finally:
        gc.enable()
    return out


def line(name, us):
    ordered = sorted(us)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"{name:<48} median {statistics.median(us):8.1f}  p99 {p99:8.1f}  max {ordered[-1]:8.1f}")


def report(name, fn, cases, show=lambda case: ""):
    """Prints the timings; returns the best-of-3 median."""
    passes = [timings(fn, cases) for _ in range(3)]
    line(f"{name} ({len(cases)})", passes[0])
    best = [min(t) for t in zip(*passes)]
    line("  best of 3", best)
    slowest = max(range(len(best)), key=best.__getitem__)
    if show(cases[slowest]):
        print(f"  slowest: {show(cases[slowest])}")
    return statistics.median(best)


def cards_text(cards):
    return " ".join(str(c) for c in cards)


def random_meld(rng):
    if rng.random() < 0.4:
        rank, suits = rng.randrange(1, 14), rng.sample("SHDC", rng.choice((3, 3, 4)))
        return [c for c in DECK if c.rank == rank and c.suit in suits]
    suit, length = rng.choice("SHDC"), rng.choice((3, 3, 4, 5))
    low = rng.randrange(1, 15 - length)
    return [c for c in DECK if c.suit == suit and low <= c.rank < low + length]


def knock_deal(rng):
    """A knocker's ten cards with 10 deadwood or less, and a defender's ten."""
    while True:
        cards = []
        while len(cards) < 6:
            meld = random_meld(rng)
            if not set(meld) & set(cards) and len(cards) + len(meld) <= 10:
                cards += meld
        cards += rng.sample([c for c in DECK if c not in cards], 10 - len(cards))
        if deadwood(cards) <= 10:
            return cards, tuple(rng.sample([c for c in DECK if c not in cards], 10))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    print(f"Python {platform.python_version()} on {platform.machine()}; microseconds per call")
    hands = [(tuple(rng.sample(DECK, 10)),) for _ in range(args.hands)]
    deadwood(hands[0][0])  # the tables are built at import; warm the caches
    one_hand = lambda case: cards_text(case[0])  # noqa: E731
    gin_median = report("deadwood, 10 random cards", deadwood, hands, one_hand)
    report("best_arrangement, 10 random cards", best_arrangement, hands, one_hand)

    random_deals = [(cards[:10], tuple(cards[10:])) for cards in (rng.sample(DECK, 20) for _ in range(args.hands))]
    knock_deals = [knock_deal(rng) for _ in range(args.hands)]
    layoff_random = [(d, best_arrangement(k).melds) for k, d in random_deals]
    layoff_knocks = [(d, best_arrangement(k).melds) for k, d in knock_deals]
    deal = lambda case: f"{cards_text(case[0])} against {' | '.join(map(str, case[1]))}"  # noqa: E731
    report("best_layoffs, random deals", best_layoffs, layoff_random, deal)
    report("best_layoffs, knocker at 10 or less", best_layoffs, layoff_knocks, deal)
    report("knocker_choice, knocker at 10 or less", knocker_choice, knock_deals,
           lambda case: f"{cards_text(case[0])} / {cards_text(case[1])}")

    seq_median = report("Sequence Gin deadwood, 10 random cards", lambda c: deadwood(c, SEQUENCE), hands, one_hand)
    print(f"  Sequence Gin / gin median: {seq_median / gin_median:.2f}x (target: within 2x)")
    report("Sequence Gin best_arrangement (bonus)", lambda c: best_arrangement(c, SEQUENCE), hands, one_hand)
    report("Sequence Gin knocker_choice, gin's knock deals", lambda k, d: knocker_choice(k, d, SEQUENCE),
           knock_deals, lambda case: f"{cards_text(case[0])} / {cards_text(case[1])}")


if __name__ == "__main__":
    main()
