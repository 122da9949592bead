"""Games, Hollywood columns and the match, from the hands in order, by side.

A game scores *sides*: the two players, three players (each pair of them
settles the game as if they had played it alone), or a partnership's two
teams. ``ginscore.engine.sides`` says who plays each hand and what the sides
won of it; here those credits become games, the match score and the
settlements. ``MatchScorer`` takes hands one at a time (``play``) so the site
can check and preview a single new hand; ``score_match`` runs a whole record
through it. A hand the rules refuse raises ``RecordError`` and changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations

from ginscore.engine.errors import RecordError, at_hand
from ginscore.engine.i18n import Text
from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.i18n import ngettext_lazy
from ginscore.engine.results import (
    GameEntry, GameResult, MatchResult, MatchSummary, PairNet, PlayerLine, Settlement,
)
from ginscore.engine.rules import Rules
from ginscore.engine.sides import OneTable, Partnership

LENGTH_KINDS = ("target", "best_of", "set")
_new_entry = _new_pair = _new_line = _new_game = tuple.__new__  # GameEntry(...) without the keyword handling: a 1,000-hand match makes thousands


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
            raise RecordError(_('length: kind must be "target", "best_of" or "set"'))
        if self.kind == "best_of":
            if isinstance(self.games, bool) or not isinstance(self.games, int) or not 1 <= self.games <= 99:
                raise RecordError(_("length: best_of needs games, a whole number from 1 to 99"))
        elif self.games is not None:
            raise RecordError(_('length: games goes only with "best_of", not "%(kind)s"') % {"kind": self.kind})

    def describe(self, rules: Rules) -> Text:
        """How long, for people: "best of 3 games", "to 500"."""
        if self.kind == "best_of":
            if self.games == 1:
                return _("one game")
            return ngettext_lazy("best of %(count)s game", "best of %(count)s games", self.games)
        if self.kind == "set":
            return _("one Hollywood set") if rules.columns > 1 else _("one game")
        return _("to %(target)s") % {"target": rules.match_target}


class _Game:
    """A game's column while it is being played: one list entry per side."""

    __slots__ = ("n", "set_no", "column", "points", "boxes", "hands", "entries", "winner", "ended_after", "result")

    def __init__(self, n: int, set_no: int, column: int, zeros: list[int]):
        self.n, self.set_no, self.column = n, set_no, column
        self.points = zeros[:]  # one 0 per side
        self.boxes = zeros[:]
        self.hands = zeros[:]  # hands won (a partnership: table hands its players won)
        self.entries: list[GameEntry] = []
        self.winner: int | None = None
        self.ended_after: int | None = None
        self.result: GameResult | None = None  # the game's column and totals, once it is finished


