"""What every sheet shares: fonts (registered once), paper sizes, styles, the rules in words.

The fonts are DejaVu Sans when the system has it (Debian's fonts-dejavu-core:
wide coverage, the spade sign), else the Bitstream Vera that ships inside
reportlab, so a sheet builds on any machine and names with accents print.
"""
from __future__ import annotations

import io
import os
import re
from functools import lru_cache, wraps
from typing import Callable, Mapping

import reportlab
from django.utils import translation
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak, Paragraph

from ginscore.club.language import offered
from ginscore.club.formats import NBSP, number  # noqa: F401 - the sheets' numbers are the site's
from ginscore.club.formats import amount as money  # noqa: F401
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


def languages() -> list[str]:
    """The languages a sheet prints in: the site's."""
    return list(offered())


def sheet_language(language: str | None = None) -> str:
    """``language`` when the site offers it, the club's (``GINSCORE_LANGUAGE``, else the club
    settings page's) when None or "";
    anything else is refused, naming the choices."""
    if not language:
        from ginscore.club.setup import language as club_language

        return club_language()
    if language not in languages():
        raise ValueError(_('language: must be one of %(choices)s, not "%(given)s"')
                         % {"choices": ", ".join(languages()), "given": language})
    return language


def in_language(build: Callable) -> Callable:
    """A sheet builder that prints in the club's language, or in ``language=...`` when given: every
    word of the sheet is read inside ``translation.override``."""
    @wraps(build)
    def printed(*args, language: str | None = None, **kwargs):
        with translation.override(sheet_language(language)):
            return build(*args, **kwargs)
    return printed


def signed(value) -> str:
    """ "+25", "+1,500": a bonus or a net as the sheets print it."""
    return f"+{number(value)}"


def day(value) -> str:
    """A date on a sheet: "26 Nov 2026" in English, "26 novembre 2026" in French."""
    if not value:
        return ""
    # Translators: a date on a printed sheet, in Django's date format letters (French: "j F Y").
    return date_format(value, pgettext("sheet date", "j M Y"))


def day_and_time(value) -> str:
    """A moment on a sheet, in the club's time zone: "26 Nov 2026, 19:40"."""
    if not value:
        return ""
    from django.utils import timezone

    if timezone.is_aware(value):
        value = timezone.localtime(value)
    # Translators: a date and time on a printed sheet, in Django's date format letters (French: "j F Y, H:i").
    return date_format(value, pgettext("sheet date and time", "j M Y, H:i"))


def to_target(rules: Mapping) -> str:
    """ "to 500": a match played to the match target."""
    return _("to %(target)s") % {"target": number(rules["match_target"])}


def length_words(result_match: Mapping | None, rules: Mapping) -> str:
    """The match's real length in words when it is not played to the target, from the result
    document's ``match`` ("one game", "best of 3 games", "one Hollywood set"); "" when it is."""
    length = (result_match or {}).get("length")
    if isinstance(length, dict) and length.get("kind") == "best_of":
        games = length["games"]
        return _("one game") if games == 1 else ngettext(
            "best of %(games)s game", "best of %(games)s games", games) % {"games": games}
    if length == "set":
        return _("one Hollywood set") if rules.get("columns", 1) > 1 else _("one game")
    return ""


def match_words(length: str, rules: Mapping) -> str:
    """ "match to 500" (``length`` ""), or "match: best of 3 games"."""
    if not length:
        return _("match to %(target)s") % {"target": number(rules["match_target"])}
    return _("match: %(length)s") % {"length": length}


def columns_words(columns: int) -> str:
    return {1: _("one column"), 2: _("two games at once"), 3: _("three games at once (Hollywood)")}.get(
        columns) or ngettext("%(n)s game at once", "%(n)s games at once", columns) % {"n": columns}


def _fosdick_words(game: str) -> list[tuple[str, str]]:
    """Fosdick's games have no knocking: how their hands end instead, as (what, how)."""
    if game == "skarney":
        return [(_("no knocking"), _("gin, or the stock runs out (lower count scores)")), ("", _("aces count 15"))]
    return [(_("no knocking"), _("go out, the stock runs out, or challenge")),
            (_("aces high"), _("A K Q J count 10"))]


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
        return [(_("gin"), _("%(bonus)s (%(double)s when the other has not laid down the contract)")
                 % {"bonus": signed(gin), "double": signed(2 * gin)})]
    if game == "colonel":
        return [(_("going out"), signed(gin))] if gin else []
    rows = [(_("gin"), signed(gin))]
    if rules.get("big_gin_bonus") is not None:
        rows.append((_("big gin"), signed(rules["big_gin_bonus"])))
    rows.append((_("undercut"), signed(rules["undercut_bonus"])))
    if rules.get("gin_off_bonus") is not None:
        rows.append((_("gin off"), _("%(bonus)s (instead of the undercut)") % {"bonus": signed(rules["gin_off_bonus"])}))
    return rows


def _game_words(rules: Mapping) -> str:
    bonus = rules.get("game_bonus")
    target = number(rules["game_target"])
    if bonus:
        return _("to %(target)s, bonus %(bonus)s") % {"target": target, "bonus": number(bonus)}
    return _("to %(target)s") % {"target": target}


