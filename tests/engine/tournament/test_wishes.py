"""Pairing wishes over random fields with random wishes: two kept apart never meet when a legal
pairing keeps them apart (Swiss: any pairing at all; a knockout's first round: any seed order;
round-robin groups: any dealing), and say so when none does; a player with a table of their own
sits at it unless another game holds it. Checked against independent brute force and matching."""
from itertools import permutations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.engine.tournament import (
    NO_WISHES, Pairing, Wishes, apart_met, first_round, fixed_tables, number_tables, pair_swiss, round_robin,
    round_robin_groups, seeds_apart, swiss_round, tables_missed,
)
from ginscore.engine.tournament.standings import Result


def _perfect_without(players, forbidden) -> bool:
    """Whether the field can be paired (a bye for an odd one) with no forbidden pair meeting."""
    g = nx.Graph()
    g.add_nodes_from(players)
    g.add_edges_from((a, b) for i, a in enumerate(players) for b in players[i + 1:] if frozenset((a, b)) not in forbidden)
    if len(players) % 2:
        g.add_edges_from((p, "bye") for p in players)
    return 2 * len(nx.max_weight_matching(g, maxcardinality=True)) == len(players) + len(players) % 2


@st.composite
def swiss_fields(draw):
    n = draw(st.integers(2, 24))
    players = list(range(n))
    pair = st.tuples(st.sampled_from(players), st.sampled_from(players)).filter(lambda p: p[0] != p[1])
    played = {frozenset(p) for p in draw(st.lists(pair, max_size=n))}
    apart = {frozenset(p) for p in draw(st.lists(pair, max_size=n))}
    scores = {p: draw(st.integers(0, 3)) for p in players}
    had_bye = set(draw(st.lists(st.sampled_from(players), max_size=3)))
    ranked = sorted(players, key=lambda p: -scores[p])
    return ranked, scores, played, had_bye, apart


@settings(max_examples=300, deadline=None)
@given(swiss_fields())
def test_swiss_keeps_apart_whenever_a_pairing_does(field):
    ranked, scores, played, had_bye, apart = field
    pairs = pair_swiss(ranked, scores, played, had_bye, window=4, apart=apart)
    seated = [p for pair in pairs for p in pair]
    assert sorted(seated) == sorted(ranked) and sum(len(p) == 1 for p in pairs) == len(ranked) % 2
    met = apart_met(pairs, apart)
    if _perfect_without(ranked, apart):
        assert met == []
    else:
        assert met   # none exists: the pairing says so (the pair that meets)
    # a wish outweighs a rematch, but never makes a rematch that a pairing could avoid with the wishes kept
    if _perfect_without(ranked, apart | played):
        assert not [p for p in pairs if len(p) == 2 and frozenset(p) in played]


@st.composite
def tables_and_rounds(draw):
    n = draw(st.integers(2, 30))
    players = list(range(n))
    fixed_players = draw(st.lists(st.sampled_from(players), unique=True, max_size=n))
    tables = draw(st.lists(st.integers(1, n), unique=True, min_size=len(fixed_players), max_size=len(fixed_players)))
    order = draw(st.permutations(players))
    pairs = [tuple(order[i:i + 2]) for i in range(0, n, 2)]
    return pairs, dict(zip(fixed_players, tables))


@settings(max_examples=300, deadline=None)
@given(tables_and_rounds())
def test_fixed_tables_are_kept_unless_two_fixed_players_meet(case):
    pairs, fixed = case
    numbered = fixed_tables(number_tables(pairs), fixed)
    games = [p for p in numbered if not p.bye]
    assert sorted(p.players for p in numbered) == sorted(tuple(p) for p in pairs)
    assert len({p.table for p in games}) == len(games) and all(p.table >= 1 for p in games)
    missed = set(tables_missed(numbered, fixed))
    for p in games:
        own = [q for q in p.players if q in fixed]
        if len(own) == 1:
            assert own[0] not in missed and p.table == fixed[own[0]]
        if len(own) == 2:
            assert len(missed & set(own)) == 1   # one of the two keeps theirs, and the other is said
    assert all(p.table is None for p in numbered if p.bye)


