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


def legal_hands(n: int, rules="standard", *, seed: int = 7) -> list[dict]:
    """Up to ``n`` random hands, stopping where the match ends."""
    hands = random_hands(n, seed=seed, upcards=rules == "oklahoma")
    for k in range(1, len(hands) + 1):
        if scored(record(hands[:k], rules))["match"]["complete"]:
            return hands[:k]
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


def _table_hand(rng: random.Random, pair) -> dict:
    """One legal hand between the two players of ``pair`` (mostly knocks, some gins, a few dead)."""
    by = rng.choice(pair)
    other = pair[1] if by == pair[0] else pair[0]
    roll = rng.random()
    if roll < 0.08:
        return {"end": "dead"}
    if roll < 0.25:
        return {"end": "gin", "by": by, "deadwood": {other: rng.randint(0, 60)}}
    return {"end": "knock", "by": by, "deadwood": {by: rng.randint(1, 10), other: rng.randint(0, 50)}}


def three_handed_match(players=("Ann", "Ben", "Cat"), *, seed: int = 7, rules="standard", most: int = 400,
                       **extra) -> tuple[dict, dict]:
    """Three players to the end of the match (or ``most`` hands): the dealer sits out, the other two play."""
    from ginscore.engine import score_match

    rng = random.Random(seed)
    rec = record([], rules, players, **extra)
    result = score_match(record_from_json(rec))
    while not result.complete and len(rec["hands"]) < most:
        rec["hands"].append(_table_hand(rng, [p for p in players if p != result.next_dealer]))
        result = score_match(record_from_json(rec))
    return rec, result_to_json(result)


def partnership_match(players=("Ann", "Ben", "Cat", "Dan"), teams=None, *, seed: int = 7, rules="partnership",
                      most: int = 300, **extra) -> tuple[dict, dict]:
    """Two teams, (players[0], players[2]) v (players[1], players[3]), to the end of the match: each deal
    two tables with the spec's alternating opponents."""
    rng = random.Random(seed)
    a1, b1, a2, b2 = players
    names = teams or (None, None)
    rec = record([], rules, players, teams=[
        {**({"name": names[0]} if names[0] else {}), "players": [a1, a2]},
        {**({"name": names[1]} if names[1] else {}), "players": [b1, b2]}], **extra)
    result = scored(rec)
    while not result["match"]["complete"] and len(rec["hands"]) < most:
        n = len(rec["hands"]) + 1
        seats = ((a1, b1), (a2, b2)) if n % 2 else ((a1, b2), (a2, b1))
        rec["hands"].append({"tables": [_table_hand(rng, seats[0]), _table_hand(rng, seats[1])]})
        result = scored(rec)
    return rec, result


def long_match(n: int = 300, *, seed: int = 3) -> tuple[dict, dict]:
    """``n`` hands of a match whose target is out of reach: a long sheet."""
    rec = record(random_hands(n, seed=seed), {"preset": "standard", "match_target": 1_000_000})
    return rec, scored(rec)


# Tournaments: plain bracket data as a tournament would hand it over.

from ginscore.sheets.data import Bracket, BracketMatch, BracketRound, BracketSection, Slot  # noqa: E402


def names(n: int) -> list[str]:
    first = ["Ann", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana", "Ivo", "Jade", "Kit", "Lena", "Milo",
             "Nora", "Otto", "Pia"]
    return [f"{first[i % 16]} {chr(65 + i // 16)}{'ördström' if i == 5 else 'ask'}" for i in range(n)]


def seed_order(size: int) -> list[int]:
    """The seeds down a bracket of ``size`` lines: 1, 16, 8, 9, ... (1 and 2 meet only in the final)."""
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [s for o in order for s in (o, n + 1 - o)]
    return order


def _round_names(count: int) -> list[str]:
    tail = ["Final", "Semifinals", "Quarterfinals"]
    return [tail[count - 1 - r] if count - 1 - r < 3 else f"Round {r + 1}" for r in range(count)]


def single_elimination(n: int, *, played: int = 1, title="Saturday Open") -> Bracket:
    """A single-elimination bracket of ``n`` players, seeded, byes to the top seeds,
    the first ``played`` rounds decided (the higher seed wins 2-1)."""
    size = 1 << (n - 1).bit_length()
    players = names(n)
    lines = [Slot(players[s - 1], s) if s <= n else Slot("bye") for s in seed_order(size)]
    rounds = []
    count = size.bit_length() - 1
    for r, name in enumerate(_round_names(count)):
        matches = []
        for i in range(0, len(lines), 2):
            top, bottom = lines[i], lines[i + 1]
            winner = None
            if r < played and top.name and bottom.name:
                winner = 1 if top.name == "bye" or (bottom.seed or 99) < (top.seed or 99) else 0
                if "bye" not in (top.name, bottom.name):
                    top, bottom = Slot(top.name, top.seed, "2" if winner == 0 else "1"), \
                        Slot(bottom.name, bottom.seed, "2" if winner == 1 else "1")
            matches.append(BracketMatch(top, bottom, winner, f"W{r + 1}-{i // 2 + 1}", table=i // 2 + 1))
        rounds.append(BracketRound(name, tuple(matches)))
        nxt = []
        for m in matches:
            if m.winner is None:
                nxt.append(Slot())
            else:
                won = m.top if m.winner == 0 else m.bottom
                nxt.append(Slot(won.name, won.seed))
        lines = nxt
    return Bracket(title, "single", (BracketSection("Bracket", tuple(rounds)),), subtitle=f"{n} players")


def double_elimination(n: int, title="Saturday Double") -> Bracket:
    """A double-elimination bracket of ``n`` players: winners' bracket with the grand final, losers' bracket."""
    single = single_elimination(n, played=1, title=title)
    wb = list(single.sections[0].rounds)
    wb.append(BracketRound("Grand final", (BracketMatch(Slot(note="Winners' bracket winner"),
                                                        Slot(note="Losers' bracket winner"), label="GF"),)))
    wb.append(BracketRound("If needed", (BracketMatch(label="GF2"),)))
    size = 1 << (n - 1).bit_length()
    lb = []
    k = len(single.sections[0].rounds)
    count = size // 4
    for r in range(1, 2 * (k - 1) + 1):
        if r == 1:
            ms = [BracketMatch(Slot(note=f"Loser of W1-{2 * i + 1}"), Slot(note=f"Loser of W1-{2 * i + 2}"),
                               label=f"L1-{i + 1}") for i in range(count)]
        elif r % 2 == 0:
            w = r // 2 + 1
            ms = [BracketMatch(Slot(), Slot(note=f"Loser of W{w}-{count - i}"), label=f"L{r}-{i + 1}")
                  for i in range(count)]
        else:
            count //= 2
            ms = [BracketMatch(label=f"L{r}-{i + 1}") for i in range(count)]
        lb.append(BracketRound(f"Losers {r}", tuple(ms)))
    sections = (BracketSection("Winners' bracket", tuple(wb)),
                BracketSection("Losers' bracket", tuple(lb), last_line="To the grand final"))
    return Bracket(title, "double", sections, subtitle=f"{n} players, double elimination")


def table_sheets(tables: int = 64, rules: str = "standard", tournament="Saturday Open") -> list:
    from ginscore.engine import PRESETS
    from ginscore.sheets.data import TableSheet

    players = names(tables * 2)
    return [TableSheet(tournament, 2, t + 1, (players[2 * t], players[2 * t + 1]), PRESETS[rules].to_json(),
                       url=f"https://club.example/matches/table/{'x' * 20}{t:04d}/", round_name="Round 2",
                       match_label=f"Match {t + 101}")
            for t in range(tables)]
