"""Blank pads for bigger tables: three-handed gin and two partnerships (seeds 000 and 002).

Three-handed. One block per game: a column for who deals the hand (the dealer
sits it out; the loser of a hand deals the next), a column per player with the
small box to tick for each hand won, the game's totals, and a row per pair of
players (A v B, A v C, B v C) for the pair's net: each pair settles the game
as if they had played it alone, and only the winner shuts out a player who won
no hand. Under the games, the match line and a settlement line for each pair.

Partnership. One block per game between the two teams: each deal takes two
rows, table 1 and table 2. A team's first player (A1) always plays at table 1
and its second (A2) at table 2; the other team's players change tables every
deal (odd deals A1 v B1 and A2 v B2, even deals A1 v B2 and A2 v B1). Each
table row has a cell per player for the points they won and the box their
team earns; the deal's two rows share the teams' running totals (the
difference, or each team what it won, as ``partnership_scoring`` says). The
game's totals are a two-player game's, with teams for players.

Names of up to 60 characters shrink to fit, then wrap (column heads) or end in
an ellipsis (a table row, where the seat label A1/B2 says who it is).
"""
from __future__ import annotations

from typing import Mapping, Sequence

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ginscore.sheets.common import (
    BOLD, FAINT, FONT, INK, RULE, SHADE, draw_text, ellipsis, rules_summary,
)
from ginscore.sheets.pads import (
    FOOT, GAP, HEAD, ROW, _draw_name, _tick, blocks_across, draw_feet, draw_heading, draw_legend_and_rules,
    footer_rows, game_band, match_line_rows, name_lines, names_row,
)

LETTERS = ("A", "B", "C")
PAIRS = ((0, 1), (0, 2), (1, 2))  # the spec's order: (1st, 2nd), (1st, 3rd), (2nd, 3rd)
DEALS_W = 36  # the three-handed pad's dealer column
THREE_MIN_W, THREE_MIN_ROWS = 230, 12
PART_MIN_W, PART_MIN_DEALS = 330, 6
LETTER_W = 11  # a seat letter before a name in a column head
SETTLE = "________ pays ________ ______ pts"


def three_feet(rules: Mapping) -> list[tuple[str, str]]:
    """The lines under a three-handed game's columns: its totals (a shutout is settled by pair), then
    one line per pair of players for the pair's net."""
    return [row for row in footer_rows(rules) if row[0] not in ("Shutout", "Net")] + [
        (f"{LETTERS[i]} v {LETTERS[j]}", "") for i, j in PAIRS]


