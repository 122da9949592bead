"""Blank score pads, drawn on the canvas: fixed grids to fill in with a pen.

A pad is a grid of blocks. A standard or Oklahoma block is one game: a row
per hand, each player's column with a small box to tick for the hand's box,
then the game's totals. An Oklahoma block adds the hand's upcard and a box to
tick when a spade doubles it. A Hollywood block is one set: three game
columns per player. ``draw_pad`` is also used by the tournament table sheets.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from ginscore.engine import PRESETS
from ginscore.sheets.common import (
    BOLD, FAINT, FONT, INK, MARGIN, RULE, SHADE, draw_text, fit, new_buffer, page_size, rules_summary, spade,
)
from ginscore.sheets.data import Pad

ROW = 15.5  # a hand's row: room for a pen
HEAD = 14
NAMES = 17
GAP = 10
MIN_ROWS = {"standard": 12, "oklahoma": 16, "hollywood": 14}
MIN_WIDTH = {"standard": 165, "oklahoma": 170, "hollywood": 330}
TITLES = {"standard": "Standard", "hollywood": "Hollywood", "oklahoma": "Oklahoma"}


@dataclass(frozen=True)
class Col:
    x: float
    w: float
    kind: str  # "label", "up", "spade" or "score"
    head: str = ""
    bold: bool = False


def _tick(c: Canvas, x: float, y: float, size: float = 7) -> None:
    c.setStrokeColor(FAINT)
    c.rect(x, y, size, size, stroke=1, fill=0)
    c.setStrokeColor(INK)


def footer_rows(rules: Mapping) -> list[tuple[str, str]]:
    """(label, caption) for the lines under a game's column: what to add at the game's end."""
    rows = [("Points", ""), ("Boxes", f"\u00d7{rules['box_bonus']}"), ("Game", f"+{rules['game_bonus']}")]
    if rules["shutout"] == "add":
        rows.append(("Shutout", f"+{rules['shutout_bonus']}"))
    elif rules["shutout"] == "double":
        rows.append(("Shutout", "\u00d72"))
    rows += [("Total", ""), ("Net", "")]
    return rows


def _columns(style: str, x: float, w: float, players: Sequence[str] | None, game: int) -> tuple[list, list]:
    """The block's columns, and its top heading cells (x0, x1, text, bold)."""
    names = list(players) if players else ["", ""]
    if style == "hollywood":
        label = 26
        cw = (w - label) / 6
        cols = [Col(x, label, "label", "Hand")]
        for p in range(2):
            for g in range(3):
                cols.append(Col(x + label + (p * 3 + g) * cw, cw, "score", f"Game {game + g}"))
        heads = [(x, x + label, f"Set{(game + 2) // 3}", True)]
        heads += [(x + label + p * 3 * cw, x + label + (p + 1) * 3 * cw, names[p], True) for p in range(2)]
        return cols, heads
    extra = [("up", 22, "Up"), ("spade", 16, spade())] if style == "oklahoma" else []
    label = 30
    cw = (w - label - sum(e[1] for e in extra)) / 2
    cols = [Col(x, label, "label", "Hand")]
    cx = x + label
    for kind, ew, head in extra:
        cols.append(Col(cx, ew, kind, head))
        cx += ew
    cols += [Col(cx, cw, "score", names[0], True), Col(cx + cw, cw, "score", names[1], True)]
    return cols, [(x, x + w, f"Game {game}", True)]


