"""Hands entered as cards: melds, deadwood and lay-offs found from the cards.

``hand_from_cards`` turns a record's hand object that gives ``cards`` (the
spec's "Hands entered as cards") into a ``Hand`` whose ``deadwood`` is what
the cards leave (the defender's after laying off), with ``detail`` holding
both players' deadwood and melds and the cards laid off. The cards and any
named melds are kept as they were entered, so an export gives them back.

Where the spec is silent, ginscore does what players at the table expect:
- Only the knocker's melds can be named; the defender always gets their best
  play (naming the defender's melds is refused). Cards the knocker leaves out
  of the named melds are deadwood, even if they could have made a meld.
- Among the defender's plays with equal deadwood, the defender keeps their
  own melds (the fewest cards laid off).
- Eleven knocker cards are accepted only for ``big_gin``; eleven cards all
  melded under ``knock`` or ``gin`` are refused with "that is a big gin", so
  the end always says what happened. A big gin's 11 cards must all be melded.
- A ``knock`` whose knocker turns out to have no deadwood is kept as entered
  and scored as a gin (the result shows ``"end": "gin"``); no lay-offs then.
- If the hand also gives ``deadwood``, it must agree with what the cards leave.
- The upcard may be in either player's cards (it can be picked up).
- Melds in ``detail`` are written with canonical card texts (``TS`` comes out
  as ``10S``): runs from low to high, sets in suit order S H D C, melds by
  their lowest rank.

Under every preset the game's rules decide: Sequence Gin melds runs only
(``Rules.meld_rules``) and its bonus is found from the winner's melds (the
knocker's arrangement; the defender's own runs after laying off), kept for
both players in ``Hand.bonuses`` and in ``detail["bonus"]``. Skarney and
Colonel count every card a player still holds (``Rules.card_value``: the
Skarney ace 15, Colonel's A K Q J 10): their melds went to the table during
play. A Skarney gin or a Colonel "out" gives the other player's cards (the
player who went out holds none: their cards may be left out or empty); a
stock-out or a challenge gives both players' cards, any number each.
"""
from __future__ import annotations

from typing import Any, NoReturn

from ginscore.engine.cards import Card, format_cards, parse_card, parse_cards
from ginscore.engine.errors import CardError, RecordError, at_hand, reason
from ginscore.engine.hands import COUNTED_ENDS, Hand, knocked_over
from ginscore.engine.i18n import Text
from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.i18n import ngettext_lazy
from ginscore.engine.layoffs import KnockPlay, defender_play, knocker_choice
from ginscore.engine.melds import Arrangement, arrangement_with, best_arrangement, melds_bonus
from ginscore.engine.rules import Rules

HAND_SIZE = 10
CARD_ENDS = ("knock", "gin", "big_gin")


class _Hand:
    """Builds the error messages of one hand: ``hand N: ...``."""

    def __init__(self, n: int):
        self.n = n

    def fail(self, message: Text) -> NoReturn:
        raise RecordError(at_hand(self.n, message))


