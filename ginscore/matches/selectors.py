"""Reads: matches, their hands and history, and the score pad as the page shows it.

Every number comes from the engine's ``MatchResult`` for the stored hands;
the caches on ``Match`` are only for lists. A pad costs a fixed number of
queries whatever the number of hands (the match with its players, the hands,
the history).
"""
from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass, replace
from itertools import combinations

from django.http import Http404
from django.urls import reverse

from ginscore.engine import GameResult, HandResult, MatchResult, PlayerLine, Settlement, score_hand, score_match
from ginscore.engine.results import PairNet
from ginscore.club.prepared import Prepared
from ginscore.club.roles import is_director
from ginscore.matches import agreement
from ginscore.matches.models import (
    AGREED, KIND_PARTNERSHIP, KIND_THREE, KIND_TWO, Hand, HandChange, Match, hands_in_order,
)
from ginscore.matches.records import (
    SEAT_LETTERS, HandEntry, Pair, entry_to_engine, entry_to_json, match_names, match_rules, match_to_record,
    partnership_pair, record_of, two, waiting_table,
)
from ginscore.matches.rulings import RULING_MARK, rulings_text


_MATCH = Prepared(lambda pk: Match.objects.with_players().select_related("tournament_match__tournament")
                  .filter(pk=pk))


def match_get(pk: int) -> Match:
    """The match with its players and, for a tournament match, its place in the tournament (404: none)."""
    match = _MATCH.first(pk)
    if match is None:
        raise Http404("No such match.")
    return match


_PLACE = "tournament_match__"
_LIVE_VERSION = Prepared(lambda pk: Match.objects.filter(pk=pk).values_list(
    "revision", "updated_at", "player_a__name", "player_b__name", "player_c__name", "player_d__name",
    "team_a_name", "team_b_name", f"{_PLACE}table", f"{_PLACE}outcome", f"{_PLACE}time_hands", f"{_PLACE}at_time",
    f"{_PLACE}tournament__clock_deadline", f"{_PLACE}tournament__clock_called", f"{_PLACE}tournament__name"))


def match_live_version(pk: int, **_) -> str | None:
    """The pad's version for the live page (one query): the hands' revision, the match's last change
    and the names it shows and, for a tournament match, its table, result, the round clock and the
    tournament's name. None: no such match. (A visitor's page is kept under it: ``live_page``.)"""
    row = _LIVE_VERSION.first(pk)
    if row is None:
        return None
    revision, *place_state = row
    return f"m{pk}.{revision}.{zlib.crc32(repr(place_state).encode()):x}"


def match_hands(match: Match) -> list[Hand]:
    return hands_in_order(match.pk)


def hands_awaiting(match: Match) -> list[Hand]:
    """The hands of ``match`` that do not count yet (both players agree: awaiting the other
    player's confirmation, or disputed), with who entered them; one query."""
    return list(Hand.objects.filter(match=match).exclude(agreement=AGREED).select_related("entered_by")
                .order_by("number"))


def match_result(match: Match, hands: list[Hand] | None = None) -> MatchResult:
    return score_match(match_to_record(match, match_hands(match) if hands is None else hands))


def matches_in_play(limit: int = 20) -> list[Match]:
    return list(Match.objects.with_players().in_play().order_by("-updated_at")[:limit])


def matches_recent_results(limit: int = 10) -> list[Match]:
    return list(Match.objects.with_players().finished().order_by("-finished_at")[:limit])


# The score pad
#
# A pad has a column per *side*: the two players, the three players of a three-handed match,
# or a partnership's two teams (``MatchResult.sides``). The two-player pad is the case of two.


@dataclass(frozen=True)
class PadCell:
    """One hand on a game's column, as a paper pad writes it: what it scored and the running total."""

    running: int
    points: int
    boxes: int
    marks: tuple[str, ...] = ()  # "G" gin, "BG" big gin, "U" undercut, "GO" gin-off, "♠" spade doubled,
    # "R" a director's ruling (in words under the pad and in the hand list)


