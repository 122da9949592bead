"""A tournament's paperwork besides the bracket: the round sheet, the table sheets, the standings.

The round sheet lists the pairings twice, by table and by name, large
enough to read on the wall. A table sheet is a score pad with the players,
round, table and rules printed in, and a QR code of the match's table link so
the players can score it on a phone instead.
"""
from __future__ import annotations

from typing import Sequence

from reportlab.graphics.barcode import qrencoder
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ginscore.sheets.common import (
    BOLD, FAINT, FONT, INK, MARGIN, RULE, SHADE, draw_text, fit, new_buffer, numbered_canvas, page_size,
    rules_summary, style,
)
from ginscore.sheets.data import RoundSheet, Standings, TableSheet
from ginscore.sheets.match_sheet import _esc
from ginscore.sheets.pads import draw_pad

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
    ]
    cmds += [("FONT", (c, 1), (c, -1), BOLD, size) for c in bold_cols]
    return cmds


def _document(buf, paper: str, title: str, *, wide: bool = False) -> tuple[SimpleDocTemplate, float]:
    size = page_size(paper, wide=wide)
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                            bottomMargin=MARGIN, title=title)
    return doc, size[0] - 2 * MARGIN - 12


def _footer(label: str, page_width: float):
    """The canvas class that prints ``label`` and "page n of N" at the foot of every page."""
    def draw(canvas, n, pages):
        canvas.setFont(FONT, 7.5)
        canvas.drawString(MARGIN, MARGIN - 16, label)
        canvas.drawRightString(page_width - MARGIN, MARGIN - 16, f"page {n} of {pages}")
    return numbered_canvas(draw)


def build_round_sheet(sheet: RoundSheet) -> bytes:
    """The round's pairings, by table and then by name."""
    buf = new_buffer()
    round_name = sheet.round_name or f"Round {sheet.round}"
    doc, width = _document(buf, sheet.paper, f"{sheet.tournament}: {round_name}")
    story = [Paragraph(_esc(sheet.tournament), style(16, bold=True, spaceAfter=2)),
             Paragraph(_esc(f"{round_name}: pairings"), style(13, bold=True, spaceAfter=4))]
    story += [Paragraph(_esc(line), style(9)) for line in sheet.details]
    story.append(Spacer(1, 8))
    by_table = [["Table", "Player", "", "Player", "Result"]]
    by_name = [["Player", "Table", "Opponent"]]
    for p in sorted(sheet.pairings, key=lambda p: (p.table is None, p.table or 0)):
        table = "" if p.table is None else str(p.table)
        by_table.append([table, p.a, "v", p.b or "bye", p.result])
        by_name.append([p.a, table, p.b or "bye"])
        if p.b:
            by_name.append([p.b, table, p.a])
    by_name[1:] = sorted(by_name[1:], key=lambda r: r[0].casefold())
    story.append(Paragraph("By table", style(11, bold=True, spaceAfter=3)))
    story.append(Table(by_table, colWidths=[44, (width - 194) / 2, 20, (width - 194) / 2, 130], repeatRows=1,
                       style=TableStyle(_grid(11, bold_cols=[0]) + [("ALIGN", (0, 0), (0, -1), "CENTER")])))
    story += [Spacer(1, 14), Paragraph("By name", style(11, bold=True, spaceAfter=3))]
    story.append(Table(by_name, colWidths=[width * 0.45, 60, width * 0.55 - 60], repeatRows=1,
                       style=TableStyle(_grid(11, bold_cols=[1]) + [("ALIGN", (1, 0), (1, -1), "CENTER")])))
    doc.build(story, canvasmaker=_footer(f"{sheet.tournament} \u00b7 {round_name}", doc.pagesize[0]))
    return buf.getvalue()


