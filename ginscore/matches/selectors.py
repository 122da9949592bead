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
from dataclasses import dataclass

from django.shortcuts import get_object_or_404
from django.urls import reverse

from ginscore.engine import GameResult, HandResult, MatchResult, PlayerLine, Settlement, score_match
from ginscore.matches.models import Hand, HandChange, Match
from ginscore.matches.records import HandEntry, entry_to_json, match_rules, match_to_record, record_of


def match_get(pk: int) -> Match:
    """The match with its players and, for a tournament match, its place in the tournament."""
    return get_object_or_404(Match.objects.with_players().select_related("tournament_match__tournament"), pk=pk)


def match_live_version(pk: int, **_) -> str | None:
    """The pad's version for the live page (one query): the hands' revision and, for a tournament
    match, its table, result and the round clock. None: no such match."""
    place = "tournament_match__"
    row = Match.objects.filter(pk=pk).values_list(
        "revision", f"{place}table", f"{place}outcome", f"{place}time_hands", f"{place}at_time",
        f"{place}tournament__clock_deadline", f"{place}tournament__clock_called").first()
    if row is None:
        return None
    revision, *place_state = row
    return f"m{pk}.{revision}.{zlib.crc32(repr(place_state).encode()):x}"


def match_hands(match: Match) -> list[Hand]:
    return list(Hand.objects.filter(match=match).order_by("number"))


def match_result(match: Match, hands: list[Hand] | None = None) -> MatchResult:
    return score_match(match_to_record(match, match_hands(match) if hands is None else hands))


def matches_in_play(limit: int = 20) -> list[Match]:
    return list(Match.objects.with_players().in_play().order_by("-updated_at")[:limit])


def matches_recent_results(limit: int = 10) -> list[Match]:
    return list(Match.objects.with_players().finished().order_by("-finished_at")[:limit])


# The score pad


@dataclass(frozen=True)
class PadCell:
    """One hand on a game's column, as a paper pad writes it: what it scored and the running total."""

    running: int
    points: int
    boxes: int
    marks: tuple[str, ...] = ()  # "G" gin, "BG" big gin, "U" undercut, "GO" gin-off, "♠" spade doubled


@dataclass(frozen=True)
class PadRow:
    hand: int
    a: PadCell | None
    b: PadCell | None


@dataclass(frozen=True)
class PadColumn:
    game: GameResult
    rows: list[PadRow]
    a: PlayerLine
    b: PlayerLine
    next_a: bool = False  # player A's next won hand goes into this game (Hollywood's cue)
    next_b: bool = False


@dataclass(frozen=True)
class HandLine:
    """One hand in words, for the hand list and the history."""

    n: int
    dealer: str
    text: str
    winner: str | None
    points: int
    boxes: int
    games: tuple[int, ...]
    entry: HandEntry | None = None  # as stored (its cards, for a hand entered as cards)
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameNow:
    """A game in play as the head shows it: each player's points and how far from the game target."""

    n: int
    points: tuple[int, int]
    to_go: tuple[int, int]
    next_win: tuple[bool, bool]  # whether each player's next won hand goes into it (Hollywood)


@dataclass(frozen=True)
class GameOver:
    """The game the last hand finished, for the saved message and the head until the next hand."""

    n: int
    winner: str
    points: tuple[int, int]
    boxes: tuple[int, int]
    box_bonus: tuple[int, int]
    game_bonus: int
    shutout: bool
    shutout_bonus: int
    totals: tuple[int, int]
    net: int
    credited: str | None
    match_score: tuple[int, int]
    text: str


@dataclass(frozen=True)
class ScoreHead:
    """The top of the pad: the game in play (Hollywood: its open columns), the match score,
    who deals next and how far each player is from the targets; or the settlement."""

    names: tuple[str, str]
    score: tuple[int, int]
    games_won: tuple[int, int]
    complete: bool
    winner: str | None
    settlement: Settlement
    next_number: int
    next_dealer: str | None
    rules_text: str
    game_target: int = 0
    now: tuple[GameNow, ...] = ()
    match_to_go: tuple[str, str] = ("", "")
    game_over: GameOver | None = None
    correcting: HandLine | None = None  # the hand a correction page is about
    match_label: str = ""  # "to 500", "best of 3 games", "one game"

    @property
    def hollywood(self) -> bool:
        return len(self.now) > 1


def _pair(mapping, names):
    return (mapping[names[0]], mapping[names[1]])


