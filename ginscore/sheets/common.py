"""What every sheet shares: fonts (registered once), paper sizes, styles, the rules in words.

The fonts are DejaVu Sans when the system has it (Debian's fonts-dejavu-core:
wide coverage, the spade sign), else the Bitstream Vera that ships inside
reportlab, so a sheet builds on any machine and names with accents print.
"""
from __future__ import annotations

import io
import os
import re
from functools import lru_cache
from typing import Callable, Mapping

import reportlab
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak, Paragraph

from ginscore.engine.rules import PRESET_NAMES

PAPERS = {"letter": letter, "a4": A4}
MARGIN = 36  # half an inch: inside every office printer's margin
RUNNING = 34  # a running header's or footer's baseline from the paper's edge: its text stays 0.4 in clear
DOC_TOP = 56  # a flowing document's frame: below the running header
DOC_BOTTOM = 52  # and above the running footer
INK = colors.black
RULE = colors.Color(0.35, 0.35, 0.35)
FAINT = colors.Color(0.6, 0.6, 0.6)
SHADE = colors.Color(0.92, 0.92, 0.92)

FONT = "Sheet"
BOLD = "Sheet-Bold"

_DEJAVU = "/usr/share/fonts/truetype/dejavu"
_VERA = os.path.join(os.path.dirname(reportlab.__file__), "fonts")


@lru_cache(maxsize=None)
def register_fonts() -> bool:
    """Registers FONT and BOLD once per process; True when the spade sign is available."""
    regular, bold = os.path.join(_DEJAVU, "DejaVuSans.ttf"), os.path.join(_DEJAVU, "DejaVuSans-Bold.ttf")
    dejavu = os.path.exists(regular) and os.path.exists(bold)
    if not dejavu:
        regular, bold = os.path.join(_VERA, "Vera.ttf"), os.path.join(_VERA, "VeraBd.ttf")
    pdfmetrics.registerFont(TTFont(FONT, regular))
    pdfmetrics.registerFont(TTFont(BOLD, bold))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
    return dejavu


def spade() -> str:
    """The spade sign, or an S where the font has none."""
    return "\u2660" if register_fonts() else "S"


SUITS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def card_text(card: str) -> str:
    """A card as the record writes it ("7S", "10H") with its suit sign where the font has them: 7\u2660."""
    if card and register_fonts() and card[-1].upper() in SUITS:
        return card[:-1].upper() + SUITS[card[-1].upper()]
    return card or ""


def page_size(paper: str, *, wide: bool = False) -> tuple[float, float]:
    """The page for ``paper`` ("letter" or "a4"), turned sideways when ``wide``."""
    try:
        size = PAPERS[paper]
    except KeyError:
        raise ValueError(f'paper: must be "letter" or "a4", not "{paper}"') from None
    return landscape(size) if wide else size


def style(size: float = 9, *, bold: bool = False, leading: float | None = None, **kw) -> ParagraphStyle:
    register_fonts()
    return ParagraphStyle(f"s{size}{bold}", fontName=BOLD if bold else FONT, fontSize=size,
                          leading=leading or size * 1.25, **kw)


def new_buffer() -> io.BytesIO:
    register_fonts()
    return io.BytesIO()


def yes(v) -> str:
    return "yes" if v else "no"


def length_words(result_match: Mapping | None, rules: Mapping) -> str:
    """The match's real length in words, from the result document's ``match``
    ("to 500", "one game", "best of 3 games", "one Hollywood set")."""
    length = (result_match or {}).get("length")
    if isinstance(length, dict) and length.get("kind") == "best_of":
        return "one game" if length.get("games") == 1 else f"best of {length['games']} games"
    if length == "set":
        return "one Hollywood set" if rules.get("columns", 1) > 1 else "one game"
    return f"to {rules['match_target']}"


def match_words(length: str) -> str:
    """ "match to 500", "a match of one game", "a match of best of 3 games" read as "match: best of 3 games"."""
    return f"match {length}" if length.startswith("to ") else f"match: {length}"


COLUMNS = {1: "one column", 2: "two games at once", 3: "three games at once (Hollywood)"}