@dataclass(frozen=True)
class PadRow:
    hand: int
    cells: tuple[PadCell | None, ...]  # by side

    @property
    def a(self):
        return self.cells[0]

    @property
    def b(self):
        return self.cells[1]


@dataclass(frozen=True)
class PadColumn:
    game: GameResult
    rows: list[PadRow]
    lines: tuple[PlayerLine, ...]  # by side
    next_win: tuple[bool, ...] = ()  # whether each side's next won hand goes into this game (Hollywood's cue)

    @property
    def next_a(self) -> bool:
        return bool(self.next_win and self.next_win[0])

    @property
    def next_b(self) -> bool:
        return bool(self.next_win and self.next_win[1])


@dataclass(frozen=True)
class HandLine:
    """One hand in words, for the hand list and the history (a partnership: one table's hand)."""

    n: int
    dealer: str | None
    text: str
    winner: str | None
    points: int
    boxes: int
    games: tuple[int, ...]
    entry: HandEntry | None = None  # as stored (its cards, for a hand entered as cards)
    marks: tuple[str, ...] = ()
    pair: Pair | None = None  # who played it (seats and names)
    table: int = 1
    ruling: str = ""  # the director's rulings in words ("Ruling: Ben was short of 1 card ..."), if any
    agreement: str = AGREED  # both players agree: "awaiting" or "disputed" until it counts

    @property
    def players(self) -> tuple[str, ...]:
        return self.pair.names if self.pair else ()


@dataclass(frozen=True)
class DealLine:
    """A partnership deal: both tables' hands (None: not entered yet) and, once both are in,
    what the deal put on each team's side."""

    n: int
    tables: tuple[HandLine | None, HandLine | None]
    points: tuple[tuple[str, int], ...] | None  # (team, points) per team; None while the deal waits for a table
    boxes: tuple[tuple[str, int], ...] | None

    @property
    def waiting(self) -> int | None:
        """The table this deal still waits for, or None."""
        for t, line in enumerate(self.tables, 1):
            if line is None:
                return t
        return None


@dataclass(frozen=True)
class GameNow:
    """A game in play as the head shows it: each side's points and how far from the game target."""

    n: int
    points: tuple[int, ...]
    to_go: tuple[int, ...]
    next_win: tuple[bool, ...]  # whether each side's next won hand goes into it (Hollywood)


@dataclass(frozen=True)
class GameOver:
    """The game the last hand finished, for the saved message and the head until the next hand."""

    n: int
    winner: str
    points: tuple[int, ...]
    boxes: tuple[int, ...]
    box_bonus: tuple[int, ...]
    game_bonus: int
    shutout: bool
    shutout_bonus: int
    totals: tuple[int, ...]
    net: int | None
    credited: str | None
    match_score: tuple[int, ...]
    text: str
    lines: tuple[tuple[str, PlayerLine], ...] = ()  # (side, its line) in side order
    pairs: tuple[PairNet, ...] = ()  # three players: each pair's net
    shut_out: tuple[str, ...] = ()

    @property
    def match_scores(self) -> list[tuple[str, int]]:
        return [(name, score) for (name, _), score in zip(self.lines, self.match_score)]


@dataclass(frozen=True)
class PairStanding:
    """Three players: what one pair has settled between them so far (the sum of its game nets)."""

    players: tuple[str, str]
    net: int
    credited: str | None  # who is ahead in this pair (None: level)


@dataclass(frozen=True)
class TableNext:
    """A partnership table's next hand: its deal and who plays it there."""

    table: int
    deal: int
    players: tuple[str, str]