def game_over(result: MatchResult, game: GameResult) -> GameOver:
    """The summary of a finished game, with the match score after it."""
    names = result.players
    la, lb = game.players[names[0]], game.players[names[1]]
    win = la if game.winner == names[0] else lb
    match_score = _pair(result.match.score, names)
    parts = [f"Game {game.n} won by {game.winner}: points {la.points}–{lb.points}",
             f"boxes {la.boxes}–{lb.boxes} (bonus {la.box_bonus}–{lb.box_bonus})",
             f"game bonus {win.game_bonus}"]
    if game.shutout:
        parts.append(f"shutout (+{win.shutout_bonus})" if win.shutout_bonus else "shutout")
    parts.append(f"totals {la.total}–{lb.total}")
    net = f"net {game.credited} +{game.net}" if game.credited else "net even"
    text = (", ".join(parts) + f"; {net}. Match now {names[0]} {match_score[0]}, {names[1]} {match_score[1]}.")
    return GameOver(game.n, game.winner, (la.points, lb.points), (la.boxes, lb.boxes),
                    (la.box_bonus, lb.box_bonus), win.game_bonus, game.shutout, win.shutout_bonus,
                    (la.total, lb.total), game.net, game.credited, match_score, text)


def games_ended_by(result: MatchResult, n: int) -> list[GameOver]:
    return [game_over(result, g) for g in result.games if g.complete and g.ended_after == n]


def _match_to_go(result: MatchResult) -> tuple[str, str]:
    """How far each player is from winning the match, in the match's own terms ("380 to go",
    "2 games to go"); nothing for a single game or a single set (the game decides it)."""
    names, m = result.players, result.match
    length = result.length
    if m.complete or length.kind == "set" or (length.kind == "best_of" and length.games == 1):
        return ("", "")
    if length.kind == "best_of":
        need = length.games // 2 + 1
        left = [need - m.games_won[p] for p in names]
        return tuple(f"{n} game{'s' if n != 1 else ''} to go" for n in left)
    return tuple(f"{max(0, m.target - m.score[p])} to go" for p in names)


def score_head(match: Match, result: MatchResult, correcting: HandLine | None = None) -> ScoreHead:
    a, b = result.players
    m = result.match
    rules = match.get_preset_display() + (" (own rules)" if match.rule_overrides else "")
    rules += " · " + result.length.describe(result.rules)
    if match.stake is not None:
        rules += f" · stake {format(match.stake.normalize(), 'f')}"
    target = result.rules.game_target
    enters = (result.next_win_enters(a), result.next_win_enters(b))
    now = tuple(GameNow(g.n, (g.players[a].points, g.players[b].points),
                        (max(0, target - g.players[a].points), max(0, target - g.players[b].points)),
                        (g.n in enters[0], g.n in enters[1]))
                for g in result.games_in_play())
    over = games_ended_by(result, len(result.hands)) if result.hands else []
    return ScoreHead((a, b), (m.score[a], m.score[b]), (m.games_won[a], m.games_won[b]), m.complete, m.winner,
                     m.settlement, len(result.hands) + 1, result.next_dealer, rules, target, now,
                     _match_to_go(result), over[-1] if over else None, correcting,
                     result.length.describe(result.rules))


@dataclass(frozen=True)
class Pad:
    result: MatchResult
    head: ScoreHead
    names: tuple[str, str]
    sets: list[list[PadColumn]]  # in paper order (game 1 first); each set one column (three in Hollywood)
    hands: list[HandLine]  # newest first
    next_number: int
    earlier_sets: int = 0  # sets left off the page (shown with "all")
    earlier_hands: int = 0  # hands left off the list


# A long match shows its latest games and hands; the rest are one tap away.
SHOWN_SETS = 4
SHOWN_HANDS = 40


def hand_marks(h: HandResult, entry: HandEntry, rules) -> tuple[str, ...]:
    """What a paper pad marks beside a hand: G gin, BG big gin, U undercut, GO gin-off, ♠ spade doubled."""
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
    return tuple(marks)


def match_pad(match: Match, hands: list[Hand], shown_sets: int | None = None,
              shown_hands: int | None = None) -> Pad:
    """The pad of ``match``; ``shown_sets``/``shown_hands`` keep only the latest (None: all)."""
    result = match_result(match, hands)
    a, b = result.players
    entries = [HandEntry.of(row) for row in hands]
    marks = [hand_marks(h, e, result.rules) for h, e in zip(result.hands, entries)]
    enters = (result.next_win_enters(a), result.next_win_enters(b))
    all_sets = result.sets()
    earlier_sets = max(0, len(all_sets) - shown_sets) if shown_sets is not None else 0
    sets = []
    for games in all_sets[earlier_sets:]:
        columns = []
        for g in games:
            rows = []
            for e in g.entries:
                cell = PadCell(e.running, e.points, e.boxes, marks[e.hand - 1])
                rows.append(PadRow(e.hand, cell if e.player == a else None, cell if e.player == b else None))
            columns.append(PadColumn(g, rows, g.players[a], g.players[b], g.n in enters[0], g.n in enters[1]))
        sets.append(columns)
    earlier_hands = max(0, len(hands) - shown_hands) if shown_hands is not None else 0
    lines = [hand_line(h, e, result.players, m)
             for h, e, m in zip(result.hands[earlier_hands:], entries[earlier_hands:], marks[earlier_hands:])]
    lines.reverse()
    return Pad(result, score_head(match, result), (a, b), sets, lines, len(hands) + 1, earlier_sets, earlier_hands)


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
            f"{hash((match.player_a.name, match.player_b.name))}")


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


