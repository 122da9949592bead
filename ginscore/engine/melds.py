"""Melds and the arrangement of a hand that leaves the least deadwood.

A meld is a set (three or four cards of one rank) or a run (three or more
cards of one suit in sequence, ace low only: ``Q K A`` is not a run). An
arrangement splits a hand into melds, no card in two, and deadwood. The game's
rules say which melds exist (``MeldRules``, from ``Rules.meld_rules``):
Sequence Gin melds runs only, and its winner earns a bonus from their runs
(one point a card in a run of six or more, one for each J, Q, K in a run), so
among arrangements with the least deadwood the one with the highest bonus counts.

How the search is fast (pure Python, a few microseconds a hand): a hand is a
52-bit mask, 13 bits per suit (``ginscore.engine.cards``). Runs never leave
their suit, so a table over the 8,192 masks of one suit holds the least
deadwood each suit can reach with runs alone (and which runs do it). Only
ranks held three or four times can form sets; most hands have none, and
their deadwood is four table look-ups. Otherwise each such rank is tried as
no set, the whole set, or a set of three leaving out a card that could sit in
a run (a rank whose cards fit no run is always a set), and the runs of what
is left come from the table again.

``arrangements`` lists every arrangement up to a deadwood bound (the knock
limit for a picker, or the least deadwood for the spec's tie-break); adjacent
runs of one suit are joined (``3S 4S 5S`` + ``6S 7S 8S`` is ``3S``-``8S``), so
no arrangement appears twice.

Runs only (Sequence Gin) is the tables alone. The bonus has its own tables:
for each suit mask, the highest bonus among the run arrangements with the
least deadwood, and those runs.
"""
from __future__ import annotations

from itertools import product
from typing import Iterable, NamedTuple

from ginscore.engine.cards import (
    DECK, SUITS, Card, card_order, cards_from_mask, cards_mask, format_cards,
)
from ginscore.engine.errors import CardError
from ginscore.engine.i18n import gettext_lazy as _

SUIT_BITS = 0x1FFF
_RANK_ALL_SUITS = 1 | 1 << 13 | 1 << 26 | 1 << 39  # shifted by rank-1: the four cards of a rank
_VALUE_OF_BIT = [min(b + 1, 10) for b in range(13)]
_CARD_VALUE = {1 << i: c.value for i, c in enumerate(DECK)}


class MeldRules(NamedTuple):
    """How cards meld in a game (``Rules.meld_rules``)."""

    sets: bool = True  # three or four of a rank meld; False: runs only (Sequence Gin)
    bonus: bool = False  # Sequence Gin's run bonus breaks ties between equal arrangements


GIN_MELDS = MeldRules()
FACE_BITS = 0b1110000000000  # J, Q, K of one suit
_FACES = FACE_BITS | FACE_BITS << 13 | FACE_BITS << 26 | FACE_BITS << 39
LONG_RUN = 6  # a run of six or more earns a point a card


class Meld(NamedTuple):
    kind: str  # "set" | "run"
    cards: tuple[Card, ...]  # runs ascending; sets in suit order S H D C

    def __str__(self) -> str:
        return format_cards(self.cards)

    def texts(self) -> list[str]:
        return [str(c) for c in self.cards]


class Arrangement(NamedTuple):
    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]  # by rank, then suit
    deadwood: int


class Eleven(NamedTuple):
    """Eleven cards: all melded (a big gin, no discard), or the discard that
    leaves the least deadwood and the arrangement of the ten kept."""

    big_gin: bool
    discard: Card | None
    arrangement: Arrangement


# -- the per-suit run tables ---------------------------------------------------------------

def run_mask_bonus(run: int) -> int:
    """Sequence Gin's bonus for one run (a mask of any suit): a point a card in a
    run of six or more, and a point for each J, Q, K."""
    n = run.bit_count()
    return (n if n >= LONG_RUN else 0) + (run & _FACES).bit_count()


def melds_bonus(melds: Iterable[Meld]) -> int:
    """Sequence Gin's bonus for a player's melds (sets earn none)."""
    return sum(run_mask_bonus(cards_mask(m.cards)) for m in melds if m.kind == "run")


def _build_bonus_tables(left: list[int]) -> tuple[list[int], list[tuple[int, ...]]]:
    """For every 13-bit suit mask: the highest run bonus among the run arrangements
    that leave the least deadwood (``left``), and those runs."""
    bonus = [0] * 8192
    runs: list[tuple[int, ...]] = [()] * 8192
    for m in range(1, 8192):
        low = m & -m
        rest = m ^ low
        best_left, best, best_runs = _VALUE_OF_BIT[low.bit_length() - 1] + left[rest], bonus[rest], runs[rest]
        run = low | low << 1 | low << 2
        nxt = low << 3
        while m & run == run:
            here = left[m ^ run]
            b = bonus[m ^ run] + run_mask_bonus(run)
            if here < best_left or here == best_left and b > best:
                best_left, best, best_runs = here, b, (run,) + runs[m ^ run]
            run |= nxt
            nxt <<= 1
        bonus[m], runs[m] = best, best_runs
    return bonus, runs


