"""The score pad as the page shows it: the games' columns, the hand list, who plays next."""
from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from ginscore.engine import HandResult, MatchResult, score_hand
from ginscore.matches.models import AGREED, Hand, Match
from ginscore.matches.records import (
    SEAT_LETTERS, HandEntry, Pair, entry_to_engine, match_names, partnership_pair, two, waiting_table,
)
from ginscore.matches.rulings import RULING_MARK
from ginscore.matches.selectors.head import (
    DealLine, HandLine, PadCell, PadColumn, PadRow, ScoreHead, result_seats, score_head,
)
from ginscore.matches.selectors.match import match_result
from ginscore.matches.selectors.words import hand_line


@dataclass(frozen=True)
class Pad:
    result: MatchResult
    head: ScoreHead
    names: tuple[str, ...]  # the sides
    sets: list[list[PadColumn]]  # in paper order (game 1 first); each set one column (three in Hollywood)
    hands: list  # newest first: HandLine (one table) or DealLine (a partnership)
    next_number: int
    earlier_sets: int = 0  # sets left off the page (shown with "all")
    earlier_hands: int = 0  # hands left off the list
    rulings: tuple[tuple[int, str], ...] = ()  # (hand, the rulings in words) for the shown hands that carry any

    @property
    def kind(self) -> str:
        return self.head.kind

    @property
    def title(self) -> str:
        return _(" v ").join(self.names)


# A long match shows its latest games and hands; the rest are one tap away.
SHOWN_SETS = 4
SHOWN_HANDS = 40


def hand_marks(h: HandResult, entry: HandEntry, rules) -> tuple[str, ...]:
    """What a paper pad marks beside a hand: G gin, BG big gin, U undercut, GO gin-off, ♠ spade doubled,
    R a director's ruling."""
    marks = []
    if h.end == "gin":
        marks.append("G")
    elif h.end == "big_gin":
        marks.append("BG")
    if h.undercut:
        defender = entry.defender_deadwood
        if h.detail and defender is None:
            defender = (h.detail.get("deadwood") or {}).get(h.winner)
        marks.append("GO" if defender == 0 and rules.gin_off_bonus is not None else "U")
    if h.winner is not None and rules.spade_double and entry.upcard.endswith("S"):
        marks.append("♠")
    if h.rulings is not None:
        marks.append(RULING_MARK)
    return tuple(marks)


def _table_hands(result: MatchResult, entries: list[HandEntry]):
    """(hand result, its entry) for every table hand the result scored, in order."""
    if not result.teams:
        return list(zip(result.hands, entries))
    return [(t, entries[2 * i + j]) for i, d in enumerate(result.hands) for j, t in enumerate(d.tables)]


def _cell_marks(result: MatchResult, entries: list[HandEntry]) -> dict[tuple[int, str], tuple[str, ...]]:
    """The marks of each (hand, side) on the pad: a partnership's team gets those of the table
    hands its players won."""
    side_of = {p: t.name for t in result.teams for p in t.players} if result.teams else {}
    out: dict[tuple[int, str], tuple[str, ...]] = {}
    for h, e in _table_hands(result, entries):
        if h.winner is not None:
            key = (h.n, side_of.get(h.winner, h.winner))
            out[key] = out.get(key, ()) + hand_marks(h, e, result.rules)
    return out


def match_pad(match: Match, hands: list[Hand], shown_sets: int | None = None,
              shown_hands: int | None = None) -> Pad:
    """The pad of ``match``; ``shown_sets``/``shown_hands`` keep only the latest (None: all)."""
    result = match_result(match, hands)
    names = result.sides
    index = {n: i for i, n in enumerate(names)}
    entries = [HandEntry.of(row) for row in hands]
    marks = _cell_marks(result, entries)
    awaiting = {row.number for row in hands if row.agreement != AGREED}   # both players agree: "?" until confirmed
    marks = {key: value + ("?",) if key[0] in awaiting else value for key, value in marks.items()}
    enters = tuple(result.next_win_enters(n) for n in names)
    all_sets = result.sets()
    earlier_sets = max(0, len(all_sets) - shown_sets) if shown_sets is not None else 0
    sets = []
    for games in all_sets[earlier_sets:]:
        columns = []
        for g in games:
            by_hand: dict[int, list] = {}
            for e in g.entries:
                cells = by_hand.setdefault(e.hand, [None] * len(names))
                cells[index[e.player]] = PadCell(e.running, e.points, e.boxes, marks.get((e.hand, e.player), ()))
            rows = [PadRow(n, tuple(cells)) for n, cells in by_hand.items()]
            columns.append(PadColumn(g, rows, tuple(g.players[n] for n in names),
                                     tuple(g.n in e for e in enters)))
        sets.append(columns)
    waiting = waiting_table(match, entries) if result.teams else None
    if result.teams:
        lines = deal_lines(match, result, entries, waiting)
    else:
        lines = [replace(hand_line(h, e, _pair_of(result, h), marks.get((h.n, h.winner), ())),
                         agreement=row.agreement) for h, e, row in zip(result.hands, entries, hands)]
    earlier_hands = max(0, len(lines) - shown_hands) if shown_hands is not None else 0
    lines = lines[earlier_hands:]
    lines.reverse()
    counts = (sum(1 for e in entries if e.table == 1), sum(1 for e in entries if e.table == 2))
    head = score_head(match, result, waiting=waiting, table_counts=counts)
    return Pad(result, head, names, sets, lines, len(result.hands) + 1, earlier_sets, earlier_hands,
               pad_rulings(lines))


