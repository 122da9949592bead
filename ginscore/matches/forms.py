"""Forms for a new match and for a hand. Each error is attached to the field it is about."""
from __future__ import annotations

from dataclasses import replace

from django import forms
from django.template.loader import render_to_string
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from ginscore.club.forms_renderer import kept_render
from ginscore.engine import PRESETS, RULE_KEYS, CardError, MatchLength, RuleError, describe_rules, parse_card, rules_from
from ginscore.engine.hands import MAX_BONUS, MAX_DEADWOOD
from ginscore.engine.rules import FOUR_PLAYER_PRESETS, PRESET_NAMES, PRESET_SUMMARIES
from ginscore.matches.lazy import lazy_format
from ginscore.matches.bounds import MAX_HANDS, stake_problem
from ginscore.matches.models import END_CHOICES, PRESET_CHOICES, PRESET_LABELS
from ginscore.matches.records import HandEntry, Pair, two
from ginscore.matches.ruling_forms import RulingFields
from ginscore.players.models import Player
from ginscore.players.names import NAME_MAX, NameRefused, name_clean, name_key

CHOICES = {"class": "choices"}


PLAYER_COUNTS = [("2", gettext_lazy("Two players")), ("3", gettext_lazy("Three (the dealer sits out)")),
                 ("4", gettext_lazy("Four: two partnerships"))]
SEAT_FIELDS = ("player_a", "player_b", "player_c", "player_d")
SEAT_LABELS = {"player_a": gettext_lazy("player A"), "player_b": gettext_lazy("player B"),
               "player_c": gettext_lazy("player C"), "player_d": gettext_lazy("player D")}
TEAM_NAME_LENGTH = gettext_lazy("A team name is at most %(limit_value)d characters (this one has %(show_value)d).")


def _name_input():
    return forms.TextInput(attrs={"list": "player-names", "autocomplete": "off"})
LENGTHS = [("target", gettext_lazy("To the match target")), ("one_game", gettext_lazy("One game")),
           ("best_of", gettext_lazy("Best of K games")), ("set", gettext_lazy("One set (Hollywood: three games)"))]
_MEANINGS = dict(describe_rules())


# Each rule's name on its box, in the reader's language (English: the rule's key in words).
RULE_LABELS = {
    "knock_limit": pgettext_lazy("rule", "knock limit"), "oklahoma": pgettext_lazy("rule", "oklahoma"),
    "oklahoma_ace": pgettext_lazy("rule", "oklahoma ace"), "spade_double": pgettext_lazy("rule", "spade double"),
    "gin_bonus": pgettext_lazy("rule", "gin bonus"), "big_gin_bonus": pgettext_lazy("rule", "big gin bonus"),
    "undercut_bonus": pgettext_lazy("rule", "undercut bonus"), "gin_off_bonus": pgettext_lazy("rule", "gin off bonus"),
    "knock_scores": pgettext_lazy("rule", "knock scores"), "hand_bonus": pgettext_lazy("rule", "hand bonus"),
    "box_bonus": pgettext_lazy("rule", "box bonus"), "extra_boxes_gin": pgettext_lazy("rule", "extra boxes gin"),
    "extra_boxes_undercut": pgettext_lazy("rule", "extra boxes undercut"),
    "game_target": pgettext_lazy("rule", "game target"), "game_bonus": pgettext_lazy("rule", "game bonus"),
    "shutout": pgettext_lazy("rule", "shutout"), "shutout_bonus": pgettext_lazy("rule", "shutout bonus"),
    "columns": pgettext_lazy("rule", "columns"), "dealer": pgettext_lazy("rule", "dealer"),
    "match_target": pgettext_lazy("rule", "match target"), "game": pgettext_lazy("rule", "game"),
    "sets": pgettext_lazy("rule", "sets"), "sequence_bonus": pgettext_lazy("rule", "sequence bonus"),
    "partnership_scoring": pgettext_lazy("rule", "partnership scoring"),
}


def _preset_values(key: str) -> str:
    def show(v):
        if v is None:
            return pgettext("rule", "off")
        if isinstance(v, bool):
            return pgettext("rule", "yes") if v else pgettext("rule", "no")
        return f'"{v}"' if isinstance(v, str) else str(v)  # a word to type as it is ("add"), as the rule's help quotes it

    return " · ".join(f"{PRESET_LABELS.get(name, name)} {show(getattr(rules, key))}" for name, rules in PRESETS.items())


