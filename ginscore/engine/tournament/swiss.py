"""Swiss pairing by weighted matching (networkx).

Every possible pairing is an edge whose weight is a large constant less a cost;
the matching of greatest weight among those that pair everyone is the round.
Costs are ordered so a smaller concern can never outweigh a larger one:

0. two players who must not meet (a pairing wish, ``wishes.py``) meeting, only when no
   pairing without it exists;
1. a rematch (only when no pairing without one exists);
2. a second bye (likewise);
3. the bye going to a higher-ranked player than the lowest one without a bye;
4. the score difference between the two players (squared);
5. within a score group, the top half meeting the bottom half (1 v 5, 2 v 6 ...).

A full graph of 512 players (about 130,000 edges) takes networkx most of a
minute, so edges are first drawn only between players near each other in the
ranking (and near the top-half/bottom-half partner). If that restricted graph
cannot pair everyone cleanly (no wish broken, no rematch, no second bye), the window widens,
up to the full graph, which is the exact answer.
"""
from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence

from ginscore.engine.errors import RuleError
from ginscore.engine.i18n import gettext_lazy as _

_BYE = ("bye",)   # the extra node that an odd field's bye is matched to
WINDOW = 12


def pair_swiss(ranked: Sequence[Hashable], scores: Mapping[Hashable, int], played: Collection[frozenset],
               had_bye: Collection[Hashable] = (), window: int = WINDOW,
               apart: Collection[frozenset] = ()) -> list[tuple[Hashable, ...]]:
    """Pair one round. ``ranked``: the players still in, best first;
    ``scores``: their match points; ``played``: frozensets of pairs that have
    met; ``had_bye``: players who have had a bye; ``apart``: frozensets of pairs
    that must not meet. Returns pairs in table order (best-ranked first), then
    the bye as a one-player tuple."""
    n = len(ranked)
    if n < 2:
        raise RuleError(_("entries: a Swiss round needs at least 2 players"))
    if len(set(ranked)) != n:
        raise RuleError(_("entries: a player is listed twice"))
    costs = _Costs(ranked, scores, played, had_bye, apart)
    while True:
        pairs = _match(costs, window)
        if window >= n or (pairs is not None and not costs.flaws(pairs)):
            break
        window *= 4
    index = {p: i for i, p in enumerate(ranked)}
    games = sorted((tuple(sorted(p, key=index.get)) for p in pairs if _BYE not in p), key=lambda p: index[p[0]])
    byes = [tuple(q for q in p if q != _BYE) for p in pairs if _BYE in p]
    return games + byes


class _Costs:
    def __init__(self, ranked, scores, played, had_bye, apart=()):
        self.ranked = list(ranked)
        self.n = n = len(ranked)
        self.score = [scores.get(p, 0) for p in ranked]
        self.played = {frozenset(p) for p in played}
        self.had_bye = set(had_bye)
        self.apart = {frozenset(p) for p in apart}
        groups: dict[int, list[int]] = {}
        for i, s in enumerate(self.score):
            groups.setdefault(s, []).append(i)
        self.group_of = {}
        for members in groups.values():
            for pos, i in enumerate(members):
                self.group_of[i] = (members, pos)
        spread = max(self.score) - min(self.score)
        self.order_unit = 1
        self.score_unit = n ** 3 + 1
        self.bye_rank_unit = self.score_unit * ((n // 2 + 1) * spread * spread + 1)
        self.second_bye = self.bye_rank_unit * (n + 1)
        self.rematch = self.second_bye * 4
        self.wish = self.rematch * (n + 2)
        self.top = self.wish * (n + 2) if self.apart else self.rematch * (n + 2)

    def pair(self, i: int, j: int) -> int:
        cost = 0
        pair = frozenset((self.ranked[i], self.ranked[j]))
        if pair in self.played:
            cost += self.rematch
        if pair in self.apart:
            cost += self.wish
        diff = self.score[i] - self.score[j]
        cost += self.score_unit * diff * diff
        members, pi = self.group_of[i]
        if self.score[i] == self.score[j]:
            pj = self.group_of[j][1]
            cost += (abs(pi - pj) - len(members) // 2) ** 2
        else:
            cost += min((i - j) ** 2, self.n ** 2)
        return cost

    def bye(self, i: int) -> int:
        return (self.second_bye if self.ranked[i] in self.had_bye else 0) + self.bye_rank_unit * (self.n - 1 - i)

    def edges(self, window: int):
        n = self.n
        if window >= n:
            for i in range(n):
                for j in range(i + 1, n):
                    yield i, j
            return
        for i in range(n):
            for j in range(i + 1, min(n, i + window + 1)):
                yield i, j
            members, pos = self.group_of[i]
            half = len(members) // 2
            for partner in range(pos + half - 2, pos + half + 3):
                if 0 <= partner < len(members) and members[partner] > i + window:
                    yield i, members[partner]

    def bye_candidates(self, window: int) -> list[int]:
        fresh = [i for i in range(self.n) if self.ranked[i] not in self.had_bye]
        if window >= self.n:
            return list(range(self.n))
        return (fresh[-window:] if fresh else []) + list(range(max(0, self.n - window), self.n))

    def flaws(self, pairs) -> int:
        count = 0
        for a, b in pairs:
            if _BYE in (a, b):
                count += (b if a == _BYE else a) in self.had_bye
            else:
                count += frozenset((a, b)) in self.played or frozenset((a, b)) in self.apart
        return count


def _match(costs: _Costs, window: int):
    import networkx as nx   # (here, not with the module: 0.1 s of CPU at every start of the site)

    graph = nx.Graph()
    ranked = costs.ranked
    graph.add_weighted_edges_from((ranked[i], ranked[j], costs.top - costs.pair(i, j)) for i, j in costs.edges(window))
    if costs.n % 2:
        graph.add_weighted_edges_from((ranked[i], _BYE, costs.top - costs.bye(i)) for i in costs.bye_candidates(window))
    pairs = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(pairs) < costs.n + costs.n % 2:
        return None
    return pairs