class MatchScorer:
    """Scores a match hand by hand (a partnership: deal by deal).

    The games and the match are kept by *side*: the players, or a
    partnership's two teams (``teams``). Who plays each hand and what the
    sides won of it is the business of ``ginscore.engine.sides``.
    """

    def __init__(self, rules: Rules, players: tuple[str, ...], first_dealer: str | None = None,
                 length: MatchLength | None = None, stake: Decimal | None = None, teams=None):
        self.players = tuple(players)
        self.teams = tuple(teams) if teams else None
        if self.teams:
            self.first_dealer = None
            self.table = Partnership(rules, self.teams)
        else:
            self.first_dealer = first_dealer or self.players[0]
            if self.first_dealer not in self.players:
                raise RecordError(_('first_dealer: "%(name)s" is not one of the players') % {"name": self.first_dealer})
            self.table = OneTable(rules, self.players, self.first_dealer)
        self.rules = self.table.rules  # three players: the loser deals, whatever the record's rules say
        self.sides = self.table.sides
        self._play = self.table.play
        self.length = length or MatchLength()
        self.stake = stake
        k = len(self.sides)
        self.pairs = tuple(combinations(range(k), 2))
        self._pair_names = tuple((self.sides[i], self.sides[j]) for i, j in self.pairs)
        self.hands: list = []
        self.games: list[_Game] = []
        self.score = [0] * k
        self.games_won = [0] * k
        # what each of a pair was credited against the other, by side (the pair's two entries only)
        self.credited = [[0] * k for _ in self.pairs]
        self.complete = False
        self.winner: str | None = None
        self.ended_after: int | None = None
        self._set_no = 0
        self._reached: list[_Game] = []  # games a side's points reached the target in, this hand
        self._open_set()

    @property
    def next_dealer(self) -> str | None:
        return None if self.complete else self.table.next_dealer

    def _open_set(self) -> None:
        self._set_no += 1
        first = len(self.games) + 1
        zeros = [0] * len(self.sides)
        self._set = [_Game(first + c, self._set_no, c + 1, zeros) for c in range(self.rules.columns)]
        self._open = self.rules.columns  # the set's games not yet finished
        self.games.extend(self._set)

    def play(self, hand):
        """Adds the next hand (a partnership: the next ``Deal``); returns what it scored.
        Refused hands change nothing."""
        self.play_all((hand,))
        return self.hands[-1]

    def play_all(self, hands) -> None:
        """Adds the hands (or deals) in order, as ``play`` does one; a refused one raises
        with the hands before it in. (One loop, not a call of ``play`` per hand: a long
        match's pad is scored again on every page view.)"""
        results, reached = self.hands, self._reached
        play, enter, end_games = self._play, self._enter, self._end_games
        n = len(results)
        for hand in hands:
            n += 1
            if self.complete:
                raise RecordError(at_hand(n, _("the match already ended after hand %(number)s")
                                          % {"number": self.ended_after}))
            results.append(play(n, hand, enter))
            if reached:
                end_games(n)

    def _enter(self, n: int, side: int, points: int, boxes: int, won: int) -> tuple[int, ...]:
        """Puts what a side won of hand ``n`` in the games (``won``: the hands it won, 1, or
        a partnership's 2 tables). Hollywood's entry rule (a one-column set is its simplest
        case): the points go in the first open column, and in every open column whose
        previous column already had a hand of that side's before this one. Games that reach
        the target are ended once the whole hand is in (``_end_games``)."""
        target = self.rules.game_target
        name = self.sides[side]
        entered = []
        first_open = True
        had = 0  # the side's hands in the previous column, before this hand
        for g in self._set:
            before = g.hands[side]
            if g.winner is None:
                if first_open or had:
                    running = g.points[side] + points
                    g.points[side] = running
                    g.boxes[side] += boxes
                    g.hands[side] = before + won
                    g.entries.append(_new_entry(GameEntry, (n, name, points, running, boxes)))
                    entered.append(g.n)
                    if running >= target:
                        self._reached.append(g)
                first_open = False
            had = before
        return tuple(entered)

    def _end_games(self, n: int) -> None:
        """After hand ``n``: a game whose target a side reached ends, won by the side with the
        most points; if two sides passed it at once with the same points, play goes on."""
        reached = self._reached
        for g in reached:
            if g.winner is None:
                points = g.points
                top = max(points)
                if points.count(top) == 1:
                    self._finish_game(g, points.index(top), n)
        reached.clear()
        if not self._open:
            self._finish_set(n)

    def _finish_game(self, g: _Game, w: int, n: int) -> None:
        g.winner, g.ended_after = w, n
        self._open -= 1
        self.games_won[w] += 1
        score = self.score
        for credited, (to, net) in zip(self.credited, _settle_game(g, self.rules, self.pairs, self._pair_names,
                                                                   self.sides)):
            if to is not None:
                score[to] += net
                credited[to] += net

    def _finish_set(self, n: int) -> None:
        score, won = self.score, self.games_won
        kind = self.length.kind
        if kind == "target":  # a side alone at the top, with the match target or more
            top = max(score)
            winner = score.index(top) if top >= self.rules.match_target and score.count(top) == 1 else None
        elif kind == "best_of":
            half = self.length.games
            winner = next((i for i, w in enumerate(won) if w * 2 > half), None)
        else:  # one set: the highest score; level at the top, the leader who won more games
            top = max(score)
            leaders = [i for i, s in enumerate(score) if s == top]
            most = max(won[i] for i in leaders)
            leaders = [i for i in leaders if won[i] == most]
            winner = leaders[0] if len(leaders) == 1 else None
        if winner is not None:
            self.complete, self.winner, self.ended_after = True, self.sides[winner], n
        else:
            self._open_set()

    def settlements(self) -> tuple[Settlement, ...]:
        """Once the match is complete: for each pair of sides that owe, the lower pays the difference
        of what each was credited against the other."""
        if not self.complete:
            return ()
        out = []
        sides = self.sides
        for (i, j), credited in zip(self.pairs, self.credited):
            ci, cj = credited[i], credited[j]
            if ci != cj:
                points = abs(ci - cj)
                payer, payee = (sides[j], sides[i]) if ci > cj else (sides[i], sides[j])
                amount = (Decimal(points) * self.stake) if self.stake is not None else None
                out.append(Settlement(payer, payee, points, amount))
        return tuple(out)

    def result(self) -> MatchResult:
        sides = self.sides
        games = tuple([g.result or _game_in_play(g, sides) for g in self.games])
        settlements = self.settlements()
        settlement = settlements[0] if len(sides) == 2 and settlements else NO_SETTLEMENT
        summary = MatchSummary(
            target=self.rules.match_target, complete=self.complete, winner=self.winner,
            score=dict(zip(sides, self.score)), games_won=dict(zip(sides, self.games_won)),
            settlement=settlement, ended_after=self.ended_after, settlements=settlements,
        )
        return MatchResult(self.rules, self.players, self.first_dealer, self.stake, self.length, tuple(self.hands),
                           games, summary, self.next_dealer, self.teams)


