"""A tournament's paperwork besides the bracket: the round sheet, the table sheets, the standings.

The round sheet lists the pairings twice, by table and by name, large
enough to read on the wall. A table sheet is a score pad with the players,
round, table and rules printed in, and a QR code of the match's table link so
the players can score it on a phone instead.
"""
from __future__ import annotations

import re
from typing import Sequence

import qrcode
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas
from reportlab.lib.enums import TA_RIGHT
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ginscore.sheets.common import (
    BOLD, DOC_BOTTOM, DOC_TOP, FAINT, FONT, INK, MARGIN, RULE, RUNNING, SHADE, TableThenBlock, draw_text, ellipsis,
    esc, new_buffer, numbered_canvas, page_size, rules_summary, shrink, style,
)
from ginscore.sheets.data import RoundSheet, Standings, StandingsTable, TableSheet
from ginscore.sheets.data import pad_layout
from ginscore.sheets.pads import draw_pad, name_lines, pad_shape

QR_SIZE = 78


def _grid(size: float = 10, *, bold_cols: Sequence[int] = ()) -> list:
    cmds = [
        ("FONT", (0, 0), (-1, -1), FONT, size),
        ("FONT", (0, 0), (-1, 0), BOLD, size * 0.85),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK),
        ("LINEBELOW", (0, 1), (-1, -1), 0.3, FAINT),
        ("BOX", (0, 0), (-1, -1), 0.8, INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
    ]
    cmds += [("FONT", (c, 1), (c, -1), BOLD, size) for c in bold_cols]
    return cmds


def _cells(rows, wrap: Sequence[int], size: float, *, bold: Sequence[int] = (), right_from: int | None = None
           ) -> list[list]:
    """``rows`` (the first is the heading) with the cells of columns ``wrap`` as Paragraphs that wrap in
    their column; headings wrap too (those from column ``right_from`` on sit to the right)."""
    plain, strong = style(size, leading=size * 1.2), style(size, bold=True, leading=size * 1.2)
    head = style(size * 0.85, bold=True, leading=size)
    head_right = style(size * 0.85, bold=True, leading=size, alignment=TA_RIGHT)
    out = [[Paragraph(esc(c), head_right if right_from is not None and k >= right_from else head)
            for k, c in enumerate(rows[0])]]
    for row in rows[1:]:
        out.append([Paragraph(esc(c), strong if k in bold else plain) if k in wrap else c for k, c in enumerate(row)])
    return out


def _document(buf, paper: str, title: str, *, wide: bool = False) -> tuple[SimpleDocTemplate, float]:
    size = page_size(paper, wide=wide)
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=DOC_TOP - 14,
                            bottomMargin=DOC_BOTTOM, title=title)
    return doc, size[0] - 2 * MARGIN - 12


def _footer(label: str, page_width: float):
    """The canvas class that prints ``label`` (cut with an ellipsis if it must) and "page n of N"
    at the foot of every page, 0.4 in or more from the paper's edge."""
    def draw(canvas, n, pages):
        right = f"page {n} of {pages}"
        room = page_width - 2 * MARGIN - stringWidth(right, FONT, 7.5) - 12
        canvas.setFont(FONT, 7.5)
        canvas.drawString(MARGIN, RUNNING, ellipsis(label, FONT, 7.5, room))
        canvas.drawRightString(page_width - MARGIN, RUNNING, right)
    return numbered_canvas(draw)


