"""Score pads, drawn on the canvas: fixed grids to fill in with a pen, for every table.

A pad is a grid of blocks, one a game, drawn from the table's shape
(``ginscore.sheets.shape``: the engine's sides, seats and tables a deal) and
the rules. Every block has the same parts, left to right: the hand's (or the
deal's) number; the columns each hand fills in besides the score (who deals
and sits out at a table of three, which table of a partnership's deal, the
upcard and the spade that doubles it under Oklahoma, a partnership player's
points); then a column per side for the running totals, with the small box to
tick for each hand won; under them the game's totals (and at a table of
three, each pair's net). A Hollywood block is one set: three game columns per
player. A page holds six games of two players (Hollywood: a set) as clubs
play a match to 500. Names of up to 60 characters shrink to fit their column,
down to a floor, then wrap. ``draw_pad`` is also used by the tournament table sheets.

Two players: the hands go in the players' columns. Three players: the dealer
sits the hand out, the loser of a hand deals the next, and each pair settles
the game as if they had played it alone. Partnership: each deal takes two
rows, table 1 and table 2; A1 always plays at table 1 and A2 at table 2, the
other team's players change tables every deal, as the engine seats them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ginscore.engine import PRESETS
from ginscore.sheets.common import (
    BOLD, FAINT, FONT, INK, MARGIN, RULE, SHADE, draw_text, ellipsis, in_language, new_buffer, number, page_size,
    preset_name, rules_summary, shrink, signed, spade, to_target, word_lines, word_pieces, words_of,
)
from ginscore.sheets.data import Pad, pad_layout
from ginscore.sheets.shape import GAME_WORDS, TableShape, table_shape

ROW = 14  # a hand's row: room for a pen
FOOT = 12.5  # a line of the game's totals
HEAD = 14
GAP = 10
NAME_SIZE, NAME_FLOOR = 8, 6  # a name in its column: shrinks to the floor, then wraps
LETTER_W = 11  # a side's letter before its name in a column head


def settle_words(short: bool = False) -> str:
    """The blanks of a settlement: who pays whom how many points."""
    words = _("________ pays ________   ______ pts")
    return words.replace("   ", " ") if short else words


@dataclass(frozen=True)
class Fit:
    """How a table's blocks share a page: the narrowest block, the fewest hands (or deals) a block
    keeps, the fewest when the match's games must fit, and the fewest in any case."""

    width: float
    units: int
    with_blocks: int
    least: int


def pad_fit(shape: TableShape, rules: Mapping) -> Fit:
    if shape.columns > 1:
        return Fit(330, 18, 9, 4)
    if shape.kind == "three":
        return Fit(230, 12, 12, 3)
    if shape.kind == "partnership":
        return Fit(330, 8, 8, 4)   # a game of partnership gin takes 8 to 10 deals
    return Fit(160, 10, 9, 4)


def pad_title(rules: Mapping) -> str:
    return preset_name(rules)


@dataclass(frozen=True)
class Col:
    x: float
    w: float
    kind: str  # "label", "deals", "table", "up", "spade", "seat" (a partnership player's points) or "score"
    head: str = ""
    side: int = -1  # a score or seat column: whose


def _tick(c: Canvas, x: float, y: float, size: float = 7) -> None:
    c.setStrokeColor(FAINT)
    c.rect(x, y, size, size, stroke=1, fill=0)
    c.setStrokeColor(INK)


def footer_rows(rules: Mapping) -> list[tuple[str, str, str]]:
    """(key, label, caption) for the lines under a game's column: what to add at the game's end
    (only what the rules pay: no box line when a box is worth nothing)."""
    rows = [("points", _("Points"), "")]
    if rules.get("box_bonus"):
        rows.append(("boxes", pgettext("box", "Boxes"), f"\u00d7{number(rules['box_bonus'])}"))
    if rules.get("game_bonus"):
        rows.append(("game", pgettext("game", "Game"), signed(rules["game_bonus"])))
    if rules.get("shutout") == "add" and rules.get("shutout_bonus"):
        rows.append(("shutout", _("Shutout"), signed(rules["shutout_bonus"])))
    elif rules.get("shutout") == "double":
        rows.append(("shutout", _("Shutout"), "\u00d72"))
    rows += [("total", _("Total"), ""), ("net", _("Net"), "")]
    return rows


