"""The plain data every sheet is built from: no models, no request.

``ginscore.sheets.selectors`` fills these from the database; tests and the
command line can fill them by hand. Rules are the resolved rules as the
engine writes them (``Rules.to_json()``); a match sheet reads the engine's
result document (``result_to_json``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from django.utils.translation import gettext as _

from ginscore.engine import PRESETS
from ginscore.engine.rules import FOUR_PLAYER_PRESETS

PADS_PER_PAGE = (1, 2)  # two: side by side on a page turned sideways


def pad_styles() -> tuple[str, ...]:
    """Every preset the site has, read from the engine's rules (so a new preset gets its pad)."""
    return tuple(PRESETS)


PAD_STYLES = pad_styles()


def pad_layout(rules: Mapping) -> str:
    """The grid a pad for ``rules`` needs: "hollywood" (games side by side), "oklahoma" (an upcard
    column) or "standard"."""
    if rules.get("columns", 1) > 1:
        return "hollywood"
    return "oklahoma" if rules.get("oklahoma") else "standard"


TABLE_KINDS = {"two": 2, "three": 3, "partnership": 4}  # the players a pad is for


def default_table(style: str) -> str:
    """The table a preset's pad is for: the ``partnership`` preset is made for four in two teams."""
    return "partnership" if style in FOUR_PLAYER_PRESETS else "two"


@dataclass(frozen=True)
class Pad:
    """Blank score pads. ``style`` is a preset; ``rules`` (a match's or a tournament's) default
    to it. ``length``: the match's length in words when it is not to the match target.
    ``table``: "two" players, "three" (the dealer sits out) or "partnership" (four in two teams);
    "" is the preset's own (``partnership`` for the partnership preset, else two). ``players``
    are in seat order: a partnership's (a, b, c, d) is team A (a, c) against team B (b, d), and
    ``teams`` may name the two teams (default "Ann & Cat")."""

    style: str = "standard"
    paper: str = "letter"
    players: tuple[str, ...] | None = None
    rules: Mapping | None = None
    rules_footer: bool = True
    per_page: int = 1
    pages: int = 1
    title: str = ""  # the club's name, printed at the top of each pad
    length: str = ""
    games: int | None = None  # the most games (Hollywood: sets) the match can take; None: to the target
    table: str = ""
    teams: tuple[str, str] | None = None

    def __post_init__(self):
        if self.style not in PRESETS:
            raise ValueError(_('style: must be one of %(choices)s, not "%(given)s"')
                             % {"choices": ", ".join(PRESETS), "given": self.style})
        if self.per_page not in PADS_PER_PAGE:
            raise ValueError(_("per_page: must be 1 or 2 pads per page, not %(given)s") % {"given": self.per_page})
        if not 1 <= self.pages <= 100:
            raise ValueError(_("pages: must be from 1 to 100, not %(given)s") % {"given": self.pages})
        table = self.table or default_table(self.style)
        if table not in TABLE_KINDS:
            raise ValueError(_('table: must be one of %(choices)s, not "%(given)s"')
                             % {"choices": ", ".join(TABLE_KINDS), "given": self.table})
        object.__setattr__(self, "table", table)
        if self.style in FOUR_PLAYER_PRESETS and table != "partnership":
            raise ValueError(_("table: the %(rules)s rules are for four players in two teams") % {"rules": self.style})
        seats = TABLE_KINDS[table]
        words = {2: _("two"), 3: _("three"), 4: _("four")}[seats]
        if self.players is not None and len(self.players) != seats:
            raise ValueError(_("players: give exactly %(n)s names") % {"n": words})
        if self.teams is not None and (table != "partnership" or len(self.teams) != 2):
            raise ValueError(_("teams: only a partnership pad has teams, two of them"))
        columns = (self.rules or {}).get("columns") or PRESETS[self.style].columns
        if seats > 2 and columns > 1:
            raise ValueError(_("table: %(n)s players play one game at a time; Hollywood is for two players")
                             % {"n": words})