def _knock_words(rules: Mapping) -> list[tuple[str, str]]:
    """How a hand may end, as (what, how) pairs ("" what: a line of its own under "knocking")."""
    if rules.get("game", "gin") in ("skarney", "colonel"):
        return _fosdick_words(rules["game"])
    if not rules.get("sets", True):
        return [("", _("runs only (no sets)"))] + _knock_words({**rules, "sets": True})
    if rules.get("oklahoma"):
        ace = _("gin only") if rules.get("oklahoma_ace") == "gin_only" else _("knock with 1")
        return [(_("knock limit"), _("the upcard (face cards 10)")), (_("ace upcard"), ace)]
    if rules["knock_limit"]:
        return [("", _("knock with %(limit)s or less") % {"limit": rules["knock_limit"]})]
    return [("", _("gin only (no knocking)"))]


def _knock_line(what: str, how: str) -> str:
    return _("%(what)s: %(how)s") % {"what": what, "how": how} if what else how


def rules_summary(rules: Mapping, *, length: str = "") -> str:
    """The rules in one line, for a pad's footer and a table sheet's heading; ``length``
    ("one game", ...) says how long the match runs when it is not to the match target."""
    parts = [_("%(rules)s rules") % {"rules": preset_name(rules)}] + [
        _knock_line(what, how) for what, how in _knock_words(rules)] + [
        f"{what} {how}" for what, how in _ending_rows(rules)]
    if rules.get("hand_bonus"):
        parts.append(_("every hand %(bonus)s") % {"bonus": signed(rules["hand_bonus"])})
    if rules.get("spade_double"):
        parts.append(_("%(spade)s upcard doubles") % {"spade": spade()})
    if rules.get("box_bonus"):
        parts.append(_("box %(points)s") % {"points": number(rules["box_bonus"])})
    parts.append(_("game %(game)s") % {"game": _game_words(rules)})
    shutout = rules.get("shutout", "add")
    if shutout == "add":
        parts.append(_("shutout %(bonus)s") % {"bonus": signed(rules["shutout_bonus"])})
    elif shutout == "double":
        parts.append(_("shutout doubles"))
    if rules.get("columns", 1) > 1:
        parts.append(columns_words(rules["columns"]))
    parts.append(match_words(length, rules))
    return " \u00b7 ".join(parts)


def rules_rows(rules: Mapping, *, length: str = "", dealer: str = "") -> list[tuple[str, str]]:
    """The rules as (what, how) in words for a sheet's rules box: only what applies
    ("ace upcard: knock with 1" under Oklahoma, no knock limit of 10 there). ``dealer``: who deals
    next, when the table decides it otherwise than the rules."""
    rows = [(_("rules"), preset_name(rules))]
    for what, how in _knock_words(rules):
        rows.append((what or _("knocking"), how))
    if rules.get("spade_double"):
        rows.append((_("%(spade)s upcard") % {"spade": spade()}, _("doubles the hand")))
    rows += _ending_rows(rules)
    if rules.get("game", "gin") == "gin":
        scores = {"difference": _("the difference in deadwood"), "defender_deadwood": _("the defender's deadwood")}
        rows.append((_("a knock scores"), scores.get(rules.get("knock_scores"), str(rules.get("knock_scores")))))
    if rules.get("hand_bonus"):
        rows.append((_("every hand won"), signed(rules["hand_bonus"])))
    if rules.get("box_bonus"):
        rows.append((_("a box"), ngettext("%(points)s point", "%(points)s points", rules["box_bonus"])
                     % {"points": number(rules["box_bonus"])}))
    for key, what in (("extra_boxes_gin", _("a gin")), ("extra_boxes_undercut", _("an undercut"))):
        if rules.get(key):
            rows.append((what, ngettext("%(n)s extra box", "%(n)s extra boxes", rules[key]) % {"n": rules[key]}))
    rows.append((_("a game"), _game_words(rules)))
    shutouts = {"add": signed(rules.get("shutout_bonus") or 0), "double": _("the game's total doubles"),
                "none": _("no bonus")}
    rows.append((_("shutout"), shutouts.get(rules.get("shutout", "add"), "")))
    rows.append((_("columns"), columns_words(rules.get("columns", 1))))
    dealers = {"winner": _("the hand's winner"), "loser": _("the hand's loser"),
               "alternate": _("the players take turns")}
    rows.append((_("next dealer"), dealer or dealers.get(rules.get("dealer"), str(rules.get("dealer")))))
    rows.append((_("match"), length or to_target(rules)))
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
        right = _("page %(n)s of %(pages)s") % {"n": n, "pages": pages}
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


SPACES = re.compile(r"[ \t\r\n]+")


def words_of(text: str) -> list[str]:
    """``text``'s words, split at spaces but never at a no-break space ("1 500", "« Ann »")."""
    return [w for w in SPACES.split(str(text)) if w]


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
    for word in words_of(text):
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
    widest = max((pdfmetrics.stringWidth(p, font, size) for w in words_of(text) for p in word_pieces(w)),
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