def versus(a: str, b: str) -> str:
    """ "A v B": two sides that play each other."""
    return pgettext("two sides on a sheet", "%(a)s v %(b)s") % {"a": a, "b": b}


def feet_for(shape: TableShape, rules: Mapping) -> list[tuple[str, str, str]]:
    """The lines under a game's columns: its totals; at a table of three a shutout is settled by
    pair, and a line per pair of players holds the pair's net."""
    if not shape.pairs:
        return footer_rows(rules)
    letters = shape.letters
    return [row for row in footer_rows(rules) if row[0] not in ("shutout", "net")] + [
        ("pair", versus(letters[i], letters[j]), "") for i, j in shape.pairs]


def name_lines(text: str, width: float, *, size: float = NAME_SIZE, floor: float = NAME_FLOOR) -> tuple[float, list[str]]:
    """A name in ``width`` points: the size it shrinks to (not under ``floor``) and its lines, wrapped at
    that size between words and after a word's own hyphens, never cut (a word wider than the column
    shrinks the type below the floor until it fits)."""
    if not text:
        return size, [""]
    fit_size = shrink(text, BOLD, width, size, floor)
    widest = max(stringWidth(p, BOLD, fit_size) for w in words_of(text) for p in word_pieces(w))
    if widest > width:
        fit_size *= width / widest * 0.99
    return fit_size, word_lines(text, BOLD, fit_size, width)


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


def draw_feet(c: Canvas, feet: Sequence[tuple[str, str, str]], x: float, y: float, w: float,
              cols: Sequence[tuple[float, float]]) -> float:
    """The totals under a game from ``y`` down: each line's label at the left (the totals and a
    pair's net in bold), its caption in every column (x, width); returns the bottom."""
    for i, (key, label, caption) in enumerate(feet):
        ry = y - (i + 1) * FOOT
        draw_text(c, x + 3, ry + 3.5, label, size=7, bold=key in ("total", "net", "pair"))
        if caption:
            for x0, cw in cols:
                draw_text(c, x0 + cw - 2, ry + FOOT - 6, caption, size=5.5, color=FAINT, align="right")
        c.setLineWidth(0.4 if i < len(feet) - 1 else 0.9)
        c.line(x, ry, x + w, ry)
    return y - len(feet) * FOOT


def _label_width(shape: TableShape, rules: Mapping) -> float:
    """The hand number's column, which the totals' labels share: as wide as the widest label."""
    return max(28, max(stringWidth(label, BOLD, 7) for _key, label, _caption in feet_for(shape, rules)) + 6,
               stringWidth(pgettext("hand", "Hand"), FONT, 7) + 4)


def _upcard_cols(rules: Mapping) -> list[tuple[str, float, str]]:
    """Oklahoma: the upcard (the hand's knock limit) and, when a spade doubles, the spade's tick."""
    if pad_layout(rules) != "oklahoma":
        return []
    up = _("Up")
    return [("up", max(22, stringWidth(up, FONT, 7) + 6), up)] + (
        [("spade", 16, spade())] if rules.get("spade_double") else [])


