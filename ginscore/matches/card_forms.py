"""The form of a hand entered as cards: who knocked, both hands, the upcard, the knocker's melds.

The hand's end follows from the cards (the spec: "end must agree with the
cards"): eleven cards all melded are a big gin, ten with no deadwood a gin,
anything else a knock, which must be within the knock limit. The knocker's
melds are one of their legal arrangements (``knock_plays``): the spec's
choice first, then the others; a choice other than the first is stored as
named melds. Each error is attached to the field it is about.
"""
from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ginscore.engine import CardError, format_cards, parse_card, parse_cards
from ginscore.engine.card_hands import HAND_SIZE
from ginscore.engine.cards import Card
from ginscore.engine.hands import knock_limit_text
from ginscore.engine.layoffs import KnockPlay, defender_play, knock_plays
from ginscore.engine.melds import eleven
from ginscore.matches.forms import HandForm, PadFields
from ginscore.matches.records import HandEntry, Pair, match_rules, two
from ginscore.matches.ruling_forms import RulingFields
from ginscore.matches.services import sentence

MOST_SHOWN = 12  # arrangements offered to the knocker, the spec's choice first
_CARD_INPUT = {"autocapitalize": "characters", "autocomplete": "off", "spellcheck": "false"}


def arrangement_key(play: KnockPlay) -> str:
    """The knocker's melds as one form value: ``"7H 7D 7C/JS QS KS"``."""
    return "/".join(str(m) for m in play.knocker.melds)


@dataclass(frozen=True)
class Arrangement:
    """One way the knocker can lay down, as the page shows it."""

    key: str
    play: KnockPlay
    first: bool  # the spec's choice (stored without naming the melds)

    @property
    def knocker_deadwood(self) -> int:
        return self.play.knocker.deadwood

    @property
    def defender_deadwood(self) -> int:
        return self.play.defender.deadwood