def hand_line(h: HandResult, entry: HandEntry, names: tuple[str, str], marks: tuple[str, ...] = ()) -> HandLine:
    return HandLine(h.n, h.dealer, hand_text(h, entry, names), h.winner, h.points, h.boxes, h.games, entry, marks)


def hand_text(h: HandResult, entry: HandEntry, names: tuple[str, str]) -> str:
    """ "Ann knocked 8 v 32", "Ben went gin (Ann 41)", "Dead hand", with the upcard."""
    text = record_hand_text(entry_to_json(entry, names))
    if h.undercut:
        text += f"; {h.winner} undercut"
    elif entry.end == "knock" and h.end == "gin":
        text += " (a gin)"
    found = ((h.detail or {}).get("bonus") or {}).get(h.winner) if entry.bonus is None else None
    if found:
        text += f"; bonus {found}"  # Sequence Gin, found from the cards
    return text


_HOW = {"knock": "knocked", "gin": "went gin", "big_gin": "went big gin", "out": "went out"}


def record_hand_text(d: dict | None) -> str:
    """A hand as the record writes it, in words (the history's before and after)."""
    if not d:
        return "nothing"
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


def match_changes(match: Match) -> list[ChangeLine]:
    """The history, newest first, with each hand in words."""
    changes = HandChange.objects.filter(match=match).select_related("who")
    return [ChangeLine(c, record_hand_text(c.before), record_hand_text(c.after)) for c in changes]


def redo_offer(match: Match, next_number: int) -> ChangeLine | None:
    """The undo the pad may offer to take back: the latest change, if it undid the hand that
    would now be the next one (one query)."""
    last = HandChange.objects.filter(match=match).order_by("-created_at", "-id").first()
    if last and last.action == "undone" and last.hand_number == next_number and last.before:
        return ChangeLine(last, record_hand_text(last.before), "")
    return None


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


def hand_preview(match: Match, hands: list[Hand], entry: HandEntry, number: int) -> Preview:
    """What ``entry`` would score as hand ``number`` (the next hand, or a correction).

    Raises ``RecordError``/``CardError`` as the engine does, with the hand's number.
    """
    entries = [HandEntry.of(h) for h in hands]
    if number <= len(entries):
        entries[number - 1] = entry
    else:
        entries.append(entry)
    result = score_match(record_of(match, entries))
    h = result.hands[number - 1]
    names = result.players
    if h.winner is None:
        text = _NO_WINNER.get(h.end, _NO_WINNER["dead"])
    else:
        text = f"{h.winner} scores {h.points}{_boxes_text(h, result.rules)}{_how_won(h, entry)}."
    parts = []
    for g in result.games:
        if h.n in [e.hand for e in g.entries]:
            pa, pb = g.players[names[0]].points, g.players[names[1]].points
            line = f"Game {g.n}: {names[0]} {pa}, {names[1]} {pb}"
            if g.ended_after == h.n:
                line += f"; {g.winner} wins the game, net {g.net}"
            parts.append(line)
    m = result.match
    if m.ended_after == h.n:
        parts.append(f"{m.winner} wins the match {m.score[m.winner]} to {m.score[_other(names, m.winner)]}")
    over = tuple(games_ended_by(result, h.n)) if h.n == len(result.hands) else ()
    return Preview(h, text, ". ".join(parts) + ("." if parts else ""), result.next_dealer, over)


def _other(names: tuple[str, str], name: str) -> str:
    return names[1] if name == names[0] else names[0]


def table_outbox(match: Match, head: ScoreHead) -> dict:
    """What a table phone's outbox (``static/ginscore/outbox.js``) needs to keep taking hands through
    a network drop: where to send them, the pad as it stands (next hand, dealer, the game in play)
    and the match's frozen rules, from which the phone works out each queued hand's points."""
    names = head.names
    now = head.now[0] if len(head.now) == 1 else None
    return {
        "match": match.pk, "names": list(names), "rules": match_rules(match).to_json(),
        "send": reverse("matches:hand_send", args=[match.pk]), "pad": reverse("matches:detail", args=[match.pk]),
        "entry": reverse("matches:hand_new", args=[match.pk]), "worker": reverse("club:service_worker"),
        "next_number": head.next_number, "revision": match.revision,
        "next_dealer": "a" if head.next_dealer == names[0] else "b" if head.next_dealer == names[1] else "",
        "game": None if now is None else {"n": now.n, "points": list(now.points), "target": head.game_target},
    }
