"""The bracket for the wall: single or double elimination, any size, on sideways pages.

Each section (the bracket; or winners' and losers' brackets) is a tree of
rounds. A page holds a sub-tree: some first-column matches and the rounds they
lead to; a bigger tree is cut into sub-trees, one per page, and the rounds where
they meet go on the pages after, headed "winners of sheets 1-4", while each
sub-tree's last matches say which sheet their winners go on to.

Type and boxes are sized to the bracket and the paper: every name prints whole,
wrapped onto a second (or third) line between words before the type shrinks,
never under ``FLOOR`` points and never cut with an ellipsis; when the names do
not fit at that size, a page takes fewer rounds (wider boxes) or fewer matches
(taller ones). The champion is the largest name on the page.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Sequence

from django.utils.translation import gettext as _
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ginscore.sheets.common import (
    BOLD, FONT, INK, MARGIN, RULE, SHADE, draw_text, ellipsis, in_language, new_buffer, page_size, register_fonts, shrink,
    word_lines, word_pieces, words_of,
)
from ginscore.sheets.data import Bracket, BracketMatch, BracketSection, Slot

NAME_PT = 14  # the largest a name prints, read from across the room
FLOOR = 10  # and the smallest: read from a step away
COMFORT = 12  # a page gives up a round or some matches to print its names at this size or more
CAPTION_PT = 9  # a match's caption, a note such as "Loser of W1-3"
LEAD = 1.15  # a name's line height, in sizes
MAX_LINES = 4  # a name takes at most four lines in its box
MIN_PITCH = 2 * (FLOOR * LEAD + 4) + CAPTION_PT + 5  # two players of a line each at the floor, and the caption
MAX_COLUMNS = 4  # rounds a page holds at most
TITLE_H = 50
GUTTER = 16  # between a column's boxes and the next column


@dataclass(frozen=True)
class Page:
    section: BracketSection
    first: int  # the first round on this page
    last: int  # the last round on this page (inclusive)
    block: range  # the first round's matches on this page
    sheet: int  # this page's number within the section
    sheets: int
    fed_by: tuple[int, ...]  # the sheets whose winners play on this page's first column (none: ())
    extra: BracketSection | None = None  # a lone match (third place) drawn beside the final
    feeds: int = 0  # the sheet (of the section) this page's winners go on to; 0: none
    number: int = 0  # the page's number in the whole PDF


def _next(rounds, r: int, i: int) -> int:
    """The match of round r+1 that match i of round r feeds."""
    n, m = len(rounds[r].matches), len(rounds[r + 1].matches)
    return i if n == m else i * m // n


def _plan(section: BracketSection, per_page: int, max_columns: int = MAX_COLUMNS) -> list[Page]:
    rounds = section.rounds
    plans: list[tuple[int, int, range]] = []
    start = 0
    while start < len(rounds):
        n = len(rounds[start].matches)
        size = n if n <= per_page else per_page
        blocks = [range(b, min(n, b + size)) for b in range(0, n, size)]
        last = len(rounds) - 1
        for r in range(start, len(rounds) - 1):
            if r - start + 1 >= max_columns and not all(len(rounds[q].matches) <= 1 for q in range(r, len(rounds))):
                last = r
                break
            images = [{_next(rounds, r, i) for i in _image(rounds, start, r, b)} for b in blocks]
            if len(blocks) > 1 and any(images[k] & images[k + 1] for k in range(len(blocks) - 1)):
                last = r
                break
        # the last rounds of one match each (final, grand final, replay) never make a page alone:
        # they go on with the round before them
        while start < last < len(rounds) - 1 and all(len(rounds[q].matches) <= 1 for q in range(last + 1, len(rounds))):
            last -= 1
        plans += [(start, last, b) for b in blocks]
        start = last + 1
    pages = []
    for k, (first, last, block) in enumerate(plans):
        feeders = [j + 1 for j, p in enumerate(plans) if p[1] == first - 1]
        fed_by = (feeders[0], feeders[-1]) if feeders else ()
        feeds = next((j + 1 for j, p in enumerate(plans) if p[0] == last + 1), 0)
        pages.append(Page(section, first, last, block, k + 1, len(plans), fed_by, feeds=feeds))
    return pages


def _image(rounds, start: int, r: int, block: range) -> set[int]:
    """The matches of round r that the block of round ``start`` leads to."""
    idx = set(block)
    for q in range(start, r):
        idx = {_next(rounds, q, i) for i in idx}
    return idx


@dataclass(frozen=True)
class Geometry:
    """A page's boxes: column width, box width, a player's line height, the score's width, the type."""

    col_w: float
    box_w: float
    slot_h: float
    score_w: float
    size: float | None  # the names' size; None when they do not fit at the floor
    seeds: str = "99"  # the widest seed on the page

    @property
    def seed_w(self) -> float:
        return stringWidth(f"{self.seeds}  ", BOLD, self.size or FLOOR) if self.seeds else 0