@dataclass(frozen=True)
class ScoreHead:
    """The top of the pad: the game in play (Hollywood: its open columns), the match score,
    who deals next and how far each side is from the targets; or the settlement(s)."""

    names: tuple[str, ...]  # the sides: players, or a partnership's teams
    score: tuple[int, ...]
    games_won: tuple[int, ...]
    complete: bool
    winner: str | None
    settlement: Settlement
    next_number: int
    next_dealer: str | None
    rules_text: str
    game_target: int = 0
    now: tuple[GameNow, ...] = ()
    match_to_go: tuple[str, ...] = ("", "")
    game_over: GameOver | None = None
    correcting: HandLine | None = None  # the hand a correction page is about
    match_label: str = ""  # "to 500", "best of 3 games", "one game"
    kind: str = KIND_TWO
    settlements: tuple[Settlement, ...] = ()
    next_players: tuple[str, ...] = ()  # three players: the two who play the next hand
    pairs: tuple[PairStanding, ...] = ()  # three players: each pair's standing in the match
    teams: tuple[tuple[str, tuple[str, str]], ...] = ()  # a partnership: (team, its players)
    tables: tuple[TableNext, ...] = ()  # a partnership: each table's next hand
    waiting: tuple[int, int] | None = None  # a partnership: (deal, the table it waits for)

    @property
    def hollywood(self) -> bool:
        return len(self.now) > 1

    @property
    def dealer_choices(self) -> list[tuple[str, str]]:
        """Three players, before hand 1: the others who could deal first (seat, name)."""
        return [(seat, name) for seat, name in zip(SEAT_LETTERS, self.names) if name != self.next_dealer]

    @property
    def rows(self) -> list[tuple]:
        """(side, game points, to go, match score, match to go, games won) per side, for the
        head's table (three players, partnerships)."""
        g = self.now[0] if self.now else None
        return [(name, g.points[i] if g else None, g.to_go[i] if g else None, self.score[i],
                 self.match_to_go[i] if i < len(self.match_to_go) else "", self.games_won[i])
                for i, name in enumerate(self.names)]


def _each(mapping, names):
    return tuple(mapping[n] for n in names)


def game_over(result: MatchResult, game: GameResult) -> GameOver:
    """The summary of a finished game, with the match score after it."""
    names = result.sides
    lines = tuple(game.players[n] for n in names)
    win = game.players[game.winner]
    match_score = _each(result.match.score, names)
    parts = [f"Game {game.n} won by {game.winner}: points " + "–".join(str(x.points) for x in lines),
             "boxes " + "–".join(str(x.boxes) for x in lines)
             + " (bonus " + "–".join(str(x.box_bonus) for x in lines) + ")",
             f"game bonus {win.game_bonus}"]
    if game.shutout:
        parts.append(f"shutout (+{win.shutout_bonus})" if win.shutout_bonus else "shutout")
    parts.append("totals " + "–".join(str(x.total) for x in lines))
    if len(names) == 2:
        net = f"net {game.credited} +{game.net}" if game.credited else "net even"
    else:
        net = "pairs: " + ", ".join(
            f"{p.players[0]} v {p.players[1]} " + (f"{p.credited} +{p.net}" if p.credited else "even")
            for p in game.pairs)
        if game.shut_out:
            net += f" ({' and '.join(game.shut_out)} shut out)"
    text = (", ".join(parts) + f"; {net}. Match now "
            + ", ".join(f"{n} {s}" for n, s in zip(names, match_score)) + ".")
    return GameOver(game.n, game.winner, tuple(x.points for x in lines), tuple(x.boxes for x in lines),
                    tuple(x.box_bonus for x in lines), win.game_bonus, game.shutout, win.shutout_bonus,
                    tuple(x.total for x in lines), game.net, game.credited, match_score, text,
                    tuple(zip(names, lines)), tuple(game.pairs), tuple(game.shut_out))


def games_ended_by(result: MatchResult, n: int) -> list[GameOver]:
    return [game_over(result, g) for g in result.games if g.complete and g.ended_after == n]