def natural_key(name: str) -> tuple:
    """Sorts names as people do: "Player 2" before "Player 10", case and accents aside."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name.casefold()))


def _heading(title: str, sub: str, details: Sequence[str] = ()) -> list:
    story = [Paragraph(esc(title), style(16, bold=True, spaceAfter=2)),
             Paragraph(esc(sub), style(13, bold=True, spaceAfter=4))]
    story += [Paragraph(esc(line), style(9)) for line in details]
    story.append(Spacer(1, 8))
    return story


def build_round_sheet(sheet: RoundSheet) -> bytes:
    """The round's pairings, by table and then by name (byes on one line under each list)."""
    buf = new_buffer()
    round_name = sheet.round_name or f"Round {sheet.round}"
    doc, width = _document(buf, sheet.paper, f"{sheet.tournament}: {round_name}")
    story = _heading(sheet.tournament, f"{round_name}: pairings", sheet.details)
    games = [p for p in sheet.pairings if p.b is not None]
    byes = sorted((p.a for p in sheet.pairings if p.b is None), key=natural_key)
    groups = any(p.group for p in games)
    head = ["Table"] + (["Group"] if groups else []) + ["Player", "", "Player", "Result or score"]
    by_table = [head]
    for p in sorted(games, key=lambda p: (p.table is None, p.table or 0, p.group or 0, natural_key(p.a))):
        by_table.append(["" if p.table is None else str(p.table)] + ([str(p.group or "")] if groups else [])
                        + [p.a, "v", p.b, p.result or p.score])
    fixed = 40 + (50 if groups else 0) + 16
    result_w = 130
    name_w = (width - fixed - result_w) / 2
    widths = [40] + ([50] if groups else []) + [name_w, 16, name_w, result_w]
    first = 2 if groups else 1
    wrap = [first, first + 2, first + 3]
    byes_line = [Paragraph(esc("Bye this round (scores a win): " + ", ".join(byes)), style(10, spaceBefore=4))
                 ] if byes else []
    def section(title: str, table: Table | None) -> list:
        heading = [Paragraph(title, style(11, bold=True, spaceAfter=3))]
        if table is None:
            return heading + byes_line
        return [TableThenBlock(table, byes_line, tail=1, heading=heading)]

    story += section("By table", Table(_cells(by_table, wrap, 11), colWidths=widths, repeatRows=1, style=TableStyle(
        _grid(11, bold_cols=[0]) + [("ALIGN", (0, 0), (first - 1, -1), "CENTER")])) if games else None)
    by_name = []
    for p in games:
        table = "" if p.table is None else str(p.table)
        by_name += [[p.a, table, p.b], [p.b, table, p.a]]
    by_name.sort(key=lambda r: natural_key(r[0]))
    story.append(Spacer(1, 14))
    story += section("By name", Table(_cells([["Player", "Table", "Opponent"]] + by_name, [0, 2], 11), repeatRows=1,
                                      colWidths=[(width - 50) / 2, 50, (width - 50) / 2], style=TableStyle(
                                          _grid(11, bold_cols=[1]) + [("ALIGN", (1, 0), (1, -1), "CENTER")]))
                     if by_name else None)
    doc.build(story, canvasmaker=_footer(f"{sheet.tournament} \u00b7 {round_name}", doc.pagesize[0]))
    return buf.getvalue()


