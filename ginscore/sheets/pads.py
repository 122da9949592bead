"""Blank score pads, drawn on the canvas: fixed grids to fill in with a pen.

A pad is a grid of blocks. A standard or Oklahoma block is one game: a row
per hand, each player's column with a small box to tick for the hand's box,
then the game's totals. An Oklahoma block adds the hand's upcard and a box to
tick when a spade doubles it. A Hollywood block is one set: three game
columns per player. There is a pad for every preset of the engine; its grid
follows the rules (``pad_layout``) and its captions the rules' values. A page
holds six games (Hollywood: a set) as clubs play a match to 500. Names of
up to 60 characters shrink to fit their column, down to a floor, then wrap.
``draw_pad`` is also used by the tournament table sheets.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ginscore.engine import PRESETS
from ginscore.sheets.common import (
    BOLD, FAINT, FONT, INK, MARGIN, RULE, SHADE, draw_text, ellipsis, new_buffer, page_size, rules_summary, shrink,
    preset_name, spade,
)
from ginscore.sheets.data import Pad, pad_layout

ROW = 14  # a hand's row: room for a pen
FOOT = 12.5  # a line of the game's totals
HEAD = 14
GAP = 10
NAME_SIZE, NAME_FLOOR = 8, 6  # a name in its column: shrinks to the floor, then wraps
MIN_ROWS = {"standard": 10, "oklahoma": 10, "hollywood": 18}
MIN_WIDTH = {"standard": 160, "oklahoma": 160, "hollywood": 330}


def pad_title(rules: Mapping) -> str:
    return preset_name(rules)


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
    """(label, caption) for the lines under a game's column: what to add at the game's end
    (only what the rules pay: no box line when a box is worth nothing)."""
    rows = [("Points", "")]
    if rules.get("box_bonus"):
        rows.append(("Boxes", f"\u00d7{rules['box_bonus']}"))
    if rules.get("game_bonus"):
        rows.append(("Game", f"+{rules['game_bonus']}"))
    if rules.get("shutout") == "add" and rules.get("shutout_bonus"):
        rows.append(("Shutout", f"+{rules['shutout_bonus']}"))
    elif rules.get("shutout") == "double":
        rows.append(("Shutout", "\u00d72"))
    rows += [("Total", ""), ("Net", "")]
    return rows


def name_lines(text: str, width: float, *, size: float = NAME_SIZE, floor: float = NAME_FLOOR,
               most: int = 3) -> tuple[float, list[str]]:
    """A name in ``width`` points: the size it shrinks to (not under ``floor``) and its lines
    (wrapped at the floor; the last cut with an ellipsis past ``most`` lines)."""
    fit_size = shrink(text, BOLD, width, size, floor)
    lines = simpleSplit(text, BOLD, fit_size, width) if text else [""]
    lines = [ln if stringWidth(ln, BOLD, fit_size) <= width else ellipsis(ln, BOLD, fit_size, width) for ln in lines]
    if len(lines) > most:
        lines = lines[:most - 1] + [ellipsis(" ".join(lines[most - 1:]), BOLD, fit_size, width)]
    return fit_size, lines


def _label_width(rules: Mapping) -> float:
    return max(28, max(stringWidth(label, BOLD, 7) for label, _ in footer_rows(rules)) + 6)


def _columns(layout: str, rules: Mapping, x: float, w: float, players: Sequence[str] | None, game: int
             ) -> tuple[list, list]:
    """The block's columns, and its top heading cells (x0, x1, text, bold)."""
    names = list(players) if players else ["", ""]
    label = _label_width(rules)
    if layout == "hollywood":
        cw = (w - label) / 6
        cols = [Col(x, label, "label", "Hand")]
        for p in range(2):
            for g in range(3):
                cols.append(Col(x + label + (p * 3 + g) * cw, cw, "score", f"Game {game + g}"))
        heads = [(x, x + label, f"Set {(game + 2) // 3}", True)]
        heads += [(x + label + p * 3 * cw, x + label + (p + 1) * 3 * cw, names[p], True) for p in range(2)]
        return cols, heads
    extra = [("up", 22, "Up"), ("spade", 16, spade())] if layout == "oklahoma" and rules.get("spade_double") else (
        [("up", 22, "Up")] if layout == "oklahoma" else [])
    cw = (w - label - sum(e[1] for e in extra)) / 2
    cols = [Col(x, label, "label", "Hand")]
    cx = x + label
    for kind, ew, head in extra:
        cols.append(Col(cx, ew, kind, head))
        cx += ew
    cols += [Col(cx, cw, "score", names[0], True), Col(cx + cw, cw, "score", names[1], True)]
    return cols, [(x, x + w, f"Game {game}", True)]


