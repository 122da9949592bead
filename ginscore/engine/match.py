"""Games, Hollywood columns and the match, from the hands in order.

``MatchScorer`` takes hands one at a time (``play``) so the site can check and
preview a single new hand; ``score_match`` runs a whole record through it.
A hand the rules refuse raises ``RecordError`` and changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ginscore.engine.errors import RecordError
from ginscore.engine.hands import NO_BY_ENDS, Hand, score_hand
from ginscore.engine.results import (
    GameEntry, GameResult, HandResult, MatchResult, MatchSummary, PlayerLine, Settlement,
)
from ginscore.engine.rules import Rules

LENGTH_KINDS = ("target", "best_of", "set")
_new_entry = tuple.__new__  # GameEntry(...) without the keyword handling: a 1,000-hand match makes thousands


@dataclass(frozen=True, slots=True)
class MatchLength:
    """How long a match runs: to the rules' match target (the spec), best of
    ``games`` games (``games=1``: a single game), or one set (one game, or
    three Hollywood columns). A record carries it as ginscore's own field
    ``length``; other readers ignore it."""

    kind: str = "target"
    games: int | None = None

    def __post_init__(self):
        if self.kind not in LENGTH_KINDS:
            raise RecordError('length: kind must be "target", "best_of" or "set"')
        if self.kind == "best_of":
            if isinstance(self.games, bool) or not isinstance(self.games, int) or not 1 <= self.games <= 99:
                raise RecordError("length: best_of needs games, a whole number from 1 to 99")
        elif self.games is not None:
            raise RecordError(f'length: games goes only with "best_of", not "{self.kind}"')

    def describe(self, rules: Rules) -> str:
        if self.kind == "best_of":
            return "one game" if self.games == 1 else f"best of {self.games} games"
        if self.kind == "set":
            return "one Hollywood set" if rules.columns > 1 else "one game"
        return f"to {rules.match_target}"


class _Game:
    """A game's column while it is being played (indexes 0/1 are the players)."""

    __slots__ = ("n", "set_no", "column", "points", "boxes", "hands", "entries", "winner", "ended_after", "lines")

    def __init__(self, n: int, set_no: int, column: int):
        self.n, self.set_no, self.column = n, set_no, column
        self.points = [0, 0]
        self.boxes = [0, 0]
        self.hands = [0, 0]
        self.entries: list[GameEntry] = []
        self.winner: int | None = None
        self.ended_after: int | None = None
        self.lines: tuple[PlayerLine, PlayerLine] | None = None  # set when the game ends


