"""The options of a blank pad, from a query string or the sheets page."""
from __future__ import annotations

from django import forms

from ginscore.engine import PRESETS
from ginscore.engine.rules import FOUR_PLAYER_PRESETS, PRESET_NAMES
from ginscore.sheets.data import TABLE_KINDS, Pad, default_table

WORDS = {2: "two", 3: "three", 4: "four"}
PAPER_CHOICES = [("letter", "Letter"), ("a4", "A4")]


def pad_choices() -> list[tuple[str, str]]:
    """A pad for every preset the engine has (read at each call: a new preset gets its pad)."""
    return [(name, name.capitalize()) for name in PRESETS]


def three_handed_choices() -> list[tuple[str, str]]:
    """The presets a three-handed pad can follow: one game at a time, made for fewer than four."""
    return [(name, label) for name, label in pad_choices()
            if PRESETS[name].columns == 1 and name not in FOUR_PLAYER_PRESETS]


TABLE_CHOICES = [("", "Two players (the Partnership rules: four)"),
                 ("three", "Three players: the dealer sits each hand out"),
                 ("partnership", "Four players in two partnerships")]


class PadForm(forms.Form):
    style = forms.ChoiceField(choices=pad_choices, initial="standard", label="Rules")
    table = forms.ChoiceField(choices=TABLE_CHOICES, initial="", required=False, label="Players at the table")
    paper = forms.ChoiceField(choices=PAPER_CHOICES, initial="letter")
    player_a = forms.CharField(max_length=60, required=False, label="First player (optional)")
    player_b = forms.CharField(max_length=60, required=False, label="Second player (optional)")
    player_c = forms.CharField(max_length=60, required=False,
                               label="Third player (three players; a partnership: the first player's partner)")
    player_d = forms.CharField(max_length=60, required=False,
                               label="Fourth player (a partnership: the second player's partner)")
    team_a = forms.CharField(max_length=60, required=False, label="Team of the first and third (optional)")
    team_b = forms.CharField(max_length=60, required=False, label="Team of the second and fourth (optional)")
    per_page = forms.TypedChoiceField(choices=[(1, "One pad a page"), (2, "Two pads a page, side by side")],
                                      coerce=int, initial=1, label="Pads per page")
    pages = forms.IntegerField(min_value=1, max_value=100, initial=1)
    rules_footer = forms.BooleanField(required=False, initial=True, label="Rules summary in the footer")

    SEATS = ("player_a", "player_b", "player_c", "player_d")

    def clean(self):
        data = super().clean()
        style = data.get("style")
        if style is None:
            return data
        table = data.get("table") or default_table(style)
        if style in FOUR_PLAYER_PRESETS and table != "partnership":
            self.add_error("table", f"The {PRESET_NAMES[style]} rules are for four players in two partnerships.")
            return data
        if table != "two" and PRESETS[style].columns > 1:
            self.add_error("table", "Hollywood is for two players: three or four play one game at a time.")
            return data
        seats = TABLE_KINDS[table]
        names = [(data.get(f) or "").strip() for f in self.SEATS]
        given = [f for f, n in zip(self.SEATS, names) if n]
        for field in self.SEATS[seats:]:
            if field in given:
                self.add_error(field, f"Only {WORDS[seats]} players play at this table: leave it empty.")
        wanted = self.SEATS[:seats]
        if any(f in given for f in wanted) and not all(f in given for f in wanted):
            for field in wanted:
                if field not in given:
                    self.add_error(field, "Give both players' names, or neither." if seats == 2 else
                                   f"Give all {WORDS[seats]} players' names, or none.")
        elif len(set(n.casefold() for n in names[:seats] if n)) < len([n for n in names[:seats] if n]):
            self.add_error(self.SEATS[seats - 1], "The players must be different.")
        teams = [(data.get(f) or "").strip() for f in ("team_a", "team_b")]
        if any(teams) and table != "partnership":
            self.add_error("team_a" if teams[0] else "team_b", "Only a partnership pad has teams.")
        elif bool(teams[0]) != bool(teams[1]):
            self.add_error("team_b" if teams[0] else "team_a", "Give both teams' names, or neither.")
        elif teams[0] and teams[0].casefold() == teams[1].casefold():
            self.add_error("team_b", "The two teams must have different names.")
        return data

    def pad(self) -> Pad:
        d = self.cleaned_data
        table = d.get("table") or default_table(d["style"])
        names = tuple(d[f].strip() for f in self.SEATS[:TABLE_KINDS[table]])
        teams = (d["team_a"].strip(), d["team_b"].strip())
        return Pad(style=d["style"], paper=d["paper"], players=names if names[0] else None, per_page=d["per_page"],
                   pages=d["pages"], rules_footer=d["rules_footer"], table=table, teams=teams if teams[0] else None)


def pad_form_from_query(query) -> PadForm:
    """The form bound to a query string (a missing option takes its initial value); unbound for None."""
    if query is None:
        return PadForm()
    data = {name: field.initial for name, field in PadForm.base_fields.items() if field.initial is not None}
    data.update({k: v for k, v in query.items()})
    if "rules_footer" not in query:
        data["rules_footer"] = query.get("submitted") is None  # the page's unticked box sends nothing
    return PadForm(data)
