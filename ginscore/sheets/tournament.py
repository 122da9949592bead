"""A tournament's paperwork besides the bracket: the round sheet, the table sheets, the standings.

The round sheet lists the pairings twice, by table and by name, large
enough to read on the wall. A table sheet is a score pad with the players,
round, table and rules printed in, and a QR code of the match's table link so
the players can score it on a phone instead.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Sequence

import qrcode
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.pdfgen.canvas import Canvas
from reportlab.lib.enums import TA_RIGHT
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ginscore.sheets.common import (
    page_footer, BOLD, DOC_BOTTOM, DOC_TOP, FAINT, FONT, INK, MARGIN, RULE, SHADE, TableThenBlock, draw_text, ellipsis,
    esc, in_language, name_cell, new_buffer, page_size, rules_summary, shrink, style, word_lines, word_pieces, words_of,
)
from ginscore.sheets.data import RoundSheet, Standings, StandingsTable, TableSheet
from ginscore.sheets.match_sheet import signature
from ginscore.sheets.pads import draw_pad, name_lines, pad_shape, versus

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


def _cells(rows, wrap: Sequence[int], size: float, widths: Sequence[float], *, bold: Sequence[int] = (),
           right_from: int | None = None, head_size: float | None = None) -> list[list]:
    """``rows`` (the first is the heading) with the cells of columns ``wrap`` (of ``widths``) as names
    that wrap in their column between words and after their own hyphens, never inside a word;
    headings wrap too (those from column ``right_from`` on sit to the right, at ``head_size``'s scale)."""
    head = style(size * 0.85, bold=True, leading=size)
    right = head_size or size
    head_right = style(right * 0.85, bold=True, leading=right, alignment=TA_RIGHT)
    out = [[Paragraph(esc(c), head_right if right_from is not None and k >= right_from else head)
            for k, c in enumerate(rows[0])]]
    for row in rows[1:]:
        out.append([name_cell(c, widths[k] - 8, size, bold=k in bold, floor=size * 0.75) if k in wrap else c
                    for k, c in enumerate(row)])
    return out


LEAST = 5  # the fewest rows a page break leaves a table on either side


def _document(buf, paper: str, title: str, *, wide: bool = False) -> tuple[SimpleDocTemplate, float]:
    size = page_size(paper, wide=wide)
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=DOC_TOP - 14,
                            bottomMargin=DOC_BOTTOM, title=title)
    return doc, size[0] - 2 * MARGIN - 12


def natural_key(name: str) -> tuple:
    """Sorts names as people look them up: "Player 2" before "Player 10", case and accents aside
    ("Élodie" with the E's)."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", plain.casefold())), name


def _heading(title: str, sub: str, details: Sequence[str] = ()) -> list:
    story = [Paragraph(esc(title), style(16, bold=True, spaceAfter=2)),
             Paragraph(esc(sub), style(13, bold=True, spaceAfter=4))]
    story += [Paragraph(esc(line), style(9)) for line in details]
    story.append(Spacer(1, 8))
    return story


def _by_name(games: Sequence) -> list[list[str]]:
    """The round by name: a line for every player, and in doubles for each partner of a team
    ("Cat (with Ann)"), with the table and the other side."""
    rows = []
    for p in games:
        table = "" if p.table is None else str(p.table)
        for side, players, other in ((p.a, p.a_players, p.b), (p.b, p.b_players, p.a)):
            if len(players) > 1:
                rows += [[_("%(player)s (with %(partner)s)") % {
                    "player": name, "partner": " & ".join(n for n in players if n != name)}, table, other]
                    for name in players]
            else:
                rows.append([side, table, other])
    return sorted(rows, key=lambda r: natural_key(r[0]))


def round_words(sheet) -> str:
    """The round's name ("Semi-final"), or "Round 3"."""
    return sheet.round_name or _("Round %(n)s") % {"n": sheet.round}