GAME_WORDS = {  # Fosdick's games have no knocking: how their hands end instead
    "skarney": ["no knocking: gin, or the stock runs out (lower count scores)", "aces count 15"],
    "colonel": ["no knocking: go out, the stock runs out, or challenge", "aces high: A K Q J count 10"],
}


def preset_name(rules: Mapping) -> str:
    """The preset's name for players ("Skarney Gin"), or the key capitalised for one we do not know."""
    preset = str(rules.get("preset", "standard"))
    return str(PRESET_NAMES.get(preset, preset.capitalize()))


def _ending_rows(rules: Mapping) -> list[tuple[str, str]]:
    """What a hand's ending adds, as (what, how), in the game's own words: Skarney's gin doubles
    without the contract, Colonel goes out, only gin has big gins and undercuts."""
    gin = rules["gin_bonus"]
    game = rules.get("game", "gin")
    if game == "skarney":
        return [("gin", f"+{gin} (+{2 * gin} when the other has not laid down the contract)")]
    if game == "colonel":
        return [("going out", f"+{gin}")] if gin else []
    rows = [("gin", f"+{gin}")]
    if rules.get("big_gin_bonus") is not None:
        rows.append(("big gin", f"+{rules['big_gin_bonus']}"))
    rows.append(("undercut", f"+{rules['undercut_bonus']}"))
    if rules.get("gin_off_bonus") is not None:
        rows.append(("gin off", f"+{rules['gin_off_bonus']} (instead of the undercut)"))
    return rows


def _game_words(rules: Mapping) -> str:
    bonus = rules.get("game_bonus")
    return f"to {rules['game_target']}" + (f", bonus {bonus}" if bonus else "")


def _knock_words(rules: Mapping) -> list[str]:
    if rules.get("game", "gin") in GAME_WORDS:
        return list(GAME_WORDS[rules["game"]])
    if not rules.get("sets", True):
        return ["runs only (no sets)"] + _knock_words({**rules, "sets": True})
    if rules.get("oklahoma"):
        ace = "gin only" if rules.get("oklahoma_ace") == "gin_only" else "knock with 1"
        return ["knock limit: the upcard (face cards 10)", f"ace upcard: {ace}"]
    return [f"knock with {rules['knock_limit']} or less" if rules["knock_limit"] else "gin only (no knocking)"]


def rules_summary(rules: Mapping, *, length: str | None = None) -> str:
    """The rules in one line, for a pad's footer and a table sheet's heading; ``length``
    ("to 500", "one game", ...) says how long the match runs (default: to the match target)."""
    parts = [f"{preset_name(rules)} rules"] + _knock_words(rules) + [
        f"{what} {how}" for what, how in _ending_rows(rules)]
    if rules.get("hand_bonus"):
        parts.append(f"every hand +{rules['hand_bonus']}")
    if rules.get("spade_double"):
        parts.append(f"{spade()} upcard doubles")
    if rules.get("box_bonus"):
        parts.append(f"box {rules['box_bonus']}")
    parts.append(f"game {_game_words(rules)}")
    shutout = rules.get("shutout", "add")
    if shutout == "add":
        parts.append(f"shutout +{rules['shutout_bonus']}")
    elif shutout == "double":
        parts.append("shutout doubles")
    if rules.get("columns", 1) > 1:
        parts.append(COLUMNS.get(rules["columns"], f"{rules['columns']} games at once"))
    parts.append(match_words(length or f"to {rules['match_target']}"))
    return " \u00b7 ".join(parts)


DEALERS = {"winner": "the hand's winner", "loser": "the hand's loser", "alternate": "the players take turns"}
KNOCK_SCORES = {"difference": "the difference in deadwood", "defender_deadwood": "the defender's deadwood"}
SHUTOUTS = {"add": "+{shutout_bonus}", "double": "the game's total doubles", "none": "no bonus"}