def _standings_table(columns: Sequence[str], rows, width: float) -> Table:
    other_w = [max(38, stringWidth(c, BOLD, 8.5) + 10) for c in columns[2:]]
    other_w = [w * min(1, (width - 36 - 150) / sum(other_w)) for w in other_w] if other_w else []
    widths = [36, width - 36 - sum(other_w)] + other_w
    cmds = _grid(10, bold_cols=[1]) + [("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "CENTER")]
    data = _cells([list(columns)] + [list(r) for r in rows], [1], 10, bold=[1], right_from=2)
    return Table(data, colWidths=widths, repeatRows=1, style=TableStyle(cmds))


def build_standings(standings: Standings) -> bytes:
    """The standings: one table, or one per group, each group ranked on its own."""
    buf = new_buffer()
    wide = len(standings.columns) > 9
    doc, width = _document(buf, standings.paper, f"{standings.tournament}: standings", wide=wide)
    story = _heading(standings.tournament, " \u00b7 ".join(filter(None, ["Standings", standings.subtitle])))
    tables = standings.tables or (StandingsTable("", standings.rows),)
    for k, part in enumerate(tables):
        heading = [Paragraph(esc(part.title), style(12, bold=True, spaceAfter=3))] if part.title else []
        notes = [Paragraph(esc(n), style(9, spaceBefore=2)) for n in part.notes]
        story.append(TableThenBlock(_standings_table(standings.columns, part.rows, width), notes, tail=2,
                                    heading=heading))
        story.append(Spacer(1, 12))
    if standings.notes:
        story.append(KeepTogether([Paragraph(esc(n), style(8.5, spaceAfter=2)) for n in standings.notes]))
    label = f"{standings.tournament} \u00b7 standings"
    doc.build(story, canvasmaker=_footer(label, doc.pagesize[0]))
    return buf.getvalue()


def qr_modules(url: str) -> list[list[bool]]:
    """The QR code of ``url`` (error correction M, the best mask) as rows of dark modules: python-qrcode's
    encoder, the one the match page uses, a third quicker than reportlab's with the same modules."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(url)
    code.make(fit=True)
    return code.get_matrix()


QUIET = 4  # the standard quiet zone: four modules of white round the code


def draw_qr(c: Canvas, url: str, x: float, y: float, size: float = QR_SIZE) -> None:
    """A QR code of ``url`` with its bottom-left corner at (x, y), the quiet zone of four modules
    included: one filled path of the dark runs, row by row, written straight into the page's
    operators (a shape per module, or reportlab's number formatting per run, is far slower)."""
    modules = qr_modules(url)
    n = len(modules)
    unit = size / (n + 2 * QUIET)
    ops = ["q 0 g"]
    for r, row in enumerate(modules):
        yy = y + size - (r + QUIET + 1) * unit
        col = 0
        while col < n:
            if row[col]:
                start = col
                while col < n and row[col]:
                    col += 1
                ops.append(f"{x + (start + QUIET) * unit:.3f} {yy:.3f} {(col - start) * unit:.3f} {unit:.3f} re")
            else:
                col += 1
    ops.append("f Q")
    c.addLiteral("\n".join(ops))


SIGN = 44  # the signature lines at the foot of a table sheet
CONTINUED = 6  # games on a table sheet of a match to the target; more go on the continuation sheet


def _lines(c: Canvas, x: float, y: float, lines: Sequence[str], size: float, *, bold: bool = False, color=INK,
           lead: float = 1.2) -> float:
    for line in lines:
        draw_text(c, x, y, line, size=size, bold=bold, color=color)
        y -= size * lead
    return y


def _table_sheet(c: Canvas, sheet: TableSheet, size: tuple[float, float], forms: dict[str, int]) -> int:
    """Draws one table's sheet; returns the games its pad holds."""
    pw, ph = size
    w = pw - 2 * MARGIN
    top = ph - MARGIN
    text_w = w - (QR_SIZE + 12 if sheet.url else 0)
    draw_text(c, MARGIN, top - 13, ellipsis(sheet.tournament, BOLD, 13, text_w), size=13, bold=True)
    where = f"{sheet.round_name or f'Round {sheet.round}'}  \u00b7  Table {sheet.table}"
    draw_text(c, MARGIN, top - 35, ellipsis(where, BOLD, 19, text_w), size=19, bold=True)
    versus = f"{sheet.players[0]}  v  {sheet.players[1]}"
    vs_size, vs_lines = name_lines(versus, text_w, size=14, floor=10, most=3)
    y = _lines(c, MARGIN, top - 55, vs_lines, vs_size, bold=True) - 2
    if sheet.first_dealer:
        draw_text(c, MARGIN, y, ellipsis(f"First deal: {sheet.first_dealer}", BOLD, 9, text_w), size=9, bold=True)
        y -= 11
    to_target = not sheet.length or sheet.length.startswith("to ")
    about = " \u00b7 ".join(filter(None, [sheet.match_label, rules_summary(sheet.rules, length=sheet.length or None)]))
    y = _lines(c, MARGIN, y, simpleSplit(about, FONT, 8, text_w)[:4], 8, color=RULE, lead=1.25)
    if sheet.url:
        qx = pw - MARGIN - QR_SIZE
        draw_qr(c, sheet.url, qx, top - QR_SIZE)
        draw_text(c, qx + QR_SIZE / 2, top - QR_SIZE - 6, "Scan to score on a phone", size=6.5, align="centre")
        y = min(y, top - QR_SIZE - 16)
        y = _lines(c, MARGIN, y, simpleSplit(f"Or open {sheet.url}", FONT, 7.5, w), 7.5, color=RULE)
    pad_top = y - 2
    games = sheet.games or (CONTINUED if pad_layout(sheet.rules) != "hollywood" else None)
    length = "" if to_target else sheet.length
    height = pad_top - MARGIN - SIGN
    if sheet.seats:  # a partnership: each deal's two tables, the teams' columns
        table, players, teams = "partnership", sheet.seats, sheet.players
        signers = [f"{p} (signature)" for p in sheet.seats] + ["Winners and final score"]
    else:
        table, players, teams = "two", sheet.players, None
        signers = [f"{sheet.players[0]} (signature)", f"{sheet.players[1]} (signature)", "Winner and final score"]
    box = dict(rules=sheet.rules, table=table, players=players, teams=teams, heading=False, rules_footer=False,
               blocks=games, length=length)
    shape = pad_shape(sheet.rules, w, players, games, length, table, teams)
    form = f"pad{hash((tuple(sorted(sheet.rules.items())), round(pad_top, 1), games, shape, length))}"
    if form not in forms:  # the grid once per PDF, then only the names on each sheet
        c.beginForm(form)
        held = draw_pad(c, MARGIN, pad_top, w, height, layer="grid", **box)
        c.endForm()
        forms[form] = held
    c.doForm(form)
    draw_pad(c, MARGIN, pad_top, w, height, layer="names", **box)
    held = forms[form]
    if to_target and not sheet.games:
        draw_text(c, MARGIN + w, MARGIN + SIGN - 4, "More games: the continuation sheet at the end", size=6.5,
                  align="right", color=RULE)
    signatures_on_canvas(c, MARGIN, MARGIN + 20, w, signers)
    return held


def signatures_on_canvas(c: Canvas, x: float, y: float, w: float, labels: Sequence[str]) -> None:
    """Three lines to sign on, side by side with a gap between them, each label beneath its line
    (a long name shrinks, then wraps onto a second line)."""
    gap = 16
    each = (w - gap * (len(labels) - 1)) / len(labels)
    c.setLineWidth(0.7)
    for k, label in enumerate(labels):
        lx = x + k * (each + gap)
        c.line(lx, y, lx + each, y)
        size = shrink(label, FONT, each, 7, 6)
        lines = simpleSplit(label, FONT, size, each)
        if len(lines) > 2:
            lines = [lines[0], ellipsis(" ".join(lines[1:]), FONT, size, each)]
        _lines_font(c, lx, y - 8, lines, size)


def _lines_font(c: Canvas, x: float, y: float, lines: Sequence[str], size: float) -> None:
    for line in lines:
        draw_text(c, x, y, line, size=size, color=RULE)
        y -= size * 1.2


def _continuation(c: Canvas, sheet: TableSheet, size: tuple[float, float], held: int = CONTINUED) -> None:
    """A blank sheet for the games after the table sheet's ``held`` (six; a partnership's fewer), for any
    table of the round."""
    pw, ph = size
    w = pw - 2 * MARGIN
    top = ph - MARGIN
    draw_text(c, MARGIN, top - 13, ellipsis(sheet.tournament, BOLD, 13, w), size=13, bold=True)
    draw_text(c, MARGIN, top - 35, "Continuation sheet  \u00b7  Table ______", size=19, bold=True)
    draw_text(c, MARGIN, top - 52, f"{sheet.round_name or f'Round {sheet.round}'}: games {held + 1} on, for a "
                                   "match still going when its table sheet is full. Carry the match score over.",
              size=9)
    about = rules_summary(sheet.rules, length=sheet.length or None)
    y = _lines(c, MARGIN, top - 66, simpleSplit(about, FONT, 8, w)[:3], 8, color=RULE, lead=1.25)
    if sheet.seats:
        signers = ["Team A (signatures)", "Team B (signatures)", "Winners and final score"]
    else:
        signers = ["First player (signature)", "Second player (signature)", "Winner and final score"]
    draw_pad(c, MARGIN, y - 2, w, y - 2 - MARGIN - SIGN, rules=sheet.rules, table="partnership" if sheet.seats else "two",
             heading=False, rules_footer=False, blocks=CONTINUED, first_game=held + 1)
    signatures_on_canvas(c, MARGIN, MARGIN + 20, w, signers)


def build_table_sheets(sheets: Sequence[TableSheet], paper: str = "letter") -> bytes:
    """One score sheet per table, in the order given, in one PDF."""
    size = page_size(paper)
    buf = new_buffer()
    c = Canvas(buf, pagesize=size, pageCompression=1)
    title = sheets[0].tournament if sheets else "Table sheets"
    c.setTitle(f"{title}: table sheets")
    forms: dict[str, int] = {}
    continued: dict[tuple, tuple[TableSheet, int]] = {}
    for sheet in sheets:
        held = _table_sheet(c, sheet, size, forms)
        c.showPage()
        if (not sheet.length or sheet.length.startswith("to ")) and not sheet.games:
            # one continuation sheet for each set of rules played to the target (and each kind of table)
            key = (tuple(sorted(sheet.rules.items())), bool(sheet.seats))
            first, least = continued.get(key, (sheet, held))
            continued[key] = (first, min(least, held))
    for sheet, held in continued.values():
        _continuation(c, sheet, size, held)
        c.showPage()
    if not sheets:
        draw_text(c, MARGIN, size[1] - MARGIN - 14, "No tables in this round.", size=12)
        c.showPage()
    c.save()
    return buf.getvalue()