def _rule_value(text: str):
    """A rule value typed in a box: yes/no, off, a whole number, or a word."""
    t = text.strip()
    low = t.lower()
    if low in ("yes", "true", "on", pgettext("rule", "yes").lower()):
        return True
    if low in ("no", "false", pgettext("rule", "no").lower()):
        return False
    if low in ("off", "none", "null", pgettext("rule", "off").lower()):
        return None
    try:
        return int(t)
    except ValueError:
        return low


class MatchForm(forms.Form):
    """A new match: two players, three (the dealer sits each hand out) or four in two
    partnerships (A with C against B with D, optional team names)."""

    players = forms.ChoiceField(choices=PLAYER_COUNTS, initial="2", required=False, label=gettext_lazy("Players"),
                                widget=forms.RadioSelect(attrs=CHOICES))
    player_a = forms.CharField(max_length=NAME_MAX, label=gettext_lazy("Player A"), widget=_name_input(),
                               help_text=gettext_lazy("Pick a player or type a new name."))
    player_b = forms.CharField(max_length=NAME_MAX, label=gettext_lazy("Player B"), widget=_name_input())
    player_c = forms.CharField(max_length=NAME_MAX, label=gettext_lazy("Player C"), required=False, widget=_name_input(),
                               help_text=gettext_lazy("Three players: the third. Four: player A's partner."))
    player_d = forms.CharField(max_length=NAME_MAX, label=gettext_lazy("Player D"), required=False, widget=_name_input(),
                               help_text=gettext_lazy("Four: player B's partner (A and C play against B and D)."))
    team_a_name = forms.CharField(max_length=NAME_MAX, required=False, label=gettext_lazy("Team name of A and C"),
                                  error_messages={"max_length": TEAM_NAME_LENGTH},
                                  help_text=gettext_lazy('Optional: empty, it is "A & C" by their names.'))
    team_b_name = forms.CharField(max_length=NAME_MAX, required=False, label=gettext_lazy("Team name of B and D"),
                                  error_messages={"max_length": TEAM_NAME_LENGTH})
    preset = forms.ChoiceField(choices=PRESET_CHOICES, initial="standard", label=gettext_lazy("Game and rules"),
                               widget=forms.RadioSelect(attrs={"class": "choices presets"}))
    length = forms.ChoiceField(choices=LENGTHS, initial="target", label=gettext_lazy("Length"),
                               widget=forms.RadioSelect(attrs=CHOICES))
    games = forms.IntegerField(min_value=1, max_value=99, required=False, label=gettext_lazy("K (best of K games)"),
                               widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    first_dealer = forms.ChoiceField(choices=[("a", gettext_lazy("Player A")), ("b", gettext_lazy("Player B")),
                                              ("c", gettext_lazy("Player C"))],
                                     initial="a", label=gettext_lazy("First dealer"),
                                     widget=forms.RadioSelect(attrs=CHOICES),
                                     help_text=gettext_lazy("Three players: the dealer sits the hand out. Four: "
                                                            "each table deals by its own habit."))
    stake = forms.DecimalField(min_value=0, required=False, label=gettext_lazy("Stake per point"),
                               help_text=gettext_lazy("Optional: money per point, for the settlement."),
                               widget=forms.NumberInput(attrs={"inputmode": "decimal", "step": "any"}))

    friendly = forms.BooleanField(required=False, label=gettext_lazy("Friendly (not rated)"),
                                  help_text=gettext_lazy("A friendly leaves the club rating as it is. You can change "
                                                         "it until the first hand."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = [
            (name, format_html('<span class="preset-name">{}</span> <small class="preset-how">{}</small>',
                               PRESET_NAMES.get(name, name.capitalize()), PRESET_SUMMARIES.get(name, "")))
            for name in PRESETS]
        for key in RULE_KEYS:
            self.fields[f"rule_{key}"] = forms.CharField(
                required=False, label=RULE_LABELS.get(key, key.replace("_", " ")), max_length=30,
                help_text=_("%(meaning)s. Presets: %(values)s. Empty: the preset's.")
                % {"meaning": _MEANINGS[key], "values": _preset_values(key)},
            )

    def rule_fields(self):
        return [self[f"rule_{k}"] for k in RULE_KEYS]

    # Which fields each number of players uses (new_match.js shows only those).
    FOR_PLAYERS = {"player_c": "3 4", "player_d": "4", "team_a_name": "4", "team_b_name": "4"}

    def basic_fields(self):
        return [self[name] for name in ("players", "player_a", "player_b", "player_c", "player_d", "team_a_name",
                                        "team_b_name", "preset", "length", "games", "first_dealer", "stake", "friendly")]

    def basic_rows(self):
        """(field, the numbers of players it is for: "" for all) in the form's order."""
        return [(f, self.FOR_PLAYERS.get(f.name, "")) for f in self.basic_fields()]

    def advanced_open(self) -> bool:
        return any(self[f"rule_{k}"].value() or self[f"rule_{k}"].errors for k in RULE_KEYS)

    def _clean_name(self, field):
        try:
            return name_clean(self.cleaned_data[field])
        except NameRefused as e:
            raise forms.ValidationError(_("This name %(problem)s.") % {"problem": e.reason}) from None

    def clean_player_a(self):
        return self._clean_name("player_a")

    def clean_player_b(self):
        return self._clean_name("player_b")

    def clean_player_c(self):
        return self._clean_name("player_c") if self.cleaned_data["player_c"].strip() else ""

    def clean_player_d(self):
        return self._clean_name("player_d") if self.cleaned_data["player_d"].strip() else ""

    def _clean_team(self, field):
        name = self.cleaned_data[field].strip()
        if not name:
            return ""
        try:
            return name_clean(name)
        except NameRefused as e:
            raise forms.ValidationError(_("This team name %(problem)s.") % {"problem": e}) from None

    def clean_team_a_name(self):
        return self._clean_team("team_a_name")

    def clean_team_b_name(self):
        return self._clean_team("team_b_name")

    def _clean_seats(self, data) -> None:
        """How many players, and that they are all different; the rules and first dealer that
        go with three or four. Sets ``data["seats"]`` (the names in seat order)."""
        count = data.get("players") or ("4" if self.data.get("player_d", "").strip() else
                                         "3" if self.data.get("player_c", "").strip() else "2")
        data["players"] = count
        n = int(count)
        for field in SEAT_FIELDS[n:]:
            if data.get(field):
                choose = _("choose three players above") if field == "player_c" else _("choose four players above")
                self.add_error(field, _("%(count)s: leave %(seat)s empty, or %(choose)s.")
                               % {"count": dict(PLAYER_COUNTS)[count], "seat": SEAT_LABELS[field], "choose": choose})
        for field in SEAT_FIELDS[2:n]:
            if field in data and not data.get(field):
                self.add_error(field, (_("Give %(seat)s's name: three players play this match.") if n == 3 else
                                       _("Give %(seat)s's name: four players play this match."))
                               % {"seat": SEAT_LABELS[field]})
        if n != 4:
            for field in ("team_a_name", "team_b_name"):
                if data.get(field):
                    self.add_error(field, _("Team names are for four players in two partnerships."))
        seen = {}
        for field in SEAT_FIELDS[:n]:
            name = data.get(field)
            if not name:
                continue
            key = name_key(name)
            if key in seen:
                first = seen[key]
                self.add_error(field, _("The two players must be different.") if n == 2 else
                               _("%(name)s is already %(seat)s: the %(count)d players must all be different.")
                               % {"name": data[first], "seat": SEAT_LABELS[first], "count": n})
            else:
                seen[key] = field
        a, b = data.get("team_a_name"), data.get("team_b_name")
        if n == 4 and a and b and a.casefold() == b.casefold():
            self.add_error("team_b_name", _("The two teams need different names."))
        data["seats"] = [data.get(f) for f in SEAT_FIELDS[:n]]
        preset = data.get("preset")
        if n > 2 and preset and PRESETS[preset].columns != 1:
            self.add_error("preset", _("Hollywood is for two players: three players play one game at a time.")
                           if n == 3 else _("Hollywood is for two players: four players play one game at a time."))
        if n != 4 and preset in FOUR_PLAYER_PRESETS:
            self.add_error("preset", _("%(rules)s rules are for four players in two partnerships.")
                           % {"rules": PRESET_NAMES[preset]})
        if data.get("first_dealer") == "c" and n != 3:
            self.add_error("first_dealer", _("Player C deals first only in a three-handed match."))
        if n == 4:
            data["first_dealer"] = "a"  # (each table deals by its own habit)

    def clean_stake(self):
        problem = stake_problem(self.cleaned_data["stake"], sentence=True)
        if problem:
            raise forms.ValidationError(problem)
        return self.cleaned_data["stake"]

    def clean(self):
        data = super().clean()
        self._clean_seats(data)
        if data.get("length") == "best_of" and not data.get("games"):
            self.add_error("games", _("Give K, the number of games (best of K)."))
        spec = {"preset": data.get("preset") or "standard"}
        for key in RULE_KEYS:
            text = data.get(f"rule_{key}", "")
            if text.strip():
                spec[key] = _rule_value(text)
        try:
            data["rules"] = rules_from(spec)
        except RuleError as e:
            message = str(e)
            key = e.field or message.split(":", 1)[0]
            field = f"rule_{key}" if key in RULE_KEYS else None
            self.add_error(field, message)
        rules = data.get("rules")
        if rules is not None and rules.columns != 1 and data["players"] != "2" and "preset" not in self.errors:
            self.add_error("rule_columns" if data.get("rule_columns") else "preset",
                           _("Hollywood columns are for two players: three or four play one game at a time."))
        kind = data.get("length")
        if kind == "one_game":
            data["match_length"] = MatchLength("best_of", 1)
        elif kind == "best_of" and data.get("games"):
            data["match_length"] = MatchLength("best_of", data["games"])
        elif kind in ("target", "set"):
            data["match_length"] = MatchLength(kind)
        return data

    @staticmethod
    def player_names() -> list[str]:
        return list(Player.objects.order_by("name").values_list("name", flat=True))


_ENDS = dict(END_CHOICES)  # each end's label for players ("knock", "stock ran out"), in their language
END_LABELS = {game: {end: _ENDS[end] for end in ends} for game, ends in (
    ("gin", ("knock", "gin", "big_gin", "dead")), ("skarney", ("gin", "stock_out", "dead")),
    ("colonel", ("out", "stock_out", "challenge", "dead")))}
BY_LABELS = {"gin": gettext_lazy("Who knocked or went gin?"), "skarney": gettext_lazy("Who went gin?"),
             "colonel": gettext_lazy("Who went out, or challenged?")}
BY_MISSING = {"gin": gettext_lazy("Say who knocked or went gin."), "skarney": gettext_lazy("Say who went gin."),
              "colonel": gettext_lazy("Say who went out, or challenged.")}
COUNT_HELP = {
    "skarney": gettext_lazy("Every card still in hand, melded or not: aces 15, faces 10. Who went gin holds none."),
    "colonel": gettext_lazy("Every card still in hand: A, K, Q and J count 10, the others their number. Who went "
                            "out holds none."),
}


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUIT_SIGNS = [("S", "♠", gettext_lazy("spades")), ("H", "♥", gettext_lazy("hearts")),
              ("D", "♦", gettext_lazy("diamonds")), ("C", "♣", gettext_lazy("clubs"))]
DEADWOOD_RANGE = lazy_format(gettext_lazy("Deadwood is from 0 to %(most)d."), most=MAX_DEADWOOD)
TAP_END = gettext_lazy("Tap how the hand ended.")


class UpcardTaps(forms.Widget):
    """The upcard as two rows of taps, its rank then its suit (no typing). A typed ``upcard``
    (7S, 10h) is still read when no tap was made, for scripts and old pages."""

    template = "matches/_upcard_taps.html"

    def value_from_datadict(self, data, files, name):
        rank, suit = data.get(f"{name}_rank", ""), data.get(f"{name}_suit", "")
        if rank or suit:
            return f"{rank or '?'}{suit or '?'}"
        return data.get(name, "")

    def value_omitted_from_data(self, data, files, name):
        return not any(k in data for k in (name, f"{name}_rank", f"{name}_suit"))

    def render(self, name, value, attrs=None, renderer=None):
        text = (value or "").strip().upper()
        rank, suit = (text[:-1], text[-1:]) if len(text) >= 2 else ("", "")
        context = {"name": name, "rank": rank, "suit": suit, "ranks": RANKS, "suits": SUIT_SIGNS}
        return kept_render(self.template, context, lambda: render_to_string(self.template, context))


def _deadwood_field(label: str) -> forms.IntegerField:
    return forms.IntegerField(
        min_value=0, max_value=MAX_DEADWOOD, required=False, label=label,
        error_messages={"min_value": DEADWOOD_RANGE, "max_value": DEADWOOD_RANGE,
                        "invalid": lazy_format(gettext_lazy("Deadwood is a whole number from 0 to %(most)d."),
                                               most=MAX_DEADWOOD)},
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*", "enterkeyhint": "next",
                                        "autocomplete": "off"}))


class PadFields(forms.Form):
    """The hand's ``number`` and the pad's ``revision``, which a hand's page draws itself (hidden):
    wrong only on a page tampered with or not this site's, and then said, naming the field."""

    number = forms.IntegerField(widget=forms.HiddenInput, error_messages={
        "required": gettext_lazy("number: the hand's number is missing (reload the pad)."),
        "invalid": gettext_lazy("number: a hand's number is a whole number (reload the pad).")})
    revision = forms.IntegerField(widget=forms.HiddenInput, error_messages={
        "required": gettext_lazy("revision: the pad's revision is missing (reload the pad)."),
        "invalid": gettext_lazy("revision: the pad's revision is a whole number (reload the pad).")})

    def clean_number(self):
        """A hand of a match: never 0, -1 or past the last a match can hold."""
        n = self.cleaned_data["number"]
        if not 1 <= n <= MAX_HANDS:
            raise forms.ValidationError(_("number: hand %(n)s cannot be; hands are numbered from 1 to %(most)s.")
                                        % {"n": n, "most": number_format(MAX_HANDS, force_grouping=True)})
        return n

    def page_problem(self) -> tuple[str, str] | None:
        """(field, message) when a field the page itself draws is wrong (the request is unusable)."""
        for name in ("number", "revision"):
            for e in self.errors.get(name, ()):
                return name, e
        return None


class HandForm(RulingFields, PadFields):
    """A hand by side, in the order of play: the upcard first under Oklahoma (it sets the knock
    limit), how the hand ended, who ended it, the knocker's deadwood and the defender's after
    laying off (Fosdick's games: each player's count instead)."""

    upcard = forms.CharField(max_length=3, required=False, label=gettext_lazy("Upcard"), widget=UpcardTaps)
    end = forms.ChoiceField(choices=END_CHOICES, label=gettext_lazy("How did the hand end?"),
                            widget=forms.RadioSelect(attrs=CHOICES),
                            error_messages={"required": TAP_END, "invalid_choice": TAP_END})
    by = forms.ChoiceField(choices=[("a", "A"), ("b", "B")], required=False,
                           label=gettext_lazy("Who knocked or went gin?"), widget=forms.RadioSelect(attrs=CHOICES),
                           error_messages={"invalid_choice": gettext_lazy("Tap one of the two players.")})
    knocker_deadwood = _deadwood_field(gettext_lazy("Knocker's deadwood"))
    defender_deadwood = _deadwood_field(gettext_lazy("Defender's, after lay-offs"))
    bonus = forms.IntegerField(
        min_value=0, max_value=MAX_BONUS, required=False, label=gettext_lazy("Run bonus (winner's)"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*", "placeholder": "0"}),
        help_text=gettext_lazy("A point a card in each of the winner's runs of six or more, and a point for each J, "
                               "Q, K in their runs. Empty: 0 (or enter the cards and it is found)."))
    no_contract = forms.BooleanField(
        required=False, label=gettext_lazy("The other had not laid down the contract meld (gin bonus doubles)"))

    LAID_OUT = ("upcard", "end", "by", "knocker_deadwood", "defender_deadwood", "bonus")  # placed by the template

    def __init__(self, *args, match, pair: Pair | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        # who plays this hand: two players always; three, the two who did not deal; a partnership's table
        self.pair = pair or two((match.player_a.name, match.player_b.name))
        self.rules = rules_from({"preset": match.preset, **(match.rule_overrides or {})})
        self.fields["by"].choices = list(zip(self.pair.seats, self.pair.names))
        self._fit_to_game()
        self.add_ruling_fields(self.pair, self.rules)
        if match.kind != "two":
            names = {"a": self.pair.names[0], "b": self.pair.names[1]}
            self.fields["by"].error_messages["invalid_choice"] = _("Tap %(a)s or %(b)s: they played this hand.") % names
            if "knocker_deadwood" in self.fields:
                self.fields["knocker_deadwood"].label = _("Knocker's deadwood (%(a)s or %(b)s)") % names
                self.fields["defender_deadwood"].label = _("Defender's, after lay-offs (%(a)s or %(b)s)") % names
        if not self.rules.oklahoma:
            self.fields["upcard"].label = _("Upcard (a spade doubles the hand)") if self.rules.spade_double \
                else _("Upcard (changes nothing under these rules)")

    @property
    def upcard_first(self) -> bool:
        """Under Oklahoma the upcard is turned before anything else happens, and sets the knock limit."""
        return self.rules.oklahoma

    @property
    def upcard_matters(self) -> bool:
        return self.rules.oklahoma or self.rules.spade_double

    @property
    def upcard_shown(self) -> bool:
        """The upcard is asked only where the rules use it (Oklahoma's knock limit, a spade doubling);
        elsewhere it is shown only for a hand that carries one (a record may always give it, and a
        correction keeps it), and a posted one is still read."""
        return self.upcard_matters or bool(self["upcard"].value()) or bool(self["upcard"].errors)

    def other_fields(self):
        """The visible fields the template does not place itself (counts, bonus, contract)."""
        return [f for f in self.visible_fields() if f.name not in self.LAID_OUT and not f.name.startswith("ruling_")]

    def knock_limit_text(self) -> str:
        """Shown next to the knocker's deadwood (Oklahoma: until the upcard is tapped)."""
        if self.rules.oklahoma:
            try:
                card = parse_card(self["upcard"].value() or "")
            except CardError:
                return _("limit: the upcard")
            return _("at most %(limit)s") % {"limit": self.rules.knock_limit_for(card)}
        return _("at most %(limit)s") % {"limit": self.rules.knock_limit}

    def knock_limits(self) -> str:
        """The knock limit by rank for the page's script ("A:1 2:2 ... K:10"), Oklahoma only."""
        if not self.rules.oklahoma:
            return ""
        return " ".join(f"{r}:{self.rules.knock_limit_for(parse_card(r + 'S'))}" for r in RANKS)

    def _fit_to_game(self) -> None:
        """Only the endings and fields the game has: Skarney and Colonel take each player's
        count of the cards still held instead of deadwood; Sequence Gin takes its bonus."""
        rules = self.rules
        labels = END_LABELS[rules.game]
        self.fields["end"].choices = [(e, labels[e]) for e in rules.ends]
        ends = _(", ").join(str(labels[e]) for e in rules.ends)
        tap = _("Tap how the hand ended: %(ends)s.") % {"ends": ends}
        self.fields["end"].error_messages.update(required=tap, invalid_choice=tap)
        self.fields["by"].label = BY_LABELS[rules.game]
        if not rules.sequence_bonus:
            del self.fields["bonus"]
        if rules.game != "skarney":
            del self.fields["no_contract"]
        if not rules.counts_cards_held:
            return
        del self.fields["knocker_deadwood"], self.fields["defender_deadwood"]
        for side, name in zip(self.pair.seats, self.pair.names):
            self.fields[f"count_{side}"] = forms.IntegerField(
                min_value=0, max_value=rules.max_count, required=False, label=_("%(name)s's count") % {"name": name},
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*"}),
                help_text=COUNT_HELP[rules.game])
        order = ["end", "by", *(f"count_{s}" for s in self.pair.seats), "no_contract"]
        self.order_fields(order + [f for f in self.fields if f not in order])

    @property
    def run_bonus(self):
        """Sequence Gin's bonus box (beside the deadwood, one screen for a hand), else None."""
        return self["bonus"] if "bonus" in self.fields else None

    @property
    def counts_cards_held(self) -> bool:
        return self.rules.counts_cards_held

    def _clean_counts(self, data: dict) -> None:
        """Skarney and Colonel: the counts each ending needs (both, or the one who did not go out)."""
        end = data["end"]
        names = dict(zip(self.pair.seats, self.pair.names))
        if end == "stock_out":
            data["by"] = ""
            needed = list(self.pair.seats)
        elif not data.get("by"):
            if "by" not in self.errors:
                self.add_error("by", BY_MISSING[self.rules.game])
            return
        elif end == "challenge":
            needed = list(self.pair.seats)
        else:
            needed = [self.pair.other(data["by"])]
        for side in needed:
            if data.get(f"count_{side}") is None and f"count_{side}" not in self.errors:
                self.add_error(f"count_{side}", _("Give %(name)s's count of the cards still held (0 to %(most)s).")
                               % {"name": names[side], "most": self.rules.max_count})

    def clean_upcard(self):
        text = self.cleaned_data["upcard"].strip()
        if not text:
            return ""
        if "?" in text:
            raise forms.ValidationError(_("Tap the upcard's suit too.") if text.endswith("?") else
                                        _("Tap the upcard's rank too."))
        try:
            return str(parse_card(text))
        except CardError:
            raise forms.ValidationError(_('"%(text)s" is not a card: write it like 7S, 10H, AD or KC.')
                                        % {"text": text}) from None

    def clean(self):
        data = super().clean()
        end = data.get("end")
        if not end:
            return data
        self.clean_rulings(data, end)
        upcard = data.get("upcard")
        if self.rules.oklahoma and "upcard" in data and not upcard:
            self.add_error("upcard", _("Tap the upcard: under Oklahoma rules it sets the knock limit."))
        if end == "dead":
            return data
        if self.counts_cards_held:
            self._clean_counts(data)
            return data
        if not data.get("by") and "by" not in self.errors:
            self.add_error("by", _("Say who knocked or went gin."))
        if data.get("defender_deadwood") is None and "defender_deadwood" not in self.errors:
            self.add_error("defender_deadwood", _("Give the defender's deadwood, after laying off (0 to 98)."))
        if end != "knock":
            return data
        k = data.get("knocker_deadwood")
        if k is None:
            if "knocker_deadwood" not in self.errors:
                self.add_error("knocker_deadwood", _("Give the knocker's deadwood (0 for a gin)."))
        elif upcard is not None and (upcard or not self.rules.oklahoma):  # a card, or none needed
            limit = self.rules.knock_limit_for(parse_card(upcard) if upcard else None)
            if k > limit and not self.knock_accepted():
                values = {"limit": limit, "upcard": upcard, "k": k}
                if not self.rules.oklahoma:
                    text = _("The knocker's deadwood is at most %(limit)s under these rules, not %(k)s.")
                elif limit == 0:
                    text = _("The knocker's deadwood is at most %(limit)s when the upcard is %(upcard)s (gin only), "
                             "not %(k)s.")
                else:
                    text = _("The knocker's deadwood is at most %(limit)s when the upcard is %(upcard)s, not %(k)s.")
                self.add_error("knocker_deadwood", text % values)
        return data

    def entry(self) -> HandEntry:
        """The hand in the stored shape, with its rulings."""
        return replace(self._entry(), rulings=self.rulings())

    def _entry(self) -> HandEntry:
        d = self.cleaned_data
        end = d["end"]
        upcard = d.get("upcard", "")
        if end == "dead":
            return HandEntry("dead", upcard=upcard)
        if self.counts_cards_held:
            first, second = self.pair.seats
            if end == "stock_out":
                return HandEntry(end, "", d.get(f"count_{first}"), d.get(f"count_{second}"), upcard)
            by = d["by"]
            return HandEntry(end, by, d.get(f"count_{by}") if end == "challenge" else None,
                             d.get(f"count_{self.pair.other(by)}"), upcard, no_contract=bool(d.get("no_contract")))
        return HandEntry(end, d["by"], d.get("knocker_deadwood") if end == "knock" else None,
                         d.get("defender_deadwood"), upcard, bonus=d.get("bonus"))

    @classmethod
    def initial_for(cls, entry: HandEntry, pair: Pair | None = None) -> dict:
        """The form's fields for a stored hand; ``pair``: who played it (two players: a and b)."""
        pair = pair or Pair(("a", "b"), ("", ""))
        counts = {}
        if entry.end == "stock_out":
            counts = {f"count_{pair.seats[0]}": entry.knocker_deadwood, f"count_{pair.seats[1]}": entry.defender_deadwood}
        elif entry.by in pair.seats:
            counts = {f"count_{entry.by}": entry.knocker_deadwood,
                      f"count_{pair.other(entry.by)}": entry.defender_deadwood}
        return {"end": entry.end, "by": entry.by, "knocker_deadwood": entry.knocker_deadwood,
                "defender_deadwood": entry.defender_deadwood, "upcard": entry.upcard,
                "bonus": entry.bonus, "no_contract": entry.no_contract, **counts,
                **cls.rulings_initial(entry.rulings)}