@in_language
def build_round_sheet(sheet: RoundSheet) -> bytes:
    """The round's pairings, by table and then by name (byes on one line under each list)."""
    buf = new_buffer()
    round_name = round_words(sheet)
    doc, width = _document(buf, sheet.paper, f"{sheet.tournament}: {round_name}")
    story = _heading(sheet.tournament, _("%(round)s: pairings") % {"round": round_name}, sheet.details)
    games = [p for p in sheet.pairings if p.b is not None]
    byes = sorted((p.a for p in sheet.pairings if p.b is None), key=natural_key)
    groups = any(p.group for p in games)
    doubles = any(len(p.a_players) > 1 for p in games)
    side = _("Team") if doubles else _("Player")
    head = [_("Table")] + ([_("Group")] if groups else []) + [side, "", side, _("Result or score")]
    by_table = [head]
    for p in sorted(games, key=lambda p: (p.table is None, p.table or 0, p.group or 0, natural_key(p.a))):
        by_table.append(["" if p.table is None else str(p.table)] + ([str(p.group or "")] if groups else [])
                        + [p.a, pgettext("between two players", "v"), p.b, p.result or p.score])
    fixed = 40 + (50 if groups else 0) + 16
    result_w = 130
    name_w = (width - fixed - result_w) / 2
    widths = [40] + ([50] if groups else []) + [name_w, 16, name_w, result_w]
    first = 2 if groups else 1
    wrap = [first, first + 2, first + 3]
    byes_line = [Paragraph(esc(_("Bye this round (scores a win): %(players)s") % {"players": ", ".join(byes)}),
                           style(10, spaceBefore=4))] if byes else []

    def section(title: str, table: Table | None) -> list:
        heading = [Paragraph(esc(title), style(11, bold=True, spaceAfter=3))]
        if table is None:
            return heading + byes_line
        return [TableThenBlock(table, byes_line, tail=1, heading=heading, least=LEAST)]

    story += section(_("By table"), Table(_cells(by_table, wrap, 11, widths), colWidths=widths, repeatRows=1,
                                       style=TableStyle(_grid(11, bold_cols=[0])
                                                        + [("ALIGN", (0, 0), (first - 1, -1), "CENTER")]))
                     if games else None)
    by_name = _by_name(games)
    story.append(Spacer(1, 14))
    name_widths = [(width - 50) / 2, 50, (width - 50) / 2]
    story += section(_("By name"), Table(_cells([[side, _("Table"), _("Opponents") if doubles else _("Opponent")]]
                                                + by_name,
                                             [0, 2], 11, name_widths), repeatRows=1, colWidths=name_widths,
                                      style=TableStyle(_grid(11, bold_cols=[1]) + [("ALIGN", (1, 0), (1, -1), "CENTER")]))
                     if by_name else None)
    doc.build(story, canvasmaker=page_footer(f"{sheet.tournament} \u00b7 {round_name}", doc.pagesize[0]))
    return buf.getvalue()


NAME_ROOM = 150   # the least width the name column keeps on a standings table


