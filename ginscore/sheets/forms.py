"""The options of a blank pad, from a query string or the sheets page."""
from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ginscore.engine import PRESETS
from ginscore.engine.rules import FOUR_PLAYER_PRESETS, PRESET_NAMES
from ginscore.players.names import NAME_MAX
from ginscore.sheets.data import TABLE_KINDS, Pad, default_table

WORDS = {2: gettext_lazy("two"), 3: gettext_lazy("three"), 4: gettext_lazy("four")}  # players at a table
PAPER_CHOICES = [("letter", gettext_lazy("Letter")), ("a4", "A4")]


def pad_choices() -> list[tuple[str, str]]:
    """A pad for every preset the engine has (read at each call: a new preset gets its pad)."""
    return [(name, str(PRESET_NAMES.get(name, name.capitalize()))) for name in PRESETS]


def language_choices() -> list[tuple[str, str]]:
    """The languages a sheet prints in, each in its own name ("Français")."""
    return list(settings.LANGUAGES)


def three_handed_choices() -> list[tuple[str, str]]:
    """The presets a three-handed pad can follow: one game at a time, made for fewer than four."""
    return [(name, label) for name, label in pad_choices()
            if PRESETS[name].columns == 1 and name not in FOUR_PLAYER_PRESETS]


TABLE_CHOICES = [("", gettext_lazy("Two players (the Partnership rules: four)")),
                 ("three", gettext_lazy("Three players: the dealer sits each hand out")),
                 ("partnership", gettext_lazy("Four players in two partnerships"))]


class PadForm(forms.Form):
    style = forms.ChoiceField(choices=pad_choices, initial="standard", label=gettext_lazy("Rules"))
    table = forms.ChoiceField(choices=TABLE_CHOICES, initial="", required=False,
                              label=gettext_lazy("Players at the table"))
    paper = forms.ChoiceField(choices=PAPER_CHOICES, initial="letter", label=gettext_lazy("Paper"))
    language = forms.ChoiceField(choices=language_choices, required=False, label=gettext_lazy("Language of the sheet"))
    player_a = forms.CharField(max_length=NAME_MAX, required=False, label=gettext_lazy("First player (optional)"))
    player_b = forms.CharField(max_length=NAME_MAX, required=False, label=gettext_lazy("Second player (optional)"))
    player_c = forms.CharField(max_length=NAME_MAX, required=False, label=gettext_lazy(
        "Third player (three players; a partnership: the first player's partner)"))
    player_d = forms.CharField(max_length=NAME_MAX, required=False,
                               label=gettext_lazy("Fourth player (a partnership: the second player's partner)"))
    team_a = forms.CharField(max_length=NAME_MAX, required=False, label=gettext_lazy("Team of the first and third (optional)"))
    team_b = forms.CharField(max_length=NAME_MAX, required=False,
                             label=gettext_lazy("Team of the second and fourth (optional)"))
    per_page = forms.TypedChoiceField(choices=[(1, gettext_lazy("One pad a page")),
                                               (2, gettext_lazy("Two pads a page, side by side"))],
                                      coerce=int, initial=1, label=gettext_lazy("Pads per page"))
    pages = forms.IntegerField(min_value=1, max_value=100, initial=1, label=gettext_lazy("Pages"))
    rules_footer = forms.BooleanField(required=False, initial=True, label=gettext_lazy("Rules summary in the footer"))

    SEATS = ("player_a", "player_b", "player_c", "player_d")

    def clean(self):
        data = super().clean()
        style = data.get("style")
        if style is None:
            return data
        table = data.get("table") or default_table(style)
        if style in FOUR_PLAYER_PRESETS and table != "partnership":
            self.add_error("table", _("The %(rules)s rules are for four players in two partnerships.")
                           % {"rules": PRESET_NAMES[style]})
            return data
        if table != "two" and PRESETS[style].columns > 1:
            self.add_error("table", _("Hollywood is for two players: three or four play one game at a time."))
            return data
        seats = TABLE_KINDS[table]
        names = [(data.get(f) or "").strip() for f in self.SEATS]
        given = [f for f, n in zip(self.SEATS, names) if n]
        for field in self.SEATS[seats:]:
            if field in given:
                self.add_error(field, _("Only %(n)s players play at this table: leave it empty.") % {"n": WORDS[seats]})
        wanted = self.SEATS[:seats]
        if any(f in given for f in wanted) and not all(f in given for f in wanted):
            for field in wanted:
                if field not in given:
                    self.add_error(field, _("Give both players' names, or neither.") if seats == 2 else
                                   _("Give all %(n)s players' names, or none.") % {"n": WORDS[seats]})
        elif len(set(n.casefold() for n in names[:seats] if n)) < len([n for n in names[:seats] if n]):
            self.add_error(self.SEATS[seats - 1], _("The players must be different."))
        teams = [(data.get(f) or "").strip() for f in ("team_a", "team_b")]
        if any(teams) and table != "partnership":
            self.add_error("team_a" if teams[0] else "team_b", _("Only a partnership pad has teams."))
        elif bool(teams[0]) != bool(teams[1]):
            self.add_error("team_b" if teams[0] else "team_a", _("Give both teams' names, or neither."))
        elif teams[0] and teams[0].casefold() == teams[1].casefold():
            self.add_error("team_b", _("The two teams must have different names."))
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
    from ginscore.club.setup import paper

    if query is None:
        return PadForm(initial={"paper": paper()})
    data = {name: field.initial for name, field in PadForm.base_fields.items() if field.initial is not None}
    data["paper"] = paper()   # the club's, unless the query says
    data.update({k: v for k, v in query.items()})
    if "rules_footer" not in query:
        data["rules_footer"] = query.get("submitted") is None  # the page's unticked box sends nothing
    return PadForm(data)
