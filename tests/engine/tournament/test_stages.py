import pytest

from ginscore.engine.tournament import (
    DECIDED, Result, playoff_seeds, round_robin, single_elimination, snake_groups, standings,
)

from .play import bracket_rounds, per_round_players, play_bracket
from .test_swiss import run

SIZES = range(2, 131)


def round_robin_groups(players, groups):
    results = []
    for rnd in round_robin(players, groups=groups):
        for p in rnd:
            winner = min(p.players)   # the better seed wins: a predictable table
            results.append(Result(p.players, winner, (100, 50) if not p.bye else (0, 0)))
    return results


@pytest.mark.parametrize("n", SIZES)
def test_two_stages(n):
    players = list(range(1, n + 1))
    top = min(8, n)
    if n % 2 or n < 4:
        _, results = run(players, min(3, max(1, n - 1)), seed=n)
        table = standings(players, results)
        seeds = playoff_seeds(table, top)
    else:
        groups = snake_groups(players, 2)
        results = round_robin_groups(players, 2)
        table = standings(players, results)
        seeds = playoff_seeds(table, top, groups=groups)
        assert set(seeds[:2]) == {1, 2}   # both group winners come first
    assert seeds == [row.player for row in table][:top] or n % 2 == 0
    knockout = play_bracket(single_elimination(seeds), seed=n)
    per_round_players(bracket_rounds(knockout))
    assert knockout.champion in seeds
    assert sum(m.outcome in DECIDED for m in knockout.matches) == top - 1
