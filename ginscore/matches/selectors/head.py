"""What a pad is made of (cells, rows, columns, lines), and its head: the game in play, the
match score, who deals next and how far each side is from the targets.

A pad has a column per *side*: the two players, the three players of a three-handed match,
or a partnership's two teams (``MatchResult.sides``). The two-player pad is the case of two."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ginscore.engine import GameResult, MatchResult, PlayerLine, Settlement
from ginscore.engine.results import PairNet
from ginscore.matches.bounds import grouped
from ginscore.matches.models import AGREED, KIND_PARTNERSHIP, KIND_THREE, KIND_TWO, Match
from ginscore.matches.records import SEAT_LETTERS, HandEntry, Pair, partnership_pair


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
    def each(values):
        return "–".join(grouped(v) for v in values)

    parts = [_("Game %(n)s won by %(winner)s: points %(points)s") % {
                 "n": game.n, "winner": game.winner, "points": each(x.points for x in lines)},
             _("boxes %(boxes)s (bonus %(bonus)s)") % {"boxes": each(x.boxes for x in lines),
                                                       "bonus": each(x.box_bonus for x in lines)},
             _("game bonus %(bonus)s") % {"bonus": grouped(win.game_bonus)}]
    if game.shutout:
        parts.append(_("shutout (+%(bonus)s)") % {"bonus": grouped(win.shutout_bonus)} if win.shutout_bonus
                     else _("shutout"))
    parts.append(_("totals %(totals)s") % {"totals": each(x.total for x in lines)})
    if len(names) == 2:
        net = (_("net %(who)s +%(net)s") % {"who": game.credited, "net": grouped(game.net)} if game.credited
               else _("net even"))
    else:
        net = _("pairs: %(pairs)s") % {"pairs": _(", ").join(
            _("%(a)s v %(b)s %(net)s") % {"a": p.players[0], "b": p.players[1],
                                          "net": f"{p.credited} +{grouped(p.net)}" if p.credited else _("even")}
            for p in game.pairs)}
        if game.shut_out:
            net += " " + _("(%(names)s shut out)") % {"names": _(" and ").join(game.shut_out)}
    text = _("%(parts)s; %(net)s. Match now %(scores)s.") % {
        "parts": _(", ").join(parts), "net": net,
        "scores": _(", ").join(f"{n} {grouped(s)}" for n, s in zip(names, match_score))}
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
        return tuple(ngettext("%(n)s game to go", "%(n)s games to go", n) % {"n": n} for n in left)
    return tuple(_("%(n)s to go") % {"n": grouped(max(0, m.target - m.score[p]))} for p in names)


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
    rules = str(match.get_preset_display()) + (_(" (own rules)") if match.rule_overrides else "")
    rules += " · " + str(result.length.describe(result.rules))
    if match.stake is not None:
        rules += " · " + _("stake %(stake)s") % {"stake": stake_text(match.stake)}
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
                     str(result.length.describe(result.rules)), **extra)


def stake_text(stake) -> str:
    """A stake as a person reads it: its own decimals, grouped ("0.5", "1,250"; French "0,5", "1 250")."""
    decimals = max(0, -stake.normalize().as_tuple().exponent)
    return number_format(stake, decimal_pos=decimals, force_grouping=True)


def result_seats(result: MatchResult) -> tuple[str, ...]:
    """A partnership result's players in the site's seat order (a, b, c, d)."""
    (a, c), (b, d) = result.teams[0].players, result.teams[1].players
    return (a, b, c, d)