def draw_block(c: Canvas, style: str, rules: Mapping, players: Sequence[str] | None,
               x: float, top: float, w: float, rows: int, game: int, layer: str = "all") -> float:
    """Draws one game (or Hollywood set) block; returns its bottom y. ``layer`` "grid" leaves
    out the players' names and "names" draws only them (a grid drawn once serves many sheets)."""
    cols, heads = _columns(style, x, w, players, game)
    feet = footer_rows(rules)
    bottom = top - HEAD - NAMES - rows * ROW - len(feet) * ROW
    names, grid = layer != "grid", layer != "names"
    if grid:
        c.setFillColor(SHADE)
        c.rect(x, top - HEAD, w, HEAD, stroke=0, fill=1)
    for k, (x0, x1, text, bold) in enumerate(heads):
        if names if (style == "hollywood" and k) else grid:
            draw_text(c, (x0 + x1) / 2, top - HEAD + 4, fit(c, text, BOLD, 8.5, x1 - x0 - 4), size=8.5, bold=bold,
                  align="centre")
        if not text and x1 - x0 > 60 and grid:
            draw_text(c, x0 + 3, top - HEAD + 4, "name", size=6, color=FAINT)
    y = top - HEAD
    for col in cols:  # the column heads
        size = 7 if col.kind != "score" or not col.bold else 8
        if names if col.bold else grid:
            head = fit(c, col.head, BOLD if col.bold else FONT, size, col.w - 4)
            draw_text(c, col.x + col.w / 2, y - NAMES + 5, head, size=size, bold=col.bold, align="centre")
        if col.kind == "score" and not col.head and grid:
            draw_text(c, col.x + 2, y - 7, "name", size=6, color=FAINT)
    y -= NAMES
    if not grid:
        return bottom
    c.setLineWidth(0.4)
    for r in range(rows):  # the hands
        ry = y - (r + 1) * ROW
        draw_text(c, cols[0].x + cols[0].w - 3, ry + 5, str(r + 1), size=6.5, align="right", color=FAINT)
        for col in cols:
            if col.kind == "score":
                _tick(c, col.x + col.w - 9, ry + 4)
            elif col.kind == "spade":
                _tick(c, col.x + (col.w - 7) / 2, ry + 4)
        c.setStrokeColor(FAINT if r < rows - 1 else INK)
        c.line(x, ry, x + w, ry)
    c.setStrokeColor(INK)
    y -= rows * ROW
    scores = [col for col in cols if col.kind == "score"]
    for i, (label, caption) in enumerate(feet):  # the game's totals
        ry = y - (i + 1) * ROW
        draw_text(c, x + 3, ry + 5, label, size=7, bold=label in ("Total", "Net"))
        for col in scores:
            if caption:
                draw_text(c, col.x + 2, ry + ROW - 6.5, caption, size=5.5, color=FAINT)
        c.setLineWidth(0.4 if i < len(feet) - 1 else 0.9)
        c.line(x, ry, x + w, ry)
    # Vertical lines: the label area runs across the extra columns in the totals.
    c.setLineWidth(0.4)
    for col in cols[1:]:
        low = y if col.kind in ("up", "spade") else bottom
        c.line(col.x, top - HEAD, col.x, low)
    for p_edge in ([scores[3].x] if style == "hollywood" else [scores[1].x]):
        c.setLineWidth(1.2)
        c.line(p_edge, top - HEAD if style == "hollywood" else top - HEAD, p_edge, bottom)
    c.setLineWidth(0.9)
    c.rect(x, bottom, w, top - bottom, stroke=1, fill=0)
    c.line(x, top - HEAD, x + w, top - HEAD)
    c.line(x, y, x + w, y)
    c.line(x, top - HEAD - NAMES, x + w, top - HEAD - NAMES)
    return bottom


def _block_height(rules: Mapping, rows: int) -> float:
    return HEAD + NAMES + (rows + len(footer_rows(rules))) * ROW


