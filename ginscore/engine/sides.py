"""Sides: who plays each hand, and whose side of the pad its points go to.

A game scores *sides* (``ginscore.engine.match``); a side is a player, or a
team of two. The classes here turn what happened at the table into what the
sides won: ``enter(n, side, points, boxes, hands won)`` puts it in the games.

- ``OneTable``: one hand at a time at one table. Two players (the simplest
  case), or three, where the dealer sits the hand out, the other two play it
  and the loser deals the next (seeds 000 and 002).
- ``Partnership``: two teams of two. Every deal is two hands at once at two
  tables, with opponents that alternate from deal to deal; the rule
  ``partnership_scoring`` turns the two tables into the teams' points, and a
  team earns the boxes of every table hand its players win.

Each has ``sides`` (the names the games and the match use), ``next_dealer``
and ``play(n, hand_or_deal, enter)``, which scores the n-th hand or deal,
calls ``enter`` for every side that won something, and returns the result.
A hand the rules refuse raises ``RecordError`` before anything changes.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from ginscore.engine.errors import RecordError, at_hand, reason
from ginscore.engine.hands import NO_BY_ENDS, Hand, score_hand
from ginscore.engine.i18n import Text
from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.results import DealResult, HandResult
from ginscore.engine.rules import Rules

_new_hand = tuple.__new__  # HandResult(...) without the keyword handling: one per hand
Enter = Callable[[int, int, int, int, int], tuple[int, ...]]  # (n, side, points, boxes, hands won) -> games


@dataclass(frozen=True, slots=True)
class Team:
    """A partnership side: two players; ``name`` defaults to "Ann & Cat"."""

    name: str
    players: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Deal:
    """A partnership deal: the hands of table 1 and table 2, played at once."""

    tables: tuple[Hand, Hand]


def two_names(players: Sequence[str]) -> Text:
    return _("%(first)s and %(second)s") % {"first": players[0], "second": players[1]}


class OneTable:
    """Two or three players at one table; with three, the dealer sits each hand out."""

    __slots__ = ("players", "sides", "rules", "dealer", "_side", "_table", "_other", "_sits_out")

    def __init__(self, rules: Rules, players: tuple[str, ...], first_dealer: str):
        self.players = self.sides = players
        self._sits_out = len(players) == 3
        if self._sits_out:
            if rules.columns != 1:
                raise RecordError(_("rules: columns must be 1 with three players (Hollywood is for two), "
                                    "not %(columns)s") % {"columns": rules.columns})
            if rules.dealer != "loser":
                rules = replace(rules, dealer="loser")  # three players: the loser deals, whatever the rule
        self.rules = rules
        self.dealer = first_dealer
        self._side = {p: i for i, p in enumerate(players)}
        # who plays the hand each player deals: with three, the other two, in the record's order
        self._table = {d: tuple(p for p in players if p != d) if self._sits_out else players for d in players}
        self._other = {players[0]: players[1], players[1]: players[0]}

    @property
    def next_dealer(self) -> str:
        return self.dealer

    def table_for(self, dealer: str) -> tuple[str, str]:
        return self._table[dealer]

    def play(self, n: int, hand: Hand, enter: Enter) -> HandResult:
        dealer = self.dealer
        table = self._table[dealer]
        if self._sits_out:
            _check_sitting_out(hand, n, dealer, table)
        elif hand.end not in NO_BY_ENDS and hand.by not in table:
            raise RecordError(at_hand(n, _('by: "%(name)s" is not one of the players') % {"name": hand.by}))
        rules = self.rules
        end, winner, loser, undercut, points, boxes = score_hand(hand, rules, table, n)
        if winner is None:  # a dead hand, or one no one could win: the same dealer deals again
            return _new_hand(HandResult, (n, dealer, end, hand.by, None, None, False, 0, 0, (), hand.detail,
                                          table, hand.rulings, None))
        games = enter(n, self._side[winner], points, boxes, 1)
        rule = rules.dealer
        if rule == "winner":
            self.dealer = winner
        elif rule == "loser":
            self.dealer = loser
        else:
            self.dealer = self._other[dealer]
        return _new_hand(HandResult, (n, dealer, end, hand.by, winner, loser, undercut, points, boxes, games,
                                      hand.detail, table, hand.rulings, None))


def _check_sitting_out(hand: Hand, n: int, dealer: str, table: tuple[str, str]) -> None:
    """Three players: the hand must name only the two who played it."""
    named = set(hand.deadwood)
    if hand.by is not None:
        named.add(hand.by)
    rulings = hand.rulings
    if rulings is not None:
        named.update(rulings.names())
    if dealer in named:
        raise RecordError(at_hand(n, _("%(dealer)s dealt this hand and sat it out; it was played by %(players)s")
                                  % {"dealer": dealer, "players": two_names(table)}))


class Partnership:
    """Two teams of two: each deal is two table hands, and the teams score what their players won."""

    __slots__ = ("teams", "sides", "players", "rules", "_seats", "_team_of")

    def __init__(self, rules: Rules, teams: tuple[Team, Team]):
        if rules.columns != 1:
            raise RecordError(_("rules: columns must be 1 in a partnership game (Hollywood is for two players), "
                                "not %(columns)s") % {"columns": rules.columns})
        self.rules = rules
        self.teams = teams
        self.sides = (teams[0].name, teams[1].name)
        (a1, a2), (b1, b2) = teams[0].players, teams[1].players
        self.players = (a1, b1, a2, b2)
        # deals 1, 3, 5...: the first players meet, and the second; deals 2, 4, 6...: they cross
        self._seats = (((a1, b1), (a2, b2)), ((a1, b2), (a2, b1)))
        self._team_of = {p: i for i, t in enumerate(teams) for p in t.players}

    next_dealer = None  # dealers are not tracked: each table turns the deal over by its own habit

    def tables_for(self, n: int) -> tuple[tuple[str, str], tuple[str, str]]:
        """Who plays at table 1 and table 2 in deal ``n`` (team 1's player first)."""
        return self._seats[(n - 1) % 2]

    def play(self, n: int, deal: Deal, enter: Enter) -> DealResult:
        seats = self.tables_for(n)
        scores = []
        for t, (hand, players) in enumerate(zip(deal.tables, seats), 1):
            try:
                scores.append(score_hand(hand, self.rules, players, n))
            except RecordError as e:
                raise RecordError(at_table(reason(e), n, t)) from None
        won, boxes, wins = [0, 0], [0, 0], [0, 0]
        for s in scores:
            if s.winner is not None:
                i = self._team_of[s.winner]
                won[i] += s.points
                boxes[i] += s.boxes
                wins[i] += 1
        if self.rules.partnership_scoring == "each":
            points = won
        else:
            diff = won[0] - won[1]
            points = [diff, 0] if diff > 0 else [0, -diff]
        games = ()
        for i in (0, 1):
            if wins[i]:
                games = tuple(sorted({*games, *enter(n, i, points[i], boxes[i], wins[i])}))
        tables = tuple(
            HandResult(n, None, s.end, h.by, s.winner, s.loser, s.undercut, s.points, s.boxes,
                       games if s.winner is not None else (), h.detail, players, h.rulings, t)
            for t, (s, h, players) in enumerate(zip(scores, deal.tables, seats), 1))
        names = self.sides
        return DealResult(n, tables, {names[0]: points[0], names[1]: points[1]},
                          {names[0]: boxes[0], names[1]: boxes[1]}, games)


def at_table(message: Text | str, n: int, table: int) -> Text:
    """A hand's message ("hand 2: ...") said of a partnership's table ("deal 2, table 1: ...").

    ``message``: an error's marked text (``errors.reason``), or one already read (``str(error)``,
    in the language of the moment)."""
    rest = message
    if isinstance(message, Text):
        said = message.values
        if message.message == at_hand(n, "").message and isinstance(said, dict) and said.get("number") == n:
            rest = said["problem"]
    else:
        head = str(at_hand(n, ""))
        if message.startswith(head):
            rest = message[len(head):]
    return _("deal %(number)s, table %(table)s: %(problem)s") % {"number": n, "table": table, "problem": rest}
