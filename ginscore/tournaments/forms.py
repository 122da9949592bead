"""Set-up forms for a tournament. Each error is attached to the field it is about."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from ginscore.engine import RULE_KEYS, MatchLength, RuleError, rules_from
from ginscore.engine.tournament import DEFAULT_TIEBREAKS, TIEBREAK_NAMES
from ginscore.matches.forms import CHOICES, LENGTHS, MatchForm, _rule_value
from ginscore.matches.models import PRESET_CHOICES
from ginscore.players.names import NameRefused, name_clean
from ginscore.tournaments.models import FIRST_STAGE_CHOICES, FORMAT_CHOICES, SEEDING_CHOICES, TIME_RULE_CHOICES
from ginscore.tournaments.services import TournamentRefused, listed_twice, team_line, teams_named_once

# The tiebreak boxes, first to last.
TIEBREAK_LABELS = [gettext_lazy("1st tiebreak"), gettext_lazy("2nd tiebreak"), gettext_lazy("3rd tiebreak"),
                   gettext_lazy("4th tiebreak"), gettext_lazy("5th tiebreak"), gettext_lazy("6th tiebreak")]
# Each format's own options: the formats ("format" or "format:first_stage") a field is for. The
# form shows only the chosen format's (static/ginscore/formats.js) and ignores the others.
FORMAT_OPTIONS = {"rounds": ("swiss", "two_stage:swiss"), "third_place": ("single", "two_stage"),
                  "double_round": ("roundrobin", "two_stage:roundrobin"),
                  "groups": ("roundrobin", "two_stage:roundrobin"), "first_stage": ("two_stage",),
                  "playoff_size": ("two_stage",)}
OPTION_DEFAULTS = {"rounds": None, "third_place": False, "double_round": False, "groups": 1,
                   "first_stage": "swiss", "playoff_size": 8}


def option_applies(name: str, format: str, first_stage: str) -> bool:
    """Whether the option ``name`` belongs to ``format`` (with its ``first_stage``)."""
    return any(f in (format, f"{format}:{first_stage}") for f in FORMAT_OPTIONS.get(name, (format,)))
TIEBREAK_CHOICES = [("", pgettext_lazy("tiebreak", "(none)"))] + list(TIEBREAK_NAMES.items())


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=100, label=gettext_lazy("Name"))
    format = forms.ChoiceField(choices=FORMAT_CHOICES, initial="swiss", label=gettext_lazy("Format"),
                               widget=forms.RadioSelect(attrs=CHOICES))
    rounds = forms.IntegerField(min_value=1, max_value=50, required=False, label=gettext_lazy("Swiss rounds"),
                                help_text=gettext_lazy("Swiss (and a Swiss first stage): blank for enough rounds to find "
                                                       "a winner."))
    third_place = forms.BooleanField(required=False, label=gettext_lazy("Third-place match"),
                                     help_text=gettext_lazy("Single elimination (and a two-stage knockout)."))
    double_round = forms.BooleanField(required=False, label=gettext_lazy("Double round robin"),
                                      help_text=gettext_lazy("Everyone meets twice."))
    groups = forms.IntegerField(min_value=1, max_value=64, initial=1, label=gettext_lazy("Round-robin groups"))
    first_stage = forms.ChoiceField(choices=FIRST_STAGE_CHOICES, initial="swiss", label=gettext_lazy("Two stages: first stage"),
                                    widget=forms.RadioSelect(attrs=CHOICES))
    playoff_size = forms.IntegerField(min_value=2, max_value=512, initial=8, 
                                      label=gettext_lazy("Two stages: players to the knockout"))
    doubles = forms.BooleanField(required=False, label=gettext_lazy("Doubles: teams of two"),
                                 help_text=gettext_lazy("Entries are partnerships; every match is played at two tables a "
                                                        "deal (choose the Partnership rules for game to 125)."))
    preset = forms.ChoiceField(choices=PRESET_CHOICES, initial="standard", label=gettext_lazy("Rules"),
                               widget=forms.RadioSelect(attrs=CHOICES))
    length = forms.ChoiceField(choices=LENGTHS, initial="target", label=gettext_lazy("One tournament match is"),
                               widget=forms.RadioSelect(attrs=CHOICES))
    games = forms.IntegerField(min_value=1, max_value=99, required=False, label=gettext_lazy("K (best of K games)"))
    seeding = forms.ChoiceField(choices=SEEDING_CHOICES, initial="manual", label=gettext_lazy("Seeding"),
                                widget=forms.RadioSelect(attrs=CHOICES))
    tables = forms.IntegerField(min_value=1, max_value=999, required=False, label=gettext_lazy("Tables in the room"),
                                help_text=gettext_lazy("Blank: a table for every match."))
    round_minutes = forms.IntegerField(min_value=1, max_value=600, required=False, label=gettext_lazy("Round time limit (minutes)"),
                                       help_text=gettext_lazy("The clock the director starts each round with. Blank: no "
                                                              "usual limit."))
    time_rule = forms.ChoiceField(choices=TIME_RULE_CHOICES, initial="match", required=False,
                                  label=gettext_lazy("When time is called, decide"),
                                  widget=forms.RadioSelect(attrs=CHOICES),
                                  help_text=gettext_lazy("After the hand in play is finished."))
    agree = forms.BooleanField(required=False, label=gettext_lazy("Both players agree"),
                               help_text=gettext_lazy("Each hand entered at a table counts for the tournament once the "
                                                      "other player confirms it (on their phone, or by tapping their "
                                                      "name)."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for i, label in enumerate(TIEBREAK_LABELS):
            self.fields[f"tiebreak_{i}"] = forms.ChoiceField(
                choices=TIEBREAK_CHOICES, required=False, label=label,
                initial=DEFAULT_TIEBREAKS[i] if i < len(DEFAULT_TIEBREAKS) else "")
        rule_fields = MatchForm().fields
        for key in RULE_KEYS:
            self.fields[f"rule_{key}"] = rule_fields[f"rule_{key}"]
        for name, formats in FORMAT_OPTIONS.items():
            self.fields[name].formats = " ".join(formats)   # the field's box says which formats it is for

    @classmethod
    def initial_from(cls, t) -> dict:
        """The form's values for a stored tournament (editing the set-up)."""
        def text(v):
            return "off" if v is None else ("yes" if v is True else "no" if v is False else str(v))

        length = t.length_kind
        if length == "best_of" and t.length_games == 1:
            length = "one_game"
        initial = {"name": t.name, "format": t.format, "rounds": t.rounds, "third_place": t.third_place,
                   "double_round": t.double_round, "groups": t.groups, "first_stage": t.first_stage,
                   "playoff_size": t.playoff_size, "doubles": t.doubles, "preset": t.preset, "length": length, "games": t.length_games,
                   "seeding": t.seeding, "tables": t.tables, "round_minutes": t.round_minutes,
                   "time_rule": t.time_rule, "agree": t.agree}
        initial.update({f"tiebreak_{i}": t.tiebreaks[i] if i < len(t.tiebreaks) else "" for i in range(len(TIEBREAK_LABELS))})
        initial.update({f"rule_{k}": text(v) for k, v in (t.rule_overrides or {}).items()})
        return initial

    def main_fields(self):
        return [self[n] for n in ("name", "format", "rounds", "third_place", "double_round", "groups", "first_stage",
                                  "playoff_size", "doubles", "preset", "length", "games", "seeding", "tables", "round_minutes",
                                  "time_rule", "agree")]

    def tiebreak_fields(self):
        return [self[f"tiebreak_{i}"] for i in range(len(TIEBREAK_LABELS))]

    def rule_fields(self):
        return [self[f"rule_{k}"] for k in RULE_KEYS]

    def clean(self):
        data = super().clean()
        fmt = data.get("format", "")
        first_stage = data.get("first_stage") if option_applies("first_stage", fmt, "") else "swiss"
        for name, default in OPTION_DEFAULTS.items():   # another format's options: hidden, so not checked
            if not option_applies(name, fmt, first_stage or ""):
                self.errors.pop(name, None)
                data[name] = default
        order = [data.get(f"tiebreak_{i}") for i in range(len(TIEBREAK_LABELS))]
        chosen = [k for k in order if k]
        for i, key in enumerate(order):
            if key and order.index(key) != i:
                self.add_error(f"tiebreak_{i}", _("%(tiebreak)s is already chosen above.") % {"tiebreak": TIEBREAK_NAMES[key]})
        if not chosen:
            self.add_error("tiebreak_0", _("Choose at least one tiebreak."))
        data["tiebreaks"] = chosen
        spec = {"preset": data.get("preset") or "standard"}
        for key in RULE_KEYS:
            if (text := data.get(f"rule_{key}", "")).strip():
                spec[key] = _rule_value(text)
        try:
            rules = rules_from(spec)
            data["rule_overrides"] = rules.overrides()
            if data.get("doubles") and rules.columns != 1:
                self.add_error("doubles", _("A doubles event plays one game at a time: Hollywood is for two players."))
        except RuleError as e:
            key = e.field or str(e).split(":", 1)[0]
            self.add_error(f"rule_{key}" if key in RULE_KEYS else None, str(e))
        kind = data.get("length")
        if kind == "best_of" and not data.get("games"):
            self.add_error("games", _("Give K, the number of games (best of K)."))
        elif kind == "one_game":
            data["match_length"] = MatchLength("best_of", 1)
        elif kind == "best_of":
            data["match_length"] = MatchLength("best_of", data["games"])
        elif kind:
            data["match_length"] = MatchLength(kind)
        return data

    def options(self) -> dict:
        d = self.cleaned_data
        return {"name": d["name"], "format": d["format"], "preset": d["preset"], "rule_overrides": d["rule_overrides"],
                "length": d["match_length"], "seeding": d["seeding"], "tiebreaks": d["tiebreaks"],
                "rounds": d["rounds"], "third_place": d["third_place"], "double_round": d["double_round"],
                "groups": d["groups"], "first_stage": d["first_stage"], "playoff_size": d["playoff_size"],
                "tables": d["tables"], "round_minutes": d["round_minutes"], "time_rule": d["time_rule"] or "match",
                "doubles": d["doubles"], "agree": d["agree"]}