def _slot_text(slot: Slot) -> str:
    return slot.name if slot.name else ""


def _page_slots(page: Page) -> list[Slot]:
    rounds = page.section.rounds
    out = []
    for r in range(page.first, page.last + 1):
        for i in sorted(_image(rounds, page.first, r, page.block)):
            m = rounds[r].matches[i]
            out += [m.top, m.bottom]
    if page.extra:
        m = page.extra.rounds[0].matches[0]
        out += [m.top, m.bottom]
    return out


def name_lines(slot: Slot, width: float, size: float) -> list[str] | None:
    """A player's (or team's) name in lines no wider than ``width`` at ``size``, broken between words
    and after a word's hyphens; None when a piece is wider than the box or it needs too many lines."""
    return _name_lines(_slot_text(slot), round(width, 2), size)


@lru_cache(maxsize=4096)
def _name_lines(text: str, width: float, size: float) -> list[str] | None:
    if not text:
        return []
    if max(stringWidth(p, BOLD, size) for w in words_of(text) for p in word_pieces(w)) > width:
        return None
    lines = word_lines(text, BOLD, size, width)
    return lines if len(lines) <= MAX_LINES else None


def _best_size(slots: Sequence[Slot], slot_h: float, name_w) -> float | None:
    """The size every name of ``slots`` prints at in its line's box (``name_w(size)`` wide, ``slot_h``
    tall): on one line at ``COMFORT`` size or more if they can, else wrapped onto two lines (then three,
    four) before shrinking, and at the largest such size down to FLOOR; None when nothing fits."""
    def largest(lines: int) -> float | None:
        size = NAME_PT
        while size >= FLOOR - 1e-6:
            room = min(lines, int((slot_h - 0.2) // (size * LEAD)))
            if room >= 1 and all((got := name_lines(s, name_w(size), size)) is not None and len(got) <= room
                                 for s in slots):
                return size
            size -= 0.5
        return None

    for lines in range(1, MAX_LINES + 1):
        size = largest(lines)
        if size is not None and (size >= COMFORT or lines == MAX_LINES):
            return size
    return None


def _geometry(page: Page, size: tuple[float, float]) -> Geometry:
    pw, ph = size
    rounds = page.section.rounds
    final_page = page.last == len(rounds) - 1
    cols = page.last - page.first + 1
    # the champion's column (as wide as a box when the third-place match sits in it); "→ sheet 5"
    tail = (1.0 if page.extra else 0.8 if page.section.last_name else 0.6) if final_page else (
        0.45 if page.feeds else 0)
    col_w = (pw - 2 * MARGIN) / (cols + tail)
    box_w = col_w - GUTTER
    pitch = (ph - 2 * MARGIN - TITLE_H - 6) / max(len(page.block), 1)
    slot_h = min((pitch - CAPTION_PT - 5) / 2, MAX_LINES * NAME_PT * LEAD + 4)
    slots = _page_slots(page)
    scores = [s.score for s in slots if s.score] + ["000"]  # room to write a three-digit score in
    seeds = max((str(s.seed) for s in slots if s.seed), key=len, default="")

    widest = max(scores, key=lambda s: stringWidth(s, BOLD, 10))
    room: dict[float, float] = {}

    def score_w(sz: float) -> float:
        return stringWidth(widest, BOLD, sz) + 8

    def name_w(sz: float) -> float:
        if sz not in room:
            room[sz] = box_w - score_w(sz) - (stringWidth(f"{seeds}  ", BOLD, sz) if seeds else 0) - 6
        return room[sz]

    best = _best_size(slots, slot_h, name_w)
    if best is not None:  # boxes as tall as the longest name needs, with air
        lines = max((len(name_lines(s, name_w(best), best) or ()) for s in slots), default=1)
        slot_h = min(slot_h, max(1, lines) * best * LEAD + 10)
    return Geometry(col_w, box_w, slot_h, score_w(best or FLOOR), best, seeds)


def _slot(c: Canvas, x: float, y: float, g: Geometry, slot: Slot, won: bool) -> None:
    """One player's line from ``y`` up: seed and name (wrapped, never cut), or a note such as
    "Loser of W1-3"; and the score box."""
    size = g.size or FLOOR
    name_w = g.box_w - g.score_w - g.seed_w - 6
    if slot.name:
        lines = name_lines(slot, name_w, size) or word_lines(slot.name, BOLD, size, name_w)
        lead = size * LEAD
        top = y + (g.slot_h + len(lines) * lead) / 2 - size * 0.85
        bye = slot.bye or slot.name.lower() == "bye"
        for k, line in enumerate(lines):
            seed = f"{slot.seed}  " if slot.seed and k == 0 else ""
            lx = x + 3 + (g.seed_w - stringWidth(seed, BOLD if won else FONT, size) if seed else g.seed_w)
            draw_text(c, lx, top - k * lead, seed + line, size=size, bold=won, color=RULE if bye else INK)
    elif slot.note:
        draw_text(c, x + 3, y + (g.slot_h - CAPTION_PT) / 2 + 1.5, ellipsis(slot.note, FONT, CAPTION_PT, g.box_w - 8),
                  size=CAPTION_PT, color=RULE)
    if slot.score:
        draw_text(c, x + g.box_w - g.score_w / 2, y + (g.slot_h - size) / 2 + 1.5, slot.score, size=size, bold=won,
                  align="centre")


def _match(c: Canvas, x: float, cy: float, g: Geometry, m: BracketMatch) -> None:
    h = g.slot_h
    c.setLineWidth(0.7)
    c.rect(x, cy - h, g.box_w, 2 * h, stroke=1, fill=0)
    c.setLineWidth(0.3)
    c.line(x, cy, x + g.box_w, cy)
    c.line(x + g.box_w - g.score_w, cy - h, x + g.box_w - g.score_w, cy + h)
    _slot(c, x, cy, g, m.top, m.winner == 0)
    _slot(c, x, cy - h, g, m.bottom, m.winner == 1)
    caption = " \u00b7 ".join(filter(None, [m.label, _("table %(n)s") % {"n": m.table} if m.table else ""]))
    if caption:
        draw_text(c, x + 1, cy + h + 2.5, ellipsis(caption, FONT, CAPTION_PT, g.box_w - 2), size=CAPTION_PT,
                  color=RULE)


def _champion(c: Canvas, x: float, cy: float, w: float, name: str, above: float) -> None:
    """The champion's name over the line at ``cy``: the largest name on the page (larger than every
    other, ``above``), on as few lines as a large size allows, wrapped between words."""
    least = max(16, above + 2)

    def fits(size: float, most: int) -> bool:
        lines = word_lines(name, BOLD, size, w)
        return len(lines) <= most and max(stringWidth(p, BOLD, size) for ln in lines for p in words_of(ln)) <= w

    size = next((sz for most in range(1, 7) for sz in range(24, int(least) - 1, -1) if fits(sz, most)), least)
    lines = word_lines(name, BOLD, size, w)
    for k, line in enumerate(lines):
        draw_text(c, x, cy + 5 + (len(lines) - 1 - k) * size * LEAD, line, size=size, bold=True)


HEAD_PT, HEAD_FLOOR, HEAD_TWO = 10, 7, 6.5  # a round's name over its column: one line, else two smaller


def _round_head(c: Canvas, x: float, area_top: float, w: float, name: str) -> None:
    """A round's name centred in its shaded band over the column: on one line down to 7 pt, else on
    two lines ("Quart de finale / des gagnants"), cut with "…" only when even two do not hold it."""
    room = w - 4
    size = shrink(name, BOLD, room, HEAD_PT, HEAD_FLOOR)
    lines = word_lines(name, BOLD, HEAD_TWO, room)
    if stringWidth(name, BOLD, size) > room and len(lines) <= 2 and all(
            stringWidth(line, BOLD, HEAD_TWO) <= room for line in lines):
        top = area_top + (9.8 if len(lines) == 2 else 6.5)
        for k, line in enumerate(lines):
            draw_text(c, x + w / 2, top - 6.4 * k, line, size=HEAD_TWO, bold=True, align="centre")
        return
    draw_text(c, x + w / 2, area_top + 6, ellipsis(name, BOLD, size, room), size=size, bold=True, align="centre")


def fed_by_words(page: Page) -> str:
    """ "winners of sheet 2", "winners of sheets 1–4"."""
    first, last = page.fed_by
    if first == last:
        return _("winners of sheet %(n)s") % {"n": first}
    return _("winners of sheets %(first)s–%(last)s") % {"first": first, "last": last}


def _draw_page(c: Canvas, bracket: Bracket, page: Page, size: tuple[float, float]) -> None:
    pw, ph = size
    g = _geometry(page, size)
    rounds = page.section.rounds
    final_page = page.last == len(rounds) - 1
    title = " \u00b7 ".join(filter(None, [bracket.tournament, page.section.title]))
    draw_text(c, MARGIN, ph - MARGIN - 14, ellipsis(title, BOLD, 15, pw - 2 * MARGIN - 130), size=15, bold=True)
    sheet = _("sheet %(n)s of %(sheets)s") % {"n": page.sheet, "sheets": page.sheets} if page.sheets > 1 else ""
    draw_text(c, pw - MARGIN, ph - MARGIN - 14, sheet, size=11, align="right")
    sub = " \u00b7 ".join(filter(None, [bracket.subtitle, _("first column: %(from)s") % {"from": fed_by_words(page)}
                                         if page.fed_by else ""]))
    draw_text(c, MARGIN, ph - MARGIN - 29, ellipsis(sub, FONT, 10, pw - 2 * MARGIN), size=10, color=RULE)
    area_top, area_bottom = ph - MARGIN - TITLE_H, MARGIN + 6
    pitch = (area_top - area_bottom) / max(len(page.block), 1)
    ys = {i: area_top - (k + 0.5) * pitch for k, i in enumerate(page.block)}
    x = MARGIN
    for col, r in enumerate(range(page.first, page.last + 1)):
        x = MARGIN + col * g.col_w
        c.setFillColor(SHADE)
        c.rect(x, area_top + 2, g.box_w, 14, stroke=0, fill=1)
        c.setFillColor(INK)
        _round_head(c, x, area_top, g.box_w, rounds[r].name)
        for i, cy in ys.items():
            _match(c, x, cy, g, rounds[r].matches[i])
        if r < page.last:
            nxt: dict[int, list[float]] = {}
            for i, cy in ys.items():
                nxt.setdefault(_next(rounds, r, i), []).append(cy)
            new = {j: sum(v) / len(v) for j, v in nxt.items()}
            c.setLineWidth(0.6)
            for i, cy in ys.items():  # the elbow from a match to the one its winner plays next
                j = _next(rounds, r, i)
                mid = x + g.box_w + GUTTER / 2
                c.line(x + g.box_w, cy, mid, cy)
                c.line(mid, cy, mid, new[j])
                c.line(mid, new[j], x + g.col_w, new[j])
            ys = new
    if page.feeds and not final_page:  # where this sub-tree's winners play next
        for cy in ys.values():
            c.setLineWidth(0.6)
            c.line(x + g.box_w, cy, x + g.box_w + 8, cy)
            draw_text(c, x + g.box_w + 10, cy - CAPTION_PT / 2 + 1, _("→ sheet %(n)s") % {"n": page.feeds},
                      size=CAPTION_PT + 1,
                      bold=True)
    if final_page:
        x = MARGIN + (page.last - page.first + 1) * g.col_w
        cy = sum(ys.values()) / len(ys)
        c.setLineWidth(0.6)
        c.line(x - GUTTER, cy, x, cy)
        c.setLineWidth(1.2)
        c.line(x, cy, pw - MARGIN, cy)
        last, room = page.section.last_line or _("Champion"), pw - MARGIN - x - 4
        size = shrink(last, FONT, room, CAPTION_PT + 1, 7)  # "Vers la grande finale": smaller, then wrapped
        for k, line in enumerate(word_lines(last, FONT, size, room)):
            draw_text(c, x + 2, cy - 12 - k * size * LEAD, line, size=size, color=RULE)
        if page.section.last_name:
            _champion(c, x + 2, cy, pw - MARGIN - x - 4, page.section.last_name, g.size or FLOOR)
        if page.extra:  # the third-place match, low in the champion's column
            w = pw - MARGIN - x - 4
            eg = g  # the page's boxes: its names were fitted to them
            ey = area_bottom + g.slot_h + 2  # its box's foot on the page's
            draw_text(c, x, ey + g.slot_h + CAPTION_PT + 8, ellipsis(page.extra.title, BOLD, 10, w), size=10, bold=True)
            _match(c, x, ey, eg, page.extra.rounds[0].matches[0])


def per_page_for(paper: str) -> int:
    """The most first-column matches a sideways page holds with room for a line of names at the
    floor (a power of two); long names take pages that hold fewer."""
    ph = page_size(paper, wide=True)[1]
    room = ph - 2 * MARGIN - TITLE_H - 6
    return 2 ** int(math.log2(room / MIN_PITCH))


def _layout(bracket: Bracket, per_page: int, columns: int) -> list[Page]:
    pages: list[Page] = []
    for section in bracket.sections:
        lone = len(section.rounds) == 1 and len(section.rounds[0].matches) == 1
        finals = [k for k, p in enumerate(pages) if p.last == len(p.section.rounds) - 1 and p.extra is None
                  and not p.section.last_line]
        if lone and finals:
            k = finals[0]
            pages[k] = replace(pages[k], extra=section)
            continue
        pages += _plan(section, per_page, columns)
    return [replace(p, number=k) for k, p in enumerate(pages, 1)]


def bracket_pages(bracket: Bracket) -> list[Page]:
    """The pages in order, every name whole at a readable size: at ``COMFORT`` size or more when that
    takes at most a page more than the fewest (never two sheets for a bracket one sheet holds at the
    ``FLOOR`` size or more), else on the fewest pages at the largest size they allow;
    a section of one lone match (third place) joins the page of the final."""
    register_fonts()
    size = page_size(bracket.paper, wide=True)
    most = per_page_for(bracket.paper)
    tries = [(most, 4), (most, 3), (most // 2, 4), (most // 2, 3), (most, 2), (most // 2, 2), (most // 4, 3),
             (most // 4, 2), (most // 2, 1), (most // 4, 1), (1, 1)]
    fits: list[tuple[list[Page], float]] = []
    for per_page, columns in tries:  # from the fewest pages to the most
        pages = _layout(bracket, max(1, per_page), columns)
        least = NAME_PT
        for page in pages:
            got = _geometry(page, size).size
            if got is None:
                break
            least = min(least, got)
        else:
            fits.append((pages, least))
            if least >= COMFORT:
                fewest = min(len(p) for p, _ in fits)
                if len(pages) <= fewest + (1 if fewest > 1 else 0):   # a bracket that fits one sheet stays on one
                    return pages
                break
    if not fits:
        return pages
    return min(fits, key=lambda f: (len(f[0]), -f[1]))[0]


@in_language
def build_bracket(bracket: Bracket) -> bytes:
    """The bracket as a PDF, one or more sideways pages per section."""
    size = page_size(bracket.paper, wide=True)
    buf = new_buffer()
    c = Canvas(buf, pagesize=size, pageCompression=1)
    c.setTitle(_("%(tournament)s: bracket") % {"tournament": bracket.tournament})
    for page in bracket_pages(bracket):
        _draw_page(c, bracket, page, size)
        c.showPage()
    c.save()
    return buf.getvalue()