def _match_to_go(result: MatchResult) -> tuple[str, ...]:
    """How far each side is from winning the match, in the match's own terms ("380 to go",
    "2 games to go"); nothing for a single game or a single set (the game decides it)."""
    names, m = result.sides, result.match
    length = result.length
    if m.complete or length.kind == "set" or (length.kind == "best_of" and length.games == 1):
        return ("",) * len(names)
    if length.kind == "best_of":
        need = length.games // 2 + 1
        left = [need - m.games_won[p] for p in names]
        return tuple(f"{n} game{'s' if n != 1 else ''} to go" for n in left)
    return tuple(f"{max(0, m.target - m.score[p])} to go" for p in names)


def pair_standings(result: MatchResult) -> tuple[PairStanding, ...]:
    """Three players: each pair's nets over the finished games, netted against each other."""
    if len(result.sides) != 3:
        return ()
    owed: dict[tuple[str, str], int] = {pair: 0 for pair in combinations(result.sides, 2)}
    for g in result.games:
        for p in g.pairs:
            if p.credited:
                owed[p.players] += p.net if p.credited == p.players[0] else -p.net
    return tuple(PairStanding(pair, abs(v), None if v == 0 else pair[0] if v > 0 else pair[1])
                 for pair, v in owed.items())


def score_head(match: Match, result: MatchResult, correcting: HandLine | None = None,
               waiting: HandEntry | None = None, table_counts: tuple[int, int] = (0, 0)) -> ScoreHead:
    """The head of the pad; ``waiting`` is a partnership's table hand whose deal waits for the
    other table, ``table_counts`` the hands each table has entered."""
    names = result.sides
    m = result.match
    rules = match.get_preset_display() + (" (own rules)" if match.rule_overrides else "")
    rules += " · " + result.length.describe(result.rules)
    if match.stake is not None:
        rules += f" · stake {format(match.stake.normalize(), 'f')}"
    target = result.rules.game_target
    enters = tuple(result.next_win_enters(n) for n in names)
    now = tuple(GameNow(g.n, tuple(g.players[n].points for n in names),
                        tuple(max(0, target - g.players[n].points) for n in names),
                        tuple(g.n in e for e in enters))
                for g in result.games_in_play())
    over = games_ended_by(result, len(result.hands)) if result.hands else []
    kind = match.kind
    extra: dict = {"kind": kind, "settlements": tuple(m.settlements)}
    if kind == KIND_THREE:
        if not m.complete and any(g.complete for g in result.games):  # (at the end: the settlements)
            extra["pairs"] = pair_standings(result)
        if result.next_dealer and not m.complete:
            extra["next_players"] = tuple(p for p in result.players if p != result.next_dealer)
    elif kind == KIND_PARTNERSHIP:
        extra["teams"] = tuple((t.name, t.players) for t in result.teams)
        if not m.complete:
            extra["tables"] = tuple(TableNext(t, table_counts[t - 1] + 1,
                                              partnership_pair(result_seats(result), table_counts[t - 1] + 1, t).names)
                                    for t in (1, 2))
        if waiting is not None:
            extra["waiting"] = (len(result.hands) + 1, 3 - waiting.table)
    return ScoreHead(names, _each(m.score, names), _each(m.games_won, names), m.complete, m.winner,
                     m.settlement, len(result.hands) + 1, result.next_dealer, rules, target, now,
                     _match_to_go(result), over[-1] if over else None, correcting,
                     result.length.describe(result.rules), **extra)


def result_seats(result: MatchResult) -> tuple[str, ...]:
    """A partnership result's players in the site's seat order (a, b, c, d)."""
    (a, c), (b, d) = result.teams[0].players, result.teams[1].players
    return (a, b, c, d)


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
        return " v ".join(self.names)


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
            out += [(line.n, f"table {t.table}: {t.ruling}") for t in line.tables if t is not None and t.ruling]
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


# Pads already worked out in this process, by everything a pad is computed from. Every write to
# the hands (through any app server) moves the match's revision and updated_at, and a rename
# changes the names, so a stale pad is never found here, only missed: nothing another server
# needs lives in this one's memory.
_pads: OrderedDict[tuple, Pad] = OrderedDict()
_pads_lock = threading.Lock()
PADS_KEPT = 64


