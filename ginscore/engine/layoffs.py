"""The defender's best play after a knock, and the knocker's choice of melds.

After a knock the defender may lay off cards on the knocker's melds: a run
takes cards at either end, several in a row (``9H`` then ``10H`` on
``6H 7H 8H``; ``5H`` below it), a set of three takes its fourth card. The
defender melds the rest of their cards as they like, and a card that could
sit in their own meld may be laid off instead: the defender's play is the one
that leaves the least deadwood over all of that. There are no lay-offs against
a gin (or big gin), and the knocker never lays off.

How: the cards the defender can lay off on a run are its two chains (the
defender's cards next to the run's ends, in sequence); any lay-off is a choice
of how far to go along each chain, plus, for a set of three, its fourth card
or not. Each distinct choice is scored with the fast deadwood search on the
defender's remaining cards (``ginscore.engine.melds``). Among plays with equal
deadwood the defender keeps their own melds (fewest cards laid off).

The knocker's melds, unless the hand names them, are the arrangement with the
least deadwood; among those, the one that leaves the defender the most
deadwood (the spec's "Hands entered as cards").

The game's ``MeldRules`` (``Rules.meld_rules``) go through every step: under
Sequence Gin the knocker has only runs to lay off on and the defender melds
runs only; with its bonus, among the knocker's arrangements that tie on both
deadwoods the one with the highest bonus counts, and the defender's play is
the least deadwood, then the highest bonus of their own runs, then the fewest
cards laid off.
"""
from __future__ import annotations

from itertools import product
from typing import Iterable, NamedTuple

from ginscore.engine.cards import Card, card_order, cards_from_mask, cards_mask
from ginscore.engine.melds import (
    GIN_MELDS, SUIT_BITS, Arrangement, Meld, MeldRules, arrangement_masks, arrangement_from_masks,
    is_run_mask, mask_arrangement, mask_bonus, mask_deadwood, run_mask_bonus,
)


class DefenderPlay(NamedTuple):
    melds: tuple[Meld, ...]  # the defender's own melds
    layoffs: tuple[Card, ...]  # cards laid off on the knocker's melds, by rank then suit
    deadwood_cards: tuple[Card, ...]
    deadwood: int  # after laying off


class KnockPlay(NamedTuple):
    """One way the knocker can lay down, and the defender's best answer to it."""

    knocker: Arrangement
    defender: DefenderPlay


def _chain(defender: int, start: int, step: int, suit_lo: int, suit_hi: int) -> list[int]:
    """The defender's card bits from ``start`` on, one rank at a time, while they hold them."""
    out = []
    bit = start
    while suit_lo <= bit <= suit_hi and defender & bit:
        out.append(bit)
        bit = bit << 1 if step > 0 else bit >> 1
    return out


def _layoff_options(defender: int, meld: int) -> list[int]:
    """Every mask of the defender's cards that can be laid off on one meld of the knocker."""
    low = meld & -meld
    top = 1 << (meld.bit_length() - 1)
    suit = (low.bit_length() - 1) // 13
    if suit == (top.bit_length() - 1) // 13:  # a run
        suit_lo, suit_hi = 1 << 13 * suit, 1 << (13 * suit + 12)
        down = _chain(defender, low >> 1, -1, suit_lo, suit_hi)
        up = _chain(defender, top << 1, 1, suit_lo, suit_hi)
        if not down and not up:
            return [0]
        downs = [sum(down[:i]) for i in range(len(down) + 1)]
        ups = [sum(up[:j]) for j in range(len(up) + 1)]
        return [d | u for d in downs for u in ups]
    if meld.bit_count() == 3:  # a set of three: its fourth card
        rank = (meld | meld >> 13 | meld >> 26 | meld >> 39) & SUIT_BITS
        fourth = (rank | rank << 13 | rank << 26 | rank << 39) & ~meld
        if defender & fourth:
            return [0, fourth]
    return [0]