def rules_rows(rules: Mapping, *, length: str | None = None) -> list[tuple[str, str]]:
    """The rules as (what, how) in words for a sheet's rules box: only what applies
    ("ace upcard: knock with 1" under Oklahoma, no knock limit of 10 there)."""
    rows = [("rules", preset_name(rules))]
    for line in _knock_words(rules):
        what, _, how = line.partition(": ")
        rows.append((what, how) if how else ("knocking", line))
    if rules.get("spade_double"):
        rows.append((f"{spade()} upcard", "doubles the hand"))
    rows += _ending_rows(rules)
    if rules.get("game", "gin") == "gin":
        rows.append(("a knock scores", KNOCK_SCORES.get(rules.get("knock_scores"), str(rules.get("knock_scores")))))
    if rules.get("hand_bonus"):
        rows.append(("every hand won", f"+{rules['hand_bonus']}"))
    if rules.get("box_bonus"):
        rows.append(("a box", f"{rules['box_bonus']} points"))
    for key, what in (("extra_boxes_gin", "a gin"), ("extra_boxes_undercut", "an undercut")):
        if rules.get(key):
            rows.append((what, f"{rules[key]} extra box{'es' if rules[key] > 1 else ''}"))
    rows.append(("a game", _game_words(rules)))
    rows.append(("shutout", SHUTOUTS.get(rules.get("shutout", "add"), "").format(**rules)))
    columns = rules.get("columns", 1)
    rows.append(("columns", COLUMNS.get(columns, f"{columns} games at once")))
    rows.append(("next dealer", DEALERS.get(rules.get("dealer"), str(rules.get("dealer")))))
    rows.append(("match", length or f"to {rules['match_target']}"))
    return rows


def fit(c: Canvas, text: str, font: str, size: float, width: float) -> str:
    """``text`` cut short to fit ``width`` points."""
    while text and c.stringWidth(text, font, size) > width:
        text = text[:-1]
    return text


def draw_text(c: Canvas, x: float, y: float, text: str, *, size: float = 8, bold: bool = False,
          align: str = "left", color=INK) -> None:
    c.setFillColor(color)
    c.setFont(BOLD if bold else FONT, size)
    {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align](x, y, text)
    c.setFillColor(INK)


def numbered_canvas(draw: Callable[[Canvas, int, int], None]) -> type[Canvas]:
    """A canvas class for ``doc.build(..., canvasmaker=...)`` that calls ``draw(canvas, n, pages)``
    on every page once the number of pages is known (reportlab's own recipe: the pages are
    held back until ``save``), so a footer can say "page 2 of 5"."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._held = []

        def showPage(self):
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            for n, state in enumerate(self._held, 1):
                self.__dict__.update(state)
                self.saveState()
                draw(self, n, len(self._held))
                self.restoreState()
                Canvas.showPage(self)
            Canvas.save(self)

    return NumberedCanvas


def page_footer(label: str, page_width: float) -> type[Canvas]:
    """The canvas class that prints ``label`` (cut with an ellipsis if it must) and "page n of N"
    at the foot of every page, 0.4 in or more from the paper's edge."""
    def draw(canvas, n, pages):
        right = f"page {n} of {pages}"
        room = page_width - 2 * MARGIN - pdfmetrics.stringWidth(right, FONT, 7.5) - 12
        canvas.setFont(FONT, 7.5)
        canvas.drawString(MARGIN, RUNNING, ellipsis(label, FONT, 7.5, room))
        canvas.drawRightString(page_width - MARGIN, RUNNING, right)
    return numbered_canvas(draw)


def esc(text: str) -> str:
    """``text`` safe inside a Paragraph's markup."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def ellipsis(text: str, font: str, size: float, width: float) -> str:
    """``text`` as it is when it fits ``width`` points, else cut with an ellipsis."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "\u2026", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def word_pieces(word: str) -> list[str]:
    """A word's pieces a line may break between: the word itself, or the parts of a hyphenated
    word, each with its own hyphens ("Montgomery-", "Worthington")."""
    return re.findall(r"[^-]+-*|-+", word)