def pad_version(match: Match, shown_sets: int | None = None, shown_hands: int | None = None) -> str:
    """What the pad of ``match`` (so shown) is computed from, as a cache key."""
    return (f"{match.pk}.{match.revision}.{match.updated_at.timestamp()}.{shown_sets}.{shown_hands}."
            f"{hash((*(p.name for p in match.seats), match.team_a_name, match.team_b_name))}")


def match_pad_cached(match: Match, shown_sets: int | None = None, shown_hands: int | None = None) -> Pad:
    """``match_pad``, reading the hands and scoring them only when this process has not already
    done so for this version of the match."""
    key = pad_version(match, shown_sets, shown_hands)
    with _pads_lock:
        pad = _pads.get(key)
        if pad is not None:
            _pads.move_to_end(key)
            return pad
    pad = match_pad(match, match_hands(match), shown_sets, shown_hands)
    with _pads_lock:
        _pads[key] = pad
        while len(_pads) > PADS_KEPT:
            _pads.popitem(last=False)
    return pad


def hand_line(h: HandResult, entry: HandEntry, names, marks: tuple[str, ...] = (), table: int = 1) -> HandLine:
    """``names``: the hand's ``Pair`` (or a two-player match's two names)."""
    pair = names if isinstance(names, Pair) else two(names)
    return HandLine(h.n, h.dealer, hand_text(h, entry, pair), h.winner, h.points, h.boxes, h.games, entry, marks,
                    pair, table, hand_rulings_text(h))


def hand_rulings_text(h: HandResult) -> str:
    """The director's rulings on a scored hand, in words ("" when none)."""
    return rulings_text(h.rulings.to_json()) if h.rulings is not None else ""


def hand_text(h: HandResult, entry: HandEntry, names) -> str:
    """ "Ann knocked 8 v 32", "Ben went gin (Ann 41)", "Dead hand", with the upcard."""
    text = record_hand_text(entry_to_json(entry, names), rulings=False)
    if h.undercut:
        text += f"; {h.winner} undercut"
    elif entry.end == "knock" and h.end == "gin":
        text += " (a gin)"
    found = ((h.detail or {}).get("bonus") or {}).get(h.winner) if entry.bonus is None else None
    if found:
        text += f"; bonus {found}"  # Sequence Gin, found from the cards
    return text


_HOW = {"knock": "knocked", "gin": "went gin", "big_gin": "went big gin", "out": "went out"}


def record_hand_text(d: dict | None, rulings: bool = True) -> str:
    """A hand as the record writes it, in words (the history's before and after), with its
    rulings unless ``rulings`` is false."""
    if not d:
        return "nothing"
    ruled = rulings_text(d) if rulings else ""
    if ruled:
        return f"{record_hand_text(d, rulings=False)}. {ruled}"
    up = f", upcard {d['upcard']}" if d.get("upcard") else ""
    if d.get("end") == "dead":
        return "Dead hand" + up
    by, end = d.get("by"), d.get("end")
    extra = up + (f", bonus {d['bonus']}" if d.get("bonus") else "")
    if end == "stock_out":
        counts = d.get("deadwood") or {}
        held = ", ".join(f"{p} {v}" for p, v in counts.items()) if counts else "entered as cards"
        return f"Stock ran out ({held}){extra}"
    if d.get("cards"):
        what = "challenged" if end == "challenge" else _HOW.get(end, end)
        return f"{by} {what} (entered as cards){extra}"
    dw = d.get("deadwood") or {}
    other = next((p for p in dw if p != by), "?")
    if end == "knock":
        return f"{by} knocked {dw.get(by)} v {dw.get(other)}{extra}"
    if end == "challenge":
        return f"{by} challenged: {by} {dw.get(by)} v {other} {dw.get(other)}{extra}"
    contract = ", no contract" if d.get("no_contract") else ""
    return f"{by} {_HOW.get(end, end)} ({other} {dw.get(other)}{contract}){extra}"