def team_names(players: Sequence[str] | None, teams: Sequence[str] | None) -> list[str]:
    """Team A (a, c) and team B (b, d): the names given, else "Ann & Cat", else nothing (a blank pad)."""
    if teams:
        return list(teams)
    if players:
        return [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    return ["", ""]


def _head_names(c: Canvas, cells: Sequence[tuple[float, float, str, str]], top: float, height: float) -> None:
    """Column heads with a seat letter: (x0, x1, letter, name); a blank pad has a faint "name" to fill in."""
    for x0, x1, letter, name in cells:
        draw_text(c, x0 + 3, top - height / 2 - 3, letter, size=8, bold=True, color=RULE)
        if name:
            _draw_name(c, x0 + LETTER_W, x1, top, height, name)
        else:
            draw_text(c, x0 + LETTER_W + 2, top - 7, "name", size=6, color=FAINT)


def _names_height(names: Sequence[str], width: float) -> float:
    """The row of names: 17 points, taller when a long name wraps in ``width``."""
    return names_row(max((len(name_lines(n, width - LETTER_W - 6)[1]) for n in names if n), default=1))


# Three-handed


def three_block_height(rules: Mapping, rows: int, names_h: float) -> float:
    return HEAD + names_h + rows * ROW + len(three_feet(rules)) * FOOT


def _three_label_w(rules: Mapping) -> float:
    return max(28, max(stringWidth(label, BOLD, 7) for label, _ in three_feet(rules)) + 6)


def draw_three_block(c: Canvas, rules: Mapping, players: Sequence[str] | None, x: float, top: float, w: float,
                     rows: int, game: int, names_h: float = 17) -> float:
    """One game of a three-handed pad; returns its bottom y."""
    label = _three_label_w(rules)
    cw = (w - label - DEALS_W) / 3
    xs = [x + label + DEALS_W + k * cw for k in range(3)]
    feet = three_feet(rules)
    bottom = top - three_block_height(rules, rows, names_h)
    game_band(c, x, top, w, f"Game {game}")
    y = top - HEAD
    draw_text(c, x + label / 2, y - names_h + 5, "Hand", size=7, align="centre")
    draw_text(c, x + label + DEALS_W / 2, y - names_h + 10, "Deals", size=7, align="centre")
    draw_text(c, x + label + DEALS_W / 2, y - names_h + 3.5, "(sits out)", size=5.5, align="centre", color=RULE)
    names = list(players) if players else ["", "", ""]
    _head_names(c, [(xs[k], xs[k] + cw, LETTERS[k], names[k]) for k in range(3)], y, names_h)
    y -= names_h
    c.setLineWidth(0.4)
    for r in range(rows):
        ry = y - (r + 1) * ROW
        draw_text(c, x + label - 3, ry + 4.5, str(r + 1), size=6.5, align="right", color=FAINT)
        if rules.get("box_bonus"):
            for x0 in xs:
                _tick(c, x0 + cw - 9, ry + 3.5)
        c.setStrokeColor(FAINT if r < rows - 1 else INK)
        c.line(x, ry, x + w, ry)
    c.setStrokeColor(INK)
    y -= rows * ROW
    pairs_top = y - (len(feet) - len(PAIRS)) * FOOT
    c.setFillColor(SHADE)  # a pair's row: the third player's cell is not theirs
    for k, (i, j) in enumerate(PAIRS):
        out = 3 - i - j
        c.rect(xs[out], pairs_top - (k + 1) * FOOT, cw, FOOT, stroke=0, fill=1)
    c.setFillColor(INK)
    draw_feet(c, feet, x, y, w, [(x0, cw) for x0 in xs])
    c.setLineWidth(0.4)
    c.line(x + label, top - HEAD, x + label, y)  # the dealer's column stops at the totals
    for x0 in xs:
        c.line(x0, top - HEAD, x0, bottom)
    c.setLineWidth(0.9)
    c.line(xs[0], top - HEAD, xs[0], bottom)
    c.rect(x, bottom, w, top - bottom, stroke=1, fill=0)
    for ly in (top - HEAD, top - HEAD - names_h, y, pairs_top):
        c.line(x, ly, x + w, ly)
    return bottom


# Partnership


def _part_widths(w: float) -> tuple[float, float, float, float]:
    """(deal, table, a player's cell, a team's column) across a block ``w`` wide."""
    deal_w, table_w = 24, 20
    team_w = max(56, min(90, w * 0.17))
    return deal_w, table_w, (w - deal_w - table_w - 2 * team_w) / 2, team_w


def part_block_height(rules: Mapping, deals: int, names_h: float) -> float:
    return HEAD + names_h + 2 * deals * ROW + len(footer_rows(rules)) * FOOT


def _seat(c: Canvas, x: float, y: float, width: float, label: str, name: str, size: float = 6.5) -> None:
    """ "A1 Ann" at the left of a table row's cell: the seat in bold, the name cut to ``width``."""
    draw_text(c, x, y, label, size=size, bold=True, color=RULE)
    if name:
        lw = stringWidth(label + " ", BOLD, size)
        draw_text(c, x + lw, y, ellipsis(name, FONT, size, width - lw), size=size, color=RULE)


def draw_partnership_block(c: Canvas, rules: Mapping, players: Sequence[str] | None, teams: Sequence[str],
                           x: float, top: float, w: float, deals: int, game: int, names_h: float = 17,
                           first_deal: int | None = None) -> float:
    """One game of a partnership pad: ``deals`` pairs of table rows; returns its bottom y.
    ``first_deal``: the number of the game's first deal when it is known (game 1 starts with deal 1):
    the deals are numbered and each row names who plays; else each B row says who plays in odd and
    in even deals."""
    deal_w, table_w, pw, tw = _part_widths(w)
    xa, xb = x + deal_w + table_w, x + deal_w + table_w + pw
    ta, tb = xb + pw, xb + pw + tw
    feet = footer_rows(rules)
    bottom = top - part_block_height(rules, deals, names_h)
    names = list(players) if players else ["", "", "", ""]
    game_band(c, x, top, w, f"Game {game}")
    y = top - HEAD
    base = y - names_h + 5
    draw_text(c, x + deal_w / 2, base, "Deal", size=7, align="centre")
    draw_text(c, x + deal_w + table_w / 2, base, "Table", size=5.5, align="centre")
    for x0, team in ((xa, "A"), (xb, "B")):
        head = next((t for t in (f"Team {team}'s player: points won", f"Team {team}'s player", f"{team}'s player")
                     if stringWidth(t, FONT, 6.5) <= pw - 6), f"{team}'s player")
        draw_text(c, x0 + pw / 2, base, head, size=6.5, align="centre")
    _head_names(c, [(ta, ta + tw, "A", teams[0]), (tb, tb + tw, "B", teams[1])], y, names_h)
    y -= names_h
    c.setLineWidth(0.4)
    size = 6.5
    room = pw * 0.6
    for d in range(deals):
        n = first_deal + d if first_deal is not None else None
        for t in (0, 1):  # table 1, table 2
            ry = y - (2 * d + t + 1) * ROW
            draw_text(c, x + deal_w + table_w / 2, ry + 4.5, str(t + 1), size=6.5, align="centre", color=RULE)
            _seat(c, xa + 3, ry + 4.5, room, f"A{t + 1}", names[2 * t])
            if n is not None:
                b = (t + n - 1) % 2  # odd deals: B1 at table 1; even: B2
                _seat(c, xb + 3, ry + 4.5, room, f"B{b + 1}", names[2 * b + 1])
            else:
                odd, even = t, 1 - t
                half = (room - stringWidth("odd  \u00b7 even ", FONT, 5.5)) / 2
                text = (f"odd B{odd + 1} {ellipsis(names[2 * odd + 1], FONT, 5.5, half)}".rstrip()
                        + f" \u00b7 even B{even + 1} {ellipsis(names[2 * even + 1], FONT, 5.5, half)}".rstrip())
                draw_text(c, xb + 3, ry + 4.5, text, size=5.5, color=RULE)
            if rules.get("box_bonus"):
                _tick(c, xa + pw - 9, ry + 3.5)
                _tick(c, xb + pw - 9, ry + 3.5)
            last = t == 1
            c.setStrokeColor(INK if last and d == deals - 1 else (RULE if last else FAINT))
            c.setLineWidth(0.6 if last else 0.4)
            c.line(x + deal_w if not last else x, ry, (ta if not last else x + w), ry)
        if n is not None:
            draw_text(c, x + deal_w / 2, y - (2 * d + 1) * ROW - 3, str(n), size=7, align="centre", color=RULE)
    c.setStrokeColor(INK)
    y -= 2 * deals * ROW
    draw_feet(c, feet, x, y, w, [(ta, tw), (tb, tw)])
    c.setLineWidth(0.4)
    for lx in (x + deal_w, xa, xb):
        c.line(lx, top - HEAD, lx, y)
    c.line(tb, top - HEAD, tb, bottom)
    c.setLineWidth(1.2)
    c.line(ta, top - HEAD, ta, bottom)
    c.setLineWidth(0.9)
    c.rect(x, bottom, w, top - bottom, stroke=1, fill=0)
    for ly in (top - HEAD, top - HEAD - names_h, y):
        c.line(x, ly, x + w, ly)
    return bottom


# The whole pad


def _legend(table: str, rules: Mapping) -> str:
    box = "; tick its small box for each hand won (a box)" if rules.get("box_bonus") else ""
    if table == "three":
        shutout = rules.get("shutout", "add")
        out = {"add": f"adds {rules.get('shutout_bonus')}", "double": "doubles the total"}.get(shutout)
        return ("Deals: who deals the hand and sits it out; the loser of a hand deals the next, so the winner "
                "plays the last dealer (after a dead hand the same dealer deals again). Write each hand's running "
                f"total in the winner's column{box}. Pairs: each pair settles the game as if the two had played "
                "it alone, the difference of their totals written under the higher"
                + (f"; against a player who won no hand, the game's winner {out} in that pair only." if out
                   else "."))
    each = rules.get("partnership_scoring") == "each"
    deal = ("each team adds what its two players won" if each else
            "the team whose players won more at the two tables adds the difference")
    return ("Each deal is two hands at once. A1 and A2 are team A's players, B1 and B2 team B's: A1 always plays "
            "at table 1 and A2 at table 2; odd deals A1 v B1 and A2 v B2, even deals A1 v B2 and A2 v B1. Write "
            f"each table's points in its winner's cell{box.replace('hand', 'table')} for the team. Under the "
            f"teams, the running totals after the deal: {deal}.")


def _table_words(table: str, rules: Mapping) -> str:
    if table == "three":
        return "three players: the dealer sits out, the loser deals next"
    scoring = ("each team scores what its players won" if rules.get("partnership_scoring") == "each"
               else "a deal scores the difference")
    return f"four players in two teams, two tables a deal, {scoring}"


def _settle_items(table: str, players: Sequence[str] | None) -> list[str]:
    if table == "partnership":
        return [f"Settlement: {SETTLE}"]
    return [f"{LETTERS[i]} v {LETTERS[j]}: {SETTLE}" for i, j in PAIRS]


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


def draw_group_pad(c: Canvas, x: float, top: float, w: float, h: float, *, table: str, rules: Mapping,
                   players: Sequence[str] | None = None, teams: Sequence[str] | None = None, title: str = "",
                   rules_footer: bool = True, length: str = "", blocks: int | None = None, heading: bool = True,
                   first_game: int = 1) -> int:
    """A three-handed (``table`` "three") or partnership pad in the box (x, top - h)..(x + w, top):
    heading, game blocks, match line, the settlements, legend and rules; returns the games it holds.
    ``heading`` False: no title line (a table sheet has its own); ``first_game``: the first block's game
    (a continuation sheet's), whose first deal's number is known only for game 1."""
    three = table == "three"
    y = top
    if heading:
        draw_heading(c, x, top, w, rules, title, "Three-handed Gin Rummy" if three else "Partnership Gin Rummy")
        y -= 18
    length = length or f"to {rules['match_target']}"
    sides = (list(players) if players else ["", "", ""]) if three else team_names(players, teams)
    letters = LETTERS[:3] if three else ("A", "B")
    match_names = [f"{letters[k]} {sides[k]}".strip() for k in range(len(letters))]
    match_rows = match_line_rows(x, w, length, match_names)
    settle = _flow(_settle_items(table, players), w, 8.5, "Settlements:" if three else "")
    summary = f"{_table_words(table, rules)} \u00b7 {rules_summary(rules, length=length)}"
    foot = simpleSplit(summary, FONT, 7, w) if rules_footer else []
    legend = simpleSplit(_legend(table, rules), FONT, 7, w)
    area = y - (top - h) - (16 + 13 * (len(match_rows) + len(settle)) + 8 + 9 * (len(foot) + len(legend)))
    least = THREE_MIN_W if three else PART_MIN_W
    across = blocks_across(w, least, blocks)
    bw = (w - GAP * (across - 1)) / across
    if three:
        names_h = _names_height(players or [], (bw - _three_label_w(rules) - DEALS_W) / 3)
        fixed, unit, least_units = three_block_height(rules, 0, names_h), ROW, THREE_MIN_ROWS
    else:
        names_h = _names_height([n for n in sides if n], _part_widths(bw)[3])
        fixed, unit, least_units = part_block_height(rules, 0, names_h), 2 * ROW, PART_MIN_DEALS
    down = max(1, int((area + GAP) // (fixed + least_units * unit + GAP)))
    if blocks:
        down = max(1, min(down, -(-blocks // across)))
    units = max(3, int(((area + GAP) / down - GAP - fixed) // unit))
    height = fixed + units * unit
    drawn = 0
    for d in range(down):
        for a in range(across):
            if blocks and drawn >= blocks:
                break
            bx, btop = x + a * (bw + GAP), y - d * (height + GAP)
            game = first_game + drawn
            if three:
                draw_three_block(c, rules, players, bx, btop, bw, units, game, names_h)
            else:
                draw_partnership_block(c, rules, players, sides, bx, btop, bw, units, game, names_h,
                                       first_deal=1 if game == 1 else None)
            drawn += 1
    y -= down * (height + GAP) - GAP + 16
    for k, line in enumerate(match_rows):
        for lx, text, size, bold in line:
            draw_text(c, lx, y, text, size=size, bold=bold)
        y -= 13
    for line in settle:
        draw_text(c, x, y, line, size=8.5)
        y -= 13
    draw_legend_and_rules(c, x, y + 5, legend, foot)
    return drawn
