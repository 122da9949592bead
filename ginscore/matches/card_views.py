"""Hands entered as cards: the card picker page, and the cards of a stored hand as the pad shows them.

Same permissions, services, concurrency guard and "preview before save" as
the deadwood entry in ``views``: "Find melds" (or "Preview") shows the
knocker's legal arrangements with the defender's lay-offs and what the hand
scores; "Save" stores it through ``services.hand_add`` / ``hand_edit``.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ginscore.engine import CardError, RecordError, parse_cards
from ginscore.engine.cards import SUITS, Card, card_order
from ginscore.matches import selectors, services
from ginscore.matches.card_forms import CardHandForm
from ginscore.matches.records import HandEntry, Pair, match_rules
from ginscore.matches.models import KIND_PARTNERSHIP
from ginscore.matches.views import (
    _adder, _corrector, _next_hand, _pair, _save, _scoring_hand, _stale, _table_hands, posted_number, redrawn,
)

SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": gettext_lazy("spades"), "H": gettext_lazy("hearts"), "D": gettext_lazy("diamonds"),
              "C": gettext_lazy("clubs")}
RANK_FACES = {1: "A", 11: "J", 12: "Q", 13: "K"}


class Chip(NamedTuple):
    """A card as the page draws it."""

    text: str  # "10H", what the text fields take
    face: str  # "10"
    sign: str  # "♥"
    suit: str  # "H"
    label: str  # "10 of hearts"

    @property
    def red(self) -> bool:
        return self.suit in "HD"


def chip(card: Card) -> Chip:
    face = RANK_FACES.get(card.rank, str(card.rank))
    label = _("%(face)s of %(suit)s") % {"face": face, "suit": SUIT_NAMES[card.suit]}
    return Chip(str(card), face, SUIT_SIGNS[card.suit], card.suit, label)


def chips(cards: Iterable[Card]) -> list[Chip]:
    return [chip(c) for c in sorted(cards, key=card_order)]


class ShownPlay(NamedTuple):
    """Both players' cards after a knock: melds, lay-offs and deadwood, for the page."""

    knocker: str
    defender: str
    knocker_melds: list[list[Chip]]
    knocker_deadwood_cards: list[Chip]
    knocker_deadwood: int
    defender_melds: list[list[Chip]]
    layoffs: list[Chip]
    defender_deadwood_cards: list[Chip]
    defender_deadwood: int


def shown_play(names: tuple[str, str], play) -> ShownPlay:
    """A ``KnockPlay`` from the engine as the page shows it; ``names`` is (knocker, defender)."""
    k, d = play.knocker, play.defender
    return ShownPlay(names[0], names[1], [chips(m.cards) for m in k.melds], chips(k.deadwood_cards), k.deadwood,
                     [chips(m.cards) for m in d.melds], chips(d.layoffs), chips(d.deadwood_cards), d.deadwood)


def stored_play(entry: HandEntry, detail, names: tuple[str, str]) -> ShownPlay | None:
    """A stored card hand as the page shows it, from its cards and the engine's ``detail``."""
    if entry.cards is None or not detail:
        return None
    pair = names if isinstance(names, Pair) else Pair(("a", "b"), tuple(names))
    side = dict(zip(pair.seats, pair.names))
    by, other = side[entry.by], side[pair.other(entry.by)]
    cards = {side[s]: set(parse_cards(text)) for s, text in entry.cards.items()}
    melds = {p: [parse_cards(m) for m in detail["melds"].get(p, [])] for p in (by, other)}
    layoffs = parse_cards(detail.get("layoffs", []))
    left = {p: cards[p].difference(*melds[p], layoffs) for p in (by, other)}
    return ShownPlay(by, other, [chips(m) for m in melds[by]], chips(left[by]), detail["deadwood"][by],
                     [chips(m) for m in melds[other]], chips(layoffs), chips(left[other]), detail["deadwood"][other])


def deck_rows() -> list[list[Chip]]:
    """The 52 cards for the picker: a row per rank (ace to king), a column per suit."""
    return [[chip(Card(rank, suit)) for suit in SUITS] for rank in range(1, 14)]


def _counted(match):
    """Skarney and Colonel count every card held: their hands are entered as counts (the pad's form)."""
    return match_rules(match).counts_cards_held


def _back(match, name: str, table: int, *args):
    """A page of this hand for the deadwood entry: per table in a partnership."""
    if match.kind == KIND_PARTNERSHIP:
        return redirect(f"matches:table_{name}", match.pk, table, *args)
    return redirect(f"matches:{name}", match.pk, *args)


def hand_cards_new(request, pk, table=1):
    match, via, hands, number, refused = _next_hand(request, pk, table)
    if refused:
        return refused
    if _counted(match):
        return _back(match, "hand_new", table)
    form = _form(request, match, _pair(match, hands, posted_number(request, hands, table), table),
                 {"number": number, "revision": match.revision})
    return _stale(request, match, form, number, table) or _card_page(
        request, match, hands, form, number, _adder(request, match, hands, number, via, table), editing=False,
        table=table)


def hand_cards_edit(request, pk, number, table=1):
    match, hands, via, refused = _scoring_hand(request, pk, number, table)
    if refused:
        return refused
    if _counted(match):
        return _back(match, "hand_edit", table, number)
    stored = _table_hands(hands, table)[number - 1]
    initial = {**CardHandForm.initial_for(HandEntry.of(stored)), "number": number, "revision": match.revision}
    form = _form(request, match, _pair(match, hands, number, table), initial)
    return _card_page(request, match, hands, form, number, _corrector(request, match, number, via, form, table),
                      editing=True, table=table)


def _form(request, match, pair, initial) -> CardHandForm:
    saving = request.method == "POST" and request.POST.get("action") == "save"
    return CardHandForm(request.POST or None, match=match, pair=pair, initial=initial, saving=saving)


def _card_page(request, match, hands, form, number, save, *, editing, table=1):
    """A POST finds the melds and previews the hand (each arrangement's score); with action=save
    it also saves the chosen one."""
    preview, choices = None, []
    form, problem = redrawn(request, match, form, number,
                            lambda data: CardHandForm(data, match=match, pair=form.pair))
    valid = not problem and request.method == "POST" and form.is_valid()
    if valid or form.chosen:  # (melds found for other cards: the new ones are shown, nothing saved)
        try:
            choices = [(a, selectors.hand_preview(match, hands, form.entry(a), number, table))
                       for a in form.arrangements]
            preview = next(p for a, p in choices if a is form.chosen)
        except (RecordError, CardError) as e:
            form.add_error(None, services.sentence(str(e)))
            choices = []
        else:
            if valid and request.POST.get("action") == "save":
                saved = _save(request, match, form, save, form.entry(), number, preview, editing=editing,
                              table=table)
                if saved:
                    return saved
    names = form.knocker_and_defender()
    return render(request, "matches/hand_cards.html", {
        "match": match, "form": form, "preview": preview, "number": number, "editing": editing,
        "deck": deck_rows(), "chosen": form.chosen,
        "arrangements": [(a, p, shown_play(names, a.play)) for a, p in choices],
        "head": selectors.match_pad(match, hands).head, "pair": form.pair,
        "table": table if match.kind == KIND_PARTNERSHIP else None,
    }, status=400 if problem else 200)