def block_columns(shape: TableShape, rules: Mapping, x: float, w: float, game: int
                  ) -> tuple[list[Col], list[tuple[float, float, str, int]]]:
    """A block's columns, and its top row's cells (x0, x1, text, side: -1 for the title, else the side
    whose name it is)."""
    hollywood = shape.columns > 1
    n = len(shape.sides)
    if shape.tables > 1:  # a deal's number, then its table's
        deal, table = _("Deal"), _("Table")
        lead = [("label", max(24, stringWidth(deal, FONT, 7) + 4), deal),
                ("table", max(20, stringWidth(table, FONT, 5.5) + 4), table)]
    else:
        deals = [("deals", max(36, stringWidth(_("Deals"), FONT, 7) + 6,
                               stringWidth(_("(sits out)"), FONT, 5.5) + 4), _("Deals"))] if shape.sits_out else []
        lead = [("label", _label_width(shape, rules), pgettext("hand", "Hand"))] + deals
    lead += _upcard_cols(rules)
    short = stringWidth(set_label(game), BOLD, 8.5) + 6 - sum(cw for _kind, cw, _head in lead)
    if hollywood and short > 0:  # the set's name heads the hand's columns ("Série 1"): the first widens
        lead[0] = (lead[0][0], lead[0][1] + short, lead[0][2])
    cols, cx = [], x
    for kind, cw, head in lead:
        cols.append(Col(cx, cw, kind, head))
        cx += cw
    rest = x + w - cx
    if hollywood:
        cw = rest / (n * shape.columns)
        for side in range(n):
            for g in range(shape.columns):
                cols.append(Col(cx + (side * shape.columns + g) * cw, cw, "score", game_label(game + g), side))
        heads = [(x, cx, set_label(game), -1)]
        heads += [(cx + s * shape.columns * cw, cx + (s + 1) * shape.columns * cw, shape.sides[s], s) for s in range(n)]
        return cols, heads
    if shape.tables > 1:  # each table's players' points, then the teams' running totals
        long = max(map(len, shape.sides)) > 40  # two long names a team: wider columns, fewer lines
        team_w = max(56, min(130, w * 0.24) if long else min(90, w * 0.17))
        pw = (rest - n * team_w) / 2
        for side in range(n):
            cols.append(Col(cx + side * pw, pw, "seat", "", side))
        cx += n * pw
        cw = team_w
    else:
        cw = rest / n
    cols += [Col(cx + s * cw, cw, "score", shape.sides[s], s) for s in range(n)]
    return cols, [(x, x + w, game_label(game), -1)]


