"""The bracket for the wall: single or double elimination, any size, on sideways pages.

Each section (the bracket; or winners' and losers' brackets) is a tree of
rounds. A page holds at most ``PER_PAGE`` first-column matches and
``MAX_COLUMNS`` rounds, so a match box always has room for a name and a
score; a bigger tree is cut into sub-trees, one per page, and the rounds where
they meet go on the pages after, headed "winners of sheets 1-4".
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from reportlab.pdfgen.canvas import Canvas

from ginscore.sheets.common import (
    BOLD, FAINT, FONT, INK, MARGIN, RULE, SHADE, draw_text, ellipsis, new_buffer, page_size,
)
from ginscore.sheets.data import Bracket, BracketMatch, BracketSection, Slot

NAME_PT = 10  # a name on a wall chart, read from a step away
CAPTION_PT = 8  # a match's caption, a note such as "Loser of W1-3"
LINE = 14  # one slot (a player's line in a match box)
MIN_PITCH = 2 * LINE + CAPTION_PT + 3  # and room for the match's caption above it
MAX_COLUMNS = 4  # a box holds "12  Christopher Williams" whole at 10 pt
SCORE_W = 26  # a bold three-digit score at 10 pt with air either side
TITLE_H = 44


@dataclass(frozen=True)
class Page:
    section: BracketSection
    first: int  # the first round on this page
    last: int  # the last round on this page (inclusive)
    block: range  # the first round's matches on this page
    sheet: int  # this page's number within the section
    sheets: int
    fed_by: str  # "" or "winners of sheets 1-4"
    extra: BracketSection | None = None  # a lone match (third place) drawn beside the final


def _next(rounds, r: int, i: int) -> int:
    """The match of round r+1 that match i of round r feeds."""
    n, m = len(rounds[r].matches), len(rounds[r + 1].matches)
    return i if n == m else i * m // n


def _plan(section: BracketSection, per_page: int) -> list[Page]:
    rounds = section.rounds
    plans: list[tuple[int, int, range]] = []
    start = 0
    while start < len(rounds):
        n = len(rounds[start].matches)
        size = n if n <= per_page else per_page
        blocks = [range(b, min(n, b + size)) for b in range(0, n, size)]
        last = len(rounds) - 1
        for r in range(start, len(rounds) - 1):
            if r - start + 1 >= MAX_COLUMNS:
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
        fed_by = ""
        if feeders:
            fed_by = f"winners of sheet {feeders[0]}" if len(feeders) == 1 else \
                f"winners of sheets {feeders[0]}\u2013{feeders[-1]}"
        pages.append(Page(section, first, last, block, k + 1, len(plans), fed_by))
    return pages


def _image(rounds, start: int, r: int, block: range) -> set[int]:
    """The matches of round r that the block of round ``start`` leads to."""
    idx = set(block)
    for q in range(start, r):
        idx = {_next(rounds, q, i) for i in idx}
    return idx


def _slot(c: Canvas, x: float, y: float, w: float, slot: Slot, won: bool) -> None:
    """One player's line: seed and name (or a note such as "Loser of W1-3"), and the score box."""
    name_w = w - SCORE_W - 6
    if slot.name:
        text = f"{slot.seed}  {slot.name}" if slot.seed else slot.name
        color = FAINT if slot.name.lower() == "bye" else INK
        draw_text(c, x + 3, y + 4, ellipsis(text, BOLD if won else FONT, NAME_PT, name_w), size=NAME_PT, bold=won,
                  color=color)
    elif slot.note:
        draw_text(c, x + 3, y + 4.5, ellipsis(slot.note, FONT, CAPTION_PT, name_w), size=CAPTION_PT, color=RULE)
    if slot.score:
        draw_text(c, x + w - SCORE_W / 2, y + 4, slot.score, size=NAME_PT, bold=won, align="centre")


def _match(c: Canvas, x: float, cy: float, w: float, m: BracketMatch) -> None:
    top = cy + LINE
    c.setLineWidth(0.7)
    c.rect(x, cy - LINE, w, 2 * LINE, stroke=1, fill=0)
    c.setLineWidth(0.3)
    c.line(x, cy, x + w, cy)
    c.line(x + w - SCORE_W, cy - LINE, x + w - SCORE_W, top)
    _slot(c, x, cy, w, m.top, m.winner == 0)
    _slot(c, x, cy - LINE, w, m.bottom, m.winner == 1)
    caption = " \u00b7 ".join(filter(None, [m.label, f"table {m.table}" if m.table else ""]))
    if caption:
        draw_text(c, x + 1, top + 2, ellipsis(caption, FONT, CAPTION_PT, w - 2), size=CAPTION_PT, color=RULE)