class MatchScorer:
    """Scores a match hand by hand."""

    def __init__(self, rules: Rules, players: tuple[str, str], first_dealer: str | None = None,
                 length: MatchLength | None = None, stake: Decimal | None = None):
        self.rules = rules
        self.players = tuple(players)
        self.first_dealer = first_dealer or self.players[0]
        if self.first_dealer not in self.players:
            raise RecordError(f'first_dealer: "{self.first_dealer}" is not one of the players')
        self.length = length or MatchLength()
        self.stake = stake
        self.dealer = self.first_dealer
        self._other = {self.players[0]: self.players[1], self.players[1]: self.players[0]}
        self.hands: list[HandResult] = []
        self.games: list[_Game] = []
        self.score = [0, 0]
        self.games_won = [0, 0]
        self.complete = False
        self.winner: str | None = None
        self.ended_after: int | None = None
        self._set_no = 0
        self._open_set()

    @property
    def next_dealer(self) -> str | None:
        return None if self.complete else self.dealer

    def _open_set(self) -> None:
        self._set_no += 1
        first = len(self.games) + 1
        self._set = [_Game(first + c, self._set_no, c + 1) for c in range(self.rules.columns)]
        self._open = self.rules.columns  # the set's games not yet finished
        self.games.extend(self._set)

    def play(self, hand: Hand) -> HandResult:
        """Adds the next hand; returns what it scored. Refused hands change nothing."""
        n = len(self.hands) + 1
        if self.complete:
            raise RecordError(f"hand {n}: the match already ended after hand {self.ended_after}")
        if hand.end not in NO_BY_ENDS and hand.by not in self.players:
            raise RecordError(f'hand {n}: by: "{hand.by}" is not one of the players')
        score = score_hand(hand, self.rules, self.players, n)
        dealer = self.dealer
        if score.winner is None:
            # a dead hand, or a stock-out or challenge on level counts: the dealer deals again
            result = HandResult(n, dealer, score.end, hand.by, None, None, False, 0, 0, (), hand.detail)
            self.hands.append(result)
            return result
        w = 0 if score.winner == self.players[0] else 1
        games = self._enter(n, w, score.points, score.boxes)
        result = HandResult(n, dealer, score.end, hand.by, score.winner, score.loser, score.undercut,
                            score.points, score.boxes, games, hand.detail)
        self.hands.append(result)
        rule = self.rules.dealer
        if rule == "winner":
            self.dealer = score.winner
        elif rule == "loser":
            self.dealer = score.loser
        else:
            self.dealer = self._other[dealer]
        return result

    def _enter(self, n: int, w: int, points: int, boxes: int) -> tuple[int, ...]:
        """Hollywood's entry rule (a one-column set is its simplest case): the hand goes in
        the first open column, and in every open column whose previous column already had
        a hand of the winner's before this one."""
        target = self.rules.game_target
        name = self.players[w]
        entered = []
        first_open = True
        had = 0  # the winner's hands in the previous column, before this hand
        for g in self._set:
            before = g.hands[w]
            if g.winner is None:
                if first_open or had:
                    running = g.points[w] + points
                    g.points[w] = running
                    g.boxes[w] += boxes
                    g.hands[w] = before + 1
                    g.entries.append(_new_entry(GameEntry, (n, name, points, running, boxes)))
                    entered.append(g.n)
                    if running >= target:
                        self._finish_game(g, w, n)
                first_open = False
            had = before
        if not self._open:
            self._finish_set(n)
        return tuple(entered)

    def _finish_game(self, g: _Game, w: int, n: int) -> None:
        g.winner, g.ended_after = w, n
        self._open -= 1
        self.games_won[w] += 1
        g.lines = _game_lines(g, self.rules)
        t0, t1 = g.lines[0].total, g.lines[1].total
        if t0 != t1:
            self.score[0 if t0 > t1 else 1] += abs(t0 - t1)

    def _finish_set(self, n: int) -> None:
        kind = self.length.kind
        s0, s1 = self.score
        if kind == "best_of":
            g0, g1 = self.games_won
            done = max(g0, g1) * 2 > self.length.games
            winner = (0 if g0 > g1 else 1) if done else None
        else:
            if kind == "set":
                done = s0 != s1 or self.games_won[0] != self.games_won[1]
            else:
                done = max(s0, s1) >= self.rules.match_target and s0 != s1
            winner = None
            if done:
                winner = (0 if s0 > s1 else 1) if s0 != s1 else (0 if self.games_won[0] > self.games_won[1] else 1)
        if done:
            self.complete, self.winner, self.ended_after = True, self.players[winner], n
        else:
            self._open_set()

    def result(self) -> MatchResult:
        p = self.players
        games = tuple(_game_result(g, self.rules, p) for g in self.games)
        score = {p[0]: self.score[0], p[1]: self.score[1]}
        settlement = Settlement(None, None, 0, None)
        if self.complete and self.score[0] != self.score[1]:
            hi = 0 if self.score[0] > self.score[1] else 1
            points = abs(self.score[0] - self.score[1])
            amount = (Decimal(points) * self.stake) if self.stake is not None else None
            settlement = Settlement(p[1 - hi], p[hi], points, amount)
        summary = MatchSummary(
            target=self.rules.match_target, complete=self.complete, winner=self.winner, score=score,
            games_won={p[0]: self.games_won[0], p[1]: self.games_won[1]},
            settlement=settlement, ended_after=self.ended_after,
        )
        return MatchResult(self.rules, p, self.first_dealer, self.stake, self.length, tuple(self.hands),
                           games, summary, self.next_dealer)


def _game_lines(g: _Game, rules: Rules) -> tuple[PlayerLine, PlayerLine]:
    """Each player's line of a game: bonuses only once the game is complete."""
    if g.winner is None:
        return tuple(PlayerLine(g.points[i], g.boxes[i], 0, 0, 0, g.points[i], g.hands[i]) for i in (0, 1))
    w = g.winner
    lines = []
    for i in (0, 1):
        box_bonus = g.boxes[i] * rules.box_bonus
        game_bonus = rules.game_bonus if i == w else 0
        total = g.points[i] + box_bonus + game_bonus
        shutout_bonus = 0
        if i == w and g.hands[1 - w] == 0:
            if rules.shutout == "add":
                shutout_bonus = rules.shutout_bonus
            elif rules.shutout == "double":
                shutout_bonus = total
        lines.append(PlayerLine(g.points[i], g.boxes[i], box_bonus, game_bonus, shutout_bonus,
                                total + shutout_bonus, g.hands[i]))
    return tuple(lines)


def _game_result(g: _Game, rules: Rules, p: tuple[str, str]) -> GameResult:
    lines = g.lines or _game_lines(g, rules)
    complete = g.winner is not None
    net = credited = None
    if complete:
        t0, t1 = lines[0].total, lines[1].total
        net = abs(t0 - t1)
        credited = None if t0 == t1 else p[0 if t0 > t1 else 1]
    return GameResult(
        n=g.n, set_no=g.set_no, column=g.column, complete=complete,
        winner=p[g.winner] if complete else None,
        shutout=complete and g.hands[1 - g.winner] == 0,
        net=net, credited=credited, players={p[0]: lines[0], p[1]: lines[1]},
        entries=tuple(g.entries), ended_after=g.ended_after,
    )


def score_match(record) -> MatchResult:
    """Scores a whole ``MatchRecord``; ``RecordError`` names the first hand the rules refuse."""
    scorer = MatchScorer(record.rules, record.players, record.first_dealer, record.length, record.stake)
    play = scorer.play
    for hand in record.hands:
        play(hand)
    return scorer.result()