@dataclass(frozen=True)
class ChangeLine:
    change: HandChange
    before: str
    after: str
    who: str = ""  # who made the change; for a confirmation or a dispute also for which player


def change_who(match: Match, change: HandChange) -> str:
    """ "ann", "table link", "Ben (table link)": the account or link, and the player it answered for."""
    who = change.who_text
    if change.side:
        player = match.player(change.side)
        return f"{player.name} ({who})" if player else who
    return who


_CHANGES = Prepared(lambda match_id: HandChange.objects.filter(match_id=match_id).select_related("who"))


def match_changes(match: Match) -> list[ChangeLine]:
    """The history, newest first, with each hand in words."""
    changes = _CHANGES(match.pk)
    return [ChangeLine(c, record_hand_text(c.before), record_hand_text(c.after), change_who(match, c))
            for c in changes]


def redo_offer(match: Match, next_number: int, table: int | None = None,
               history: list[ChangeLine] | None = None) -> ChangeLine | None:
    """The undo the pad may offer to take back: the latest change (a partnership: ``table``'s),
    if it undid the hand that would now be the next one of its table (one query, none when the
    match's ``history`` (``match_changes``) is given)."""
    if history is not None and table is None:
        last = history[0].change if history else None
    else:
        changes = HandChange.objects.filter(match=match)
        if table is not None:
            changes = changes.filter(table=table)
        last = changes.order_by("-created_at", "-id").first()
    if last and last.action == "undone" and last.hand_number == next_number and last.before:
        return ChangeLine(last, record_hand_text(last.before), "")
    return None


def table_redo_offers(match: Match, head: ScoreHead, table: int | None = None) -> list[tuple]:
    """A partnership's undo row: (the table's next hand, the undone hand it may put back or None)
    for each table (on a table's page, its own only) that has a hand to undo or to redo (a
    query per table)."""
    offers = [(t, redo_offer(match, t.deal, t.table)) for t in head.tables if table in (None, t.table)]
    return [(t, redo) for t, redo in offers if t.deal > 1 or redo]


# The preview of a hand before it is saved


_NO_WINNER = {
    "dead": "Dead hand: no score; the same dealer deals again.",
    "stock_out": "The counts are level: no score; the same dealer deals again.",
    "challenge": "The counts are level: no score; the same dealer deals again.",
}
_WON_BY = {"gin": "gin", "big_gin": "big gin", "out": "went out", "challenge": "challenge",
           "stock_out": "stock ran out"}


def _boxes_text(h: HandResult, rules) -> str:
    """" and 1 box", or nothing in a game whose boxes are worth nothing (Fosdick's games)."""
    if not rules.box_bonus:
        return ""
    return " and 1 box" if h.boxes == 1 else f" and {h.boxes} boxes"


def _how_won(h: HandResult, entry: HandEntry) -> str:
    """" (undercut)", " (gin, no contract)", " (bonus 9)": how the points came, in the game's words."""
    parts = ["undercut"] if h.undercut else [_WON_BY[h.end]] if h.end in _WON_BY else []
    short = h.rulings.penalty(h.by) if h.rulings is not None and h.by else 0
    if short and h.end in ("gin", "big_gin", "out") and not h.undercut:
        parts = [f"{_WON_BY[h.end]} short of cards: a knock of {short}"]
    if entry.no_contract:
        parts.append("no contract")
    bonus = entry.bonus if entry.bonus is not None else ((h.detail or {}).get("bonus") or {}).get(h.winner)
    if bonus:
        parts.append(f"bonus {bonus}")
    return f" ({', '.join(parts)})" if parts else ""


@dataclass(frozen=True)
class Preview:
    hand: HandResult
    text: str  # what the hand scores, in one sentence
    after: str  # the game(s) and match after it
    next_dealer: str | None
    game_over: tuple[GameOver, ...] = ()  # the games this hand finishes (a new last hand only)