NO_SETTLEMENT = Settlement(None, None, 0, None)


def _settle_game(g: _Game, rules: Rules, pairs, pair_names, sides) -> list[tuple[int | None, int]]:
    """Ends a finished game: its result (``g.result``), and for each pair of sides, in the
    match's pair order, (the side credited or None, the net). Each side's total = points +
    boxes x box bonus, and for the winner + game bonus. Each pair of sides settles the game as
    if they had played it alone: against an opponent who won no hand, the winner's total takes
    the shutout. With two sides (one pair) the winner's line shows it; with three, the lines
    do not (it differs by pair). (Plain loops, no comprehensions: a long match ends hundreds
    of games.)"""
    w = g.winner
    bb, gb = rules.box_bonus, rules.game_bonus
    points, boxes, hands = g.points, g.boxes, g.hands
    totals = []
    shut_out = []
    i = 0
    for p in points:
        totals.append(p + boxes[i] * bb)
        if not hands[i] and i != w:
            shut_out.append(i)
        i += 1
    totals[w] += gb
    extra = 0
    if shut_out:
        if rules.shutout == "add":
            extra = rules.shutout_bonus
        elif rules.shutout == "double":
            extra = totals[w]
    nets = []
    named = []
    for (i, j), names in zip(pairs, pair_names):
        ti, tj = totals[i], totals[j]
        if extra:  # the winner against a side it shut out
            if i == w and j in shut_out:
                ti += extra
            elif j == w and i in shut_out:
                tj += extra
        if ti > tj:
            nets.append((i, ti - tj))
            named.append(_new_pair(PairNet, (names, ti - tj, names[0])))
        elif tj > ti:
            nets.append((j, tj - ti))
            named.append(_new_pair(PairNet, (names, tj - ti, names[1])))
        else:
            nets.append((None, 0))
            named.append(_new_pair(PairNet, (names, 0, None)))
    shown = extra if len(totals) == 2 else 0  # two sides: the winner's line shows the shutout
    lines = {}
    i = 0
    for side in sides:
        b = boxes[i]
        if i == w:
            lines[side] = _new_line(PlayerLine, (points[i], b, b * bb, gb, shown, totals[i] + shown, hands[i]))
        else:
            lines[side] = _new_line(PlayerLine, (points[i], b, b * bb, 0, 0, totals[i], hands[i]))
        i += 1
    if len(sides) == 2:
        net, credited = named[0].net, named[0].credited
    else:
        net = credited = None
    g.result = _new_game(GameResult, (
        g.n, g.set_no, g.column, True, sides[w], bool(shut_out), net, credited, lines, tuple(g.entries), g.ended_after,
        tuple([sides[i] for i in shut_out]) if shut_out else (), tuple(named),
    ))
    return nets


def _game_in_play(g: _Game, sides: tuple[str, ...]) -> GameResult:
    """A game not finished yet: bonuses are filled in only when it is complete."""
    lines = {}
    i = 0
    for side in sides:
        lines[side] = PlayerLine(g.points[i], g.boxes[i], 0, 0, 0, g.points[i], g.hands[i])
        i += 1
    return _new_game(GameResult, (g.n, g.set_no, g.column, False, None, False, None, None, lines, tuple(g.entries),
                                  None, (), ()))


def score_match(record) -> MatchResult:
    """Scores a whole ``MatchRecord``; ``RecordError`` names the first hand the rules refuse."""
    scorer = MatchScorer(record.rules, record.players, record.first_dealer, record.length, record.stake,
                         getattr(record, "teams", None))
    scorer.play_all(record.hands)
    return scorer.result()