def hand_from_cards(raw: dict, n: int, players: tuple[str, str], rules: Rules) -> Hand:
    """The ``Hand`` a record's card-level hand object describes (``n`` numbers it in messages).

    Raises ``RecordError`` ("hand N: ...") for a card that does not exist or is
    given twice, the wrong number of cards, named melds that are not the
    knocker's melds, an end the cards contradict, or a knock over the limit.
    """
    h = _Hand(n)
    if rules.counts_cards_held:
        return _counted_hand(raw, players, rules, h)
    end, by = raw.get("end"), raw.get("by")
    if end not in CARD_ENDS:
        h.fail(_("a hand entered as cards must end in knock, gin or big_gin, not %(end)s") % {"end": repr(end)})
    if by not in players:
        h.fail(_("by: %(name)s is not one of the players (%(first)s, %(second)s)")
               % {"name": repr(by), "first": players[0], "second": players[1]})
    other = players[1] if by == players[0] else players[0]
    hands = _read_cards(raw.get("cards"), players, h)
    upcard = _read_upcard(raw.get("upcard"), h)
    knocker_cards, defender_cards = hands[by], hands[other]
    how = rules.meld_rules
    _check_counts(end, by, other, knocker_cards, defender_cards, h, rules, raw.get("missing_cards"))
    named = _read_melds(raw.get("melds"), by, other, knocker_cards, h, rules)

    if named is not None:
        play = KnockPlay(named, defender_play(defender_cards, named, how))
    elif end == "big_gin":
        knocker = best_arrangement(knocker_cards, how)
        play = KnockPlay(knocker, defender_play(defender_cards, knocker, how))
    else:
        play = knocker_choice(knocker_cards, defender_cards, how)
    k, d = play.knocker.deadwood, play.defender.deadwood
    if end in ("big_gin", "gin") and k:
        said = {"player": by, "deadwood": k, "cards": format_cards(play.knocker.deadwood_cards)}
        if end == "big_gin":
            h.fail((_("%(player)s's named melds leave %(deadwood)s deadwood (%(cards)s), so this is not a big gin "
                      "(a big gin melds all 11 cards)") if named is not None else
                    _("%(player)s's cards leave %(deadwood)s deadwood (%(cards)s), so this is not a big gin "
                      "(a big gin melds all 11 cards)")) % said)
        h.fail((_("%(player)s's named melds leave %(deadwood)s deadwood (%(cards)s), so this is not a gin")
                if named is not None else
                _("%(player)s's cards leave %(deadwood)s deadwood (%(cards)s), so this is not a gin")) % said)
    if end == "knock" and k and not (rules.oklahoma and upcard is None):
        # (under Oklahoma without an upcard, scoring names the missing upcard)
        limit = rules.knock_limit_for(upcard)
        if k > limit:
            h.fail(knocked_over(by, k, limit))

    found = {by: k, other: d}
    _check_given_deadwood(raw.get("deadwood"), found, players, h)
    detail = {
        "deadwood": found,
        "melds": {by: [m.texts() for m in play.knocker.melds],
                  other: [m.texts() for m in play.defender.melds]},
        "layoffs": [str(c) for c in play.defender.layoffs],
    }
    bonuses = None
    if rules.sequence_bonus:
        bonuses = {by: melds_bonus(play.knocker.melds), other: melds_bonus(play.defender.melds)}
        detail["bonus"] = bonuses
    deadwood = found if end == "knock" else {other: d}
    return Hand(end, by, deadwood, upcard, cards=dict(raw["cards"]), melds=raw.get("melds"), detail=detail,
                bonuses=bonuses)


def _counted_hand(raw: dict, players: tuple[str, str], rules: Rules, h: _Hand) -> Hand:
    """Skarney and Colonel: every card a player still holds counts."""
    end, by = raw.get("end"), raw.get("by")
    if end in COUNTED_ENDS:
        held = players
    else:  # a Skarney gin, a Colonel "out": the player who went out holds nothing
        held = tuple(p for p in players if p != by)
    if raw.get("melds") is not None:
        h.fail(_("melds: %(game)s counts every card still held; its melds went to the table "
                 "during play, so there are none to name") % {"game": rules.game_name})
    hands = _read_cards(raw.get("cards"), players, h, needed=held)
    if end not in COUNTED_ENDS and hands.get(by):
        h.fail(_("%(player)s went out, so holds no cards; give only %(other)s's cards")
               % {"player": by, "other": held[0]})
    counts = {p: sum(rules.card_value(c) for c in hands[p]) for p in held}
    _check_given_deadwood(raw.get("deadwood"), counts, players, h)
    detail = {"deadwood": counts, "melds": {p: [] for p in players}, "layoffs": []}
    return Hand(end, by, counts, _read_upcard(raw.get("upcard"), h), cards=dict(raw["cards"]), detail=detail)


def _read_cards(value: Any, players: tuple[str, str], h: _Hand,
                needed: tuple[str, ...] | None = None) -> dict[str, tuple[Card, ...]]:
    """Each player's cards; ``needed`` names the players whose cards must be given (default both)."""
    needed = players if needed is None else needed
    if not isinstance(value, dict):
        h.fail(_('cards: must give both players\' cards, like {"%(first)s": "7H 7D 7C ...", "%(second)s": "..."}')
               % {"first": players[0], "second": players[1]})
    strangers = [p for p in value if p not in players]
    if strangers:
        h.fail(_("cards: %(name)s is not one of the players (%(first)s, %(second)s)")
               % {"name": repr(strangers[0]), "first": players[0], "second": players[1]})
    hands: dict[str, tuple[Card, ...]] = {}
    owner: dict[Card, str] = {}
    for p in players:
        if value.get(p) is None:
            if p not in needed:
                hands[p] = ()
                continue
            h.fail(_("cards for %(player)s are missing") % {"player": p})
        try:
            hands[p] = parse_cards(value[p])
        except CardError as e:
            h.fail(_("%(player)s's cards: %(problem)s") % {"player": p, "problem": reason(e)})
        for c in hands[p]:
            if c in owner:
                h.fail(_("%(card)s is in both %(first)s's and %(second)s's cards")
                       % {"card": str(c), "first": owner[c], "second": p})
            owner[c] = p
    return hands


