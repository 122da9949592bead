"""A pairing at a table: two players, or one player with a bye."""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pairing:
    table: int | None
    players: tuple[Hashable, ...]   # (a, b), or (a,) for a bye
    group: int | None = None

    @property
    def bye(self) -> bool:
        return len(self.players) == 1


def number_tables(pairs: list[tuple[Hashable, ...]], group: int | None = None, first_table: int = 1) -> list[Pairing]:
    """Tables 1, 2, ... in order; a bye gets no table and goes last."""
    games = [p for p in pairs if len(p) == 2]
    byes = [p for p in pairs if len(p) == 1]
    return ([Pairing(first_table + i, p, group) for i, p in enumerate(games)]
            + [Pairing(None, p, group) for p in byes])