class EntriesForm(forms.Form):
    names = forms.CharField(widget=forms.Textarea(attrs={"rows": 10}), label=gettext_lazy("Players, one per line"),
                            help_text=gettext_lazy("In seed order (best first) when the seeding is as listed."))

    def __init__(self, *args, doubles: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.doubles = doubles
        if doubles:
            self.fields["names"].label = gettext_lazy("Teams, one per line")
            self.fields["names"].help_text = gettext_lazy('"Ann & Cat", or "North: Ann & Cat" to name the team; in '
                                                          "seed order (best first) when the seeding is as listed.")

    def clean_names(self):
        names = [" ".join(line.split()) for line in self.cleaned_data["names"].splitlines()]
        names = [n for n in names if n]
        if len(names) < 2:
            raise forms.ValidationError(_("A tournament needs at least 2 teams.") if self.doubles else
                                        _("A tournament needs at least 2 players."))
        if self.doubles:
            return self._teams(names)
        problems = []
        for i, name in enumerate(names, 1):
            try:
                names[i - 1] = name_clean(name)
            except NameRefused as e:
                problems.append(_("Line %(line)s: this name %(reason)s.") % {"line": i, "reason": e.reason})
        if problems:
            raise forms.ValidationError(problems)
        twice = listed_twice(names)
        if twice:
            raise forms.ValidationError(_("Listed twice: %(names)s.") % {"names": ", ".join(twice)})
        return names

    def _teams(self, lines: list[str]) -> list[str]:
        problems, people, teams = [], [], []
        for i, line in enumerate(lines, 1):
            try:
                team, *pair = team_line(line)
                for name in [team, *pair] if team else pair:
                    name_clean(name)
                people += pair
                teams.append((i, team, *pair))
            except TournamentRefused as e:
                problems.append(_("Line %(line)s: %(reason)s") % {"line": i, "reason": str(e).removeprefix("entries: ")})
            except NameRefused as e:
                problems.append(_("Line %(line)s: a name %(reason)s.") % {"line": i, "reason": e})
        if problems:
            raise forms.ValidationError(problems)
        twice = listed_twice(people)
        if twice:
            raise forms.ValidationError(_("In two teams (or twice in one): %(names)s.") % {"names": ", ".join(twice)})
        try:
            teams_named_once(teams)
        except TournamentRefused as e:
            raise forms.ValidationError(str(e).removeprefix("entries: ")) from None
        return lines


class LateEntryForm(forms.Form):
    name = forms.CharField(max_length=200, label=gettext_lazy("Late entry"),
                           help_text=gettext_lazy('Paired from the next round. Doubles: "Ann & Cat".'))


class CopyForm(forms.Form):
    """Next week's event from this one."""
    name = forms.CharField(max_length=100, required=False, label=gettext_lazy("Name of the new event"),
                           help_text=gettext_lazy("Blank: the same name."))
    entries = forms.BooleanField(required=False, label=gettext_lazy("The same entries, as sign-ups to confirm"),
                                 help_text=gettext_lazy("Each player (or pair) still in at the end is signed up; "
                                                        "accept them at the desk. Never the results."))
