"""Benchmark: scoring match records with the rules engine.

Prints the time to score a 1,000-hand match in-process (goal: under 4 ms, so a
score pad can be recomputed from its hands on every page view), the same with
JSON parsing, and a batch of ordinary records: two players (standard and
Hollywood), three players and a partnership (1,000 deals) side by side, so a
change to the general "sides" model shows what it costs the two-player game.
Best of N runs is the figure to compare (the machine is shared), with the median.
Before the sides model (commit 31bf99e's parent) the two-player figures were
1.70 ms standard and 2.35 ms Hollywood, best of 200 on the same machine.

    .venv/bin/python bench/bench_engine.py
"""
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ginscore.engine import MatchScorer, record_from_json, result_to_json, score_match  # noqa: E402

PLAYERS = ["Ann", "Ben"]


def random_hands(rng: random.Random, n: int) -> list[dict]:
    hands = []
    for _ in range(n):
        roll = rng.random()
        by = rng.choice(PLAYERS)
        other = PLAYERS[1] if by == PLAYERS[0] else PLAYERS[0]
        if roll < 0.08:
            hands.append({"end": "dead"})
        elif roll < 0.25:
            hands.append({"end": "gin", "by": by, "deadwood": {other: rng.randint(0, 60)}})
        else:
            hands.append({"end": "knock", "by": by, "deadwood": {by: rng.randint(1, 10), other: rng.randint(0, 60)}})
    return hands


def ordinary_record(rng: random.Random, preset: str) -> dict:
    """A whole match to 500 under ``preset``, as a club would record it."""
    scorer = None
    hands = []
    rules = record_from_json({"players": PLAYERS, "rules": preset}).rules
    scorer = MatchScorer(rules, tuple(PLAYERS))
    while not scorer.complete:
        hand = random_hands(rng, 1)[0]
        if preset == "oklahoma":
            hand["upcard"] = rng.choice(["KH", "10D", "JS", "QC", "9H"])
        rec = record_from_json({"players": PLAYERS, "rules": preset, "hands": [hand]})
        try:
            scorer.play(rec.hands[0])
        except Exception:
            continue
        hands.append(hand)
    return {"players": PLAYERS, "rules": preset, "hands": hands}


def three_player_record(rng: random.Random, n: int) -> dict:
    """Three players to a huge match target: each hand played by the two who did not deal."""
    rules = {"preset": "standard", "match_target": 1_000_000}
    three = ["Ann", "Ben", "Cat"]
    scorer = MatchScorer(record_from_json({"players": three, "rules": rules}).rules, tuple(three))
    hands = []
    while len(hands) < n:
        hand = random_hands(rng, 1)[0]
        table = scorer.table.table_for(scorer.next_dealer)
        names = dict(zip(PLAYERS, table))
        hand = json.loads(json.dumps(hand), object_hook=lambda o: {names.get(k, k): v for k, v in o.items()})
        if "by" in hand:
            hand["by"] = names[hand["by"]]
        scorer.play(record_from_json({"players": three, "rules": rules, "hands": [hand]}).hands[0]
                    if hand["end"] == "dead" else
                    record_from_json({"players": list(table), "rules": rules, "hands": [hand]}).hands[0])
        hands.append(hand)
    return {"players": three, "rules": rules, "first_dealer": "Ann", "hands": hands}


def partnership_record(rng: random.Random, n: int) -> dict:
    """Two teams to a huge match target: ``n`` deals of two tables, opponents alternating."""
    seats = [(("Ann", "Ben"), ("Cat", "Dan")), (("Ann", "Dan"), ("Cat", "Ben"))]

    def at(hand, table):
        names = dict(zip(PLAYERS, table))
        out = {k: v for k, v in hand.items()}
        if "by" in out:
            out["by"] = names[out["by"]]
        if "deadwood" in out:
            out["deadwood"] = {names[p]: v for p, v in out["deadwood"].items()}
        return out

    deals = [{"tables": [at(h, seats[i % 2][t]) for t, h in enumerate(random_hands(rng, 2))]} for i in range(n)]
    return {"players": ["Ann", "Ben", "Cat", "Dan"], "rules": {"preset": "partnership", "match_target": 1_000_000},
            "teams": [{"players": ["Ann", "Cat"]}, {"players": ["Ben", "Dan"]}], "hands": deals}


def timings(fn, repeat: int) -> tuple[float, float]:
    """(best, median) of ``repeat`` timed runs, in seconds. The machine is shared: the best run is
    the figure to compare between versions (the least disturbed), the median shows the spread."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def main() -> None:
    rng = random.Random(7)
    records = []
    for preset in ("standard", "hollywood"):
        records.append((f"two-player {preset}", "hands",
                        {"players": PLAYERS, "rules": {"preset": preset, "match_target": 1_000_000},
                         "hands": random_hands(rng, 1000)}))
    records.append(("three-player standard", "hands", three_player_record(rng, 1000)))
    records.append(("partnership", "deals", partnership_record(rng, 1000)))
    print("1,000 hands (a partnership: 1,000 deals, 2,000 table hands) to a target no one reaches; "
          "best and median of 200 runs (JSON: 50)")
    for label, what, data in records:
        record = record_from_json(data)
        text = json.dumps(data)
        best, median = timings(lambda: score_match(record), 200)
        json_best, json_median = timings(lambda: result_to_json(score_match(record_from_json(json.loads(text)))), 50)
        n = len(data["hands"])
        print(f"{label:22} score {best * 1e3:6.2f} ms best, {median * 1e3:6.2f} ms median "
              f"({n / best:,.0f} {what}/s); parse+score+result JSON {json_best * 1e3:6.2f} ms best, "
              f"{json_median * 1e3:6.2f} ms median")
    batch = [ordinary_record(rng, ["standard", "classic", "hollywood", "oklahoma"][i % 4]) for i in range(500)]

    def score_batch():
        total = 0
        for data in batch:
            result = score_match(record_from_json(data))
            result_to_json(result)
            total += len(result.hands)
        return total

    hands_in_batch = score_batch()
    t_batch = timings(score_batch, 5)[1]
    print(f"batch of {len(batch)} whole matches, parse+score+result JSON ({hands_in_batch:,} hands): {t_batch * 1e3:.1f} ms "
          f"({hands_in_batch / t_batch:,.0f} hands/s)")


if __name__ == "__main__":
    main()