def pad_rulings(lines) -> tuple[tuple[int, str], ...]:
    """(hand, the rulings in words) of the hands listed (newest first) that carry any, oldest first;
    a partnership's say their table."""
    out = []
    for line in reversed(lines):
        if isinstance(line, DealLine):
            out += [(line.n, _("table %(table)s: %(ruling)s") % {"table": t.table, "ruling": t.ruling})
                    for t in line.tables if t is not None and t.ruling]
        elif line.ruling:
            out.append((line.n, line.ruling))
    return tuple(out)


def _pair_of(result: MatchResult, h: HandResult) -> Pair:
    """Who played hand ``h`` (seat letters and names)."""
    return _seated(result, h.players or result.players[:2])


def _seated(result: MatchResult, players) -> Pair:
    """``players`` with their seat letters."""
    seats = result_seats(result) if result.teams else result.players
    return Pair(tuple(SEAT_LETTERS[seats.index(p)] for p in players), tuple(players))


def deal_lines(match: Match, result: MatchResult, entries: list[HandEntry],
               waiting: HandEntry | None) -> list[DealLine]:
    """A partnership's deals in order, the one waiting for its other table last."""
    lines = []
    for i, d in enumerate(result.hands):
        tables = tuple(hand_line(t, entries[2 * i + j], _pair_of(result, t),
                                 hand_marks(t, entries[2 * i + j], result.rules) if t.winner else (), table=j + 1)
                       for j, t in enumerate(d.tables))
        lines.append(DealLine(d.n, tables, tuple((n, d.points[n]) for n in result.sides),
                              tuple((n, d.boxes[n]) for n in result.sides)))
    if waiting is not None:
        n = len(result.hands) + 1
        line = lone_table_line(match, result, waiting, n)
        tables = (line, None) if waiting.table == 1 else (None, line)
        lines.append(DealLine(n, tables, None, None))
    return lines


def lone_table_line(match: Match, result: MatchResult, entry: HandEntry, n: int) -> HandLine:
    """A partnership's table hand whose deal waits for the other table, scored on its own."""
    h = lone_table_hand(match, result.rules, entry, n)
    return hand_line(h, entry, partnership_pair(result_seats(result), n, entry.table),
                     hand_marks(h, entry, result.rules) if h.winner else (), table=entry.table)


def lone_table_hand(match: Match, rules, entry: HandEntry, n: int) -> HandResult:
    """What one table's hand of deal ``n`` scores by itself (``RecordError`` as the engine says)."""
    pair = partnership_pair(match_names(match), n, entry.table)
    hand = entry_to_engine(entry, pair, rules, n)
    s = score_hand(hand, rules, pair.names, n)
    return HandResult(n, None, s.end, hand.by, s.winner, s.loser, s.undercut, s.points, s.boxes, (),
                      hand.detail, pair.names, hand.rulings, entry.table)


def next_pair(match: Match, pad: Pad, table: int = 1) -> Pair:
    """Who plays the next hand (three players: the two who do not deal it; a partnership:
    ``table``'s players in its next deal)."""
    result = pad.result
    if result.teams:
        deal = next((t.deal for t in pad.head.tables if t.table == table), pad.next_number)
        return partnership_pair(result_seats(result), deal, table)
    if len(result.players) == 3 and result.next_dealer:
        return _seated(result, tuple(p for p in result.players if p != result.next_dealer))
    return two(result.players[:2])


def stored_hand_line(match: Match, hands: list[Hand], number: int, table: int = 1,
                     pad: Pad | None = None) -> HandLine | None:
    """The line of stored hand ``number`` (a partnership: ``table``'s hand of that deal)."""
    pad = pad or match_pad(match, hands)
    for line in pad.hands:
        if line.n == number:
            return line.tables[table - 1] if isinstance(line, DealLine) else line
    return None