def _entries_with(hands: list[Hand], entry: HandEntry, number: int, table: int = 1) -> list[HandEntry]:
    """The match's entries with ``entry`` as ``table``'s hand ``number`` (a correction, or the
    next hand), in (number, table) order."""
    keyed = {(h.number, h.table): HandEntry.of(h) for h in hands}
    keyed[(number, table)] = entry
    return [keyed[k] for k in sorted(keyed)]


def hand_preview(match: Match, hands: list[Hand], entry: HandEntry, number: int, table: int = 1) -> Preview:
    """What ``entry`` would score as hand ``number`` (the next hand, or a correction); a
    partnership: as ``table``'s hand of deal ``number``.

    Raises ``RecordError``/``CardError`` as the engine does, with the hand's number.
    """
    entry = replace(entry, table=table)
    entries = _entries_with(hands, entry, number, table)
    return preview_in(match, score_match(record_of(match, entries)), entry, number, table)


def preview_in(match: Match, result: MatchResult, entry: HandEntry, number: int, table: int = 1) -> Preview:
    """The preview of ``entry`` as hand ``number`` (``table``'s) from ``result``, the match already
    scored with it (a stored hand: the pad's own result, not scored again)."""
    names = result.sides
    if result.teams:
        if number > len(result.hands):  # the other table is not in yet: this hand alone
            h = lone_table_hand(match, result.rules, entry, number)
            return Preview(h, _won_text(h, entry, result.rules) + f" The deal's team score comes when table "
                           f"{3 - table}'s hand is in.", "", None)
        deal = result.hands[number - 1]
        h = deal.tables[table - 1]
        text = _won_text(h, entry, result.rules) + " Deal " + str(number) + ": " + ", ".join(
            f"{n} +{deal.points[n]}" for n in names) + "."
    else:
        h = result.hands[number - 1]
        text = _won_text(h, entry, result.rules)
    parts = []
    for g in result.games:
        if any(e.hand == h.n for e in g.entries):
            line = f"Game {g.n}: " + ", ".join(f"{n} {g.players[n].points}" for n in names)
            if g.ended_after == h.n:
                line += f"; {g.winner} wins the game"
                if g.net is not None and len(names) == 2:
                    line += f", net {g.net}"
            parts.append(line)
    m = result.match
    if m.ended_after == h.n:
        others = [m.score[n] for n in names if n != m.winner]
        parts.append(f"{m.winner} wins the match {m.score[m.winner]} to " + " and ".join(map(str, others)))
    over = tuple(games_ended_by(result, h.n)) if h.n == len(result.hands) else ()
    return Preview(h, text, ". ".join(parts) + ("." if parts else ""), result.next_dealer, over)


def _won_text(h: HandResult, entry: HandEntry, rules) -> str:
    """What the hand scores in one sentence, with its rulings."""
    ruled = f" {hand_rulings_text(h)}." if h.rulings is not None else ""
    if h.winner is None and h.rulings is not None and h.rulings.extra_cards and h.end != "dead":
        held = " and ".join(h.rulings.extra_cards)
        text = f"No one scores: {held} held too many cards and cannot win the hand; the same dealer deals again."
        return (text if h.dealer is not None else text.split(";")[0] + ".") + ruled
    if h.winner is None:
        text = _NO_WINNER.get(h.end, _NO_WINNER["dead"])
        return (text if h.dealer is not None else text.split(";")[0] + ".") + ruled
    return f"{h.winner} scores {h.points}{_boxes_text(h, rules)}{_how_won(h, entry)}.{ruled}"


# Both players agree


@dataclass(frozen=True)
class AwaitingLine:
    """A hand that does not count yet, as one viewer of the pad sees it."""

    hand: Hand
    version: str
    text: str
    entrant: str
    sides: tuple[tuple[str, str], ...]  # (seat, name) this viewer may answer as
    own: bool  # the viewer answers from their own account (no name to tap)
    settle: bool  # the viewer is a director


