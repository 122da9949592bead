import pytest

from ginscore.engine.errors import RuleError
from ginscore.engine.tournament import bracket_size, first_round, seed_positions, snake_groups

SIZES = range(2, 131)


def test_standard_positions():
    assert seed_positions(2) == [1, 2]
    assert seed_positions(4) == [1, 4, 2, 3]
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_positions(16)[:4] == [1, 16, 8, 9]


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64, 128, 256])
def test_first_round_seeds_add_up_and_top_two_meet_only_in_final(size):
    order = seed_positions(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    half = size // 2
    assert 1 in order[:half] and 2 in order[half:]


@pytest.mark.parametrize("n", SIZES)
def test_byes_go_to_top_seeds_and_never_meet(n):
    players = [f"P{i}" for i in range(1, n + 1)]
    pairs = first_round(players)
    byes = [a if b is None else b for a, b in pairs if a is None or b is None]
    assert not any(a is None and b is None for a, b in pairs)
    assert sorted(byes, key=players.index) == players[: bracket_size(n) - n]
    assert len(pairs) == bracket_size(n) // 2


def test_bad_sizes():
    with pytest.raises(RuleError, match="entries"):
        bracket_size(1)
    with pytest.raises(RuleError, match="power of two"):
        seed_positions(6)


def test_snake_groups():
    assert snake_groups(list(range(1, 9)), 2) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert snake_groups(list(range(1, 8)), 3) == [[1, 6, 7], [2, 5], [3, 4]]
    with pytest.raises(RuleError, match="groups"):
        snake_groups([1, 2, 3], 2)
