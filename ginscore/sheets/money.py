"""The treasurer's sheet for a night: entries paid and owed by name, the pool (fees, added money,
the house's cut), each prize against what was handed over (the ledger, as recorded: who, how
much, when) and what is left to settle, and what is left to collect or pay out; and the season's
total of the same, one line per night. Names print whole, 0.4 in from the edge."""
from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from ginscore.sheets.common import BOLD, day, day_and_time, esc, in_language, money as money_text, new_buffer, page_footer, style
from ginscore.sheets.season import column_width, document, grid, name_cell, name_width


def _amount(value: Decimal | None, sign: str) -> str:
    return money_text(value, sign)


def _title(title: str, sub: str) -> list:
    return [Paragraph(esc(title), style(16, bold=True, spaceAfter=2)), Paragraph(esc(sub), style(11, spaceAfter=8))]


def _settle(line, sign: str) -> str:
    """What is left between a player and the treasurer: still owed, too much handed over, settled."""
    if line.balance > 0:
        return (_("still owed %(amount)s") % {"amount": _amount(line.balance, sign)} if line.ledger else
                _("to pay"))
    if line.balance < 0:
        return _("%(amount)s too much") % {"amount": _amount(-line.balance, sign)}
    return _("settled") if line.ledger else ""


def _ledger(money, width: float, sign: str) -> list:
    """Every payment as it was handed over (or back, or cancelled as a mistake): who, how much, when."""
    names = {line.entry_id: ", ".join(line.names) for line in money.lines}
    nw = width - 110 - 120 - 90
    data = [[_("When"), _("Player"), _("Amount"), _("Recorded by")]]
    for p in money.ledger:
        what = {"paid": _("paid"), "returned": _("handed back")}.get(p.kind, _("cancelled (a mistake)"))
        data.append([Paragraph(esc(day_and_time(p.paid_at)), style(9)), name_cell(names.get(p.entry_id) or p.entry.name, nw),
                     _amount(p.size, sign) + " " + what, p.paid_by.get_username() if p.paid_by else "?"])
    return [Paragraph(esc(_("Handed over, as recorded")), style(11, bold=True, spaceAfter=4)),
            Table(data, colWidths=[110, nw, 120, 90], repeatRows=1, style=TableStyle(grid(right_from=2, left_cols=[3])),
                  hAlign="LEFT"), Spacer(1, 10)]


