"""One hand: what happened at the table, and what it scores.

``Hand`` is the input (who ended the hand, how, the deadwood counts, the
upcard); ``score_hand`` applies the spec's "A hand" rules and returns who won
it, the points and the boxes. It knows nothing of games or matches.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, NamedTuple

from ginscore.engine.cards import Card
from ginscore.engine.errors import RecordError
from ginscore.engine.rules import Rules

ENDS = ("knock", "gin", "big_gin", "dead")
MAX_DEADWOOD = 98  # ten cards with no meld: four kings, queens... the most they can count


@dataclass(frozen=True, slots=True)
class Hand:
    end: str
    by: str | None = None
    deadwood: Mapping[str, int] = field(default_factory=dict)
    upcard: Card | None = None
    cards: Mapping[str, str] | None = None  # as entered, when the hand was entered as cards
    melds: Mapping[str, list] | None = None  # the knocker's melds, when the hand names them
    detail: Mapping | None = None  # card hands: {"deadwood", "melds", "layoffs"} as found
    rulings: "Rulings | None" = None  # the director's rulings on this hand, if any


class HandScore(NamedTuple):
    """What a hand scores: ``end`` is "gin" for a knock with no deadwood."""

    end: str
    winner: str | None
    loser: str | None
    undercut: bool
    points: int
    boxes: int


DEAD = HandScore("dead", None, None, False, 0, 0)


def knock_limit_text(limit: int) -> str:
    return "the knock limit is 0 (gin only)" if limit == 0 else f"the knock limit is {limit}"


def score_hand(hand: Hand, rules: Rules, players: tuple[str, str], n: int) -> HandScore:
    """Scores one hand under ``rules``; ``n`` numbers the hand in error messages.

    Raises ``RecordError`` for a hand the rules do not allow (a knock over the
    limit, a missing upcard under Oklahoma, deadwood out of range).
    """
    if hand.end == "dead":
        return DEAD
    by = hand.by
    other = players[1] if by == players[0] else players[0]
    upcard = hand.upcard
    if rules.oklahoma and upcard is None:
        raise RecordError(f"hand {n}: the upcard is needed under Oklahoma rules (it sets the knock limit)")
    deadwood = hand.deadwood
    d = deadwood[other]
    end = hand.end
    undercut = False
    if end == "knock":
        k = deadwood[by]
        if k == 0:
            end = "gin"
        else:
            limit = rules.knock_limit_for(upcard) if rules.oklahoma else rules.knock_limit
            if k > limit:
                raise RecordError(f"hand {n}: {by} knocked with {k} deadwood; {knock_limit_text(limit)}")
    if end == "knock":
        if d > k:
            winner, loser = by, other
            points = d if rules.knock_scores == "defender_deadwood" else d - k
        else:
            undercut = True
            winner, loser = other, by
            if d == 0 and rules.gin_off_bonus is not None:
                points = k + rules.gin_off_bonus
            else:
                points = k - d + rules.undercut_bonus
        extra = rules.extra_boxes_undercut if undercut else 0
    else:
        winner, loser = by, other
        bonus = rules.gin_bonus
        if end == "big_gin" and rules.big_gin_bonus is not None:
            bonus = rules.big_gin_bonus
        points = d + bonus
        extra = rules.extra_boxes_gin
    points += rules.hand_bonus
    if rules.spade_double and upcard is not None and upcard.suit == "S":  # rules.doubles(upcard), inlined
        points *= 2
        extra *= 2
    return HandScore(end, winner, loser, undercut, points, 1 + extra)
