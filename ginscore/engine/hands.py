"""One hand: what happened at the table, and what it scores.

``Hand`` is the input (who ended the hand, how, the deadwood counts, the
upcard); ``score_hand`` applies the spec's "A hand" rules and returns who won
it, the points and the boxes. It knows nothing of games or matches.

Fosdick's games (seed 003) end their hands in other ways (``Rules.ends``):
Skarney Gin by a gin (its bonus doubled when the other had not laid down the
contract meld) or the stock running out; Colonel by going out, the stock
running out, or an accepted challenge. Sequence Gin's bonus goes to the
hand's winner. An ending the game does not have is refused in its words
("hand 4: Skarney Gin has no knocking").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, NamedTuple

from ginscore.engine.cards import Card
from ginscore.engine.errors import RecordError, at_hand
from ginscore.engine.i18n import Text
from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.rules import Rules

ENDS = ("knock", "gin", "big_gin", "dead", "stock_out", "out", "challenge")
NO_BY_ENDS = ("dead", "stock_out")  # hands that name no player who ended them
GIN_ENDS = ("knock", "gin", "big_gin", "dead")
COUNTED_ENDS = ("stock_out", "challenge")  # both players' counts decide the hand; no bonus, no undercut
MAX_DEADWOOD = 98  # ten cards with no meld: four kings, queens... the most they can count
MAX_BONUS = 14  # Sequence Gin: an eleven-card run with J, Q, K (a big gin) earns 11 + 3
_NO_SUCH_END = {
    "knock": _("%(game)s has no knocking"),
    "gin": _("%(game)s has no gin"),
    "big_gin": _("%(game)s has no big gin"),
    "stock_out": _('%(game)s has no stock running out ("stock_out"; a hand with no knock or gin is "dead")'),
    "out": _('%(game)s has no going out ("out")'),
    "challenge": _("%(game)s has no challenge"),
}
_INSTEAD = {
    ("colonel", "gin"): _('%(game)s has no gin: a player who melds every card went "out"'),
    ("colonel", "knock"): _('%(game)s has no knocking: a player who melds every card went "out", '
                            'or one challenges ("challenge")'),
    ("skarney", "knock"): _('%(game)s has no knocking: the hand ends in a gin or the stock running out '
                            '("stock_out")'),
    ("gin", "out"): _('%(game)s has no going out ("out"): a player who melds every card went "gin"'),
}


@dataclass(frozen=True, slots=True)
class Rulings:
    """The director's rulings on one hand (seed 000), as the record gives them.

    ``missing_cards``: {player: n}, found short of n cards once the hand was over
    (10 x n added to their count; no gin, big gin or undercut bonus; their gin is
    a knock whose count is the penalty). ``extra_cards``: players who held too
    many cards (they cannot win the hand). ``no_bonus``: players who earn no gin,
    big gin, undercut or gin-off bonus in this hand. ``knock_accepted``: the
    defender accepted a knock over the limit (scored as a knock, no limit check).
    """

    missing_cards: Mapping[str, int] = field(default_factory=dict)
    extra_cards: tuple[str, ...] = ()
    no_bonus: tuple[str, ...] = ()
    knock_accepted: bool = False

    def names(self) -> set[str]:
        """Every player a ruling names."""
        return {*self.missing_cards, *self.extra_cards, *self.no_bonus}

    def penalty(self, player: str) -> int:
        """What a player's missing cards add to their count: 10 a card."""
        return 10 * self.missing_cards.get(player, 0)

    def bars_bonus(self, player: str) -> bool:
        """True when the player can earn no gin, big gin, undercut or gin-off bonus."""
        return player in self.no_bonus or player in self.missing_cards

    def to_json(self) -> dict:
        """The rulings as a record (and the result's hand) writes them: only those given."""
        out: dict = {}
        if self.missing_cards:
            out["missing_cards"] = dict(self.missing_cards)
        if self.extra_cards:
            out["extra_cards"] = list(self.extra_cards)
        if self.no_bonus:
            out["no_bonus"] = list(self.no_bonus)
        if self.knock_accepted:
            out["knock_accepted"] = True
        return out