def _build_run_tables() -> tuple[list[int], list[tuple[int, ...]], list[int]]:
    """For every 13-bit suit mask: least deadwood left by runs, the runs (longest
    first on ties, so adjacent runs come out joined), and the cards that fit some run."""
    left = [0] * 8192
    runs: list[tuple[int, ...]] = [()] * 8192
    runnable = [0] * 8192
    for m in range(1, 8192):
        low = m & -m
        rest = m ^ low
        best, best_runs = _VALUE_OF_BIT[low.bit_length() - 1] + left[rest], runs[rest]
        run = low | low << 1 | low << 2
        nxt = low << 3
        while m & run == run:
            if left[m ^ run] <= best:
                best, best_runs = left[m ^ run], (run,) + runs[m ^ run]
            run |= nxt
            nxt <<= 1
        left[m], runs[m] = best, best_runs
        starts = m & m >> 1 & m >> 2
        runnable[m] = starts | starts << 1 | starts << 2
    return left, runs, runnable


_LEFT, _RUNS, _RUNNABLE = _build_run_tables()
_BONUS, _BONUS_RUNS = _build_bonus_tables(_LEFT)


def _runs_deadwood(m: int) -> int:
    """Least deadwood of a 52-bit mask melding runs only."""
    return _LEFT[m & SUIT_BITS] + _LEFT[m >> 13 & SUIT_BITS] + _LEFT[m >> 26 & SUIT_BITS] + _LEFT[m >> 39]


def _set_choices(m: int, three: int) -> list[int]:
    """Masks of the set combinations worth trying for the ranks in ``three``."""
    suits = (m & SUIT_BITS, m >> 13 & SUIT_BITS, m >> 26 & SUIT_BITS, m >> 39)
    per_rank = []
    while three:
        x = three & -three
        three ^= x
        shift = x.bit_length() - 1
        whole = m & (_RANK_ALL_SUITS << shift)
        in_runs = [i for i in range(4) if suits[i] & x and _RUNNABLE[suits[i]] & x]
        if not in_runs:
            per_rank.append((whole,))
            continue
        options = [whole]
        if whole.bit_count() == 4:
            options += [whole ^ (x << 13 * i) for i in in_runs]
            if len(in_runs) >= 2:
                options.append(0)
        else:
            options.append(0)
        per_rank.append(options)
    if len(per_rank) == 1:
        return list(per_rank[0])
    return [sum(combo) for combo in product(*per_rank)]


def mask_deadwood(m: int, meld_rules: MeldRules = GIN_MELDS) -> int:
    """Least deadwood of the cards in mask ``m``."""
    a, b, c, d = m & SUIT_BITS, m >> 13 & SUIT_BITS, m >> 26 & SUIT_BITS, m >> 39
    three = a & b & (c | d) | c & d & (a | b)
    if not three or not meld_rules.sets:
        return _LEFT[a] + _LEFT[b] + _LEFT[c] + _LEFT[d]
    return min(_runs_deadwood(m & ~sets) for sets in _set_choices(m, three))


def deadwood(cards: Iterable[Card], meld_rules: MeldRules = GIN_MELDS) -> int:
    """Least deadwood of distinct cards (any number): ``deadwood(parse_cards("AS 2S 3S 5C")) == 5``."""
    return mask_deadwood(cards_mask(cards), meld_rules)


def _runs_bonus(m: int) -> int:
    """The highest run bonus among the runs-only arrangements of ``m`` with the least deadwood."""
    return _BONUS[m & SUIT_BITS] + _BONUS[m >> 13 & SUIT_BITS] + _BONUS[m >> 26 & SUIT_BITS] + _BONUS[m >> 39]


def _bonus_sets(m: int, meld_rules: MeldRules) -> tuple[int, int]:
    """(sets mask, bonus) of the set choice that leaves the least deadwood and then
    the highest run bonus (no sets when the rules have none)."""
    three = _three_of_a_kind(m) if meld_rules.sets else 0
    if not three:
        return 0, _runs_bonus(m)
    return min(((sets, _runs_bonus(m & ~sets)) for sets in _set_choices(m, three)),
               key=lambda t: (_runs_deadwood(m & ~t[0]), -t[1]))


def mask_bonus(m: int, meld_rules: MeldRules = GIN_MELDS) -> int:
    """Sequence Gin's bonus of the best arrangement of ``m``: the highest among those
    with the least deadwood."""
    return _bonus_sets(m, meld_rules)[1]


