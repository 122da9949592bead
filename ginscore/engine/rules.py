"""The rules of a match: one immutable value, one definition per rule key.

Every key of the spec's rule table is defined once in ``RULE_DEFS`` with its
check; the four presets are rows of values over those keys. ``rules_from``
turns a record's ``rules`` (a preset name, or ``{"preset": NAME, ...overrides}``)
into a ``Rules`` value, refusing unknown names and bad values with a message
that names the key.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Callable

from ginscore.engine.errors import RuleError
from ginscore.engine.i18n import Text
from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.melds import MeldRules


def _whole(lo: int, hi: int) -> Callable[[Any], Text | None]:
    def check(v):
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            return _("must be a whole number from %(least)s to %(most)s") % {"least": lo, "most": hi}
        return None

    return check


def _optional(check):
    def opt(v):
        return None if v is None else check(v)

    return opt


def _choice(*options: str):
    def check(v):
        if v not in options:
            return _("must be one of %(choices)s") % {"choices": ", ".join(f'"{o}"' for o in options)}
        return None

    return check


def _flag(v):
    return None if isinstance(v, bool) else _("must be true or false")


@dataclass(frozen=True)
class RuleDef:
    key: str
    check: Callable[[Any], Text | None]
    meaning: Text


# Bounds that keep every total a whole number any database column holds: with at most
# 1,000 points per bonus, 10 extra boxes and the site's 2,000 hands a match, the biggest
# possible match score stays under 500 million (an IntegerField holds 2,147,483,647).
POINTS = _whole(0, 1_000)
GAMES = ("gin", "skarney", "colonel")
GAME_NAMES = {"gin": _("Gin"), "skarney": _("Skarney Gin"), "colonel": _("Colonel")}
ENDS_OF_GAME: dict[str, tuple[str, ...]] = {
    "gin": ("knock", "gin", "big_gin", "dead"),
    "skarney": ("gin", "stock_out", "dead"),
    "colonel": ("out", "stock_out", "challenge", "dead"),
}
"""The hand endings each game has (seed 003: Skarney has no knocking, Colonel no gin)."""

RULE_DEFS: tuple[RuleDef, ...] = (
    RuleDef("knock_limit", _whole(0, 98), _("most deadwood a knock may have (0: gin only)")),
    RuleDef("oklahoma", _flag, _("the knock limit is the upcard's value (face cards 10)")),
    RuleDef("oklahoma_ace", _choice("one", "gin_only"), _('ace upcard: "one" (knock with 1) or "gin_only"')),
    RuleDef("spade_double", _flag, _("a spade upcard doubles the hand's points and extra boxes")),
    RuleDef("gin_bonus", POINTS, _("added to a gin")),
    RuleDef("big_gin_bonus", _optional(POINTS), _("added to a big gin; null: a big gin scores as a gin")),
    RuleDef("undercut_bonus", POINTS, _("added to an undercut")),
    RuleDef("gin_off_bonus", _optional(POINTS),
            _("replaces the undercut bonus when the defender's deadwood is 0 after laying off; null: off")),
    RuleDef("knock_scores", _choice("difference", "defender_deadwood"),
            _('a won knock scores "difference" or the "defender_deadwood"')),
    RuleDef("hand_bonus", POINTS, _("added to every won hand's points")),
    RuleDef("box_bonus", POINTS, _("per box (hand won) at the end of a game")),
    RuleDef("extra_boxes_gin", _whole(0, 10), _("boxes beyond the one for winning, for a gin or big gin")),
    RuleDef("extra_boxes_undercut", _whole(0, 10), _("boxes beyond the one for winning, for an undercut")),
    RuleDef("game_target", _whole(1, 100_000), _("hand points that end a game")),
    RuleDef("game_bonus", POINTS, _("to the player who reached the target")),
    RuleDef("shutout", _choice("add", "double", "none"),
            _('loser won no hand in the game: "add", "double", "none"')),
    RuleDef("shutout_bonus", POINTS, _('added under "add"')),
    RuleDef("columns", _whole(1, 6), _("games played at once (Hollywood: 3)")),
    RuleDef("dealer", _choice("winner", "loser", "alternate"),
            _('who deals after a scored hand: "winner", "loser", "alternate"')),
    RuleDef("match_target", _whole(1, 1_000_000), _("match points that end the match")),
    RuleDef("game", _choice(*GAMES), _('"gin", "skarney" or "colonel": which hand endings exist')),
    RuleDef("sets", _flag, _("sets (three or four of a rank) meld; false: runs only")),
    RuleDef("sequence_bonus", _flag, _("Sequence Gin's bonuses go to the hand's winner")),
    RuleDef("partnership_scoring", _choice("difference", "each"),
            _('a partnership deal: the team that won more scores the "difference", or "each" team what it won')),
)
RULE_KEYS: tuple[str, ...] = tuple(d.key for d in RULE_DEFS)
_DEFS = {d.key: d for d in RULE_DEFS}


@dataclass(frozen=True, slots=True)
class Rules:
    preset: str
    knock_limit: int
    oklahoma: bool
    oklahoma_ace: str
    spade_double: bool
    gin_bonus: int
    big_gin_bonus: int | None
    undercut_bonus: int
    gin_off_bonus: int | None
    knock_scores: str
    hand_bonus: int
    box_bonus: int
    extra_boxes_gin: int
    extra_boxes_undercut: int
    game_target: int
    game_bonus: int
    shutout: str
    shutout_bonus: int
    columns: int
    dealer: str
    match_target: int
    game: str = "gin"
    sets: bool = True
    sequence_bonus: bool = False

    @property
    def ends(self) -> tuple[str, ...]:
        """The hand endings this game has."""
        return ENDS_OF_GAME[self.game]

    @property
    def game_name(self) -> Text:
        """The game's name for messages: "Gin", "Skarney Gin" or "Colonel"."""
        return GAME_NAMES[self.game]

    @property
    def meld_rules(self) -> MeldRules:
        """How cards meld: sets or runs only, and whether Sequence Gin's bonus breaks ties."""
        return MeldRules(sets=self.sets, bonus=self.sequence_bonus)

    @property
    def counts_cards_held(self) -> bool:
        """Skarney and Colonel count every card a player still holds (no melds to find at the end)."""
        return self.game != "gin"

    @property
    def max_count(self) -> int:
        """The most a player's deadwood (gin) or count of cards held (Skarney, Colonel) may be."""
        return 98 if self.game == "gin" else 999

    def card_value(self, card) -> int:
        """What a card counts: faces 10, number cards their number; the ace 1 in gin,
        15 in Skarney, 10 in Colonel (aces high)."""
        if card.rank == 1:
            return ACE_VALUE[self.game]
        return 10 if card.rank >= 10 else card.rank
    partnership_scoring: str = "difference"

    def to_json(self) -> dict:
        """Every rule, resolved, preset first (the result's ``rules``)."""
        return asdict(self)

    def overrides(self) -> dict:
        """The rule values that differ from this rules' preset."""
        base = PRESETS[self.preset]
        return {k: getattr(self, k) for k in RULE_KEYS if getattr(self, k) != getattr(base, k)}

    def to_record(self) -> str | dict:
        """How a record writes these rules: the preset name, or the preset plus overrides."""
        over = self.overrides()
        return {"preset": self.preset, **over} if over else self.preset

    def knock_limit_for(self, upcard) -> int:
        """The most deadwood a knock may have in a hand with this upcard."""
        if self.oklahoma and upcard is not None:
            if upcard.rank == 1:
                return 0 if self.oklahoma_ace == "gin_only" else 1
            return upcard.value
        return self.knock_limit

    def doubles(self, upcard) -> bool:
        return bool(self.spade_double and upcard is not None and upcard.suit == "S")