@dataclass(frozen=True, slots=True)
class Hand:
    end: str
    by: str | None = None
    deadwood: Mapping[str, int] = field(default_factory=dict)
    upcard: Card | None = None
    cards: Mapping[str, str] | None = None  # as entered, when the hand was entered as cards
    melds: Mapping[str, list] | None = None  # the knocker's melds, when the hand names them
    detail: Mapping | None = None  # card hands: {"deadwood", "melds", "layoffs"} as found
    bonus: int | None = None  # Sequence Gin: the winner's bonus as the record gives it (None: not given)
    bonuses: Mapping[str, int] | None = None  # Sequence Gin card hands: each player's bonus as found
    no_contract: bool = False  # Skarney gin: the other had not laid down the contract meld
    rulings: Rulings | None = None  # the director's rulings on this hand, if any


class HandScore(NamedTuple):
    """What a hand scores: ``end`` is "gin" for a knock with no deadwood."""

    end: str
    winner: str | None
    loser: str | None
    undercut: bool
    points: int
    boxes: int


DEAD = HandScore("dead", None, None, False, 0, 0)
_new_score = tuple.__new__  # HandScore(...) without the keyword handling: one per hand


def knock_limit_text(limit: int) -> Text:
    if limit == 0:
        return _("the knock limit is 0 (gin only)")
    return _("the knock limit is %(limit)s") % {"limit": limit}


def end_refused(end: str, rules: Rules) -> Text | None:
    """Why the game has no such ending ("Skarney Gin has no knocking"), or None if it has."""
    if end in rules.ends:
        return None
    said = _INSTEAD.get((rules.game, end)) or _NO_SUCH_END.get(end)
    if said is None:
        return _("%(game)s has no %(end)s") % {"game": rules.game_name, "end": repr(end)}
    return said % {"game": rules.game_name}


NO_CONTRACT_ONLY = _("no_contract goes only with a Skarney Gin gin")


def knocked_over(by: str, deadwood: int, limit: int) -> Text:
    """A knock over the limit: "Ann knocked with 12 deadwood; the knock limit is 10"."""
    return _("%(player)s knocked with %(deadwood)s deadwood; %(limit)s") % {
        "player": by, "deadwood": deadwood, "limit": knock_limit_text(limit)}


