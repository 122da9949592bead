"""The treasurer's sheet for a night: entries paid and owed by name, the pool (fees, added money,
the house's cut), each payout (paid or still to pay) and what is left to collect or pay out; and
the season's total of the same, one line per night. Names print whole, 0.4 in from the edge."""
from __future__ import annotations

from decimal import Decimal

from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from ginscore.sheets.common import BOLD, esc, new_buffer, page_footer, style
from ginscore.sheets.season import document, grid, name_cell, name_width


def _amount(value: Decimal | None, sign: str) -> str:
    return "" if value is None else f"{sign}{value:,.2f}"


def _title(title: str, sub: str) -> list:
    return [Paragraph(esc(title), style(16, bold=True, spaceAfter=2)), Paragraph(esc(sub), style(11, spaceAfter=8))]


def build_treasurer_sheet(money, club, paper: str = "letter") -> bytes:
    buf = new_buffer()
    sign = club.currency
    t = money.t
    doc, width = document(buf, paper, f"{t.name}: the treasurer's sheet")
    story = _title(t.name, f"The treasurer's sheet \u00b7 {t.created_at:%-d %b %Y} \u00b7 {t.get_status_display()}")
    if money.error:
        story.append(Paragraph(esc(money.error), style(10, spaceAfter=6)))
    names = [e.name for e in money.paid_entries + money.owed_entries] + [n for line in money.lines for n in line.names]
    nw = min(name_width(names), width - 200)
    if money.fee:
        story.append(Paragraph(esc(f"Entries at {_amount(money.fee, sign)}: {len(money.paid_entries)} paid, "
                                   f"{len(money.owed_entries)} owed"), style(11, bold=True, spaceAfter=4)))
        data = [["Name", "Fee", "Paid"]]
        data += [[name_cell(e.name, nw, bold=False), _amount(money.fee, sign), "paid"] for e in money.paid_entries]
        data += [[name_cell(e.name, nw, bold=False), _amount(money.fee, sign), "OWED"] for e in money.owed_entries]
        cmds = grid(right_from=1)
        first_owed = len(money.paid_entries) + 1
        if money.owed_entries:
            cmds.append(("FONT", (2, first_owed), (2, -1), BOLD, 9))
        story += [Table(data, colWidths=[nw, 90, 60], repeatRows=1, style=TableStyle(cmds), hAlign="LEFT"),
                  Spacer(1, 10)]
    else:
        story.append(Paragraph("No entry fee.", style(10, spaceAfter=8)))
    if money.pool is not None:
        pool = [["The pool", ""], ["Entry fees paid", _amount(money.collected, sign)],
                ["Added money", _amount(money.pool.added, sign)],
                ["The house's cut", "\u2212 " + _amount(money.pool.house, sign)],
                ["Pool", _amount(money.pool.amount, sign)]]
        cmds = grid(right_from=1) + [("FONT", (0, -1), (-1, -1), BOLD, 9)]
        story += [KeepTogether(Table(pool, colWidths=[nw, 90], style=TableStyle(cmds), hAlign="LEFT")),
                  Spacer(1, 10)]
        head = ["Place", "Player", "Prize", "Paid"] if money.final else ["Place", "Prize"]
        data = [head]
        for line in money.lines:
            if money.final:
                paid = f"paid {line.paid.paid_at:%-d %b %H:%M}" if line.paid else ("to pay" if line.amount else "")
                data.append([str(line.place), name_cell(", ".join(line.names), nw), _amount(line.amount, sign), paid])
            else:
                data.append([str(line.place), _amount(line.amount, sign)])
        widths = [40, nw, 90, 100] if money.final else [40, 90]
        story.append(Paragraph("Payouts" if money.final else "Payouts if the field stays as it is",
                               style(11, bold=True, spaceAfter=4)))
        story += [Table(data, colWidths=widths, repeatRows=1, style=TableStyle(grid(right_from=0, left_cols=[1, 3])),
                        hAlign="LEFT"), Spacer(1, 10)]
    story.append(KeepTogether([
        Paragraph(esc(f"Left to collect: {_amount(money.to_collect, sign)}"), style(12, bold=True, spaceAfter=2)),
        Paragraph(esc(f"Left to pay out: {_amount(money.to_pay, sign)}"), style(12, bold=True))]))
    doc.build(story, canvasmaker=page_footer(f"{t.name} \u00b7 the treasurer's sheet", doc.pagesize[0]))
    return buf.getvalue()


def build_season_money_sheet(season, nights, totals: dict, club, paper: str = "letter") -> bytes:
    buf = new_buffer()
    sign = club.currency
    doc, width = document(buf, paper, f"{season.name}: money", wide=True)
    story = _title(season.name, "The season's money")
    head = ["Tournament", "Collected", "To collect", "Added", "House", "Pool", "Paid out", "To pay out"]
    nw = width - 7 * 72
    data = [head]
    for n in nights:
        pool = n.pool
        data.append([name_cell(n.t.name, nw, 9, bold=False), _amount(n.collected, sign), _amount(n.to_collect, sign),
                     _amount(pool and pool.added, sign), _amount(pool and pool.house, sign),
                     _amount(pool and pool.amount, sign), _amount(n.paid_out, sign), _amount(n.to_pay, sign)])
    data.append(["Total"] + [_amount(totals[k], sign) for k in
                             ("collected", "to_collect", "added", "house", "pool", "paid_out", "to_pay")])
    cmds = grid(right_from=1) + [("FONT", (0, -1), (-1, -1), BOLD, 9)]
    story.append(Table(data, colWidths=[nw] + [72] * 7, repeatRows=1, style=TableStyle(cmds), hAlign="LEFT"))
    doc.build(story, canvasmaker=page_footer(f"{season.name} \u00b7 money", doc.pagesize[0]))
    return buf.getvalue()
