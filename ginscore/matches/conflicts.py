"""Two phones saved the same hand: what differs between the hand recorded and the one typed.

Both hands come as the record writes them (``records.entry_to_json``: player names), so what
the table reads is what it said at the table: "How it ended: knock / gin", "Ben's deadwood:
30 / 22". An empty list means the two are the same hand.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ginscore.matches.models import END_CHOICES
from ginscore.matches.rulings import rulings_text

_ENDS = dict(END_CHOICES)
_PLAIN = {"end": gettext_lazy("How it ended"), "by": gettext_lazy("Who ended it"), "upcard": gettext_lazy("Upcard"),
          "bonus": gettext_lazy("Run bonus"), "no_contract": gettext_lazy("Contract meld not laid down"),
          "cards": gettext_lazy("Cards"), "melds": gettext_lazy("Melds")}
_SHOWN = ("end", "by", "deadwood", "upcard", "bonus", "no_contract", "cards", "melds")


@dataclass(frozen=True)
class Difference:
    field: str  # the record's key ("end", "by", "deadwood:Ben", "rulings")
    label: str  # in the table's words
    recorded: str
    typed: str

    def to_json(self) -> dict:
        return {"field": self.field, "label": self.label, "recorded": self.recorded, "typed": self.typed}


def _text(key: str, value: Any) -> str:
    if value is None or value == "" or value is False:
        return _("none") if key != "no_contract" else _("no")
    if value is True:
        return _("yes")
    if key == "end":
        return str(_ENDS.get(value, value))
    if isinstance(value, dict):
        return _(", ").join(f"{k} {' '.join(v) if isinstance(v, list) else v}" for k, v in value.items())
    return str(value)


def hand_differences(recorded: dict, typed: dict, *, counts: bool = False) -> list[Difference]:
    """What differs between two hands as the record writes them; ``counts``: the game counts the
    cards held (Skarney, Colonel) rather than deadwood."""
    out = []
    for key in _SHOWN:
        if key == "deadwood":
            a, b = recorded.get(key) or {}, typed.get(key) or {}
            label = _("%(name)s's count") if counts else _("%(name)s's deadwood")
            for name in dict.fromkeys([*a, *b]):
                if a.get(name) != b.get(name):
                    out.append(Difference(f"deadwood:{name}", label % {"name": name}, _text(key, a.get(name)),
                                          _text(key, b.get(name))))
            continue
        if recorded.get(key) != typed.get(key):
            out.append(Difference(key, str(_PLAIN[key]), _text(key, recorded.get(key)), _text(key, typed.get(key))))
    ruled = rulings_text(recorded), rulings_text(typed)
    if ruled[0] != ruled[1]:
        out.append(Difference("rulings", _("Rulings"), ruled[0] or _("none"), ruled[1] or _("none")))
    return out