def awaiting_lines(match: Match, user, via: str | None) -> list[AwaitingLine]:
    """The hands of ``match`` awaiting confirmation or settlement, with what ``user`` (scoring
    ``via`` an account, a table link, or None) may do; one query (three players: one more for
    who played each hand), none unless the match is in a tournament where both players agree."""
    place = getattr(match, "tournament_match", None)
    if place is None or not place.tournament.agree:
        return []
    names = dict(zip(match.seat_letters, match_names(match)))
    director = is_director(user)
    own = via == "account" and agreement.account_side(match, user) is not None
    rows = hands_awaiting(match)
    # Three players: who played a hand follows from the hands before it, read once for them all.
    entries = [HandEntry.of(h) for h in match_hands(match)] if rows and len(names) == 3 else None
    lines = []
    for hand in rows:
        entrant = agreement.entrant_side(match, hand)
        if entrant:
            by = names[entrant]
        elif hand.entered_by_id and hand.entered_via == "account":
            by = hand.entered_by.get_username()
        else:
            by = "on the table's phone"
        sides = () if director else tuple((s, names[s]) for s in
                                          agreement.confirm_sides(match, hand, user, via))
        text = record_hand_text(agreement.hand_json(match, hand, entries))
        lines.append(AwaitingLine(hand, agreement.hand_version(hand), text, by, sides, own, director))
    return lines


def table_outbox(match: Match, head: ScoreHead, table: int | None = None) -> dict:
    """What a table phone's outbox (``static/ginscore/outbox.js``) needs to keep taking hands through
    a network drop: where to send them, the pad as it stands (next hand, dealer, who plays it, the
    game in play) and the match's frozen rules, from which the phone works out each queued hand's
    points. A partnership's ``table`` is the one this phone scores (its next deal is
    ``next_number``); who plays a deal there follows from the deal's number (``deal_pairs``: odd,
    even), and the team points of a deal wait for both tables, so there is no ``game``."""
    names = head.names
    seats = match_names(match)
    now = head.now[0] if len(head.now) == 1 else None
    kind = match.kind
    partnership = kind == KIND_PARTNERSHIP
    seat_of = {name: seat for seat, name in zip(SEAT_LETTERS, seats)}
    if partnership:
        number = next((t.deal for t in head.tables if t.table == table), head.next_number)
        pad, entry = (reverse(f"matches:{view}", args=[match.pk, table]) for view in ("table_pad", "table_hand_new"))
    else:
        number = head.next_number
        pad, entry = (reverse(f"matches:{view}", args=[match.pk]) for view in ("detail", "hand_new"))
    return {
        "match": match.pk, "kind": kind, "names": list(names), "seats": dict(zip(SEAT_LETTERS, seats)),
        "rules": match_rules(match).to_json(), "table": table if partnership else None,
        "send": reverse("matches:hand_send", args=[match.pk]), "pad": pad, "entry": entry,
        "worker": reverse("club:service_worker"), "next_number": number, "revision": match.revision,
        "dealer": seat_of.get(head.next_dealer, ""),
        "deal_pairs": ["".join(partnership_pair(seats, n, table).seats) for n in (1, 2)] if partnership else None,
        "game": None if now is None or partnership else {"n": now.n, "points": list(now.points),
                                                         "target": head.game_target},
    }


def outbox_pairs(match: Match, table: int | None = None) -> list[Pair]:
    """Every two who may play a hand this phone enters (three players: any two; a partnership's
    table: its odd and its even deals'), for the outbox to put the right names on the form of a
    hand after the ones it keeps; none with two players."""
    seats = match_names(match)
    if match.kind == KIND_THREE:
        return [Pair(tuple(SEAT_LETTERS[i] for i in ij), tuple(seats[i] for i in ij))
                for ij in combinations(range(3), 2)]
    if match.kind == KIND_PARTNERSHIP:
        return [partnership_pair(seats, n, table) for n in (1, 2)]
    return []