def _standings_table(columns: Sequence[str], rows, width: float) -> Table:
    """The standings as a table: each figure column as wide as its widest value (a prize "1 674,00 €")
    and its heading's longest word, so no value runs into the next column; when they cannot all fit
    beside the names, the figures are set smaller (never under 7 pt) rather than cut or overlapped."""
    size = 10

    def need(k: int, at: float) -> float:
        head = max((stringWidth(word, BOLD, at * 0.85) for word in columns[k].split()), default=0)
        cells = max((stringWidth(str(r[k]), FONT, at) for r in rows), default=0)
        return max(at * 3, head, cells) + 10   # 4 pt of padding either side, and a hair

    figures = size
    while figures > 7 and 36 + NAME_ROOM + sum(need(k, figures) for k in range(2, len(columns))) > width:
        figures -= 0.5
    other_w = [need(k, figures) for k in range(2, len(columns))]
    widths = [36, width - 36 - sum(other_w)] + other_w
    cmds = _grid(10, bold_cols=[1]) + [("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "CENTER")]
    if figures < size:
        cmds += [("FONT", (2, 1), (-1, -1), FONT, figures), ("FONT", (2, 0), (-1, 0), BOLD, figures * 0.85)]
    data = _cells([list(columns)] + [list(r) for r in rows], [1], 10, widths, bold=[1], right_from=2,
                  head_size=figures)
    return Table(data, colWidths=widths, repeatRows=1, style=TableStyle(cmds))


@in_language
def build_standings(standings: Standings) -> bytes:
    """The standings: one table, or one per group, each group ranked on its own. A group that fits a
    page is never broken; one that must break says its name again above the rest. The notes (the
    champion, how ties are broken) go with the last table's last rows."""
    buf = new_buffer()
    wide = len(standings.columns) > 9
    doc, width = _document(buf, standings.paper, _("%(tournament)s: standings") % {"tournament": standings.tournament},
                           wide=wide)
    story = _heading(standings.tournament, " \u00b7 ".join(filter(None, [_("Standings"), standings.subtitle])))
    tables = standings.tables or (StandingsTable("", standings.rows),)
    general = [Paragraph(esc(n), style(8.5, spaceAfter=2)) for n in standings.notes]
    for k, part in enumerate(tables):
        heading = [Paragraph(esc(part.title), style(12, bold=True, spaceAfter=3))] if part.title else []
        again = [Paragraph(esc(_("%(title)s (continued)") % {"title": part.title}), style(12, bold=True, spaceAfter=3))
                 ] if part.title else []
        block = [Paragraph(esc(n), style(9, spaceBefore=2)) for n in part.notes]
        if k == len(tables) - 1 and general:
            block += [Spacer(1, 8)] + general
        story.append(TableThenBlock(_standings_table(standings.columns, part.rows, width), block, tail=2,
                                    heading=heading, again=again, least=LEAST,
                                    # the first table starts under the title (never the title alone on a
                                    # page); a later group that fits a page whole is not broken
                                    whole=doc.height - 12 if k else 0))
        story.append(Spacer(1, 12))
    label = _("%(tournament)s · standings") % {"tournament": standings.tournament}
    doc.build(story, canvasmaker=page_footer(label, doc.pagesize[0]))
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


CONTINUED = 6  # games on a continuation sheet of a match to the target (more: another continuation sheet)
HAND_ROWS = 15  # hands a game of two players keeps on a table sheet, as on the pad
SIGN_ROOM = 24  # above a signature line: room to sign, and the note about the continuation sheet


def _lines(c: Canvas, x: float, y: float, lines: Sequence[str], size: float, *, bold: bool = False, color=INK,
           lead: float = 1.2) -> float:
    for line in lines:
        draw_text(c, x, y, line, size=size, bold=bold, color=color)
        y -= size * lead
    return y


def _qr_codes(sheet: TableSheet) -> list[tuple[str, str]]:
    """(caption, link) of each QR code on a table sheet: one for the table, or one for each of a doubles
    match's two tables."""
    if sheet.links:
        return list(sheet.links)
    return [(_("Scan to score on a phone"), sheet.url)] if sheet.url else []


def _table_sheet(c: Canvas, sheet: TableSheet, size: tuple[float, float], forms: dict[str, int]) -> int:
    """Draws one table's sheet; returns the games its pad holds."""
    pw, ph = size
    w = pw - 2 * MARGIN
    top = ph - MARGIN
    codes = _qr_codes(sheet)
    text_w = w - len(codes) * (QR_SIZE + 12)
    draw_text(c, MARGIN, top - 13, ellipsis(sheet.tournament, BOLD, 13, text_w), size=13, bold=True)
    where = _where(sheet)
    draw_text(c, MARGIN, top - 35, where, size=shrink(where, BOLD, text_w, 19, 12), bold=True)
    vs_size, vs_lines = name_lines(versus(*sheet.players), text_w, size=14, floor=10)
    y = _lines(c, MARGIN, top - 55, vs_lines, vs_size, bold=True) - 2
    if sheet.first_dealer:
        y = _lines(c, MARGIN, y, word_lines(_("First deal: %(player)s") % {"player": sheet.first_dealer}, BOLD, 9,
                                            text_w), 9, bold=True)
    to_target = not sheet.length
    about = " \u00b7 ".join(filter(None, [sheet.match_label, rules_summary(sheet.rules, length=sheet.length)]))
    y = _lines(c, MARGIN, y, word_lines(about, FONT, 8, text_w)[:4], 8, color=RULE, lead=1.25)
    for k, (caption, url) in enumerate(codes):
        qx = pw - MARGIN - QR_SIZE - (len(codes) - 1 - k) * (QR_SIZE + 12)  # table 1 on the left
        draw_qr(c, url, qx, top - QR_SIZE)
        for j, line in enumerate(word_lines(caption, FONT, 6.5, QR_SIZE + 10)):
            draw_text(c, qx + QR_SIZE / 2, top - QR_SIZE - 6 - 8 * j, line, size=6.5, align="centre")
    if codes:
        y = min(y, top - QR_SIZE - 16 - 8 * (max(len(word_lines(cap, FONT, 6.5, QR_SIZE + 10)) for cap, _ in codes) - 1))
        opens = ([_("Or open %(link)s") % {"link": url}] if len(codes) == 1 else
                 [_("Or open table %(n)s: %(link)s") % {"n": n, "link": url} for n, (_cap, url) in zip(_tables(sheet), codes)])
        for line in opens:
            y = _lines(c, MARGIN, y, word_lines(line, FONT, 7.5, w), 7.5, color=RULE)
    pad_top = y - 2
    if sheet.seats:  # a partnership: each deal's two tables, the teams' columns
        table, players, teams = "partnership", sheet.seats, sheet.players
        signers = [signature(p) for p in sheet.seats] + [_("Winners and final score")]
    else:
        table, players, teams = "two", sheet.players, None
        signers = [signature(sheet.players[0]), signature(sheet.players[1]), _("Winner and final score")]
    games = sheet.games or None  # a match to the target: as many games as fit with a game's rows
    length = sheet.length
    line_y = MARGIN + signatures_depth(w, signers)
    height = pad_top - line_y - SIGN_ROOM
    box = dict(rules=sheet.rules, table=table, players=players, teams=teams, heading=False, rules_footer=False,
               blocks=games, length=length, rows=HAND_ROWS if table == "two" else None)
    shape = pad_shape(sheet.rules, w, players, games, length, table, teams)
    form = f"pad{hash((tuple(sorted(sheet.rules.items())), round(pad_top, 1), round(height, 1), games, shape, length))}"
    if form not in forms:  # the grid once per PDF, then only the names on each sheet
        c.beginForm(form)
        held = draw_pad(c, MARGIN, pad_top, w, height, layer="grid", **box)
        c.endForm()
        forms[form] = held
    c.doForm(form)
    draw_pad(c, MARGIN, pad_top, w, height, layer="names", **box)
    held = forms[form]
    if to_target and not sheet.games:
        draw_text(c, MARGIN + w, line_y + SIGN_ROOM - 4, _("More games: the continuation sheet at the end"), size=6.5,
                  align="right", color=RULE)
    signatures_on_canvas(c, MARGIN, line_y, w, signers)
    return held


SIGN_GAP = 16


def _signature_labels(w: float, labels: Sequence[str]) -> tuple[float, list[tuple[float, list[str]]]]:
    """Each line's width, and each label's size and lines: wrapped between words, never cut (the type
    a little smaller for a word wider than the line)."""
    each = (w - SIGN_GAP * (len(labels) - 1)) / len(labels)
    laid = []
    for label in labels:
        size = shrink(label, FONT, each, 7, 6)
        widest = max(stringWidth(p, FONT, size) for word in words_of(label) for p in word_pieces(word))
        if widest > each:
            size *= each / widest * 0.99
        laid.append((size, word_lines(label, FONT, size, each)))
    return each, laid


def signatures_depth(w: float, labels: Sequence[str]) -> float:
    """How far above the margin the signature lines sit: room for their longest label beneath."""
    _, laid = _signature_labels(w, labels)
    return max(8 + (len(lines) - 1) * size * 1.2 + 3 for size, lines in laid)


def signatures_on_canvas(c: Canvas, x: float, y: float, w: float, labels: Sequence[str]) -> None:
    """Lines to sign on at ``y``, side by side with a gap between them, each label beneath its line
    (a long name wraps onto as many lines as it needs, never cut)."""
    each, laid = _signature_labels(w, labels)
    c.setLineWidth(0.7)
    for k, (size, lines) in enumerate(laid):
        lx = x + k * (each + SIGN_GAP)
        c.line(lx, y, lx + each, y)
        _lines(c, lx, y - 8, lines, size, color=RULE)


def _continuation(c: Canvas, sheet: TableSheet, size: tuple[float, float], held: int) -> None:
    """A blank sheet for the games after the table sheet's ``held``, for any table of the round."""
    pw, ph = size
    w = pw - 2 * MARGIN
    top = ph - MARGIN
    draw_text(c, MARGIN, top - 13, ellipsis(sheet.tournament, BOLD, 13, w), size=13, bold=True)
    head = _("Continuation sheet  ·  Table ______")
    draw_text(c, MARGIN, top - 35, head, size=shrink(head, BOLD, w, 19, 12), bold=True)
    note = _("%(round)s: games %(first)s on, for a match still going when its table sheet is full. Carry the match "
             "score over.") % {"round": round_words(sheet), "first": held + 1}
    y = _lines(c, MARGIN, top - 52, word_lines(note, FONT, 9, w), 9) - 3.2
    about = rules_summary(sheet.rules, length=sheet.length)
    y = _lines(c, MARGIN, y, word_lines(about, FONT, 8, w)[:3], 8, color=RULE, lead=1.25)
    if sheet.seats:
        signers = [_("Team A (signatures)"), _("Team B (signatures)"), _("Winners and final score")]
    else:
        signers = [_("First player (signature)"), _("Second player (signature)"), _("Winner and final score")]
    line_y = MARGIN + signatures_depth(w, signers)
    two = not sheet.seats
    draw_pad(c, MARGIN, y - 2, w, y - 2 - line_y - SIGN_ROOM, rules=sheet.rules,
             table="two" if two else "partnership", heading=False, rules_footer=False,
             blocks=None if two else CONTINUED, first_game=held + 1, rows=HAND_ROWS if two else None)
    signatures_on_canvas(c, MARGIN, line_y, w, signers)


def _seat_slips(c: Canvas, sheet: TableSheet, size: tuple[float, float]) -> None:
    """Both players agree: a page of slips, one a player, to cut apart and hand out: each player's own
    code (typed on the table's phone to confirm a hand the other side entered) and their personal
    link as a QR code. Only the player holding the slip can confirm as that player."""
    pw, ph = size
    w = pw - 2 * MARGIN
    top = ph - MARGIN
    where = _where(sheet)
    draw_text(c, MARGIN, top - 13, ellipsis(sheet.tournament, BOLD, 13, w), size=13, bold=True)
    draw_text(c, MARGIN, top - 33, where, size=shrink(where, BOLD, w, 16, 10), bold=True)
    note = _("Both players agree on every hand. Cut along the dashed lines and give each player their own "
             "slip: keep it to yourself.")
    y = _lines(c, MARGIN, top - 50, word_lines(note, FONT, 9, w), 9)
    slip = (y - 8 - MARGIN) / len(sheet.passes)
    text_w = w - QR_SIZE - 16
    for k, (name, code, url) in enumerate(sheet.passes):
        y0 = y - 8 - k * slip   # the slip's top
        c.saveState()
        c.setDash(4, 3)
        c.setLineWidth(0.6)
        c.line(MARGIN, y0, MARGIN + w, y0)
        c.restoreState()
        name_size, lines = name_lines(name, text_w, size=14, floor=9)
        ly = _lines(c, MARGIN, y0 - 18, lines, name_size, bold=True)
        mine = _("Your own code: %(code)s") % {"code": f"{code[:3]} {code[3:]}"}
        draw_text(c, MARGIN, ly - 26, mine, size=shrink(mine, BOLD, text_w, 22, 14), bold=True)
        how = _("Type it on the table's phone to confirm a hand the other side entered, or scan the code to open "
                "your own pad, which confirms in one tap.")
        _lines(c, MARGIN, ly - 42, word_lines(how, FONT, 8, text_w), 8, color=RULE)
        draw_qr(c, url, MARGIN + w - QR_SIZE, y0 - 10 - QR_SIZE)


def _where(sheet: TableSheet) -> str:
    """ "Round 3  ·  Table 7" ("Tables 13 and 14" for a doubles match)."""
    table = sheet.where or _("Table %(n)s") % {"n": sheet.table}
    return f"{round_words(sheet)}  \u00b7  {table}"


def _tables(sheet: TableSheet) -> list[int]:
    """A doubles match's two tables in the room (match N at tables 2N-1 and 2N)."""
    return [2 * sheet.table - 1, 2 * sheet.table]


@in_language
def build_table_sheets(sheets: Sequence[TableSheet], paper: str = "letter") -> bytes:
    """One score sheet per table, in the order given, in one PDF."""
    size = page_size(paper)
    buf = new_buffer()
    c = Canvas(buf, pagesize=size, pageCompression=1)
    title = sheets[0].tournament if sheets else _("Table sheets")
    c.setTitle(_("%(tournament)s: table sheets") % {"tournament": title})
    forms: dict[str, int] = {}
    continued: dict[tuple, tuple[TableSheet, int]] = {}
    for sheet in sheets:
        held = _table_sheet(c, sheet, size, forms)
        c.showPage()
        if sheet.passes:
            _seat_slips(c, sheet, size)
            c.showPage()
        if not sheet.length and not sheet.games:
            # one continuation sheet for each set of rules played to the target (and each kind of table)
            key = (tuple(sorted(sheet.rules.items())), bool(sheet.seats))
            first, least = continued.get(key, (sheet, held))
            continued[key] = (first, min(least, held))
    for sheet, held in continued.values():
        _continuation(c, sheet, size, held)
        c.showPage()
    if not sheets:
        draw_text(c, MARGIN, size[1] - MARGIN - 14, _("No tables in this round."), size=12)
        c.showPage()
    c.save()
    return buf.getvalue()