def _read_upcard(value: Any, h: _Hand) -> Card | None:
    if value is None:
        return None
    try:
        return parse_card(value)
    except CardError as e:
        h.fail(_("upcard: %(problem)s") % {"problem": reason(e)})


def _check_counts(end: str, by: str, other: str, knocker: tuple[Card, ...], defender: tuple[Card, ...],
                  h: _Hand, rules: Rules, short: dict | None = None) -> None:
    """Ten cards each (eleven for a big gin); a player ruled short of n cards holds n fewer."""
    short = short if isinstance(short, dict) else {}
    held, kept = HAND_SIZE - short.get(other, 0), HAND_SIZE - short.get(by, 0)

    def counted(message: Text, player: str, cards: int, right: int) -> NoReturn:
        said = message % {"player": player, "count": cards, "right": right, "more": right + 1}
        if short.get(player):
            said = _("%(problem)s (%(short)s short, as ruled)") % {"problem": said, "short": short[player]}
        h.fail(said)

    if len(defender) != held:
        counted(ngettext_lazy("%(player)s has %(count)s card; the defender holds %(right)s",
                              "%(player)s has %(count)s cards; the defender holds %(right)s", len(defender)),
                other, len(defender), held)
    if end == "big_gin":
        if len(knocker) != kept + 1:
            counted(ngettext_lazy("%(player)s has %(count)s card; a big gin melds all %(right)s",
                                  "%(player)s has %(count)s cards; a big gin melds all %(right)s", len(knocker)),
                    by, len(knocker), kept + 1)
        return
    if len(knocker) == kept + 1 and best_arrangement(knocker, rules.meld_rules).deadwood == 0:
        h.fail(_('all %(count)s of %(player)s\'s cards are melded: that is a big gin, so end must be "big_gin"')
               % {"count": kept + 1, "player": by})
    if len(knocker) != kept:
        counted(ngettext_lazy("%(player)s has %(count)s card; the knocker holds %(right)s after the last discard "
                              "(%(more)s only for a big gin)",
                              "%(player)s has %(count)s cards; the knocker holds %(right)s after the last discard "
                              "(%(more)s only for a big gin)", len(knocker)),
                by, len(knocker), kept)


def _read_melds(value: Any, by: str, other: str, cards: tuple[Card, ...], h: _Hand,
                rules: Rules) -> Arrangement | None:
    """The knocker's arrangement with the named melds, or None if none are named."""
    if value is None:
        return None
    if not isinstance(value, dict):
        h.fail(_('melds: must name the knocker\'s melds, like {"%(player)s": [["7H", "7D", "7C"], ...]}')
               % {"player": by})
    if other in value:
        h.fail(_("melds: only the knocker's melds can be named (%(player)s's); %(other)s's are found from the cards")
               % {"player": by, "other": other})
    strangers = [p for p in value if p != by]
    if strangers:
        h.fail(_("melds: %(name)s is not the knocker (%(player)s)") % {"name": repr(strangers[0]), "player": by})
    if by not in value:
        return None
    melds = value[by]
    if not isinstance(melds, list) or not all(isinstance(m, list) for m in melds):
        h.fail(_('melds: %(player)s\'s melds must be a list of melds, each a list of cards like ["7H", "7D", "7C"]')
               % {"player": by})
    try:
        return arrangement_with(cards, [parse_cards(m) for m in melds], owner=by, meld_rules=rules.meld_rules)
    except CardError as e:
        h.fail(_("melds: %(problem)s") % {"problem": reason(e)})


def _check_given_deadwood(given: Any, found: dict[str, int], players: tuple[str, str], h: _Hand) -> None:
    if given is None:
        return
    if not isinstance(given, dict):
        h.fail(_('deadwood: must be an object such as {"Ann": 8, "Ben": 32}, or left out when the cards are given'))
    for p, v in given.items():
        if p not in players:
            h.fail(_("deadwood: %(name)s is not one of the players") % {"name": repr(p)})
        if v != found.get(p, 0):
            h.fail(_("deadwood for %(player)s is given as %(given)s, but the cards leave %(found)s")
                   % {"player": p, "given": repr(v), "found": found.get(p, 0)})
