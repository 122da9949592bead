"""Round robin by the circle method: single or double, optionally in groups."""
from __future__ import annotations

from collections.abc import Hashable, Sequence

from ginscore.engine.errors import RuleError
from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.tournament.pairing import Pairing, number_tables
from ginscore.engine.tournament.seeding import snake_groups
from ginscore.engine.tournament.wishes import NO_WISHES, Wishes, fixed_tables, groups_apart


def circle_rounds(players: Sequence[Hashable]) -> list[list[tuple[Hashable, ...]]]:
    """Every two players meet once. With an odd field one player sits out each
    round (a bye, shown as a one-player pair). The first player stays put,
    the others turn around the circle; seats alternate so nobody always sits first."""
    if len(players) < 2:
        raise RuleError(_("entries: a round robin needs at least 2 players"))
    seats: list[Hashable | None] = list(players) + ([None] if len(players) % 2 else [])
    n = len(seats)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if i == 0 and r % 2:
                a, b = b, a
            pairs.append(tuple(p for p in (a, b) if p is not None))
        rounds.append(pairs)
        seats = [seats[0], seats[-1]] + seats[1:-1]
    return rounds


def round_robin_groups(players: Sequence[Hashable], groups: int, wishes: Wishes = NO_WISHES) -> list[list[Hashable]]:
    """The seeds dealt into groups in snake order, players kept apart (``wishes``) in different groups."""
    return groups_apart(snake_groups(players, groups), wishes.apart) if groups > 1 else [list(players)]


def round_robin(players: Sequence[Hashable], double: bool = False, groups: int = 1,
                wishes: Wishes = NO_WISHES) -> list[list[Pairing]]:
    """All rounds at once. ``groups`` > 1 deals the seeds into groups
    (snake order; players kept apart in different groups); the groups play their rounds side by
    side on separate tables. ``double`` plays the whole cycle twice, seats swapped the second
    time. A player with a table of their own (``wishes``) keeps it every round."""
    dealt = round_robin_groups(players, groups, wishes)
    per_group = [circle_rounds(g) for g in dealt]
    if double:
        per_group = [rounds + [[tuple(reversed(p)) for p in rnd] for rnd in rounds] for rounds in per_group]
    out: list[list[Pairing]] = []
    for r in range(max(len(rounds) for rounds in per_group)):
        table, rnd = 1, []
        for g, rounds in enumerate(per_group):
            if r < len(rounds):
                numbered = number_tables(rounds[r], g + 1 if groups > 1 else None, table)
                table += sum(1 for p in numbered if not p.bye)
                rnd += numbered
        out.append(fixed_tables(sorted(rnd, key=lambda p: (p.bye, p.table or 0)), wishes.tables))
    return out