def test_two_with_tables_of_their_own_who_meet():
    numbered = fixed_tables(number_tables([(1, 2), (3, 4)]), {1: 5, 2: 7})
    assert numbered[-1] == Pairing(5, (1, 2)) and tables_missed(numbered, {1: 5, 2: 7}) == [2]


def _first_round_pairs(order):
    return [tuple(p) for p in first_round(order)]


@st.composite
def knockout_fields(draw):
    n = draw(st.integers(2, 7))
    players = list(range(n))
    pair = st.tuples(st.sampled_from(players), st.sampled_from(players)).filter(lambda p: p[0] != p[1])
    return players, {frozenset(p) for p in draw(st.lists(pair, max_size=n))}


@settings(max_examples=200, deadline=None)
@given(knockout_fields())
def test_knockout_first_round_keeps_apart_whenever_a_seeding_does(field):
    players, apart = field
    order = seeds_apart(players, first_round, apart)
    assert sorted(order) == players
    met = apart_met([p for p in _first_round_pairs(order) if None not in p], apart)
    possible = any(not apart_met([p for p in _first_round_pairs(list(o)) if None not in p], apart)
                   for o in permutations(players))
    if possible:
        assert met == [], (order, apart)
    else:
        assert met


def test_knockout_swaps_the_lower_seed_with_the_nearest():
    # 1 v 8 would be a couple: 8 swaps with 7 (the nearest seed), so 1 v 7 and 2 v 8
    order = seeds_apart(list(range(1, 9)), first_round, {frozenset((1, 8))})
    assert order == [1, 2, 3, 4, 5, 6, 8, 7]


@st.composite
def group_fields(draw):
    groups = draw(st.integers(2, 4))
    n = draw(st.integers(2 * groups, 16))
    players = list(range(n))
    # disjoint pairs kept apart (couples), at most one per... any number
    shuffled = draw(st.permutations(players))
    k = draw(st.integers(0, n // 2))
    apart = {frozenset(shuffled[2 * i:2 * i + 2]) for i in range(k)}
    return players, groups, apart


@settings(max_examples=200, deadline=None)
@given(group_fields())
def test_round_robin_groups_keep_couples_apart(field):
    players, groups, apart = field
    dealt = round_robin_groups(players, groups, Wishes.of(apart))
    assert sorted(p for g in dealt for p in g) == players
    assert sorted(len(g) for g in dealt) == sorted(len(g) for g in round_robin_groups(players, groups))
    assert not [pair for pair in apart for g in dealt if pair <= set(g)]
    # and the rounds: the couple never meets
    rounds = round_robin(players, groups=groups, wishes=Wishes.of(apart))
    assert not [p for rnd in rounds for p in rnd if not p.bye and frozenset(p.players) in apart]


def test_one_round_robin_group_cannot_keep_them_apart_and_says_so():
    rounds = round_robin([1, 2, 3, 4], wishes=Wishes.of([(1, 2)], {3: 9}))
    met = [p for rnd in rounds for p in rnd if apart_met([p.players], {frozenset((1, 2))})]
    assert len(met) == 1
    assert all(p.table == 9 for rnd in rounds for p in rnd if 3 in p.players and not p.bye)


def test_swiss_round_with_wishes_and_without():
    players = list(range(1, 9))
    results = [Result((1, 2), 1), Result((3, 4), 3), Result((5, 6), 5), Result((7, 8), 7)]
    plain = swiss_round(players, results)
    top = plain[0].players
    assert 1 in top and plain[0].table == 1
    wished = swiss_round(players, results, wishes=Wishes.of([top], {8: 1}))
    assert not apart_met([p.players for p in wished], {frozenset(top)})
    assert next(p.table for p in wished if 8 in p.players) == 1
    assert swiss_round(players, results, wishes=NO_WISHES) == plain