def draw_pad(c: Canvas, x: float, top: float, w: float, h: float, *, style: str, rules: Mapping,
             players: Sequence[str] | None = None, title: str = "", rules_footer: bool = True,
             heading: bool = True, layer: str = "all", blocks: int | None = None, length: str = "") -> None:
    """A whole pad in the box (x, top - h)..(x + w, top): heading, game blocks, match line, footer.
    ``layer``: "all", or "grid" (all but the players' names) and "names" (only them).
    ``blocks``: how many games (Hollywood: sets) the match can last, when it is short;
    ``length``: the match's length in words ("one game"), when it is not to the match target."""
    y = top
    grid = layer != "names"
    if heading and grid:
        for parts in ([title, "Gin Rummy score pad", TITLES[style]], [title, f"{TITLES[style]} pad"],
                      [f"{TITLES[style]} score pad"]):
            head = " \u00b7 ".join(filter(None, parts))
            if c.stringWidth(head, BOLD, 11) <= w - 95:
                break
        draw_text(c, x, y - 11, fit(c, head, BOLD, 11, w - 95), size=11, bold=True)
        draw_text(c, x + w, y - 11, "Date ____________", size=8.5, align="right")
        y -= 18
    foot = []
    if rules_footer:
        foot = simpleSplit(rules_summary(rules), FONT, 7, w)
    legend = "Write each hand's running total in the winner's column; tick its small box (a box) for each hand won."
    if style == "hollywood":
        legend = ("A player's first win goes in game 1, the second in games 1 and 2, every later one in all three "
                  "(a game open only after a win in the one before it); tick a small box in each.")
    elif style == "oklahoma":
        legend += f" Up: the upcard (the knock limit); tick {spade()} when a spade doubles the hand."
    legend_lines = simpleSplit(legend, FONT, 7, w)
    bottom_space = 37 + 9 * (len(foot) + len(legend_lines))
    area = y - (top - h) - bottom_space
    across = 1 if style == "hollywood" else max(1, min(3, int((w + GAP) // (MIN_WIDTH[style] + GAP))))
    fixed = _block_height(rules, 0)
    down = max(1, int((area + GAP) // (fixed + MIN_ROWS[style] * ROW + GAP)))
    if blocks:  # as many games as the match can take, while a game keeps room for 9 hands
        across = min(across, blocks)
        down = -(-blocks // across)
        while down > 1 and (area + GAP) / down - GAP - fixed < 9 * ROW:
            down -= 1
    rows = max(4, int(((area + GAP) / down - GAP - fixed) // ROW))
    bw = (w - GAP * (across - 1)) / across
    per_block = 3 if style == "hollywood" else 1
    game = 1
    for d in range(down):
        block_top = y - d * (_block_height(rules, rows) + GAP)
        for a in range(across):
            if blocks and game > blocks * per_block:
                break
            draw_block(c, style, rules, players, x + a * (bw + GAP), block_top, bw, rows, game, layer)
            game += per_block
    y -= down * (_block_height(rules, rows) + GAP) - GAP
    names = list(players) if players else ["", ""]
    blanks = [f"{n[:18]} ______" if n else "__________  ______" for n in names]
    y -= 16
    match = f"Match {length or 'to ' + str(rules['match_target'])}:   {blanks[0]}     {blanks[1]}"
    settle = "Settlement: ________ pays ________   ______ pts"
    if layer != "grid":
        draw_text(c, x, y, match, size=9, bold=True)
    if c.stringWidth(match, BOLD, 9) + c.stringWidth(settle, FONT, 8.5) + 20 > w:
        y -= 13
        if grid:
            draw_text(c, x, y, settle, size=8.5)
    elif grid:
        draw_text(c, x + w, y, settle, size=8.5, align="right")
    y -= 8
    if not grid:
        return
    for line in legend_lines:
        y -= 9
        draw_text(c, x, y, line, size=7, color=RULE)
    for line in foot:
        y -= 9
        draw_text(c, x, y, line, size=7)


def _areas(paper: str, per_page: int) -> tuple[tuple[float, float], list[tuple[float, float, float, float]]]:
    """The page size and each pad's box (x, top, w, h); two pads sit side by side on a page turned sideways."""
    pw, ph = page_size(paper, wide=per_page == 2)
    w, h = pw - 2 * MARGIN, ph - 2 * MARGIN
    if per_page == 1:
        return (pw, ph), [(MARGIN, ph - MARGIN, w, h)]
    half = (w - 2 * GAP) / 2
    return (pw, ph), [(MARGIN + i * (half + 2 * GAP), ph - MARGIN, half, h) for i in range(2)]


def build_pad(pad: Pad) -> bytes:
    """Blank score pads as a PDF."""
    rules = pad.rules or PRESETS[pad.style].to_json()
    buf = new_buffer()
    size, areas = _areas(pad.paper, pad.per_page)
    c = Canvas(buf, pagesize=size, pageCompression=1)
    c.setTitle(f"Gin Rummy score pad ({TITLES[pad.style]})")
    for _ in range(pad.pages):
        for x, top, w, h in areas:
            draw_pad(c, x, top, w, h, style=pad.style, rules=rules, players=pad.players, title=pad.title,
                     rules_footer=pad.rules_footer)
        if pad.per_page > 1:  # where to cut
            c.setDash(3, 3)
            c.setStrokeColor(FAINT)
            c.line(size[0] / 2, MARGIN / 2, size[0] / 2, size[1] - MARGIN / 2)
            c.setDash()
            c.setStrokeColor(INK)
        c.showPage()
    c.save()
    return buf.getvalue()