def layoff_choices(defender: int, knocker_melds: Iterable[int]) -> list[int]:
    """Every distinct set of cards (mask) the defender can lay off on these melds, fewest first."""
    per_meld = [opts for opts in (_layoff_options(defender, m) for m in knocker_melds) if len(opts) > 1]
    if not per_meld:
        return [0]
    choices = {_union(combo) for combo in product(*per_meld)}
    return sorted(choices, key=lambda x: (x.bit_count(), x))


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def mask_layoffs(defender: int, knocker_melds: Iterable[int],
                 meld_rules: MeldRules = GIN_MELDS) -> tuple[int, int]:
    """(cards laid off, deadwood after) of the defender's best play, as masks and points."""
    if meld_rules.bonus:
        return _bonus_layoffs(defender, knocker_melds, meld_rules)
    best_dw, best_off = None, 0
    for off in layoff_choices(defender, knocker_melds):
        dw = mask_deadwood(defender & ~off, meld_rules)
        if best_dw is None or dw < best_dw:
            best_dw, best_off = dw, off
            if dw == 0:
                break
    return best_off, best_dw


def _bonus_layoffs(defender: int, knocker_melds: Iterable[int], meld_rules: MeldRules) -> tuple[int, int]:
    """Sequence Gin: the least deadwood, then the highest bonus of the defender's own runs."""
    best = None
    for off in layoff_choices(defender, knocker_melds):
        rest = defender & ~off
        key = (mask_deadwood(rest, meld_rules), -mask_bonus(rest, meld_rules))
        if best is None or key < best[0]:
            best = (key, off)
    return best[1], best[0][0]


def _play(defender: int, off: int, meld_rules: MeldRules = GIN_MELDS) -> DefenderPlay:
    own = mask_arrangement(defender & ~off, meld_rules)
    layoffs = tuple(sorted(cards_from_mask(off), key=card_order))
    return DefenderPlay(own.melds, layoffs, own.deadwood_cards, own.deadwood)


def best_layoffs(defender_cards: Iterable[Card], knocker_melds: Iterable[Meld],
                 meld_rules: MeldRules = GIN_MELDS) -> DefenderPlay:
    """The defender's play with the least deadwood, laying off on ``knocker_melds``."""
    defender = cards_mask(defender_cards)
    off, _ = mask_layoffs(defender, [cards_mask(m.cards) for m in knocker_melds], meld_rules)
    return _play(defender, off, meld_rules)


def defender_play(defender_cards: Iterable[Card], knocker: Arrangement,
                  meld_rules: MeldRules = GIN_MELDS) -> DefenderPlay:
    """The defender's best play against the knocker's arrangement: no lay-offs against a gin."""
    if knocker.deadwood == 0:
        return _play(cards_mask(defender_cards), 0, meld_rules)
    return best_layoffs(defender_cards, knocker.melds, meld_rules)


def melds_mask_bonus(melds: Iterable[int]) -> int:
    """Sequence Gin's bonus of meld masks (runs only earn it)."""
    return sum(run_mask_bonus(x) for x in melds if is_run_mask(x))


def knock_plays(knocker_cards: Iterable[Card], defender_cards: Iterable[Card],
                max_deadwood: int | None = None, meld_rules: MeldRules = GIN_MELDS) -> list[KnockPlay]:
    """Every arrangement of the knocker's cards with at most ``max_deadwood``
    (default: the least there is), each with the defender's best answer.

    The first is the spec's choice: least knocker deadwood, then most defender
    deadwood, then (Sequence Gin) the knocker's highest bonus (for a card picker,
    the rest are the other legal ways to lay down).
    """
    knocker = cards_mask(knocker_cards)
    defender = cards_mask(defender_cards)
    bound = mask_deadwood(knocker, meld_rules) if max_deadwood is None else max_deadwood
    plays = []
    for order, (dw, melds) in enumerate(arrangement_masks(knocker, bound, meld_rules)):
        if dw == 0:
            off, d = 0, mask_deadwood(defender, meld_rules)
        else:
            off, d = mask_layoffs(defender, melds, meld_rules)
        bonus = melds_mask_bonus(melds) if meld_rules.bonus else 0
        plays.append((dw, -d, -bonus, order, melds, off))
    plays.sort()
    return [KnockPlay(arrangement_from_masks(knocker, melds), _play(defender, off, meld_rules))
            for *_, melds, off in plays]


def knocker_choice(knocker_cards: Iterable[Card], defender_cards: Iterable[Card],
                   meld_rules: MeldRules = GIN_MELDS) -> KnockPlay:
    """The spec's arrangement for the knocker (least deadwood, then the most left to
    the defender, then the highest bonus) and the defender's best play against it."""
    return knock_plays(knocker_cards, defender_cards, meld_rules=meld_rules)[0]