def _three_of_a_kind(m: int) -> int:
    """The ranks (as 13 bits) held three or four times in mask ``m``."""
    a, b, c, d = m & SUIT_BITS, m >> 13 & SUIT_BITS, m >> 26 & SUIT_BITS, m >> 39
    return a & b & (c | d) | c & d & (a | b)


def _best_melds(m: int, meld_rules: MeldRules = GIN_MELDS) -> list[int]:
    """The meld masks of one least-deadwood arrangement of mask ``m`` (with the
    bonus: the one with the highest bonus among them)."""
    if meld_rules.bonus:
        sets, _ = _bonus_sets(m, meld_rules)
        table = _BONUS_RUNS
    else:
        three = _three_of_a_kind(m) if meld_rules.sets else 0
        sets = min(_set_choices(m, three), key=lambda choice: _runs_deadwood(m & ~choice)) if three else 0
        table = _RUNS
    melds = _split_sets(sets)
    rest = m & ~sets
    for s in range(4):
        melds += [r << 13 * s for r in table[rest >> 13 * s & SUIT_BITS]]
    return melds


def _split_sets(sets: int) -> list[int]:
    """The set masks in a mask that holds only whole sets (one per rank)."""
    out = []
    ranks = (sets | sets >> 13 | sets >> 26 | sets >> 39) & SUIT_BITS
    while ranks:
        x = ranks & -ranks
        ranks ^= x
        out.append(sets & (_RANK_ALL_SUITS << (x.bit_length() - 1)))
    return out


def _mask_value(m: int) -> int:
    return sum(map(_CARD_VALUE.__getitem__, _bits(m)))


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low)
        m ^= low
    return out


def _meld_from_mask(m: int) -> Meld:
    cards = cards_from_mask(m)
    return Meld("set" if cards[0].rank == cards[1].rank else "run", cards)


def _meld_key(meld: Meld) -> tuple[int, int, int]:
    first = meld.cards[0]
    return first.rank, SUITS.index(first.suit), len(meld.cards)


def arrangement_from_masks(m: int, meld_masks: Iterable[int]) -> Arrangement:
    """The ``Arrangement`` of mask ``m`` with these (disjoint) meld masks."""
    meld_masks = tuple(meld_masks)
    melds = tuple(sorted((_meld_from_mask(x) for x in meld_masks), key=_meld_key))
    rest = m & ~sum(meld_masks)
    return Arrangement(melds, tuple(sorted(cards_from_mask(rest), key=card_order)), _mask_value(rest))


def mask_arrangement(m: int, meld_rules: MeldRules = GIN_MELDS) -> Arrangement:
    return arrangement_from_masks(m, _best_melds(m, meld_rules))


def best_arrangement(cards: Iterable[Card], meld_rules: MeldRules = GIN_MELDS) -> Arrangement:
    """One arrangement with the least deadwood (longer runs and sets preferred on ties;
    with the bonus, the highest bonus first)."""
    return mask_arrangement(cards_mask(cards), meld_rules)


def eleven(cards: Iterable[Card], meld_rules: MeldRules = GIN_MELDS) -> Eleven:
    """Eleven cards: a big gin if all are melded, else the best discard.

    Among discards that leave the same deadwood, the highest card goes
    (by rank, then suit S H D C)."""
    m = cards_mask(cards)
    if m.bit_count() != 11:
        raise CardError(_("eleven cards are needed, not %(count)s") % {"count": m.bit_count()})
    if mask_deadwood(m, meld_rules) == 0:
        return Eleven(True, None, mask_arrangement(m, meld_rules))
    best = None
    for bit in sorted(_bits(m), key=lambda b: card_order(DECK[b.bit_length() - 1]), reverse=True):
        dw = mask_deadwood(m ^ bit, meld_rules)
        if best is None or dw < best[0]:
            best = (dw, bit)
    bit = best[1]
    return Eleven(False, DECK[bit.bit_length() - 1], mask_arrangement(m ^ bit, meld_rules))


# -- every arrangement, for the knocker's choice ---------------------------------------------

def candidate_melds(m: int, meld_rules: MeldRules = GIN_MELDS) -> list[int]:
    """Every meld (as a mask) that can be made from the cards of mask ``m``."""
    out = []
    for s in range(4):
        suit = m >> 13 * s & SUIT_BITS
        for lo in range(11):
            run, top = 0b111 << lo, 1 << (lo + 3)
            while suit & run == run:
                out.append(run << 13 * s)
                run |= top
                top <<= 1
    if not meld_rules.sets:
        return out
    for x in _bits(_three_of_a_kind(m)):
        whole = m & (_RANK_ALL_SUITS << (x.bit_length() - 1))
        out.append(whole)
        if whole.bit_count() == 4:
            out += [whole ^ bit for bit in _bits(whole)]
    return out


def _suit_of_bit(bit: int) -> int:
    return (bit.bit_length() - 1) // 13


