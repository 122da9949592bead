"""What scoring a match produces: plain values, the score pad in numbers.

``MatchResult`` holds every hand's outcome, every game's column and totals,
and the match score and settlement. ``ginscore.engine.records.result_to_json``
writes it as the spec's result document; the site and the printed sheets
read it directly.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Mapping, NamedTuple


class HandResult(NamedTuple):
    n: int
    dealer: str
    end: str
    by: str | None
    winner: str | None
    loser: str | None
    undercut: bool
    points: int
    boxes: int
    games: tuple[int, ...]
    detail: Mapping | None = None  # card hands: deadwood, melds, layoffs


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
    settlement: Settlement
    ended_after: int | None  # the hand that ended the match


@dataclass(frozen=True, slots=True)
class MatchResult:
    rules: object  # ginscore.engine.rules.Rules
    players: tuple[str, str]
    first_dealer: str
    stake: Decimal | None
    length: object  # ginscore.engine.match.MatchLength
    hands: tuple[HandResult, ...]
    games: tuple[GameResult, ...]
    match: MatchSummary
    next_dealer: str | None  # None once the match is over

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
