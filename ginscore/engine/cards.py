"""Cards and their notation.

A card is written as its rank (``A``, ``2``-``10`` or ``T``, ``J``, ``Q``, ``K``)
and its suit (``S``, ``H``, ``D``, ``C``), in any case: ``7S``, ``10h``, ``Td``, ``ac``.
Cards in a hand are separated by spaces or commas.

For the meld search a set of cards is also an ``int`` bit mask over the 52
card indexes (``Card.index``: suit-major, so each suit is 13 adjacent bits,
the ace lowest): ``cards_mask`` and ``cards_from_mask`` convert.
"""
from __future__ import annotations

import re
from typing import Iterable, NamedTuple

from ginscore.engine.errors import CardError
from ginscore.engine.i18n import gettext_lazy as _

SUITS = "SHDC"
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_BY_TEXT = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
_RANK_BY_TEXT.update({str(n): n for n in range(2, 11)})
_CARD_RE = re.compile(r"^(10|[2-9AJQKT])([SHDC])$")
_SPLIT_RE = re.compile(r"[\s,]+")


class Card(NamedTuple):
    rank: int  # 1 (ace) .. 13 (king)
    suit: str  # one of "SHDC"

    @property
    def value(self) -> int:
        """Deadwood points: ace 1, number cards their number, faces 10."""
        return 10 if self.rank >= 10 else self.rank

    @property
    def index(self) -> int:
        """0..51, suit-major (spades 0-12, hearts 13-25, ...), for bit sets."""
        return SUITS.index(self.suit) * 13 + self.rank - 1

    def __str__(self) -> str:
        return RANK_NAMES.get(self.rank, str(self.rank)) + self.suit


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The 52 cards in index order (``DECK[c.index] == c``)."""
CARD_BIT: dict[Card, int] = {c: 1 << i for i, c in enumerate(DECK)}
"""Each card's bit in a cards mask."""


def parse_card(text: str) -> Card:
    """``"10h"`` -> ``Card(10, "H")``; anything else raises ``CardError`` naming the text."""
    m = _CARD_RE.match(text.strip().upper()) if isinstance(text, str) else None
    if not m:
        raise CardError(_("%(text)s is not a card (write it like 7S, 10H, AD or KC)") % {"text": repr(text)})
    return Card(_RANK_BY_TEXT[m.group(1)], m.group(2))


def parse_cards(text: str | list | tuple) -> tuple[Card, ...]:
    """Cards separated by spaces or commas (or a list of card texts); no card twice."""
    if not isinstance(text, (str, list, tuple)):
        raise CardError(_('%(text)s is not a list of cards (write them like "7H 7D 7C")') % {"text": repr(text)})
    parts = [p for p in _SPLIT_RE.split(text.strip())] if isinstance(text, str) else list(text)
    cards = tuple(parse_card(p) for p in parts if p != "")
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise CardError(_("%(card)s is given twice") % {"card": str(c)})
        seen.add(c)
    return cards


def format_cards(cards) -> str:
    return " ".join(str(c) for c in cards)


def card_order(card: Card) -> tuple[int, int]:
    """Sort key: by rank, then suit in the order S H D C."""
    return card.rank, SUITS.index(card.suit)


def cards_mask(cards: Iterable[Card]) -> int:
    """The bit mask of distinct cards."""
    return sum(map(CARD_BIT.__getitem__, cards))


def cards_from_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in index order (spades ace to king, then hearts ...)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(out)