def _draw_page(c: Canvas, bracket: Bracket, page: Page, size: tuple[float, float], per_page: int) -> None:
    pw, ph = size
    rounds = page.section.rounds
    final_page = page.last == len(rounds) - 1
    cols = page.last - page.first + 1
    col_w = (pw - 2 * MARGIN) / (cols + (0.6 if final_page else 0))
    box_w = col_w - 14
    title = " \u00b7 ".join(filter(None, [bracket.tournament, page.section.title]))
    draw_text(c, MARGIN, ph - MARGIN - 12, ellipsis(title, BOLD, 13, pw - 2 * MARGIN - 110), size=13, bold=True)
    sheet = f"sheet {page.sheet} of {page.sheets}" if page.sheets > 1 else ""
    draw_text(c, pw - MARGIN, ph - MARGIN - 12, sheet, size=9, align="right")
    sub = " \u00b7 ".join(filter(None, [bracket.subtitle, f"first column: {page.fed_by}" if page.fed_by else ""]))
    draw_text(c, MARGIN, ph - MARGIN - 25, sub, size=8, color=RULE)
    area_top, area_bottom = ph - MARGIN - TITLE_H, MARGIN + 6
    pitch = (area_top - area_bottom) / max(len(page.block), 1)
    ys = {i: area_top - (k + 0.5) * pitch for k, i in enumerate(page.block)}
    for col, r in enumerate(range(page.first, page.last + 1)):
        x = MARGIN + col * col_w
        c.setFillColor(SHADE)
        c.rect(x, area_top + 4, box_w, 12, stroke=0, fill=1)
        draw_text(c, x + box_w / 2, area_top + 7.5, ellipsis(rounds[r].name, BOLD, 8, box_w - 4), size=8, bold=True,
              align="centre")
        for i, cy in ys.items():
            _match(c, x, cy, box_w, rounds[r].matches[i])
        if r < page.last:
            nxt: dict[int, list[float]] = {}
            for i, cy in ys.items():
                nxt.setdefault(_next(rounds, r, i), []).append(cy)
            new = {j: sum(v) / len(v) for j, v in nxt.items()}
            c.setLineWidth(0.6)
            for i, cy in ys.items():  # the elbow from a match to the one its winner plays next
                j = _next(rounds, r, i)
                mid = x + box_w + 7
                c.line(x + box_w, cy, mid, cy)
                c.line(mid, cy, mid, new[j])
                c.line(mid, new[j], x + col_w, new[j])
            ys = new
    if final_page:
        x = MARGIN + cols * col_w
        cy = sum(ys.values()) / len(ys)
        c.setLineWidth(0.6)
        c.line(x - 14, cy, x, cy)
        c.setLineWidth(1.2)
        c.line(x, cy, pw - MARGIN, cy)
        draw_text(c, x + 2, cy - 11, page.section.last_line, size=CAPTION_PT, color=RULE)
        if page.section.last_name:
            draw_text(c, x + 2, cy + 3, ellipsis(page.section.last_name, BOLD, 11, pw - MARGIN - x - 4), size=11,
                  bold=True)
        if page.extra:  # the third-place match, low in the champion's column
            w = pw - MARGIN - x - 4
            ey = min(cy - 4 * LINE, area_bottom + 3 * LINE)
            draw_text(c, x, ey + 2 * LINE + CAPTION_PT + 6, ellipsis(page.extra.title, BOLD, 9, w), size=9, bold=True)
            _match(c, x, ey, w, page.extra.rounds[0].matches[0])


def per_page_for(paper: str) -> int:
    """The most first-column matches a sideways page holds with room for a pen (a power of two)."""
    ph = page_size(paper, wide=True)[1]
    room = ph - 2 * MARGIN - TITLE_H - 6
    return 2 ** int(math.log2(room / MIN_PITCH))


def bracket_pages(bracket: Bracket) -> list[Page]:
    """The pages in order; a section of one lone match (third place) joins the page of the final before it."""
    per_page = per_page_for(bracket.paper)
    pages: list[Page] = []
    for section in bracket.sections:
        lone = len(section.rounds) == 1 and len(section.rounds[0].matches) == 1
        finals = [k for k, p in enumerate(pages) if p.last == len(p.section.rounds) - 1 and p.extra is None
                  and p.section.last_line == "Champion"]
        if lone and finals:
            k = finals[0]
            pages[k] = replace(pages[k], extra=section)
            continue
        pages += _plan(section, per_page)
    return pages


def build_bracket(bracket: Bracket) -> bytes:
    """The bracket as a PDF, one or more sideways pages per section."""
    size = page_size(bracket.paper, wide=True)
    buf = new_buffer()
    c = Canvas(buf, pagesize=size, pageCompression=1)
    c.setTitle(f"{bracket.tournament}: bracket")
    per_page = per_page_for(bracket.paper)
    for page in bracket_pages(bracket):
        _draw_page(c, bracket, page, size, per_page)
        c.showPage()
    c.save()
    return buf.getvalue()