ACE_VALUE = {"gin": 1, "skarney": 15, "colonel": 10}

_STANDARD = dict(
    knock_limit=10, oklahoma=False, oklahoma_ace="one", spade_double=False, gin_bonus=25,
    big_gin_bonus=31, undercut_bonus=25, gin_off_bonus=None, knock_scores="difference",
    hand_bonus=0, box_bonus=25, extra_boxes_gin=0, extra_boxes_undercut=0, game_target=100,
    game_bonus=100, shutout="add", shutout_bonus=100, columns=1, dealer="winner", match_target=500,
)
PRESETS: dict[str, Rules] = {
    "standard": Rules(preset="standard", **_STANDARD),
    "classic": Rules(preset="classic", **{**_STANDARD, "gin_bonus": 20, "big_gin_bonus": None,
                                           "undercut_bonus": 10, "box_bonus": 20, "dealer": "loser"}),
    "oklahoma": Rules(preset="oklahoma", **{**_STANDARD, "oklahoma": True, "spade_double": True,
                                             "game_target": 150}),
    "hollywood": Rules(preset="hollywood", **{**_STANDARD, "columns": 3}),
}
# Howard Fosdick's games (seed 003): his Oklahoma Gin and its three variants.
_FOSDICK = {**_STANDARD, "oklahoma": True, "spade_double": False, "gin_bonus": 20, "big_gin_bonus": None,
            "undercut_bonus": 20, "knock_scores": "defender_deadwood", "box_bonus": 0, "game_bonus": 0,
            "shutout": "none", "game_target": 100}