@in_language
def build_treasurer_sheet(money, club, paper: str = "letter") -> bytes:
    buf = new_buffer()
    sign = club.currency
    t = money.t
    doc, width = document(buf, paper, _("%(tournament)s: the treasurer's sheet") % {"tournament": t.name})
    story = _title(t.name, " \u00b7 ".join([_("The treasurer's sheet"), day(t.created_at), str(t.get_status_display())]))
    if money.error:
        story.append(Paragraph(esc(money.error), style(10, spaceAfter=6)))
    names = [e.name for e in money.paid_entries + money.owed_entries] + [n for line in money.lines for n in line.names]
    # the names take the paper's width beside the figures (one or two lines, never a thin column)
    nw = max(name_width(names), width - 90 - 60)
    if money.fee:
        story.append(Paragraph(esc(_("Entries at %(fee)s: %(paid)s paid, %(owed)s owed") % {
            "fee": _amount(money.fee, sign), "paid": len(money.paid_entries), "owed": len(money.owed_entries)}),
            style(11, bold=True, spaceAfter=4)))
        data = [[_("Name"), _("Fee"), _("Paid")]]
        data += [[name_cell(e.name, nw, bold=False), _amount(money.fee, sign), _("paid")] for e in money.paid_entries]
        data += [[name_cell(e.name, nw, bold=False), _amount(money.fee, sign), _("OWED")] for e in money.owed_entries]
        cmds = grid(right_from=1)
        first_owed = len(money.paid_entries) + 1
        if money.owed_entries:
            cmds.append(("FONT", (2, first_owed), (2, -1), BOLD, 9))
        story += [Table(data, colWidths=[nw, 90, 60], repeatRows=1, style=TableStyle(cmds), hAlign="LEFT"),
                  Spacer(1, 10)]
    else:
        story.append(Paragraph(esc(_("No entry fee.")), style(10, spaceAfter=8)))
    if money.pool is not None:
        pool = [[_("The pool"), ""], [_("Entry fees paid"), _amount(money.collected, sign)],
                [_("Added money"), _amount(money.pool.added, sign)],
                [_("The house's cut"), "\u2212 " + _amount(money.pool.house, sign)],
                [_("Pool"), _amount(money.pool.amount, sign)]]
        cmds = grid(right_from=1) + [("FONT", (0, -1), (-1, -1), BOLD, 9)]
        story += [KeepTogether(Table(pool, colWidths=[nw, 90], style=TableStyle(cmds), hAlign="LEFT")),
                  Spacer(1, 10)]
        head = [_("Place"), _("Player"), _("Prize"), _("Handed over"), _("To settle")] if money.final \
            else [_("Place"), _("Prize")]
        data = [head]
        for line in money.lines:
            if money.final:
                place = _("%(place)s=") % {"place": line.place} if line.tied else str(line.place)
                data.append([place, name_cell(", ".join(line.names), nw), _amount(line.amount, sign),
                             _amount(line.paid, sign) if line.ledger else "", _settle(line, sign)])
            else:
                data.append([str(line.place), _amount(line.amount, sign)])
        if money.final:
            prize_w = column_width([row[2] for row in data], 70)
            paid_w = column_width([row[3] for row in data], 60)
            settle_w = column_width([row[4] for row in data], 70)
            widths = [40, width - 40 - prize_w - paid_w - settle_w, prize_w, paid_w, settle_w]
            data = [data[0]] + [[row[0], name_cell(", ".join(line.names), widths[1]), *row[2:]]
                                for row, line in zip(data[1:], money.lines)]
        else:
            widths = [40, 90]
        story.append(Paragraph(esc(_("Payouts") if money.final else _("Payouts if the field stays as it is")),
                               style(11, bold=True, spaceAfter=4)))
        story += [Table(data, colWidths=widths, repeatRows=1, style=TableStyle(grid(right_from=0, left_cols=[1, 4])),
                        hAlign="LEFT"), Spacer(1, 10)]
        if money.final and money.ledger:
            story += _ledger(money, width, sign)
    story.append(KeepTogether([
        Paragraph(esc(_("Left to collect: %(amount)s") % {"amount": _amount(money.to_collect, sign)}),
                  style(12, bold=True, spaceAfter=2)),
        Paragraph(esc(_("Paid out: %(amount)s") % {"amount": _amount(money.paid_out, sign)}),
                  style(12, bold=True, spaceAfter=2)),
        Paragraph(esc(_("Left to pay out: %(amount)s") % {"amount": _amount(money.left, sign)}), style(12, bold=True))]
        + ([Paragraph(esc(_("Still owed to players: %(owed)s · to get back from players: %(back)s")
                          % {"owed": _amount(money.to_pay, sign), "back": _amount(money.overpaid, sign)}),
                      style(10, spaceBefore=2))] if money.overpaid else [])))
    doc.build(story, canvasmaker=page_footer(_("%(tournament)s · the treasurer's sheet") % {"tournament": t.name},
                                             doc.pagesize[0]))
    return buf.getvalue()


@in_language
def build_season_money_sheet(season, nights, totals: dict, club, paper: str = "letter") -> bytes:
    buf = new_buffer()
    sign = club.currency
    doc, width = document(buf, paper, _("%(season)s: money") % {"season": season.name}, wide=True)
    story = _title(season.name, _("The season's money"))
    head = [_("Tournament"), _("Collected"), _("To collect"), _("Added"), _("House"), _("Pool"), _("Paid out"),
            _("Left to pay out"), _("To get back")]
    nw = width - 8 * 66
    # (The heads wrap within their column: "Left to pay out" is longer than its amounts.)
    data = [[Paragraph(esc(h), style(8.5, bold=True, alignment=0 if i == 0 else 2)) for i, h in enumerate(head)]]
    for n in nights:
        pool = n.pool
        data.append([name_cell(n.t.name, nw, 9, bold=False), _amount(n.collected, sign), _amount(n.to_collect, sign),
                     _amount(pool and pool.added, sign), _amount(pool and pool.house, sign),
                     _amount(pool and pool.amount, sign), _amount(n.paid_out, sign), _amount(n.left, sign),
                     _amount(n.overpaid, sign)])
    data.append([_("Total")] + [_amount(totals[k], sign) for k in
                             ("collected", "to_collect", "added", "house", "pool", "paid_out", "left", "overpaid")])
    cmds = grid(right_from=1) + [("FONT", (0, -1), (-1, -1), BOLD, 9)]
    story.append(Table(data, colWidths=[nw] + [66] * 8, repeatRows=1, style=TableStyle(cmds), hAlign="LEFT"))
    doc.build(story, canvasmaker=page_footer(_("%(season)s · money") % {"season": season.name}, doc.pagesize[0]))
    return buf.getvalue()