def names_height(layout: str, rules: Mapping, w: float, players: Sequence[str] | None) -> float:
    """The height of a block's row of names: taller when a long name wraps."""
    if not players:
        return 17
    cols, heads = _columns(layout, rules, 0, w, players, 1)
    if layout == "hollywood":
        widths = [x1 - x0 - 6 for x0, x1, _, _ in heads[1:]]
        lines = max(len(name_lines(p, wd)[1]) for p, wd in zip(players, widths))
        return HEAD - 14 + 17 + (lines - 1) * NAME_FLOOR * 1.15  # the names sit in the top heading row
    widths = [col.w - 6 for col in cols if col.bold]
    return names_row(max(len(name_lines(p, wd)[1]) for p, wd in zip(players, widths)))


def names_row(lines: int) -> float:
    """The height of a row of names in their column heads: 17 points, taller when the longest
    wraps to more ``lines``."""
    return max(17, lines * NAME_FLOOR * 1.15 + 6) if lines > 1 else 17


def blocks_across(w: float, least: float, blocks: int | None) -> int:
    """How many game blocks sit side by side in ``w`` points: up to three at least ``least`` wide,
    and no more than the ``blocks`` the match can take."""
    across = max(1, min(3, int((w + GAP) // (least + GAP))))
    return min(across, blocks) if blocks else across


def _draw_name(c: Canvas, x0: float, x1: float, top: float, height: float, name: str) -> None:
    """A name centred in (x0, x1), in a row from ``top`` down ``height``: shrunk, then wrapped."""
    size, lines = name_lines(name, x1 - x0 - 6)
    lead = size * 1.15
    y = top - (height - len(lines) * lead) / 2 - size * 0.85
    for line in lines:
        draw_text(c, (x0 + x1) / 2, y, line, size=size, bold=True, align="centre")
        y -= lead


def draw_feet(c: Canvas, feet: Sequence[tuple[str, str]], x: float, y: float, w: float,
              cols: Sequence[tuple[float, float]]) -> float:
    """The totals under a game from ``y`` down: each line's label at the left (the totals and a
    pair's net in bold), its caption in every column (x, width); returns the bottom."""
    for i, (label, caption) in enumerate(feet):
        ry = y - (i + 1) * FOOT
        draw_text(c, x + 3, ry + 3.5, label, size=7, bold=label in ("Total", "Net") or " v " in label)
        if caption:
            for x0, cw in cols:
                draw_text(c, x0 + cw - 2, ry + FOOT - 6, caption, size=5.5, color=FAINT, align="right")
        c.setLineWidth(0.4 if i < len(feet) - 1 else 0.9)
        c.line(x, ry, x + w, ry)
    return y - len(feet) * FOOT


def game_band(c: Canvas, x: float, top: float, w: float, text: str) -> None:
    """A block's shaded top row, ``text`` ("Game 3") centred in it."""
    c.setFillColor(SHADE)
    c.rect(x, top - HEAD, w, HEAD, stroke=0, fill=1)
    draw_text(c, x + w / 2, top - HEAD + 4, text, size=8.5, bold=True, align="centre")


def block_height(rules: Mapping, rows: int, names_h: float = 17) -> float:
    return HEAD + names_h + rows * ROW + len(footer_rows(rules)) * FOOT


def draw_block(c: Canvas, layout: str, rules: Mapping, players: Sequence[str] | None,
               x: float, top: float, w: float, rows: int, game: int, layer: str = "all",
               names_h: float = 17) -> float:
    """Draws one game (or Hollywood set) block; returns its bottom y. ``layer`` "grid" leaves
    out the players' names and "names" draws only them (a grid drawn once serves many sheets)."""
    cols, heads = _columns(layout, rules, x, w, players, game)
    feet = footer_rows(rules)
    hollywood = layout == "hollywood"
    head_h = HEAD + (names_h - 17 if hollywood else 0)  # Hollywood: the names are in the top row
    body_names = 17 if hollywood else names_h
    bottom = top - head_h - body_names - rows * ROW - len(feet) * FOOT
    names, grid = layer != "grid", layer != "names"
    if grid:
        c.setFillColor(SHADE)
        c.rect(x, top - head_h, w, head_h, stroke=0, fill=1)
    for k, (x0, x1, text, bold) in enumerate(heads):
        if hollywood and k:
            if names and text:
                _draw_name(c, x0, x1, top, head_h, text)
            elif grid and not text:
                draw_text(c, x0 + 3, top - head_h + 4, "name", size=6, color=FAINT)
        elif grid:
            draw_text(c, (x0 + x1) / 2, top - head_h + 4, ellipsis(text, BOLD, 8.5, x1 - x0 - 4), size=8.5,
                      bold=bold, align="centre")
    y = top - head_h
    for col in cols:  # the column heads
        if col.bold:
            if names and col.head:
                _draw_name(c, col.x, col.x + col.w, y, body_names, col.head)
            elif grid and not col.head:
                draw_text(c, col.x + 2, y - 7, "name", size=6, color=FAINT)
        elif grid:
            draw_text(c, col.x + col.w / 2, y - body_names + 5, ellipsis(col.head, FONT, 7, col.w - 4), size=7,
                      align="centre")
    y -= body_names
    if not grid:
        return bottom
    c.setLineWidth(0.4)
    for r in range(rows):  # the hands
        ry = y - (r + 1) * ROW
        draw_text(c, cols[0].x + cols[0].w - 3, ry + 4.5, str(r + 1), size=6.5, align="right", color=FAINT)
        for col in cols:
            if col.kind == "score" and rules.get("box_bonus"):
                _tick(c, col.x + col.w - 9, ry + 3.5)
            elif col.kind == "spade":
                _tick(c, col.x + (col.w - 7) / 2, ry + 3.5)
        c.setStrokeColor(FAINT if r < rows - 1 else INK)
        c.line(x, ry, x + w, ry)
    c.setStrokeColor(INK)
    y -= rows * ROW
    scores = [col for col in cols if col.kind == "score"]
    draw_feet(c, feet, x, y, w, [(col.x, col.w) for col in scores])  # the game's totals
    # Vertical lines: the label area runs across the extra columns in the totals.
    c.setLineWidth(0.4)
    for col in cols[1:]:
        low = y if col.kind in ("up", "spade") else bottom
        c.line(col.x, top - head_h, col.x, low)
    c.setLineWidth(1.2)
    edge = scores[3].x if hollywood else scores[1].x
    c.line(edge, top - head_h, edge, bottom)
    c.setLineWidth(0.9)
    c.rect(x, bottom, w, top - bottom, stroke=1, fill=0)
    c.line(x, top - head_h, x + w, top - head_h)
    c.line(x, y, x + w, y)
    c.line(x, top - head_h - body_names, x + w, top - head_h - body_names)
    return bottom


def _legend(layout: str, rules: Mapping) -> str:
    legend = "Write each hand's running total in the winner's column"
    legend += "; tick its small box (a box) for each hand won." if rules.get("box_bonus") else "."
    if layout == "hollywood":
        legend = ("A player's first win goes in game 1, the second in games 1 and 2, every later one in all three "
                  "(a game open only after a win in the one before it); tick a small box in each.")
    elif layout == "oklahoma":
        legend += " Up: the upcard (the knock limit)"
        legend += f"; tick {spade()} when a spade doubles the hand." if rules.get("spade_double") else "."
    return legend


def match_line_rows(x: float, w: float, length: str, players: Sequence[str] | None) -> list[list[tuple[float, str, float, bool]]]:
    """The match line: "Match to 500:" and each player's name (up to 60 characters) with room for the
    score, as lines of (x, text, size, bold). All the names (two, or a bigger table's three) on one line
    when they fit, else one a line, shrunk down to 7 pt and then wrapped."""
    label = f"Match {length}:" if length.startswith("to ") else f"Match ({length}):"
    blank = "________"
    names = list(players) if players else ["", ""]
    if not players:
        return [[(x, f"{label}   __________  {blank}     __________  {blank}", 9, True)]]
    label_w = stringWidth(label, BOLD, 9) + 10
    together = "     ".join(f"{name} {blank}" for name in names)
    if label_w + stringWidth(together, BOLD, 9) <= w:
        return [[(x, label, 9, True), (x + label_w, together, 9, True)]]
    lines = []
    room = w - label_w - stringWidth(" " + blank, BOLD, 9)
    for k, name in enumerate(names):
        size, parts = name_lines(name, room, size=9, floor=7, most=3)
        for j, part in enumerate(parts):
            text = part + (f" {blank}" if j == len(parts) - 1 else "")
            lines.append([(x, label, 9, True)] * (k == 0 and j == 0) + [(x + label_w, text, size, True)])
    return lines


def draw_heading(c: Canvas, x: float, y: float, w: float, rules: Mapping, title: str, game: str = "Gin Rummy"
                 ) -> None:
    """The pad's first line from ``y`` down: the club's title, the game and the rules' name, and a place
    for the date. "Gin Rummy score pad · Classic", but "Skarney Gin score pad": a game with its own
    name says it; ``game`` is "Gin Rummy for three" or "Partnership Gin Rummy" at bigger tables."""
    name = pad_title(rules)
    own_name = rules.get("game", "gin") != "gin" or "Gin" in name or name in game
    first = [title, f"{name} score pad"] if own_name and game == "Gin Rummy" else (
        [title, f"{game} score pad"] + ([] if name in game else [name]))
    shorter = ([[title, f"{name} pad"], [f"{name} score pad"]] if game == "Gin Rummy" else
               [[title, f"{game} pad"] + ([] if name in game else [name]), [f"{game} pad"]])
    for parts in [first] + shorter:
        head = " \u00b7 ".join(filter(None, parts))
        if c.stringWidth(head, BOLD, 11) <= w - 95:
            break
    draw_text(c, x, y - 11, ellipsis(head, BOLD, 11, w - 95), size=11, bold=True)
    draw_text(c, x + w, y - 11, "Date ____________", size=8.5, align="right")


def draw_pad(c: Canvas, x: float, top: float, w: float, h: float, *, style: str = "", rules: Mapping,
             players: Sequence[str] | None = None, title: str = "", rules_footer: bool = True,
             heading: bool = True, layer: str = "all", blocks: int | None = None, length: str = "",
             first_game: int = 1) -> int:
    """A whole pad in the box (x, top - h)..(x + w, top): heading, game blocks, match line, footer.
    ``layer``: "all", or "grid" (all but the players' names) and "names" (only them).
    ``blocks``: how many games (Hollywood: sets) the match can last, when it is short;
    ``length``: the match's length in words ("one game"), when it is not to the match target.
    Returns the number of games (Hollywood: of game columns) the pad holds."""
    layout = pad_layout(rules)
    y = top
    grid = layer != "names"
    if heading and grid:
        draw_heading(c, x, y, w, rules, title)
    if heading:
        y -= 18
    length = length or f"to {rules['match_target']}"
    foot = simpleSplit(rules_summary(rules, length=length), FONT, 7, w) if rules_footer else []
    legend_lines = simpleSplit(_legend(layout, rules), FONT, 7, w)
    match_rows = match_line_rows(x, w, length, players)
    bottom_space = 16 + 13 * len(match_rows) + 8 + 9 * (len(foot) + len(legend_lines))
    area = y - (top - h) - bottom_space
    across = 1 if layout == "hollywood" else blocks_across(w, MIN_WIDTH[layout], blocks)
    bw = (w - GAP * (across - 1)) / across
    names_h = names_height(layout, rules, bw, players)
    fixed = block_height(rules, 0, names_h)
    down = max(1, int((area + GAP) // (fixed + MIN_ROWS[layout] * ROW + GAP)))
    if blocks:  # as many games as the match can take, while a game keeps room for 9 hands
        down = -(-blocks // across)
        while down > 1 and (area + GAP) / down - GAP - fixed < 9 * ROW:
            down -= 1
    rows = max(4, int(((area + GAP) / down - GAP - fixed) // ROW))
    per_block = 3 if layout == "hollywood" else 1
    game = first_game
    drawn = 0
    for d in range(down):
        block_top = y - d * (block_height(rules, rows, names_h) + GAP)
        for a in range(across):
            if blocks and drawn >= blocks:
                break
            draw_block(c, layout, rules, players, x + a * (bw + GAP), block_top, bw, rows, game, layer, names_h)
            game += per_block
            drawn += 1
    y -= down * (block_height(rules, rows, names_h) + GAP) - GAP + 16
    for k, line in enumerate(match_rows):
        if layer != "grid":
            for lx, text, size, bold in line:
                draw_text(c, lx, y, text, size=size, bold=bold)
        if k < len(match_rows) - 1:
            y -= 13
    settle = "Settlement: ________ pays ________   ______ pts"
    if players is None and stringWidth(match_rows[0][0][1], BOLD, 9) + stringWidth(settle, FONT, 8.5) + 20 <= w:
        if grid:  # blank pads: on the match line when it fits
            draw_text(c, x + w, y, settle, size=8.5, align="right")
    else:
        y -= 13
        if grid:
            draw_text(c, x, y, settle, size=8.5)
    y -= 8
    if grid:
        draw_legend_and_rules(c, x, y, legend_lines, foot)
    return drawn * per_block


def draw_legend_and_rules(c: Canvas, x: float, y: float, legend: Sequence[str], rules: Sequence[str]) -> None:
    """A pad's last lines from ``y`` down: how to fill it in (grey), then the rules in words."""
    for line in legend:
        y -= 9
        draw_text(c, x, y, line, size=7, color=RULE)
    for line in rules:
        y -= 9
        draw_text(c, x, y, line, size=7)


def pad_shape(rules: Mapping, w: float, players: Sequence[str] | None, blocks: int | None = None,
              length: str = "") -> tuple:
    """What a pad's grid depends on besides its rules and box: the height of the names' row and
    the lines of the match line (a grid drawn once serves every sheet of the same shape)."""
    layout = pad_layout(rules)
    across = 1 if layout == "hollywood" else blocks_across(w, MIN_WIDTH[layout], blocks)
    bw = (w - GAP * (across - 1)) / across
    return round(names_height(layout, rules, bw, players), 1), len(match_line_rows(0, w, length or f"to {rules['match_target']}", players))


def _areas(paper: str, per_page: int) -> tuple[tuple[float, float], list[tuple[float, float, float, float]]]:
    """The page size and each pad's box (x, top, w, h); two pads sit side by side on a page turned sideways."""
    pw, ph = page_size(paper, wide=per_page == 2)
    w, h = pw - 2 * MARGIN, ph - 2 * MARGIN
    if per_page == 1:
        return (pw, ph), [(MARGIN, ph - MARGIN, w, h)]
    half = (w - 2 * GAP) / 2
    return (pw, ph), [(MARGIN + i * (half + 2 * GAP), ph - MARGIN, half, h) for i in range(2)]


def build_pad(pad: Pad) -> bytes:
    """Blank score pads as a PDF: ``pages`` pads (or pairs of pads), each for the match's rules."""
    rules = pad.rules or PRESETS[pad.style].to_json()
    buf = new_buffer()
    size, areas = _areas(pad.paper, pad.per_page)
    c = Canvas(buf, pagesize=size, pageCompression=1)
    c.setTitle(f"Gin Rummy score pad ({pad_title(rules)})")
    for _ in range(pad.pages):
        for x, top, w, h in areas:
            if pad.table == "two":
                draw_pad(c, x, top, w, h, rules=rules, players=pad.players, title=pad.title,
                         rules_footer=pad.rules_footer, length=pad.length, blocks=pad.games)
            else:
                from ginscore.sheets.group_pads import draw_group_pad

                draw_group_pad(c, x, top, w, h, table=pad.table, rules=rules, players=pad.players, teams=pad.teams,
                               title=pad.title, rules_footer=pad.rules_footer, length=pad.length, blocks=pad.games)
        if pad.per_page > 1:  # where to cut
            c.setDash(3, 3)
            c.setStrokeColor(FAINT)
            c.line(size[0] / 2, MARGIN / 2, size[0] / 2, size[1] - MARGIN / 2)
            c.setDash()
            c.setStrokeColor(INK)
        c.showPage()
    c.save()
    return buf.getvalue()
