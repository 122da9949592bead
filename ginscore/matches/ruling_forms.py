"""The director's rulings as a part of a hand form (the deadwood form and the card form).

``RulingFields`` adds four rulings (seed 000) for the hand's two players only (its ``Pair``:
a two-player match's players, the two who played a three-handed hand, a partnership table's
two): short of N cards, held too many cards, no bonus, and a knock over the limit the
defender accepted. The page shows them folded away (``matches/_rulings.html``), open when a
ruling is set or has an error. Fields are named by seat letter (``ruling_missing_b``).
"""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from ginscore.matches.lazy import lazy_format
from ginscore.matches.records import Pair
from ginscore.matches.rulings import SEED_EXTRA, SEED_KNOCK_ACCEPTED, SEED_MISSING, SEED_NO_BONUS

MOST_MISSING = 10
MISSING_RANGE = lazy_format(gettext_lazy("A player can be short of 1 to %(most)s cards (empty: none missing)."),
                            most=MOST_MISSING)
KINDS = ("missing", "extra", "no_bonus")
# "this hand ended in ...": each end but a knock
ENDED_IN = {"gin": pgettext_lazy("ended in", "a gin"), "big_gin": pgettext_lazy("ended in", "a big gin"),
            "dead": pgettext_lazy("ended in", "dead hand"), "out": pgettext_lazy("ended in", "went out"),
            "stock_out": pgettext_lazy("ended in", "stock ran out"), "challenge": pgettext_lazy("ended in", "challenge")}


class RulingFields:
    """Mix into a ``forms.Form``; call ``add_ruling_fields(pair, rules)`` in ``__init__``,
    ``clean_rulings(data, end)`` in ``clean`` and ``rulings()`` when building the entry."""

    ruling_pair: Pair | None = None

    def add_ruling_fields(self, pair: Pair, rules) -> None:
        self.ruling_pair = pair
        for seat, name in zip(pair.seats, pair.names):
            self.fields[f"ruling_missing_{seat}"] = forms.IntegerField(
                min_value=1, max_value=MOST_MISSING, required=False, label=name,
                error_messages={"min_value": MISSING_RANGE, "max_value": MISSING_RANGE,
                                "invalid": MISSING_RANGE},
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off",
                                                "placeholder": "0"}))
            self.fields[f"ruling_extra_{seat}"] = forms.BooleanField(required=False, label=name)
            self.fields[f"ruling_no_bonus_{seat}"] = forms.BooleanField(required=False, label=name)
        if "knock" in rules.ends:
            self.fields["ruling_knock_accepted"] = forms.BooleanField(
                required=False, label=gettext_lazy("The defender accepted the knock as legal"))

    # What the template shows, one group per ruling, each with the seed's sentence.

    def ruling_groups(self) -> list[dict]:
        if self.ruling_pair is None:
            return []
        groups = [
            {"key": "missing", "title": _("Short of cards (how many)"),
             "seed": _(SEED_MISSING), "numbers": True},
            {"key": "extra", "title": _("Held too many cards"), "seed": _(SEED_EXTRA)},
            {"key": "no_bonus", "title": _("No bonus (took back an illegal knock)"), "seed": _(SEED_NO_BONUS)},
        ]
        for g in groups:
            g["fields"] = [self[f"ruling_{g['key']}_{seat}"] for seat in self.ruling_pair.seats]
        if "ruling_knock_accepted" in self.fields:
            groups.append({"key": "knock_accepted", "title": _("Knock over the limit, accepted"),
                           "seed": _(SEED_KNOCK_ACCEPTED), "fields": [self["ruling_knock_accepted"]]})
        return groups

    def ruling_field_names(self) -> list[str]:
        return [name for name in self.fields if name.startswith("ruling_")]

    def rulings_open(self) -> bool:
        """The rulings are shown unfolded when one is set or has an error."""
        return any(self[name].value() not in (None, "", False, "0") or self[name].errors
                   for name in self.ruling_field_names())

    def knock_accepted(self) -> bool:
        field = "ruling_knock_accepted"
        if field not in self.fields:
            return False
        if hasattr(self, "cleaned_data") and field in self.cleaned_data:
            return bool(self.cleaned_data[field])
        return bool(self[field].value())

    def clean_rulings(self, data: dict, end: str | None) -> None:
        """Checks the rulings against each other and the hand; errors go on the ruling's field."""
        if self.ruling_pair is None:
            return
        for seat, name in zip(self.ruling_pair.seats, self.ruling_pair.names):
            if data.get(f"ruling_missing_{seat}") and data.get(f"ruling_extra_{seat}"):
                self.add_error(f"ruling_extra_{seat}", _("%(name)s cannot be both short of cards and holding too "
                                                         "many: give one of the two.") % {"name": name})
        if data.get("ruling_knock_accepted") and end and end != "knock":
            ended = ENDED_IN.get(end, end.replace("_", " "))
            self.add_error("ruling_knock_accepted", _("Only a knock can be accepted over the limit: this hand ended "
                                                      "in %(end)s.") % {"end": ended})

    def rulings(self) -> dict | None:
        """The rulings set, by seat letter (the stored shape), or None."""
        if self.ruling_pair is None:
            return None
        d = self.cleaned_data
        seats = self.ruling_pair.seats
        out: dict = {}
        missing = {s: d[f"ruling_missing_{s}"] for s in seats if d.get(f"ruling_missing_{s}")}
        if missing:
            out["missing_cards"] = missing
        for kind, key in (("extra", "extra_cards"), ("no_bonus", "no_bonus")):
            named = [s for s in seats if d.get(f"ruling_{kind}_{s}")]
            if named:
                out[key] = named
        if d.get("ruling_knock_accepted"):
            out["knock_accepted"] = True
        return out or None

    @staticmethod
    def rulings_initial(rulings) -> dict:
        """A stored hand's rulings back in the form (a correction keeps them)."""
        if not rulings:
            return {}
        out: dict = {f"ruling_missing_{s}": n for s, n in (rulings.get("missing_cards") or {}).items()}
        for kind, key in (("extra", "extra_cards"), ("no_bonus", "no_bonus")):
            out.update({f"ruling_{kind}_{s}": True for s in rulings.get(key) or ()})
        if rulings.get("knock_accepted"):
            out["ruling_knock_accepted"] = True
        return out