def set_label(game: int) -> str:
    """ "Set 2": the Hollywood set whose first game is ``game``."""
    return _("Set %(n)s") % {"n": (game + 2) // 3}


def game_label(n: int) -> str:
    """ "Game 3": a game's number."""
    return pgettext("game", "Game %(n)s") % {"n": n}


def names_height(shape: TableShape, rules: Mapping, w: float) -> float:
    """The height of a block's row of names: taller when a long name wraps."""
    if not any(shape.sides):
        return 17
    cols, heads = block_columns(shape, rules, 0, w, 1)
    letter = LETTER_W if any(shape.letters) else 0
    if shape.columns > 1:
        widths = [x1 - x0 - 6 for x0, x1, _, side in heads if side >= 0]
        lines = max(len(name_lines(p, wd)[1]) for p, wd in zip(shape.sides, widths) if p)
        return HEAD - 14 + 17 + (lines - 1) * NAME_FLOOR * 1.15  # the names sit in the top heading row
    widths = [col.w - 6 - letter for col in cols if col.kind == "score"]
    return names_row(max(len(name_lines(p, wd)[1]) for p, wd in zip(shape.sides, widths) if p))


def least_name_size(shape: TableShape, rules: Mapping, w: float) -> float:
    """The smallest size a player's name prints at in a block ``w`` wide (under ``NAME_FLOOR`` when a
    word of it is wider than its column even at the floor)."""
    if not any(shape.sides) or shape.columns > 1:
        return NAME_SIZE
    cols, _heads = block_columns(shape, rules, 0, w, 1)
    letter = LETTER_W if any(shape.letters) else 0
    widths = [col.w - 6 - letter for col in cols if col.kind == "score"]
    return min((name_lines(p, wd)[0] for p, wd in zip(shape.sides, widths) if p), default=NAME_SIZE)


def block_height(shape: TableShape, rules: Mapping, units: int, names_h: float = 17) -> float:
    return HEAD + names_h + units * shape.tables * ROW + len(feet_for(shape, rules)) * FOOT


def _side_head(c: Canvas, col: Col, letter: str, top: float, height: float, name: str, grid: bool, names: bool
               ) -> None:
    """A side's column head: its letter (at a table of three or a partnership), its name, or a faint
    "name" to write it in."""
    x0 = col.x + (LETTER_W if letter else 0)
    if letter and grid:
        draw_text(c, col.x + 3, top - height / 2 - 3, letter, size=8, bold=True, color=RULE)
    if name and names:
        _draw_name(c, x0, col.x + col.w, top, height, name)
    elif not name and grid:
        draw_text(c, x0 + 2, top - 7, _("name"), size=6, color=FAINT)


def _plain_head(c: Canvas, col: Col, y: float, height: float, seat_w: float) -> None:
    """A column head that is not a name, on the row's foot line ("Hand", "Up", "Game 2", ...)."""
    base = y - height + 5
    if col.kind == "deals":
        draw_text(c, col.x + col.w / 2, base + 5, col.head, size=7, align="centre")
        draw_text(c, col.x + col.w / 2, base - 1.5, _("(sits out)"), size=5.5, align="centre", color=RULE)
    elif col.kind == "table":
        draw_text(c, col.x + col.w / 2, base, col.head, size=5.5, align="centre")
    elif col.kind == "seat":
        team = {"team": "AB"[col.side]}
        heads = (_("Team %(team)s's player: points won") % team, _("Team %(team)s's player") % team,
                 _("%(team)s's player") % team)
        head = next((t for t in heads if stringWidth(t, FONT, 6.5) <= seat_w - 6), heads[-1])
        draw_text(c, col.x + col.w / 2, base, head, size=6.5, align="centre")
    else:
        draw_text(c, col.x + col.w / 2, base, ellipsis(col.head, FONT, 7, col.w - 4), size=7, align="centre")


def _seat_text(c: Canvas, shape: TableShape, col: Col, y: float, deal: int | None, table: int) -> None:
    """ "A1 Ann" at the left of a partnership player's cell, the seat in bold and the name when it fits
    whole (the seats' key under the match line names everyone); when the deal's number is not known (a
    later game), the B cell says who plays in odd and even deals."""
    room = col.w * 0.6
    if deal is None and col.side == 1:
        odd, even = (shape.seats_at(n, table)[1] for n in (1, 2))
        text = " \u00b7 ".join(f"{when} {seat} {shape.seat_name(seat)}".rstrip()
                                for when, seat in ((pgettext("deals", "odd"), odd), (pgettext("deals", "even"), even)))
        if stringWidth(text, FONT, 5.5) > room:
            text = f"{pgettext('deals', 'odd')} {odd} \u00b7 {pgettext('deals', 'even')} {even}"
        draw_text(c, col.x + 3, y, text, size=5.5, color=RULE)
        return
    label = shape.seats_at(deal or 1, table)[col.side]
    draw_text(c, col.x + 3, y, label, size=6.5, bold=True, color=RULE)
    name = shape.seat_name(label)
    lw = stringWidth(label + " ", BOLD, 6.5)
    if name and lw + stringWidth(name, FONT, 6.5) <= room:
        draw_text(c, col.x + 3 + lw, y, name, size=6.5, color=RULE)


def _seat_key(shape: TableShape, w: float) -> list[str]:
    """A partnership pad's seats with their players ("Seats: A1 Ann · A2 Cat · B1 Ben · B2 Dan"), in
    lines no wider than ``w``; none on a blank pad."""
    if shape.tables < 2 or not shape.seats:
        return []
    return _flow([f"{seat} {shape.seat_name(seat)}" for seat in ("A1", "A2", "B1", "B2")], w, 8.5, _("Seats:"))


def draw_block(c: Canvas, shape: TableShape, rules: Mapping, x: float, top: float, w: float, units: int,
               game: int, layer: str = "all", names_h: float = 17, first_deal: int | None = 1) -> float:
    """Draws one game (or Hollywood set) block with ``units`` hands (a partnership: deals of two rows);
    returns its bottom y. ``layer`` "grid" leaves out the players' names and "names" draws only them
    (a grid drawn once serves many sheets). ``first_deal``: a partnership's first deal in the block,
    when it is known (None: each B cell says who plays in odd and in even deals)."""
    cols, heads = block_columns(shape, rules, x, w, game)
    feet = feet_for(shape, rules)
    hollywood = shape.columns > 1
    head_h = HEAD + (names_h - 17 if hollywood else 0)  # Hollywood: the names are in the top row
    body_names = 17 if hollywood else names_h
    rows = units * shape.tables
    bottom = top - head_h - body_names - rows * ROW - len(feet) * FOOT
    names, grid = layer != "grid", layer != "names"
    scores = [col for col in cols if col.kind == "score"]
    seat_cols = [col for col in cols if col.kind == "seat"]
    sides_x = scores[0].x  # the totals' labels run across every column before the sides'
    if grid:
        c.setFillColor(SHADE)
        c.rect(x, top - head_h, w, head_h, stroke=0, fill=1)
        c.setFillColor(INK)
    for x0, x1, text, side in heads:
        if side < 0:
            if grid:
                draw_text(c, (x0 + x1) / 2, top - head_h + 4, ellipsis(text, BOLD, 8.5, x1 - x0 - 4), size=8.5,
                          bold=True, align="centre")
        elif text and names:
            _draw_name(c, x0, x1, top, head_h, text)
        elif not text and grid:
            draw_text(c, x0 + 3, top - head_h + 4, _("name"), size=6, color=FAINT)
    y = top - head_h
    for col in cols:  # the column heads
        if col.kind == "score" and not hollywood:
            _side_head(c, col, shape.letters[col.side], y, body_names, col.head, grid, names)
        elif grid:
            _plain_head(c, col, y, body_names, col.w)
    y -= body_names
    seat_layer = names if shape.seats else grid
    if not grid and not (seat_cols and seat_layer):
        return bottom
    c.setLineWidth(0.4)
    boxes = seat_cols or scores
    for r in range(rows):
        d, t = divmod(r, shape.tables)
        ry = y - (r + 1) * ROW
        deal = first_deal + d if first_deal is not None else None
        for col in cols:
            if col.kind == "seat":
                if seat_layer:
                    _seat_text(c, shape, col, ry + 4.5, deal, t + 1)
            elif not grid:
                continue
            elif col.kind == "label" and shape.tables == 1:
                draw_text(c, col.x + col.w - 3, ry + 4.5, str(r + 1), size=6.5, align="right", color=FAINT)
            elif col.kind == "table":
                draw_text(c, col.x + col.w / 2, ry + 4.5, str(t + 1), size=6.5, align="centre", color=RULE)
            elif col.kind == "spade":
                _tick(c, col.x + (col.w - 7) / 2, ry + 3.5)
        if not grid:
            continue
        if rules.get("box_bonus"):
            for col in boxes:
                _tick(c, col.x + col.w - 9, ry + 3.5)
        last_of_deal = t == shape.tables - 1
        if shape.tables == 1:
            c.setStrokeColor(FAINT if r < rows - 1 else INK)
            c.line(x, ry, x + w, ry)
        else:
            c.setStrokeColor(INK if r == rows - 1 else (RULE if last_of_deal else FAINT))
            c.setLineWidth(0.6 if last_of_deal else 0.4)
            c.line(x if last_of_deal else cols[1].x, ry, x + w if last_of_deal else sides_x, ry)
        if shape.tables > 1 and last_of_deal and deal is not None:
            draw_text(c, x + cols[0].w / 2, y - (r - t + 1) * ROW - 3, str(deal), size=7, align="centre", color=RULE)
    c.setStrokeColor(INK)
    if not grid:
        return bottom
    y -= rows * ROW
    if shape.pairs:  # a pair's line: the third player's cell is not theirs
        c.setFillColor(SHADE)
        pairs_top = y - (len(feet) - len(shape.pairs)) * FOOT
        for k, (i, j) in enumerate(shape.pairs):
            out = scores[3 - i - j]
            c.rect(out.x, pairs_top - (k + 1) * FOOT, out.w, FOOT, stroke=0, fill=1)
        c.setFillColor(INK)
    draw_feet(c, feet, x, y, w, [(col.x, col.w) for col in scores])  # the game's totals
    c.setLineWidth(0.4)
    for col in cols[1:]:  # a hand's own columns stop at the totals; the sides' run to the foot
        c.line(col.x, top - head_h, col.x, y if col.kind != "score" else bottom)
    c.setLineWidth(1.2)
    per_side = shape.columns
    for col in scores[per_side::per_side]:  # between the sides
        c.line(col.x, top - head_h, col.x, bottom)
    c.setLineWidth(0.9)
    c.line(sides_x, top - head_h, sides_x, bottom)
    c.rect(x, bottom, w, top - bottom, stroke=1, fill=0)
    lines = [top - head_h, top - head_h - body_names, y]
    if shape.pairs:
        lines.append(y - (len(feet) - len(shape.pairs)) * FOOT)
    for ly in lines:
        c.line(x, ly, x + w, ly)
    return bottom


def _legend(shape: TableShape, rules: Mapping) -> str:
    boxes = bool(rules.get("box_bonus"))
    if shape.columns > 1:
        return _("A player's first win goes in game 1, the second in games 1 and 2, every later one in all three "
                 "(a game open only after a win in the one before it); tick a small box in each.")
    if shape.sits_out:
        shutout = rules.get("shutout", "add")
        legend = _("Deals: who deals the hand and sits it out; the loser of a hand deals the next, so the winner "
                   "plays the last dealer (after a dead hand the same dealer deals again).")
        legend += " " + (_("Write each hand's running total in the winner's column; tick its small box for each "
                           "hand won (a box).") if boxes else _("Write each hand's running total in the winner's "
                                                               "column."))
        legend += " " + _("Pairs: each pair settles the game as if the two had played it alone, the difference of "
                          "their totals written under the higher.")
        if shutout == "add":
            legend += " " + _("Against a player who won no hand, the game's winner adds %(bonus)s in that pair "
                              "only.") % {"bonus": number(rules.get("shutout_bonus") or 0)}
        elif shutout == "double":
            legend += " " + _("Against a player who won no hand, the game's winner doubles the total in that pair "
                              "only.")
    elif shape.tables > 1:
        each = rules.get("partnership_scoring") == "each"
        legend = _("Each deal is two hands at once. A1 and A2 are team A's players, B1 and B2 team B's: A1 always "
                   "plays at table 1 and A2 at table 2; odd deals A1 v B1 and A2 v B2, even deals A1 v B2 and A2 v B1.")
        legend += " " + (_("Write each table's points in its winner's cell; tick its small box for each table won "
                           "(a box) for the team.") if boxes else
                         _("Write each table's points in its winner's cell for the team."))
        legend += " " + (_("Under the teams, the running totals after the deal: each team adds what its two players "
                           "won.") if each else
                         _("Under the teams, the running totals after the deal: the team whose players won more at "
                           "the two tables adds the difference."))
    else:
        legend = (_("Write each hand's running total in the winner's column; tick its small box (a box) for each "
                    "hand won.") if boxes else _("Write each hand's running total in the winner's column."))
    if pad_layout(rules) == "oklahoma":
        legend += " " + (_("Up: the upcard (the knock limit); tick %(spade)s when a spade doubles the hand.")
                         % {"spade": spade()} if rules.get("spade_double") else
                         _("Up: the upcard (the knock limit)."))
    return legend


def _table_words(shape: TableShape, rules: Mapping) -> str:
    """A bigger table's words ahead of the rules in the footer ("" for two players)."""
    if shape.sits_out:
        return _("three players: the dealer sits out, the loser deals next")
    if shape.tables > 1:
        if rules.get("partnership_scoring") == "each":
            return _("four players in two teams, two tables a deal, each team scores what its players won")
        return _("four players in two teams, two tables a deal, a deal scores the difference")
    return ""


def _settle_items(shape: TableShape) -> list[str]:
    """Who pays whom: at a table of three, each pair settles on its own."""
    if shape.pairs:
        return [_("%(pair)s: %(blanks)s") % {"pair": versus(shape.letters[i], shape.letters[j]),
                                             "blanks": settle_words(short=True)} for i, j in shape.pairs]
    return [_("Settlement: %(blanks)s") % {"blanks": settle_words()}]


def _flow(items: Sequence[str], w: float, size: float, lead: str = "") -> list[str]:
    """Items laid left to right, a new line when the next does not fit ``w``."""
    lines, line = [], lead
    for item in items:
        joined = f"{line}     {item}" if line else item
        if line and stringWidth(joined, FONT, size) > w:
            lines.append(line)
            line = item
        else:
            line = joined
    return lines + [line]


def _match_names(shape: TableShape) -> list[str] | None:
    """The names on the match line: the players, or each side's letter and name; None on a blank
    two-player pad (blanks to fill in)."""
    if not any(shape.letters):
        return list(shape.sides) if any(shape.sides) else None
    return [f"{letter} {name}".strip() for letter, name in zip(shape.letters, shape.sides)]


def match_line_rows(x: float, w: float, length: str, players: Sequence[str] | None,
                    rules: Mapping) -> list[list[tuple[float, str, float, bool]]]:
    """The match line: "Match to 500:" (``length`` "", or "Match (best of 3 games):") and each player's
    name (up to 60 characters) with room for the score, as lines of (x, text, size, bold). All the names
    (two, or a bigger table's three) on one line when they fit, else one a line, shrunk down to 7 pt and
    then wrapped."""
    label = (_("Match %(length)s:") % {"length": to_target(rules)} if not length
             else _("Match (%(length)s):") % {"length": length})
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
        size, parts = name_lines(name, room, size=9, floor=7)
        for j, part in enumerate(parts):
            text = part + (f" {blank}" if j == len(parts) - 1 else "")
            lines.append([(x, label, 9, True)] * (k == 0 and j == 0) + [(x + label_w, text, size, True)])
    return lines


def draw_heading(c: Canvas, x: float, y: float, w: float, rules: Mapping, title: str, game: str = "") -> None:
    """The pad's first line from ``y`` down: the club's title, the game and the rules' name, and a place
    for the date. "Gin Rummy score pad · Classic", but "Skarney Gin score pad": a game with its own
    name says it; ``game`` is "Three-handed Gin Rummy" or "Partnership Gin Rummy" at bigger tables
    (default: Gin Rummy, two players)."""
    name = pad_title(rules)
    two = str(GAME_WORDS["two"])
    game = game or two
    named = name.casefold() in game.casefold()  # "Partnership" in "Partnership Gin Rummy" (En équipe, en équipe)
    own_name = rules.get("game", "gin") != "gin" or "gin" in name.casefold() or named

    def pad(of: str) -> str:
        return _("%(game)s score pad") % {"game": of}

    def short(of: str) -> str:
        return _("%(game)s pad") % {"game": of}

    first = [title, pad(name)] if own_name and game == two else (
        [title, pad(game)] + ([] if named else [name]))
    shorter = ([[title, short(name)], [pad(name)]] if game == two else
               [[title, short(game)] + ([] if named else [name]), [short(game)]])
    date = _("Date ____________")
    room = w - max(95, stringWidth(date, FONT, 8.5) + 15)
    for parts in [first] + shorter:
        head = " \u00b7 ".join(filter(None, parts))
        if c.stringWidth(head, BOLD, 11) <= room:
            break
    draw_text(c, x, y - 11, ellipsis(head, BOLD, 11, room), size=11, bold=True)
    draw_text(c, x + w, y - 11, date, size=8.5, align="right")


def draw_pad(c: Canvas, x: float, top: float, w: float, h: float, *, rules: Mapping, table: str = "two",
             players: Sequence[str] | None = None, teams: Sequence[str] | None = None, title: str = "",
             rules_footer: bool = True, heading: bool = True, layer: str = "all", blocks: int | None = None,
             length: str = "", first_game: int = 1, rows: int | None = None) -> int:
    """A whole pad in the box (x, top - h)..(x + w, top): heading, game blocks, match line, settlement,
    legend and rules, for a ``table`` of "two", "three" or a "partnership" (``players`` in seat order,
    ``teams`` naming a partnership's sides). ``layer``: "all", or "grid" (all but the players' names)
    and "names" (only them). ``blocks``: how many games (Hollywood: sets) the match can last, when it
    is short; ``length``: the match's length in words ("one game"), when it is not to the match target;
    ``first_game``: the first block's game (a continuation sheet's); ``rows``: the fewest hands (deals)
    a game keeps, when the blocks are as many as fit (a table sheet's 15). Returns the number of games
    the pad holds."""
    shape = table_shape(table, rules, players, teams)
    fit = pad_fit(shape, rules)
    y = top
    grid, names = layer != "names", layer != "grid"
    if heading and grid:
        draw_heading(c, x, y, w, rules, title, shape.game_words)
    if heading:
        y -= 18
    summary = " \u00b7 ".join(filter(None, [_table_words(shape, rules), rules_summary(rules, length=length)]))
    foot = word_lines(summary, FONT, 7, w) if rules_footer else []
    legend_lines = word_lines(_legend(shape, rules), FONT, 7, w)
    match_names = _match_names(shape)
    match_rows = match_line_rows(x, w, length, match_names, rules)
    items = _settle_items(shape)
    on_match_line = (match_names is None and len(items) == 1 and stringWidth(match_rows[0][0][1], BOLD, 9)
                     + stringWidth(items[0], FONT, 8.5) + 20 <= w)  # a blank pad's settlement, when it fits
    settle = [] if on_match_line else _flow(items, w, 8.5, _("Settlements:") if len(items) > 1 else "")
    seats = _seat_key(shape, w)
    area = y - (top - h) - (16 + 13 * (len(match_rows) - 1 + len(seats) + len(settle)) + 8
                            + 9 * (len(foot) + len(legend_lines)))
    across = 1 if shape.columns > 1 else blocks_across(w, fit.width, blocks)
    # fewer games side by side rather than a name under the floor (three long names in narrow columns)
    while across > 1 and least_name_size(shape, rules, (w - GAP * (across - 1)) / across) < NAME_FLOOR:
        across -= 1
    bw = (w - GAP * (across - 1)) / across
    names_h = names_height(shape, rules, bw)
    fixed = block_height(shape, rules, 0, names_h)
    unit = ROW * shape.tables
    down = max(1, int((area + GAP) // (fixed + max(fit.units, rows or 0) * unit + GAP)))
    if blocks:  # as many games as the match can take, while a game keeps room for its hands
        down = -(-blocks // across)
        while down > 1 and (area + GAP) / down - GAP - fixed < fit.with_blocks * unit:
            down -= 1
    units = max(fit.least, int(((area + GAP) / down - GAP - fixed) // unit))
    height = block_height(shape, rules, units, names_h)
    per_block = shape.columns
    drawn = 0
    for d in range(down):
        for a in range(across):
            if blocks and drawn >= blocks:
                break
            game = first_game + drawn * per_block
            draw_block(c, shape, rules, x + a * (bw + GAP), y - d * (height + GAP), bw, units, game, layer, names_h,
                       first_deal=1 if game == 1 else None)
            drawn += 1
    y -= down * (height + GAP) - GAP + 16
    for k, line in enumerate(match_rows):
        if names if match_names else grid:
            for lx, text, size, bold in line:
                draw_text(c, lx, y, text, size=size, bold=bold)
        if k < len(match_rows) - 1:
            y -= 13
    if on_match_line:
        if grid:
            draw_text(c, x + w, y, items[0], size=8.5, align="right")
    for line in seats:
        y -= 13
        if names:
            draw_text(c, x, y, line, size=8.5)
    for line in settle:
        y -= 13
        if grid:
            draw_text(c, x, y, line, size=8.5)
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
              length: str = "", table: str = "two", teams: Sequence[str] | None = None) -> tuple:
    """What a pad's grid depends on besides its rules and box: the height of the names' row and
    the lines of the match line (a grid drawn once serves every sheet of the same shape)."""
    shape = table_shape(table, rules, players, teams)
    across = 1 if shape.columns > 1 else blocks_across(w, pad_fit(shape, rules).width, blocks)
    bw = (w - GAP * (across - 1)) / across
    rows = match_line_rows(0, w, length, _match_names(shape), rules)
    return table, round(names_height(shape, rules, bw), 1), len(rows), len(_seat_key(shape, w))


def _areas(paper: str, per_page: int) -> tuple[tuple[float, float], list[tuple[float, float, float, float]]]:
    """The page size and each pad's box (x, top, w, h); two pads sit side by side on a page turned sideways."""
    pw, ph = page_size(paper, wide=per_page == 2)
    w, h = pw - 2 * MARGIN, ph - 2 * MARGIN
    if per_page == 1:
        return (pw, ph), [(MARGIN, ph - MARGIN, w, h)]
    half = (w - 2 * GAP) / 2
    return (pw, ph), [(MARGIN + i * (half + 2 * GAP), ph - MARGIN, half, h) for i in range(2)]


@in_language
def build_pad(pad: Pad) -> bytes:
    """Blank score pads as a PDF: ``pages`` pads (or pairs of pads), each for the match's rules and table."""
    rules = pad.rules or PRESETS[pad.style].to_json()
    buf = new_buffer()
    size, areas = _areas(pad.paper, pad.per_page)
    c = Canvas(buf, pagesize=size, pageCompression=1)
    c.setTitle(_("Gin Rummy score pad (%(rules)s)") % {"rules": pad_title(rules)})
    for _page in range(pad.pages):
        for x, top, w, h in areas:
            draw_pad(c, x, top, w, h, rules=rules, table=pad.table, players=pad.players, teams=pad.teams,
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