def is_run_mask(x: int) -> bool:
    return _suit_of_bit(x & -x) == _suit_of_bit(x)


def _join_runs(melds: Iterable[int]) -> frozenset[int]:
    """The meld masks with adjacent runs of one suit joined into one run."""
    out: list[int] = []
    joined: list[int] = []
    for x in sorted(melds):
        if not is_run_mask(x):
            out.append(x)
        elif joined and joined[-1].bit_length() == (x & -x).bit_length() - 1 \
                and _suit_of_bit(joined[-1]) == _suit_of_bit(x):
            joined[-1] |= x
        else:
            joined.append(x)
    return frozenset(out + joined)


def arrangement_masks(m: int, max_deadwood: int,
                      meld_rules: MeldRules = GIN_MELDS) -> list[tuple[int, frozenset[int]]]:
    """(deadwood, meld masks) of every arrangement of mask ``m`` with at most ``max_deadwood``."""
    by_low: dict[int, list[int]] = {}
    for meld in candidate_melds(m, meld_rules):
        by_low.setdefault(meld & -meld, []).append(meld)
    seen: dict[frozenset[int], int] = {}

    def walk(rest: int, dw: int, chosen: tuple[int, ...]) -> None:
        if not rest:
            key = _join_runs(chosen)
            seen.setdefault(key, dw)
            return
        low = rest & -rest
        v = _CARD_VALUE[low]
        if dw + v <= max_deadwood:
            walk(rest ^ low, dw + v, chosen)
        for meld in by_low.get(low, ()):
            if rest & meld == meld:
                walk(rest ^ meld, dw, chosen + (meld,))

    walk(m, 0, ())
    return sorted(((dw, melds) for melds, dw in seen.items()), key=lambda t: (t[0], sorted(t[1])))


def arrangements(cards: Iterable[Card], max_deadwood: int | None = None,
                 meld_rules: MeldRules = GIN_MELDS) -> list[Arrangement]:
    """Every arrangement of the cards with at most ``max_deadwood`` (default: the
    least there is), least deadwood first."""
    m = cards_mask(cards)
    bound = mask_deadwood(m, meld_rules) if max_deadwood is None else max_deadwood
    return [arrangement_from_masks(m, melds) for _, melds in arrangement_masks(m, bound, meld_rules)]


# -- melds named by a player --------------------------------------------------------------------

def meld_of(cards: Iterable[Card], meld_rules: MeldRules = GIN_MELDS) -> Meld:
    """The meld these cards make; ``CardError`` says why they make none."""
    cards = tuple(cards)
    text = format_cards(cards)
    if len(cards) < 3:
        if not text:
            raise CardError(_("nothing is not a meld: a meld has at least three cards"))
        raise CardError(_("%(cards)s is not a meld: a meld has at least three cards") % {"cards": text})
    ranks = {c.rank for c in cards}
    if len(ranks) == 1:
        if not meld_rules.sets:
            raise CardError(_("%(cards)s is not a meld: only runs meld in this game (no sets)") % {"cards": text})
        return Meld("set", tuple(sorted(cards, key=card_order)))
    if len({c.suit for c in cards}) != 1:
        raise CardError(_("%(cards)s is not a meld: a set is one rank, a run is one suit") % {"cards": text})
    ordered = tuple(sorted(cards, key=card_order))
    if ordered[-1].rank - ordered[0].rank != len(ordered) - 1:
        raise CardError(_("%(cards)s is not a meld: a run's cards must be in sequence (ace low only)")
                        % {"cards": text})
    return Meld("run", ordered)


def is_meld(cards: Iterable[Card], meld_rules: MeldRules = GIN_MELDS) -> bool:
    try:
        meld_of(cards, meld_rules)
    except CardError:
        return False
    return True


def arrangement_with(cards: Iterable[Card], melds: Iterable[Iterable[Card]], owner: str | None = None,
                     meld_rules: MeldRules = GIN_MELDS) -> Arrangement:
    """The arrangement of ``cards`` (``owner``'s, None: the hand's) with these melds named (the rest is deadwood).

    ``CardError`` if a named meld is not a meld, holds a card not in ``cards``,
    or shares a card with another named meld."""
    hand = cards_mask(cards)
    used = 0
    masks = []
    for meld_cards in melds:
        meld = meld_of(meld_cards, meld_rules)
        for c in meld.cards:
            bit = 1 << c.index
            if not hand & bit:
                if owner is None:
                    raise CardError(_("%(card)s is not one of the hand's cards") % {"card": str(c)})
                raise CardError(_("%(card)s is not one of %(player)s's cards") % {"card": str(c), "player": owner})
            if used & bit:
                raise CardError(_("%(card)s is in two melds") % {"card": str(c)})
            used |= bit
        masks.append(cards_mask(meld.cards))
    return arrangement_from_masks(hand, masks)