def build_standings(standings: Standings) -> bytes:
    """The standings table."""
    buf = new_buffer()
    wide = len(standings.columns) > 8
    doc, width = _document(buf, standings.paper, f"{standings.tournament}: standings", wide=wide)
    story = [Paragraph(_esc(standings.tournament), style(16, bold=True, spaceAfter=2)),
             Paragraph(_esc(" \u00b7 ".join(filter(None, ["Standings", standings.subtitle]))),
                       style(12, bold=True, spaceAfter=8))]
    others = len(standings.columns) - 2
    other_w = min(70, (width - 40 - 150) / max(others, 1))
    widths = [40, width - 40 - other_w * others] + [other_w] * others
    data = [list(standings.columns)] + [list(row) for row in standings.rows]
    cmds = _grid(10, bold_cols=[1]) + [("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "CENTER")]
    story.append(Table(data, colWidths=widths, repeatRows=1, style=TableStyle(cmds)))
    if standings.notes:
        story.append(Spacer(1, 6))
        story += [Paragraph(_esc(n), style(8)) for n in standings.notes]
    label = f"{standings.tournament} \u00b7 standings"
    doc.build(story, canvasmaker=_footer(label, doc.pagesize[0]))
    return buf.getvalue()


def qr_modules(url: str) -> list[list[bool]]:
    """The QR code of ``url`` (reportlab's own encoder, error correction M) as rows of dark modules."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(url)
    code.make()
    return code.modules


def draw_qr(c: Canvas, url: str, x: float, y: float, size: float = QR_SIZE) -> None:
    """A QR code of ``url`` with its bottom-left corner at (x, y), quiet zone included:
    one filled path of the dark runs, row by row (far quicker than a shape per module)."""
    modules = qr_modules(url)
    n = len(modules)
    unit = size / (n + 4)
    path = c.beginPath()
    for r, row in enumerate(modules):
        yy = y + size - (r + 3) * unit
        col = 0
        while col < n:
            if row[col]:
                start = col
                while col < n and row[col]:
                    col += 1
                path.rect(x + (start + 2) * unit, yy, (col - start) * unit, unit)
            else:
                col += 1
    c.setFillColor(INK)
    c.drawPath(path, stroke=0, fill=1)


def _table_sheet(c: Canvas, sheet: TableSheet, size: tuple[float, float], forms: set[str]) -> None:
    pw, ph = size
    w = pw - 2 * MARGIN
    top = ph - MARGIN
    text_w = w - (QR_SIZE + 12 if sheet.url else 0)
    draw_text(c, MARGIN, top - 13, fit(c, sheet.tournament, BOLD, 13, text_w), size=13, bold=True)
    where = f"{sheet.round_name or f'Round {sheet.round}'}  \u00b7  Table {sheet.table}"
    draw_text(c, MARGIN, top - 35, where, size=19, bold=True)
    versus = f"{sheet.players[0]}  v  {sheet.players[1]}"
    draw_text(c, MARGIN, top - 55, fit(c, versus, BOLD, 14, text_w), size=14, bold=True)
    to_target = not sheet.length or sheet.length.startswith("to ")
    about = " \u00b7 ".join(filter(None, [sheet.match_label, rules_summary(sheet.rules, length=sheet.length or None)]))
    y = top - 69
    for line in simpleSplit(about, FONT, 8, text_w)[:3]:
        draw_text(c, MARGIN, y, line, size=8, color=RULE)
        y -= 10
    if sheet.url:
        qx = pw - MARGIN - QR_SIZE
        draw_qr(c, sheet.url, qx, top - QR_SIZE)
        draw_text(c, qx + QR_SIZE / 2, top - QR_SIZE - 8, "Scan to score on a phone", size=6.5, align="centre")
    pad_top = min(y, top - QR_SIZE - 14) - 4
    style_name = "hollywood" if sheet.rules.get("columns", 1) > 1 else (
        "oklahoma" if sheet.rules.get("oklahoma") else "standard")
    sign = 40
    box = dict(style=style_name, rules=sheet.rules, players=sheet.players, heading=False, rules_footer=False,
               blocks=sheet.games, length="" if to_target else f"({sheet.length})")
    form = f"pad{hash((style_name, tuple(sorted(sheet.rules.items())), round(pad_top, 1), sheet.games))}"
    if form not in forms:  # the grid once per PDF, then only the names on each sheet
        c.beginForm(form)
        draw_pad(c, MARGIN, pad_top, w, pad_top - MARGIN - sign, layer="grid", **box)
        c.endForm()
        forms.add(form)
    c.doForm(form)
    draw_pad(c, MARGIN, pad_top, w, pad_top - MARGIN - sign, layer="names", **box)
    c.setLineWidth(0.7)
    third = w / 3
    for k, label in enumerate([f"{sheet.players[0]} (signature)", f"{sheet.players[1]} (signature)",
                               "Winner and final score"]):
        x = MARGIN + k * third
        c.line(x, MARGIN + 12, x + third - 16, MARGIN + 12)
        draw_text(c, x, MARGIN + 3, fit(c, label, FONT, 7, third - 16), size=7, color=RULE)


def build_table_sheets(sheets: Sequence[TableSheet], paper: str = "letter") -> bytes:
    """One score sheet per table, in the order given, in one PDF."""
    size = page_size(paper)
    buf = new_buffer()
    c = Canvas(buf, pagesize=size, pageCompression=1)
    title = sheets[0].tournament if sheets else "Table sheets"
    c.setTitle(f"{title}: table sheets")
    forms: set[str] = set()
    for sheet in sheets:
        _table_sheet(c, sheet, size, forms)
        c.showPage()
    if not sheets:
        draw_text(c, MARGIN, size[1] - MARGIN - 14, "No tables in this round.", size=12)
        c.showPage()
    c.save()
    return buf.getvalue()
