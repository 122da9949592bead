"""A season's table for the wall: rank, name, total, events played and each event's points (the
ones that do not count in brackets), events numbered with a legend under the table. Names print
whole (wrapped, never cut), nothing nearer than 0.4 in to the paper's edge; many events split
the table into parts, each with the rank, name and total again.

Also what the money sheets share (``document``, ``grid``, ``name_cell``)."""
from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ginscore.sheets.common import name_cell as common_name_cell
from ginscore.sheets.common import (
    page_footer, BOLD, DOC_BOTTOM, DOC_TOP, FONT, INK, MARGIN, RULE, SHADE, day, esc, in_language, new_buffer, number,
    page_size, register_fonts, style, words_of,
)

NAME_MIN, NAME_MAX = 140, 260
EVENT_W = 34


def document(buf, paper: str, title: str, *, wide: bool = False) -> tuple[SimpleDocTemplate, float]:
    """A flowing document inside the 0.4 in (and the running footer's) margins; and its width."""
    register_fonts()
    size = page_size(paper, wide=wide)
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=DOC_TOP - 14,
                            bottomMargin=DOC_BOTTOM, title=title)
    return doc, size[0] - 2 * MARGIN


def grid(*, right_from: int = 1, left_cols: Sequence[int] = ()) -> list:
    cmds = [("FONT", (0, 0), (-1, -1), FONT, 9), ("FONT", (0, 0), (-1, 0), BOLD, 8.5),
            ("TEXTCOLOR", (0, 0), (-1, -1), INK), ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEBELOW", (0, 0), (-1, 0), 1, INK), ("LINEBELOW", (0, 1), (-1, -1), 0.4, RULE),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE), ("ALIGN", (right_from, 0), (-1, -1), "RIGHT"),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3)]
    cmds += [("ALIGN", (c, 0), (c, -1), "LEFT") for c in left_cols]
    return cmds


def name_width(names: Sequence[str], size: float = 10) -> float:
    """A name column wide enough for the longest single word at a readable size."""
    longest = max((stringWidth(w, BOLD, size * 0.7) for n in names for w in words_of(n)), default=0)
    return min(NAME_MAX, max(NAME_MIN, longest + 8))


def column_width(texts: Sequence[str], least: float = 0, size: float = 9) -> float:
    """A figure column as wide as its widest text (a heading, "paid 26 Nov 2026, 19:40") and its padding."""
    return max([least] + [stringWidth(str(t), BOLD, size) + 8 for t in texts])


def season_name_width(names: Sequence[str], room: float) -> float:
    """The season table's name column: the room beside the figures, up to what the longest name needs
    on one line, and never narrower than ``name_width`` (names on one or two lines, not five)."""
    one_line = max((stringWidth(n, BOLD, 10) + 10 for n in names), default=NAME_MIN)
    return max(name_width(names), min(one_line, room))


def name_cell(name: str, width: float, size: float = 10, *, bold: bool = True) -> Paragraph:
    """A name printed whole in a column ``width`` wide (its padding left out): ``common.name_cell``."""
    return common_name_cell(name, width - 6, size, bold=bold, floor=5)


def points_text(points: Decimal) -> str:
    """Season points as few places as they need (at most two): "12", "12.5", in French "12,5"."""
    exact = Decimal(points).quantize(Decimal("0.01")).normalize()
    return number(exact, max(0, -exact.as_tuple().exponent))


@in_language
def build_season_sheet(season, table: dict, paper: str = "letter") -> bytes:
    buf = new_buffer()
    events = table["events"]
    doc, width = document(buf, paper, _("%(season)s: season table") % {"season": season.name}, wide=len(events) > 6)
    rows = table["ranked"] + table["unranked"]
    names = [r["name"] for r in rows]
    room = width - 30 - 46 - 34 - EVENT_W * len(events)
    if room < name_width(names):   # the events in parts: the names on two lines, the rest for events
        room = max(name_width(names), min(width - 30 - 46 - 34 - EVENT_W * 6,
                                          max((stringWidth(n, BOLD, 10) for n in names), default=0) / 2 + 40))
    nw = season_name_width(names, room)
    fixed = 30 + nw + 46 + 34
    per_part = max(1, int((width - fixed) // EVENT_W))
    sub = _("%(starts)s to %(ends)s") % {"starts": day(season.starts), "ends": day(season.ends)}
    sub += f" \u00b7 {season.get_preset_display()}"
    if season.best:
        sub += " \u00b7 " + _("best %(n)s count") % {"n": season.best}
    if season.minimum:
        sub += " \u00b7 " + ngettext("%(n)s event to be ranked", "%(n)s events to be ranked", season.minimum) % {
            "n": season.minimum}
    story = [Paragraph(esc(season.name), style(16, bold=True, spaceAfter=2)),
             Paragraph(esc(sub), style(9, spaceAfter=8))]
    if not events:
        story.append(Paragraph(esc(_("No event of the season has finished yet.")), style(11)))
    parts = [list(range(i, min(i + per_part, len(events)))) for i in range(0, len(events), per_part)] or [[]]
    for part in parts if events else []:
        head = ["#", _("Player"), _("Total"), _("Ev.")] + [str(k + 1) for k in part]
        data, cmds = [head], grid(right_from=2, left_cols=[1])
        for i, r in enumerate(rows, 1):
            cells = []
            for k in part:
                c = r["cells"][k]
                cells.append("" if c is None else points_text(c["points"]) if c["counted"]
                             else f"({points_text(c['points'])})")
                if c is not None and c["counted"]:
                    cmds.append(("FONT", (4 + part.index(k), i), (4 + part.index(k), i), BOLD, 9))
            data.append([str(r["rank"] or "\u2013"), name_cell(r["name"], nw), points_text(r["total"]),
                         str(r["played"])] + cells)
        if table["unranked"]:
            first = len(table["ranked"]) + 1
            cmds += [("LINEABOVE", (0, first), (-1, first), 1.2, INK),
                     ("TEXTCOLOR", (0, first), (-1, -1), colors.Color(0.3, 0.3, 0.3))]
        cmds.append(("FONT", (2, 1), (2, -1), BOLD, 9))
        story.append(Table(data, colWidths=[30, nw, 46, 34] + [EVENT_W] * len(part), repeatRows=1,
                           style=TableStyle(cmds), hAlign="LEFT"))
        story.append(Spacer(1, 10))
    if table["unranked"]:
        story.append(Paragraph(esc(ngettext("Below the line: fewer than %(n)s event, not ranked yet.",
                                            "Below the line: fewer than %(n)s events, not ranked yet.", season.minimum)
                                   % {"n": season.minimum}),
                               style(8.5, spaceAfter=4)))
    if events:   # the key to the events' numbers, kept on one page
        key = [Paragraph(esc(_("Points in brackets do not count (not among a player's best %(n)s). Events:")
                             % {"n": season.best or len(events)}), style(8.5, spaceAfter=2))]
        for k, e in enumerate(events, 1):
            factor = f" (\u00d7{points_text(e['factor'])})" if e["factor"] != 1 else ""
            key.append(Paragraph(esc(f"{k}. {e['t'].name}{factor}, {day(e['t'].created_at)}"),
                                 style(8.5, leading=10.5)))
        story.append(KeepTogether(key))
    doc.build(story, canvasmaker=page_footer(_("%(season)s · season table") % {"season": season.name},
                                             doc.pagesize[0]))
    return buf.getvalue()
