"""Seeds and bracket positions.

Standard seed positions: in a bracket of ``size`` (a power of two) seed 1 meets
the lowest seed, and seeds 1 and 2 can meet only in the final. A field that is
not a power of two fills the missing places with byes, which fall against the
top seeds, so a bye never meets a bye.
"""
from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from ginscore.engine.errors import RuleError
from ginscore.engine.i18n import gettext_lazy as _


def bracket_size(entries: int) -> int:
    """The smallest power of two that holds ``entries`` players (at least 2)."""
    if entries < 2:
        raise RuleError(_("entries: a bracket needs at least 2 players"))
    size = 2
    while size < entries:
        size *= 2
    return size


def seed_positions(size: int) -> list[int]:
    """Seeds in bracket order, top to bottom: ``[1, 8, 4, 5, 2, 7, 3, 6]`` for 8.

    Neighbours (positions 2i and 2i+1) meet in the first round, and every pair
    of first-round seeds adds up to ``size + 1``.
    """
    if size < 2 or size & (size - 1):
        raise RuleError(_("size: a bracket size must be a power of two, 2 or more"))
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def first_round(players: Sequence[Hashable]) -> list[tuple[Hashable | None, Hashable | None]]:
    """First-round pairs of a bracket for ``players`` listed in seed order
    (index 0 is seed 1). ``None`` is a bye; byes go to the top seeds."""
    size = bracket_size(len(players))
    slots = [players[seed - 1] if seed <= len(players) else None for seed in seed_positions(size)]
    return [(slots[i], slots[i + 1]) for i in range(0, size, 2)]


def shuffled(players: Sequence[Hashable], seed: int | None = None) -> list[Hashable]:
    """A random seeding (reproducible with ``seed``)."""
    order = list(players)
    random.Random(seed).shuffle(order)
    return order


def snake_groups(players: Sequence[Hashable], groups: int) -> list[list[Hashable]]:
    """Deal players in seed order into ``groups`` groups, snaking (1-2-3-3-2-1),
    so every group gets a fair share of the strong seeds."""
    if not 1 <= groups <= max(1, len(players) // 2):
        raise RuleError(_("groups: each group needs at least 2 players"))
    dealt: list[list[Hashable]] = [[] for _ in range(groups)]
    for i, player in enumerate(players):
        lap, place = divmod(i, groups)
        dealt[place if lap % 2 == 0 else groups - 1 - place].append(player)
    return dealt
