from collections import Counter
from itertools import combinations

import pytest

from ginscore.engine.errors import RuleError
from ginscore.engine.tournament import round_robin

from .play import per_round_players

SIZES = range(2, 131)


def meetings(rounds):
    return Counter(frozenset(p.players) for rnd in rounds for p in rnd if not p.bye)


def check_rounds(rounds):
    per_round_players({i: [x for p in rnd for x in p.players] for i, rnd in enumerate(rounds)})
    for rnd in rounds:
        tables = [p.table for p in rnd if not p.bye]
        assert tables == list(range(1, len(tables) + 1))


@pytest.mark.parametrize("n", SIZES)
def test_single_round_robin(n):
    players = list(range(1, n + 1))
    rounds = round_robin(players)
    check_rounds(rounds)
    assert len(rounds) == n - 1 + n % 2
    assert meetings(rounds) == Counter(frozenset(p) for p in combinations(players, 2))
    byes = Counter(p.players[0] for rnd in rounds for p in rnd if p.bye)
    assert byes == (Counter(players) if n % 2 else Counter())


@pytest.mark.parametrize("n", SIZES)
def test_double_round_robin(n):
    players = list(range(1, n + 1))
    rounds = round_robin(players, double=True)
    check_rounds(rounds)
    assert meetings(rounds) == Counter({frozenset(p): 2 for p in combinations(players, 2)})
    seats = Counter(p.players for rnd in rounds for p in rnd if not p.bye)
    assert all(count == 1 for count in seats.values())   # each seat order once: seats swap


@pytest.mark.parametrize("n", [8, 11, 16, 33, 130])
@pytest.mark.parametrize("groups", [2, 4])
def test_groups(n, groups):
    players = list(range(1, n + 1))
    rounds = round_robin(players, groups=groups)
    check_rounds(rounds)
    by_group = {}
    for rnd in rounds:
        for p in rnd:
            by_group.setdefault(p.group, set()).update(p.players)
    assert sorted(len(g) for g in by_group.values()) == sorted(len(players[i::groups]) for i in range(groups))
    expected = Counter(frozenset(p) for g in by_group.values() for p in combinations(sorted(g), 2))
    assert meetings(rounds) == expected


def test_too_few():
    with pytest.raises(RuleError, match="entries"):
        round_robin([1])