@dataclass(frozen=True)
class MatchSheet:
    """A played match: the engine's result document, and the record for deadwood and upcards."""

    result: Mapping
    record: Mapping | None = None
    title: str = ""  # e.g. "Match #12"
    details: tuple[str, ...] = ()  # lines under the title: event, date, table
    paper: str = "letter"


@dataclass(frozen=True)
class Slot:
    """One line of a bracket: a player (with seed), a bye, or a note such as "Loser of W1-3"."""

    name: str = ""
    seed: int | None = None
    score: str = ""
    note: str = ""
    bye: bool = False  # no one plays here: ``name`` says so ("bye"), printed grey


@dataclass(frozen=True)
class BracketMatch:
    top: Slot = field(default_factory=Slot)
    bottom: Slot = field(default_factory=Slot)
    winner: int | None = None  # 0: top, 1: bottom
    label: str = ""  # e.g. "W1-3", printed beside the match
    table: int | None = None


@dataclass(frozen=True)
class BracketRound:
    name: str
    matches: tuple[BracketMatch, ...]


@dataclass(frozen=True)
class BracketSection:
    """A tree of rounds. Round r+1 has as many matches as round r (players drop in)
    or half as many (match i feeds match i // 2)."""

    title: str
    rounds: tuple[BracketRound, ...]
    last_line: str = ""  # the line after the last round ("": "Champion")
    last_name: str = ""


@dataclass(frozen=True)
class Bracket:
    tournament: str
    kind: str  # "single" or "double" elimination
    sections: tuple[BracketSection, ...]
    subtitle: str = ""
    paper: str = "letter"


@dataclass(frozen=True)
class Pairing:
    table: int | None  # None: no table (a bye)
    a: str
    b: str | None  # None: a bye
    result: str = ""
    group: int | None = None
    score: str = ""  # the current score of a match in play, e.g. "Ann 230, Ben 120"
    a_players: tuple[str, ...] = ()  # a doubles team's two players (each listed by name)
    b_players: tuple[str, ...] = ()


@dataclass(frozen=True)
class RoundSheet:
    tournament: str
    round: int
    pairings: tuple[Pairing, ...]
    round_name: str = ""
    details: tuple[str, ...] = ()
    paper: str = "letter"


@dataclass(frozen=True)
class TableSheet:
    """One table's score sheet: players, round, table and rules printed in, the table link as a QR code."""

    tournament: str
    round: int
    table: int
    players: tuple[str, str]
    rules: Mapping
    url: str = ""
    round_name: str = ""
    length: str = ""  # e.g. "to 500", "best of 3 games", "one game"
    match_label: str = ""
    games: int | None = None  # the most games (Hollywood: sets) the match can take; None: to the target
    first_dealer: str = ""  # who deals the first hand
    seats: tuple[str, ...] = ()  # a doubles event's partnership match: its players a, b, c, d (``players``: the teams)
    links: tuple[tuple[str, str], ...] = ()  # (caption, link): a QR code for each of a doubles match's two tables
    where: str = ""  # the table(s) in words, when not "Table 7" ("Tables 13 and 14")
    # Both players agree: each player's own pass (name, 6-digit code, personal link), printed on
    # slips of their own to cut apart, so only that player holds it (``matches.seats``).
    passes: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True)
class StandingsTable:
    """One ranking: the whole field, or a group."""

    title: str
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()  # e.g. "Group winner: Ann"


@dataclass(frozen=True)
class Standings:
    tournament: str
    columns: tuple[str, ...]  # the first is the rank, the second the player
    rows: tuple[tuple[str, ...], ...] = ()
    subtitle: str = ""  # e.g. "after round 4 · 23 Nov 2026"
    notes: tuple[str, ...] = ()  # e.g. how ties are broken
    paper: str = "letter"
    tables: tuple[StandingsTable, ...] = ()  # groups, each ranked on its own (instead of ``rows``)
