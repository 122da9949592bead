"""A season's points race: points per place in each event, best N, a minimum to be ranked.

Presets, for place f of p players in an event:

- ``linear``: p - f + 1 (the last player gets 1);
- ``percent``: 100 x (p - f + 1) / p (the winner 100, whatever the field);
- ``fixed``: 25, 18, 15, 12, 10, 8, 6, 4, 2, 1 for the top ten, 0 below;
- ``club``: 1 for attending + 1 per match won, and p, p/2, p/4 on top for
  the first three places.

Tied players (the same place in the event's final standings) share the points
of the places they occupy equally: two tied for 3rd of 8 under ``linear`` get
(6 + 5) / 2 = 5.5 each. Match wins in ``club`` are each player's own. An
event's ``factor`` multiplies its points (a major night counts double); each
event's points are then kept to two decimals (half up).

A player's total is the sum of their ``best`` events (all of them when
``best`` is None); a player with fewer than ``minimum`` events is listed
apart, unranked. Equal totals share a rank. In a doubles event the entrants
are teams: ``members`` names each team's players, who each score the team's
points (the field is the number of teams). Nothing is stored: the table is
computed from the events every time, so a corrected result moves it.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from ginscore.engine.errors import RuleError
from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.i18n import number

PRESETS = ("linear", "percent", "fixed", "club")
PRESET_NAMES = {
    "linear": _("Linear (p - f + 1)"),
    "percent": _("Percent of the field (100 x (p - f + 1) / p)"),
    "fixed": _("Fixed list (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)"),
    "club": _("Club race (1 per match won + 1 for attending, p, p/2, p/4 for the top three)"),
}
FIXED_POINTS = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
CENT = Decimal("0.01")
MAX_FACTOR = Decimal("10")


@dataclass(frozen=True, slots=True)
class Finish:
    """One player's finish in one event: their place (tied players share the
    better place, like 3 and 3 for two losing semi-finalists) and match wins."""

    player: Hashable
    place: int
    wins: int = 0


@dataclass(frozen=True, slots=True)
class Event:
    key: Hashable
    finishes: tuple[Finish, ...]
    factor: Decimal = Decimal(1)
    members: Mapping[Hashable, tuple] | None = None   # a team's players, each scoring the team's points

    def players_of(self, entrant: Hashable) -> tuple:
        return tuple(self.members.get(entrant, (entrant,))) if self.members else (entrant,)

    def __post_init__(self):
        object.__setattr__(self, "finishes", tuple(self.finishes))
        factor = Decimal(str(self.factor)) if not isinstance(self.factor, Decimal) else self.factor
        if not factor.is_finite() or not 0 < factor <= MAX_FACTOR:
            raise RuleError(_("factor: must be more than 0 and at most %(most)s") % {"most": number(MAX_FACTOR)})
        object.__setattr__(self, "factor", factor)
        players = [f.player for f in self.finishes]
        if len(set(players)) != len(players):
            raise RuleError(_("event %(event)s: a player is listed twice") % {"event": self.key})
        if any(f.place < 1 or f.wins < 0 for f in self.finishes):
            raise RuleError(_("event %(event)s: places start at 1 and wins are not negative") % {"event": self.key})


def place_points(preset: str, position: int, field_size: int) -> Decimal:
    """The points for one (untied) position of ``field_size`` players, before
    the club race's match wins and attendance."""
    p, f = field_size, position
    if preset == "linear":
        return Decimal(p - f + 1)
    if preset == "percent":
        return Decimal(100) * (p - f + 1) / p
    if preset == "fixed":
        return Decimal(FIXED_POINTS[f - 1]) if f <= len(FIXED_POINTS) else Decimal(0)
    if preset == "club":
        return {1: Decimal(p), 2: Decimal(p) / 2, 3: Decimal(p) / 4}.get(f, Decimal(0))
    raise _no_preset()


def _no_preset() -> RuleError:
    return RuleError(_("preset: must be one of %(choices)s") % {"choices": ", ".join(PRESETS)})


def event_points(event: Event, preset: str) -> dict[Hashable, Decimal]:
    """Each player's points for one event, ties sharing, times the factor."""
    if preset not in PRESETS:
        raise _no_preset()
    field_size = len(event.finishes)
    by_place: dict[int, list[Finish]] = defaultdict(list)
    for finish in event.finishes:
        by_place[finish.place].append(finish)
    points, position = {}, 1
    for place in sorted(by_place):
        tied = by_place[place]
        shared = sum(place_points(preset, pos, field_size) for pos in range(position, position + len(tied))) / len(tied)
        for finish in tied:
            own = Decimal(1 + finish.wins) if preset == "club" else Decimal(0)
            points[finish.player] = ((shared + own) * event.factor).quantize(CENT, rounding=ROUND_HALF_UP)
        position += len(tied)
    return points


@dataclass(slots=True)
class SeasonRow:
    player: Hashable
    total: Decimal = Decimal("0.00")
    rank: int | None = None                    # None: fewer events than the minimum
    points: dict = field(default_factory=dict)  # event key -> points
    counted: set = field(default_factory=set)  # event keys that count in the total

    @property
    def events(self) -> int:
        return len(self.points)


@dataclass(frozen=True, slots=True)
class SeasonTable:
    ranked: tuple[SeasonRow, ...]      # by rank, then as the events first listed them
    unranked: tuple[SeasonRow, ...]    # fewer events than the minimum, by total
    events: tuple[Hashable, ...]


def season_table(events: Iterable[Event], preset: str, *, best: int | None = None, minimum: int = 0) -> SeasonTable:
    """The season's table from its events (in date order)."""
    events = list(events)
    if best is not None and best < 1:
        raise RuleError(_("best: count at least one event (or leave it empty to count them all)"))
    if minimum < 0:
        raise RuleError(_("minimum: must not be negative"))
    keys = [e.key for e in events]
    if len(set(keys)) != len(keys):
        raise RuleError(_("events: an event is listed twice"))
    rows: dict[Hashable, SeasonRow] = {}
    for event in events:
        for entrant, pts in event_points(event, preset).items():
            for player in event.players_of(entrant):
                rows.setdefault(player, SeasonRow(player)).points[event.key] = pts
    order = {key: i for i, key in enumerate(keys)}
    for row in rows.values():
        chosen = sorted(row.points, key=lambda k: (-row.points[k], order[k]))
        row.counted = set(chosen if best is None else chosen[:best])
        row.total = sum((row.points[k] for k in row.counted), Decimal("0.00"))
    ranked = sorted((r for r in rows.values() if r.events >= minimum), key=lambda r: -r.total)
    for i, row in enumerate(ranked):
        row.rank = ranked[i - 1].rank if i and ranked[i - 1].total == row.total else i + 1
    unranked = sorted((r for r in rows.values() if r.events < minimum), key=lambda r: -r.total)
    return SeasonTable(ranked=tuple(ranked), unranked=tuple(unranked), events=tuple(keys))


def finishes_from_groups(groups: Sequence[Sequence[tuple[Hashable, int]]]) -> tuple[Finish, ...]:
    """Final standings as groups of tied (player, match wins), best first -> finishes with shared places."""
    finishes, place = [], 1
    for group in groups:
        finishes.extend(Finish(player, place, wins) for player, wins in group)
        place += len(group)
    return tuple(finishes)