PRESETS.update({
    "fosdick": Rules(preset="fosdick", **_FOSDICK),
    "sequence": Rules(preset="sequence", **{**_FOSDICK, "sets": False, "sequence_bonus": True}),
    "skarney": Rules(preset="skarney", **{**_FOSDICK, "game": "skarney", "oklahoma": False, "game_target": 200}),
    "colonel": Rules(preset="colonel", **{**_FOSDICK, "game": "colonel", "oklahoma": False, "gin_bonus": 0,
                                         "undercut_bonus": 0}),
})
PRESET_NAMES: dict[str, Text] = {
    "standard": _("Standard"), "classic": _("Classic"), "oklahoma": _("Oklahoma"), "hollywood": _("Hollywood"),
    "fosdick": _("Fosdick's Oklahoma Gin"), "sequence": _("Sequence Gin"), "skarney": _("Skarney Gin"),
    "colonel": _("Colonel"),
    "partnership": _("Partnership"),
}
"""Each preset's name for players (forms, pads, sheets)."""
PRESET_SUMMARIES: dict[str, Text] = {
    "standard": _("Knock at 10 or less; gin 25, undercut 25, boxes 25; game to 100, match to 500."),
    "classic": _("Knock at 10 or less; gin 20, undercut 10, boxes 20; the loser deals."),
    "oklahoma": _("The upcard sets the knock limit; a spade upcard doubles the hand; game to 150."),
    "hollywood": _("Three games scored at once, each to 100; a win opens the next column."),
    "fosdick": _("The upcard sets the knock limit; a knock scores the other's deadwood; gin and "
               "undercut 20; game to 100, no boxes."),
    "sequence": _("Runs only, no sets; one point a card in runs of six or more and for each J, Q, K "
                "in a run go to the hand's winner."),
    "skarney": _("No knocking: go gin (20, 40 if the other has not laid the contract) or the stock runs "
               "out and the lower count scores the difference; aces 15; game to 200."),
    "colonel": _("Melds go to the table; go out to score the other's cards, or challenge: the lower count "
               "scores the other's whole count; aces high, A K Q J count 10."),
    "partnership": _("Four players in two teams, two tables a deal; standard scoring, game to 125."),
}
"""One line each on how the game goes, for the new-match form."""
# Four players in two partnerships (seeds 000 and 002): standard, game to 125.
PRESETS["partnership"] = Rules(preset="partnership", **{**_STANDARD, "game_target": 125})
FOUR_PLAYER_PRESETS = frozenset({"partnership"})
"""Presets made for four players in partnerships (not offered for a two-player match)."""


def check_rule(key: str, value: Any) -> None:
    """Raises ``RuleError`` if ``key`` is not a rule or ``value`` is not allowed for it."""
    d = _DEFS.get(key)
    if d is None:
        raise RuleError(_('"%(key)s" is not a rule (rules are: %(keys)s)') % {"key": key, "keys": ", ".join(RULE_KEYS)},
                        key)
    problem = d.check(value)
    if problem is not None:
        raise RuleError(_("%(key)s: %(problem)s, not %(value)s") % {"key": key, "problem": problem,
                                                                     "value": _show(value)}, key, problem)


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def rules_from(spec: Any = "standard") -> Rules:
    """A preset name, or ``{"preset": NAME, key: value, ...}``, as a ``Rules`` value."""
    if spec is None:
        spec = "standard"
    if isinstance(spec, Rules):
        return spec
    if isinstance(spec, str):
        spec = {"preset": spec}
    if not isinstance(spec, dict):
        raise RuleError(_('must be a preset name or an object like {"preset": "standard", "gin_bonus": 20}'))
    name = spec.get("preset", "standard")
    if name not in PRESETS:
        raise RuleError(_('preset: "%(name)s" is not a preset (presets are: %(presets)s)')
                        % {"name": name, "presets": ", ".join(PRESETS)})
    overrides = {k: v for k, v in spec.items() if k != "preset"}
    for key, value in overrides.items():
        check_rule(key, value)
    return replace(PRESETS[name], **overrides) if overrides else PRESETS[name]


def describe_rules() -> list[tuple[str, Text]]:
    """(key, meaning) for every rule, in the spec's order: for help texts and forms."""
    return [(d.key, d.meaning) for d in RULE_DEFS]