class CardHandForm(RulingFields, PadFields):
    """The hand's two players (its ``Pair``: a two-player match's, the two who did not deal a
    three-handed hand, a partnership table's), their cards and the director's rulings (a player
    ruled short of n cards holds n fewer)."""

    by = forms.ChoiceField(choices=[("a", "A"), ("b", "B")], label=gettext_lazy("Who knocked or went gin?"),
                           widget=forms.RadioSelect(attrs={"class": "choices"}))
    knocker_cards = forms.CharField(
        max_length=80, label=gettext_lazy("Knocker's cards"),
        widget=forms.TextInput(attrs={**_CARD_INPUT, "placeholder": "7H 7D 7C JS QS KS 5S 2C AD 3H"}),
        help_text=gettext_lazy("The 10 cards kept after the last discard (all 11 for a big gin)."))
    defender_cards = forms.CharField(
        max_length=80, label=gettext_lazy("Defender's cards"),
        widget=forms.TextInput(attrs={**_CARD_INPUT, "placeholder": "10S 2H 2D KD KH KC 8C 6H 5D AC"}),
        help_text=gettext_lazy("All 10 (fewer when a ruling says the defender was short)."))
    upcard = forms.CharField(max_length=3, required=False, label=gettext_lazy("Upcard"),
                             widget=forms.TextInput(attrs={**_CARD_INPUT,
                                                           "placeholder": gettext_lazy("e.g. 7S, 10H, KC")}))
    arrangement = forms.CharField(required=False, widget=forms.HiddenInput)  # shown as radio choices by the page

    clean_upcard = HandForm.clean_upcard

    def __init__(self, *args, match, pair: Pair | None = None, saving: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.rules = match_rules(match)
        self.saving = saving
        self.pair = pair or two((match.player_a.name, match.player_b.name))
        self.names = dict(zip(self.pair.seats, self.pair.names))
        self.fields["by"].choices = list(self.names.items())
        self.add_ruling_fields(self.pair, self.rules)
        if self.rules.oklahoma:
            self.fields["upcard"].help_text = _("Needed: under Oklahoma rules the upcard sets the knock limit.")
        elif self.rules.spade_double:
            self.fields["upcard"].help_text = _("A spade upcard doubles the hand.")
        self.arrangements: list[Arrangement] = []
        self.chosen: Arrangement | None = None
        self.end = ""

    def card_fields(self):
        return [self["knocker_cards"], self["defender_cards"], self["upcard"]]

    def knocker_and_defender(self) -> tuple[str, str]:
        """The players' names, the knocker's first (player A's until a knocker is given)."""
        by = self["by"].value() if self["by"].value() in self.names else self.pair.seats[0]
        return self.names[by], self.names[self.pair.other(by)]

    def _cards(self, name: str) -> tuple[Card, ...]:
        text = self.cleaned_data.get(name, "")
        try:
            return parse_cards(text)
        except CardError as e:
            raise forms.ValidationError(sentence(str(e))) from None

    def clean_knocker_cards(self):
        return self._cards("knocker_cards")

    def clean_defender_cards(self):
        return self._cards("defender_cards")

    def _short(self, data: dict, seat: str | None) -> int:
        """How many cards a ruling says the player in ``seat`` was short of (0: none)."""
        return (data.get(f"ruling_missing_{seat}") or 0) if seat else 0

    def _check_counts(self, data: dict) -> None:
        """Ten cards each (eleven for a big gin); a player ruled short of n cards holds n fewer."""
        by = data.get("by")
        other = self.pair.other(by) if by in self.names else None
        for field, seat in (("knocker_cards", by), ("defender_cards", other)):
            cards = data.get(field)
            if cards is None:
                continue
            short = self._short(data, seat)
            held = HAND_SIZE - short
            knocker = field == "knocker_cards"
            allowed = (held, held + 1) if knocker else (held,)
            if len(cards) not in allowed:
                values = {"held": held, "eleven": held + 1, "count": len(cards), "short": short,
                          "name": self.names.get(seat, "")}
                if knocker and short:
                    text = _("Give the knocker's %(held)s cards (%(eleven)s for a big gin) (%(name)s was ruled "
                             "%(short)s short), not %(count)s.")
                elif knocker:
                    text = _("Give the knocker's %(held)s cards (%(eleven)s for a big gin), not %(count)s.")
                elif short:
                    text = _("Give the defender's %(held)s cards (%(name)s was ruled %(short)s short), not %(count)s.")
                else:
                    text = _("Give the defender's %(held)s cards, not %(count)s.")
                self.add_error(field, text % values)

    def clean(self):
        data = super().clean()
        self.clean_rulings(data, None)
        self._check_counts(data)
        upcard = data.get("upcard")
        if self.rules.oklahoma and "upcard" in data and not upcard:
            self.add_error("upcard", _("Give the upcard: under Oklahoma rules it sets the knock limit."))
        knocker, defender = data.get("knocker_cards"), data.get("defender_cards")
        if knocker is None or defender is None or not data.get("by") or self.errors:
            return data
        both = sorted(set(knocker) & set(defender))
        if both:
            self.add_error("defender_cards", ngettext("%(cards)s is in both hands: a card is held once.",
                                                     "%(cards)s are in both hands: a card is held once.", len(both))
                           % {"cards": format_cards(both)})
            return data
        self._arrange(knocker, defender, parse_card(upcard) if upcard else None)
        return data

    def _arrange(self, knocker, defender, upcard) -> None:
        """The knocker's legal arrangements, the end, and the one chosen."""
        who = self.names[self.cleaned_data["by"]]
        how = self.rules.meld_rules  # Sequence Gin: runs only, and its bonus breaks ties
        if len(knocker) == HAND_SIZE + 1 - self._short(self.cleaned_data, self.cleaned_data["by"]):
            found = eleven(knocker, how)
            if not found.big_gin:
                self.add_error("knocker_cards", _("These 11 cards are not a big gin (all 11 melded): give the 10 "
                                                  "%(who)s kept (discarding %(discard)s leaves %(deadwood)s).")
                               % {"who": who, "discard": found.discard, "deadwood": found.arrangement.deadwood})
                return
            self.end = "big_gin"
            plays = [KnockPlay(found.arrangement, defender_play(defender, found.arrangement, how))]
        else:
            least = knock_plays(knocker, defender, meld_rules=how)[0].knocker
            limit = self.rules.knock_limit_for(upcard)
            if least.deadwood > limit and not self.knock_accepted():
                self.add_error("knocker_cards", _("%(who)s's cards leave at least %(deadwood)s deadwood (%(cards)s); "
                                                  "%(limit)s, so this is no knock.")
                               % {"who": who, "deadwood": least.deadwood, "cards": format_cards(least.deadwood_cards),
                                  "limit": knock_limit_text(limit)})
                return
            plays = knock_plays(knocker, defender, max_deadwood=max(limit, least.deadwood) if least.deadwood else 0,
                                meld_rules=how)[:MOST_SHOWN]
        self.arrangements = [Arrangement(arrangement_key(p), p, i == 0) for i, p in enumerate(plays)]
        wanted = self.cleaned_data.get("arrangement") or self.arrangements[0].key
        self.chosen = next((a for a in self.arrangements if a.key == wanted), None)
        if self.chosen is None:
            self.chosen = self.arrangements[0]
            if self.saving:
                self.add_error("arrangement", _("The cards changed since the melds were found: choose the melds "
                                                "again."))
        if self.end != "big_gin":
            self.end = "gin" if self.chosen.knocker_deadwood == 0 else "knock"

    def entry(self, arrangement: Arrangement | None = None) -> HandEntry:
        """The hand in the stored shape with the chosen (or this) arrangement: cards by side, the
        melds named only when they are not the spec's choice."""
        d = self.cleaned_data
        by, chosen = d["by"], arrangement or self.chosen
        cards = {by: format_cards(d["knocker_cards"]), self.pair.other(by): format_cards(d["defender_cards"])}
        melds = None if chosen.first else {by: [m.texts() for m in chosen.play.knocker.melds]}
        end = self.end if self.end == "big_gin" else ("gin" if chosen.knocker_deadwood == 0 else "knock")
        knocker_dw = chosen.knocker_deadwood if end == "knock" else None
        return HandEntry(end, by, knocker_dw, chosen.defender_deadwood, d.get("upcard", ""), cards, melds,
                         rulings=self.rulings())

    @classmethod
    def initial_for(cls, entry: HandEntry) -> dict:
        """A stored card hand back in the form (its melds chosen as stored)."""
        kept = cls.rulings_initial(entry.rulings)
        if entry.cards is None:
            return {"by": entry.by, "upcard": entry.upcard, **kept}
        melds = (entry.melds or {}).get(entry.by)
        other = next((s for s in entry.cards if s != entry.by), "")
        return {"by": entry.by, "upcard": entry.upcard, "knocker_cards": entry.cards.get(entry.by, ""),
                "defender_cards": entry.cards.get(other, ""), **kept,
                "arrangement": "/".join(" ".join(str(c) for c in parse_cards(m)) for m in melds) if melds else ""}
