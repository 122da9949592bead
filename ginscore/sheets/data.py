"""The plain data every sheet is built from: no models, no request.

``ginscore.sheets.selectors`` fills these from the database; tests and the
command line can fill them by hand. Rules are the resolved rules as the
engine writes them (``Rules.to_json()``); a match sheet reads the engine's
result document (``result_to_json``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

PAD_STYLES = ("standard", "hollywood", "oklahoma")
PADS_PER_PAGE = (1, 2)  # two: side by side on a page turned sideways


@dataclass(frozen=True)
class Pad:
    """Blank score pads. ``rules`` defaults to the style's preset."""

    style: str = "standard"
    paper: str = "letter"
    players: tuple[str, str] | None = None
    rules: Mapping | None = None
    rules_footer: bool = True
    per_page: int = 1
    pages: int = 1
    title: str = ""  # the club's name, printed at the top of each pad

    def __post_init__(self):
        if self.style not in PAD_STYLES:
            raise ValueError(f'style: must be one of {", ".join(PAD_STYLES)}, not "{self.style}"')
        if self.per_page not in PADS_PER_PAGE:
            raise ValueError(f"per_page: must be 1 or 2 pads per page, not {self.per_page}")
        if not 1 <= self.pages <= 100:
            raise ValueError(f"pages: must be from 1 to 100, not {self.pages}")
        if self.players is not None and len(self.players) != 2:
            raise ValueError("players: give exactly two names")


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
    """One line of a bracket: a player (with seed), or a note such as "Loser of W1-3"."""

    name: str = ""
    seed: int | None = None
    score: str = ""
    note: str = ""


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
    last_line: str = "Champion"  # the line after the last round
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


@dataclass(frozen=True)
class Standings:
    tournament: str
    columns: tuple[str, ...]  # the first is the rank, the second the player
    rows: tuple[tuple[str, ...], ...]
    subtitle: str = ""
    notes: tuple[str, ...] = ()  # e.g. how ties are broken
    paper: str = "letter"
