"""The options of a blank pad, from a query string or the sheets page."""
from __future__ import annotations

from django import forms

from ginscore.engine import PRESETS
from ginscore.sheets.data import Pad

PAPER_CHOICES = [("letter", "Letter"), ("a4", "A4")]


def pad_choices() -> list[tuple[str, str]]:
    """A pad for every preset the engine has (read at each call: a new preset gets its pad)."""
    return [(name, name.capitalize()) for name in PRESETS]


class PadForm(forms.Form):
    style = forms.ChoiceField(choices=pad_choices, initial="standard", label="Rules")
    paper = forms.ChoiceField(choices=PAPER_CHOICES, initial="letter")
    player_a = forms.CharField(max_length=60, required=False, label="First player (optional)")
    player_b = forms.CharField(max_length=60, required=False, label="Second player (optional)")
    per_page = forms.TypedChoiceField(choices=[(1, "One pad a page"), (2, "Two pads a page, side by side")],
                                      coerce=int, initial=1, label="Pads per page")
    pages = forms.IntegerField(min_value=1, max_value=100, initial=1)
    rules_footer = forms.BooleanField(required=False, initial=True, label="Rules summary in the footer")

    def clean(self):
        data = super().clean()
        a, b = (data.get("player_a") or "").strip(), (data.get("player_b") or "").strip()
        if bool(a) != bool(b):
            self.add_error("player_b" if a else "player_a", "Give both players' names, or neither.")
        elif a and a == b:
            self.add_error("player_b", "The two players must be different.")
        return data

    def pad(self) -> Pad:
        d = self.cleaned_data
        a, b = d["player_a"].strip(), d["player_b"].strip()
        return Pad(style=d["style"], paper=d["paper"], players=(a, b) if a else None, per_page=d["per_page"],
                   pages=d["pages"], rules_footer=d["rules_footer"])


def pad_form_from_query(query) -> PadForm:
    """The form bound to a query string (a missing option takes its initial value); unbound for None."""
    if query is None:
        return PadForm()
    data = {name: field.initial for name, field in PadForm.base_fields.items() if field.initial is not None}
    data.update({k: v for k, v in query.items()})
    if "rules_footer" not in query:
        data["rules_footer"] = query.get("submitted") is None  # the page's unticked box sends nothing
    return PadForm(data)
