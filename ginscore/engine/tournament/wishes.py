"""Pairing wishes: two entrants who must not meet (a couple, a parent and child), and an entrant
who keeps one table all night (a player who cannot move about).

The pairings honour them whenever a legal pairing does: Swiss pairing gives a meeting of two
kept apart a cost above every other concern (``swiss.py``); round-robin groups are dealt so the
two are in different groups; a knockout's seeds are swapped with the nearest seed so the two do
not meet in the first round. ``fixed_tables`` numbers a round's tables so a fixed entrant sits
at their table. What could not be honoured is found afterwards (``apart_met``,
``tables_missed``), and said.
"""
from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ginscore.engine.tournament.pairing import Pairing


@dataclass(frozen=True)
class Wishes:
    apart: frozenset = frozenset()                              # frozensets of two players
    tables: Mapping[Hashable, int] = field(default_factory=dict)   # player -> the table they keep

    @classmethod
    def of(cls, apart: Iterable[Iterable[Hashable]] = (), tables: Mapping[Hashable, int] | None = None) -> Wishes:
        return cls(frozenset(frozenset(p) for p in apart if len(set(p)) == 2), dict(tables or {}))

    def only(self, players: Collection[Hashable]) -> Wishes:
        """The wishes about these players only (the others are not in this round or group)."""
        players = set(players)
        return Wishes(frozenset(p for p in self.apart if p <= players),
                      {p: t for p, t in self.tables.items() if p in players})

    def __bool__(self) -> bool:
        return bool(self.apart or self.tables)


NO_WISHES = Wishes()


def apart_met(pairs: Iterable[Sequence[Hashable]], apart: Collection[frozenset]) -> list[frozenset]:
    """The pairs kept apart that meet in ``pairs`` (games; a bye meets no one)."""
    return [frozenset(p) for p in pairs if len(p) == 2 and frozenset(p) in apart]


def tables_missed(pairings: Iterable[Pairing], tables: Mapping[Hashable, int]) -> list[Hashable]:
    """The players with a table of their own who play this round elsewhere."""
    return [p for pairing in pairings if not pairing.bye for p in pairing.players
            if p in tables and pairing.table != tables[p]]


def fixed_tables(pairings: Sequence[Pairing], tables: Mapping[Hashable, int]) -> list[Pairing]:
    """The round's pairings renumbered: a game with a fixed player goes to that player's table
    (the better-placed game first when two want one table; the first-named player's table when
    both have one), the others take the lowest tables left, in order. Without fixed tables the
    pairings are returned as they are."""
    games = [p for p in pairings if not p.bye]
    if not tables or not any(q in tables for p in games for q in p.players):
        return list(pairings)
    claimed: dict[int, int] = {}   # table -> index of the game at it
    for i, p in enumerate(games):
        for q in p.players:
            want = tables.get(q)
            if want is not None and want not in claimed and i not in claimed.values():
                claimed[want] = i
    at = {i: table for table, i in claimed.items()}
    free = (n for n in range(1, len(games) + len(claimed) + 1) if n not in claimed)
    numbered = [Pairing(at[i] if i in at else next(free), p.players, p.group) for i, p in enumerate(games)]
    return sorted(numbered, key=lambda p: p.table) + [p for p in pairings if p.bye]


def groups_apart(dealt: list[list[Hashable]], apart: Collection[frozenset]) -> list[list[Hashable]]:
    """Round-robin groups (dealt in snake order) with players kept apart moved to different groups:
    a player sharing a group with someone they must not meet swaps with a player of another
    group, preferring the same place in the deal (so the groups stay as strong), whenever the swap
    makes no new meeting."""
    if len(dealt) < 2 or not apart:
        return dealt
    groups = [list(g) for g in dealt]
    avoid: dict[Hashable, set] = {}
    for pair in apart:
        a, b = tuple(pair)
        avoid.setdefault(a, set()).add(b)
        avoid.setdefault(b, set()).add(a)

    def clashes(player, group, leaving=None) -> int:
        return sum(1 for q in group if q != leaving and q in avoid.get(player, ()))

    for _ in range(len(apart) * 2 + 2):
        moved = False
        for gi, group in enumerate(groups):
            for pos, player in enumerate(group):
                if not clashes(player, group):
                    continue
                options = []
                for gj, other in enumerate(groups):
                    if gj == gi:
                        continue
                    for opos, q in enumerate(other):
                        before = clashes(player, group) + clashes(q, other)
                        after = clashes(player, other, leaving=q) + clashes(q, group, leaving=player)
                        if after < before:
                            options.append((after - before, abs(opos - pos), gj, opos))
                if options:
                    _, _, gj, opos = min(options)
                    groups[gi][pos], groups[gj][opos] = groups[gj][opos], player
                    moved = True
        if not moved:
            break
    return groups


def seeds_apart(order: Sequence[Hashable], first_round_pairs, apart: Collection[frozenset]) -> list[Hashable]:
    """A knockout's seed order with players kept apart not meeting in the first round:
    ``first_round_pairs(order)`` gives the first round's pairs (None a bye) for an order. A player
    of a clash (the lower seed first) swaps with the nearest seed whose swap leaves fewer clashes."""
    order = list(order)
    if not apart:
        return order

    def clashes(o) -> int:
        return len(apart_met([p for p in first_round_pairs(o) if None not in p], apart))

    for _ in range(len(apart) + 1):
        now = clashes(order)
        if not now:
            break
        best = None
        for pair in apart_met([p for p in first_round_pairs(order) if None not in p], apart):
            for player in sorted(pair, key=order.index, reverse=True):   # the lower seed first
                i = order.index(player)
                for j in sorted(range(len(order)), key=lambda j: (abs(j - i), j)):
                    trial = list(order)
                    trial[i], trial[j] = trial[j], trial[i]
                    if j != i and clashes(trial) < now:
                        best = trial
                        break
                if best:
                    break
            if best:
                break
        if best is None:
            break
        order = best
    return order
