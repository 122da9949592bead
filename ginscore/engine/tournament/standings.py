"""Standings from match results, with the director's tiebreak order.

A player's score is their match wins; a bye counts as a round played and won
(so played = wins + losses) with no opponent: it adds nothing to Buchholz or
Sonneborn-Berger, and ``byes`` says how many of the rounds played were byes.
Tiebreaks:

- ``wins``: match wins;
- ``net``: total points for minus total points against (the match scores);
- ``head_to_head``: wins against the other players still tied with them;
- ``buchholz``: the sum of the opponents' wins;
- ``median_buchholz``: the same without the best and the worst opponent
  (when there are at least three opponents);
- ``sonneborn_berger``: the sum of the wins of the opponents they beat.

Players still level after every tiebreak share a rank and are listed in seed
order. For knockout brackets a ``placing`` (how far each player got) comes
before all tiebreaks. With ``groups`` (player -> group) each group is ranked
on its own (ranks start at 1 in every group), groups in order.

``head_to_head`` on a row is the value the tiebreak actually used: the wins
against the players still tied with them when it was applied (None when it
was never needed: no one was level with them by then).

``decided_by`` on a row names what set the player's place apart from those
level with them until then: the last key (``placing`` or a tiebreak) that
split the group they were in; None when nothing did (they share their rank
with those still level, or are alone in their group).
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ginscore.engine.errors import RuleError
from ginscore.engine.i18n import gettext_lazy as _

TIEBREAKS = ("wins", "net", "head_to_head", "buchholz", "median_buchholz", "sonneborn_berger")
TIEBREAK_NAMES = {
    "wins": _("Match wins"), "net": _("Net points"), "head_to_head": _("Head-to-head"),
    "buchholz": _("Buchholz"), "median_buchholz": _("Median Buchholz"), "sonneborn_berger": _("Sonneborn-Berger"),
}
DEFAULT_TIEBREAKS = ("wins", "head_to_head", "buchholz", "net")


@dataclass(frozen=True, slots=True)
class Result:
    """One finished pairing: two players and the winner with their match
    points, or a bye (one player, who is the winner)."""

    players: tuple[Hashable, ...]
    winner: Hashable
    points: tuple[int, ...] = (0, 0)

    def __post_init__(self):
        if len(self.players) not in (1, 2) or self.winner not in self.players:
            raise RuleError(_("result: the winner must be one of the one or two players"))

    @property
    def bye(self) -> bool:
        return len(self.players) == 1


@dataclass(slots=True)
class Standing:
    player: Hashable
    rank: int = 0
    played: int = 0
    wins: int = 0
    losses: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    buchholz: int = 0
    median_buchholz: int = 0
    sonneborn_berger: int = 0
    placing: int | None = None
    group: Hashable | None = None
    head_to_head: int | None = None
    decided_by: str | None = None
    opponents: list = field(default_factory=list)
    beaten: list = field(default_factory=list)

    @property
    def net(self) -> int:
        return self.points_for - self.points_against


def check_tiebreaks(order: Iterable[str]) -> tuple[str, ...]:
    order = tuple(order)
    for key in order:
        if key not in TIEBREAKS:
            raise RuleError(_("tiebreaks: %(key)s is not a tiebreak; choose from %(choices)s")
                            % {"key": repr(key), "choices": ", ".join(TIEBREAKS)})
    if len(set(order)) != len(order):
        raise RuleError(_("tiebreaks: a tiebreak is listed twice"))
    return order


def standings(players: Sequence[Hashable], results: Iterable[Result], tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
              placing: Mapping[Hashable, int] | None = None,
              groups: Mapping[Hashable, Hashable] | None = None) -> list[Standing]:
    """Rows in rank order. ``players`` in seed order (the last resort);
    ``placing``: a knockout placing (1 = champion) that ranks before anything else;
    ``groups``: each player's group, when each group is ranked on its own."""
    order = check_tiebreaks(tiebreaks)
    rows = {p: Standing(p) for p in players}
    for r in results:
        if r.bye:
            row = rows[r.players[0]]
            row.played += 1
            row.wins += 1
            row.byes += 1
            continue
        for me, them, mine, theirs in ((0, 1, 0, 1), (1, 0, 1, 0)):
            row = rows[r.players[me]]
            opp = r.players[them]
            row.played += 1
            row.opponents.append(opp)
            row.points_for += r.points[mine]
            row.points_against += r.points[theirs]
            if r.winner == r.players[me]:
                row.wins += 1
                row.beaten.append(opp)
            else:
                row.losses += 1
    for row in rows.values():
        opp_wins = sorted(rows[o].wins for o in row.opponents)
        row.buchholz = sum(opp_wins)
        row.median_buchholz = sum(opp_wins[1:-1]) if len(opp_wins) >= 3 else row.buchholz
        row.sonneborn_berger = sum(rows[o].wins for o in row.beaten)
        row.placing = placing.get(row.player) if placing else None

    keys = ([("placing", _placing)] if placing else []) + [(k, _KEYS[k]) for k in order]
    pools: dict = {}
    for p in players:
        row = rows[p]
        row.group = groups.get(p) if groups else None
        pools.setdefault(row.group, []).append(row)
    ranked = []
    for pool in sorted(pools, key=lambda g: (g is None, str(g) if not isinstance(g, int) else f"{g:09d}")):
        tied = [pools[pool]]
        for name, key in keys:
            tied = [part for group in tied for part in _split(group, key, name)]
        rank = 1
        for group in tied:
            for row in group:
                row.rank = rank
                if len(group) > 1:   # still level after everything: nothing set them apart
                    row.decided_by = None
                ranked.append(row)
            rank += len(group)
    return ranked


def _split(group: list[Standing], key, name: str) -> list[list[Standing]]:
    """``group`` (level so far) split by ``key``, best first; when it splits, each row's
    ``decided_by`` is ``name``."""
    if len(group) < 2:
        return [group]
    values = key(group)
    group = sorted(group, key=lambda row: values[row.player], reverse=True)   # stable: seed order stays
    parts: list[list[Standing]] = []
    for row in group:
        if parts and values[parts[-1][0].player] == values[row.player]:
            parts[-1].append(row)
        else:
            parts.append([row])
    if len(parts) > 1:
        for row in group:
            row.decided_by = name
    return parts


def _attr(name):
    return lambda group: {row.player: getattr(row, name) for row in group}


def _head_to_head(group: list[Standing]) -> dict:
    members = {row.player for row in group}
    values = {row.player: sum(1 for o in row.beaten if o in members) for row in group}
    for row in group:  # the value the ranking used (only ever asked of players level with others)
        row.head_to_head = values[row.player]
    return values


def _placing(group: list[Standing]) -> dict:
    return {row.player: -(row.placing if row.placing is not None else 10 ** 9) for row in group}


_KEYS = {
    "wins": _attr("wins"), "net": _attr("net"), "head_to_head": _head_to_head, "buchholz": _attr("buchholz"),
    "median_buchholz": _attr("median_buchholz"), "sonneborn_berger": _attr("sonneborn_berger"),
}
