"""What scoring a match produces: plain values, the score pad in numbers.

``MatchResult`` holds every hand's outcome (a ``HandResult``; for a
partnership, every deal's, a ``DealResult`` holding its two tables' hands),
every game's column and totals by side (a player, or a team), and the match
score and settlements. ``ginscore.engine.records.result_to_json``
writes it as the spec's result document; the site and the printed sheets
read it directly.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Mapping, NamedTuple


class HandResult(NamedTuple):
    """One hand (or one table's hand of a partnership deal: ``n`` is the deal's number)."""

    n: int
    dealer: str | None  # None at a partnership's tables (dealers are not tracked)
    end: str
    by: str | None
    winner: str | None  # None: a dead hand, or a hand no one could win (a player held extra cards)
    loser: str | None
    undercut: bool
    points: int
    boxes: int
    games: tuple[int, ...]
    detail: Mapping | None = None  # card hands: deadwood, melds, layoffs
    players: tuple[str, str] | None = None  # who played it (three players, or a partnership's table)
    rulings: object | None = None  # ginscore.engine.hands.Rulings, when the hand carries any
    table: int | None = None  # 1 or 2 at a partnership's deal


class DealResult(NamedTuple):
    """A partnership deal: two tables' hands, and what they added to each team."""

    n: int
    tables: tuple[HandResult, HandResult]
    points: Mapping[str, int]  # by team name: the points the deal put on the team's side
    boxes: Mapping[str, int]  # by team name: the boxes of the table hands its players won
    games: tuple[int, ...]
    dealer: None = None  # not tracked: each table turns the deal over by its own habit


class GameEntry(NamedTuple):
    """One line of a game's column: hand ``hand`` put ``points`` on ``player``'s side."""

    hand: int
    player: str
    points: int
    running: int  # that player's points in this game after this hand
    boxes: int


class PlayerLine(NamedTuple):
    points: int
    boxes: int
    box_bonus: int
    game_bonus: int
    shutout_bonus: int
    total: int
    hands: int  # hands won in this game (entries in its column)


class PairNet(NamedTuple):
    """Two sides settling a game as if they had played it alone (three players: each pair)."""

    players: tuple[str, str]
    net: int
    credited: str | None  # the higher total in this pair (None when level)


class GameResult(NamedTuple):
    n: int
    set_no: int
    column: int  # 1..columns within its set
    complete: bool
    winner: str | None  # who reached the target
    shutout: bool
    net: int | None
    credited: str | None  # who the net goes to: the higher total (None on equal totals)
    players: Mapping[str, PlayerLine]
    entries: tuple[GameEntry, ...]
    ended_after: int | None  # the hand that ended the game
    shut_out: tuple[str, ...] = ()  # the sides the winner shut out (complete games only)
    pairs: tuple[PairNet, ...] = ()  # each pair of sides' net (complete games only; two sides: one pair)


@dataclass(frozen=True, slots=True)
class Settlement:
    payer: str | None
    payee: str | None
    points: int
    amount: Decimal | None


@dataclass(frozen=True, slots=True)
class MatchSummary:
    target: int
    complete: bool
    winner: str | None
    score: Mapping[str, int]
    games_won: Mapping[str, int]
    settlement: Settlement  # two sides: who pays whom, once the match is complete
    ended_after: int | None  # the hand that ended the match
    settlements: tuple[Settlement, ...] = ()  # every pair of sides that owes, once the match is complete


@dataclass(frozen=True, slots=True)
class MatchResult:
    rules: object  # ginscore.engine.rules.Rules
    players: tuple[str, ...]  # the record's players: two, three or four
    first_dealer: str | None  # None for a partnership
    stake: Decimal | None
    length: object  # ginscore.engine.match.MatchLength
    hands: tuple[HandResult | DealResult, ...]
    games: tuple[GameResult, ...]
    match: MatchSummary
    next_dealer: str | None  # None once the match is over (and for a partnership)
    teams: tuple | None = None  # a partnership's two ginscore.engine.sides.Team

    @property
    def sides(self) -> tuple[str, ...]:
        """Who the games and the match score: the players, or a partnership's team names."""
        return tuple(t.name for t in self.teams) if self.teams else self.players

    @property
    def complete(self) -> bool:
        return self.match.complete

    @property
    def winner(self) -> str | None:
        return self.match.winner

    def games_in_play(self) -> tuple[GameResult, ...]:
        """The games of the set being played that are not finished yet (the current game; in
        Hollywood the open columns, first open first); none once the match is over."""
        if self.match.complete or not self.games:
            return ()
        last_set = self.games[-1].set_no
        return tuple(g for g in self.games if g.set_no == last_set and not g.complete)

    def next_win_enters(self, player: str) -> tuple[int, ...]:
        """The games ``player``'s next won hand would go into (Hollywood's entry rule, as
        ``MatchScorer`` applies it: the first open column, and every open column whose previous
        column already has a hand of theirs); none once the match is over."""
        if self.match.complete or not self.games:
            return ()
        last_set = self.games[-1].set_no
        enters = []
        first_open, had = True, 0
        for g in self.games:
            if g.set_no != last_set:
                continue
            before = g.players[player].hands
            if not g.complete:
                if first_open or had:
                    enters.append(g.n)
                first_open = False
            had = before
        return tuple(enters)

    def sets(self) -> list[tuple[GameResult, ...]]:
        """The games grouped by set (one game each, or three Hollywood columns)."""
        out: dict[int, list[GameResult]] = {}
        for g in self.games:
            out.setdefault(g.set_no, []).append(g)
        return [tuple(v) for v in out.values()]