def word_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` points, broken at spaces and after a word's own
    hyphens ("Montgomery-" / "Worthington"), never inside a word: a piece wider than ``width``
    stands alone on its line. (Reportlab breaks a word too long for its column anywhere, and
    its own hyphenation loses hyphens when a table wraps a cell twice.)"""
    lines, line = [], ""
    for word in text.split():
        for k, part in enumerate(word_pieces(word)):
            longer = line + (" " if line and k == 0 else "") + part
            if line and pdfmetrics.stringWidth(longer, font, size) > width:
                lines.append(line)
                line = part
            else:
                line = longer
    return lines + [line] if line else lines


def shrink(text: str, font: str, width: float, size: float, floor: float) -> float:
    """The largest font size from ``size`` down to ``floor`` at which ``text`` fits ``width`` points
    (``floor`` when nothing fits: wrap from there)."""
    natural = pdfmetrics.stringWidth(text, font, size)
    if natural <= width:
        return size
    return max(floor, size * width / natural * 0.995)  # a hair under: rounding never pushes it over


def name_cell(text: str, width: float, size: float, *, bold: bool = False, floor: float = 6, **kw) -> Paragraph:
    """A cell holding a name whole: its lines break between words and after its own hyphens, the type
    a little smaller when a piece is wider than the column (never cut, never broken inside a word)."""
    font = BOLD if bold else FONT
    widest = max((pdfmetrics.stringWidth(p, font, size) for w in str(text).split() for p in word_pieces(w)),
                 default=0)
    if widest > width:
        size = max(floor, size * width / widest * 0.99)
    lines = word_lines(str(text), font, size, width)
    return Paragraph("<br/>".join(esc(line) for line in lines), style(size, bold=bold, leading=size * 1.2, **kw))


class TableThenBlock(Flowable):
    """A long table followed by a block that must not print alone (a match's score and the players'
    signatures): the table flows across pages as usual, and the block goes on the page where the
    table ends, taking the table's last rows with it to the next page when it does not fit there.
    ``heading`` flowables print just above the table, never alone at the foot of a page; ``again``
    print above each continuation ("Group 2 (continued)"). ``least``: the fewest rows a page break
    leaves on either side (a few rows never start a table at a page's foot nor end it alone on the
    next); ``whole``: the frame's height, when a table that fits a page whole must not break."""

    def __init__(self, table, block: list, tail: int = 3, heading: list | None = None, *, again: list | None = None,
                 least: int = 0, whole: float = 0):
        super().__init__()
        self.table, self.block, self.tail, self.heading = table, block, tail, heading or []
        self.again, self.least, self.whole = again or [], least, whole

    def _rest(self, table) -> "TableThenBlock":
        return TableThenBlock(table, self.block, self.tail, list(self.again), again=self.again, least=self.least)

    @staticmethod
    def _height(flowables: list, aw: float, ah: float) -> float:
        return sum(f.wrap(aw, ah)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables)

    def wrap(self, aw, ah):
        return aw, 0xFFFFFF  # as KeepTogether does: always split, which hands the frame the parts

    def draw(self):  # never drawn itself
        raise NotImplementedError

    def split(self, aw, ah):
        head_h = self._height(self.heading, aw, ah)
        ah -= head_h
        table_h = self.table.wrap(aw, ah)[1]
        block_h = self._height(self.block, aw, ah)
        if table_h + block_h <= ah:
            return self.heading + [self.table] + self.block
        if self.whole and head_h + table_h + block_h <= self.whole:
            return []  # it fits a page whole: the next one
        rows = self.table._rowHeights
        repeat = self.table.repeatRows
        keep = min(self.tail, max(len(rows) - 1 - repeat, 0))
        if table_h <= ah:  # the table fits, the block does not: its last rows go over with the block
            if keep == 0:
                return self.heading + [self.table, PageBreak()] + self.block
            parts = self.table.split(aw, sum(rows[:-keep]) + 0.01)
            if len(parts) < 2:
                return []
            return self.heading + [parts[0], PageBreak(), self._rest(parts[1])]
        parts = self.table.split(aw, ah)
        if len(parts) < 2:
            return []  # not even a row fits here: the next frame
        if self.least:
            first, rest = (len(part._rowHeights) - repeat for part in parts)
            if first < self.least:
                return []  # a few rows at the foot of a page: the table starts on the next
            if rest < self.least and len(rows) - repeat >= 2 * self.least:
                parts = self.table.split(aw, sum(rows[:len(rows) - self.least]) + 0.01)
                if len(parts) < 2:
                    return []
        return self.heading + [parts[0], self._rest(parts[1])]