def score_hand(hand: Hand, rules: Rules, players: tuple[str, str], n: int) -> HandScore:
    """Scores one hand under ``rules``; ``n`` numbers the hand in error messages.

    Raises ``RecordError`` for a hand the rules do not allow (a knock over the
    limit, a missing upcard under Oklahoma, deadwood out of range, an ending
    the game does not have).
    """
    end = hand.end
    if end not in GIN_ENDS or rules.game != "gin" or hand.no_contract:  # gin's own endings go straight on
        if end not in rules.ends:
            raise RecordError(at_hand(n, end_refused(end, rules)))
        if hand.no_contract and (end != "gin" or rules.game != "skarney"):
            raise RecordError(at_hand(n, NO_CONTRACT_ONLY))
        if end in COUNTED_ENDS:
            return _score_counts(hand, rules, players, n)
    if end == "dead":
        return DEAD
    by = hand.by
    other = players[1] if by == players[0] else players[0]
    upcard = hand.upcard
    if rules.oklahoma and upcard is None:
        raise RecordError(at_hand(n, _("the upcard is needed under Oklahoma rules (it sets the knock limit)")))
    deadwood = hand.deadwood
    d = deadwood[other]
    rulings = hand.rulings
    if end == "knock":
        k = deadwood[by]
        if k == 0:
            end = "gin"
        elif rulings is None or not rulings.knock_accepted:
            limit = rules.knock_limit_for(upcard) if rules.oklahoma else rules.knock_limit
            if k > limit:
                raise RecordError(at_hand(n, knocked_over(by, k, limit)))
    scored_as = end
    if rulings is None:  # most hands: no ruling to weigh
        by_barred = other_barred = False
    else:
        # missing cards: 10 a card on the count, and a gin of such a player is a knock of the penalty
        d += rulings.penalty(other)
        penalty = rulings.penalty(by)
        if penalty:
            if end == "knock":
                k += penalty
            else:
                scored_as, k = "knock", penalty
        by_barred, other_barred = rulings.bars_bonus(by), rulings.bars_bonus(other)
    if scored_as == "knock":
        if d > k:
            undercut = False
            winner, loser = by, other
            points = d if rules.knock_scores == "defender_deadwood" else d - k
            extra = 0
        else:
            undercut = True
            winner, loser = other, by
            if other_barred:  # a ruling: no undercut or gin-off bonus
                points = k - d
            elif d == 0 and rules.gin_off_bonus is not None:
                points = k + rules.gin_off_bonus
            else:
                points = k - d + rules.undercut_bonus
            extra = rules.extra_boxes_undercut
    else:
        undercut = False
        winner, loser = by, other
        if by_barred:  # a ruling: no gin or big gin bonus
            points = d
        elif end == "big_gin" and rules.big_gin_bonus is not None:
            points = d + rules.big_gin_bonus
        elif hand.no_contract:
            points = d + 2 * rules.gin_bonus  # Skarney: the whole gin bonus doubles (20 to 40)
        else:
            points = d + rules.gin_bonus
        extra = rules.extra_boxes_gin
    if rulings is not None and winner in rulings.extra_cards:
        return HandScore(end, None, None, False, 0, 0)  # a player with extra cards cannot win the hand
    if rules.sequence_bonus:
        points += sequence_bonus(hand, winner, n)
    points += rules.hand_bonus
    if rules.spade_double and upcard is not None and upcard.suit == "S":  # rules.doubles(upcard), inlined
        points *= 2
        extra *= 2
    return _new_score(HandScore, (end, winner, loser, undercut, points, 1 + extra))


def sequence_bonus(hand: Hand, winner: str, n: int) -> int:
    """Sequence Gin's bonus for the hand's winner: as found from the cards (a given
    one must agree), or as the record gives it."""
    if hand.bonuses is None:
        return hand.bonus or 0
    found = hand.bonuses.get(winner, 0)
    if hand.bonus is not None and hand.bonus != found:
        raise RecordError(at_hand(n, _("bonus is given as %(given)s, but %(player)s's runs earn %(found)s")
                                  % {"given": hand.bonus, "player": winner, "found": found}))
    return found


def _score_counts(hand: Hand, rules: Rules, players: tuple[str, str], n: int) -> HandScore:
    """A stock that ran out (the lower count scores the difference) or an accepted
    challenge (the lower count scores the other's whole count): level counts score
    nothing, and neither earns a bonus or is an undercut."""
    a, b = (hand.deadwood[p] for p in players)
    rulings = hand.rulings
    if rulings is not None:
        a, b = a + rulings.penalty(players[0]), b + rulings.penalty(players[1])
    if a == b:
        return HandScore(hand.end, None, None, False, 0, 0)
    w = 0 if a < b else 1
    if rulings is not None and players[w] in rulings.extra_cards:
        return HandScore(hand.end, None, None, False, 0, 0)  # a player with extra cards cannot win the hand
    low, high = (a, b) if w == 0 else (b, a)
    points = (high - low if hand.end == "stock_out" else high) + rules.hand_bonus
    upcard = hand.upcard
    if rules.spade_double and upcard is not None and upcard.suit == "S":
        points *= 2
    return HandScore(hand.end, players[w], players[1 - w], False, points, 1)
