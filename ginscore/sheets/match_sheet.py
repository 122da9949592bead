"""A played match on paper: every hand, the games' totals, the match score and settlement.

Built from the engine's result document (``result_to_json``) and, for the
deadwood and upcards, the record. Long matches flow across pages; the hands'
heading repeats on each page and every page names the match.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from reportlab.lib.utils import simpleSplit
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ginscore.sheets.common import (
    BOLD, FAINT, FONT, INK, MARGIN, SHADE, card_text, new_buffer, numbered_canvas, page_size, rules_rows,
    rules_summary, style,
)
from ginscore.sheets.data import MatchSheet

ENDS = {"gin": "gin", "big_gin": "big gin", "knock": "knocked", "dead": "dead hand"}
BASE = [
    ("FONT", (0, 0), (-1, -1), FONT, 8),
    ("FONT", (0, 0), (-1, 0), BOLD, 8),
    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
    ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK),
    ("LINEBELOW", (0, 1), (-1, -1), 0.25, FAINT),
    ("BOX", (0, 0), (-1, -1), 0.8, INK),
    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
]


def _how(hand: Mapping, entered: Mapping | None, players: Sequence[str]) -> str:
    """The hand in words: "Ann knocked 8 v 32", "Ben gin v 41", "dead hand"."""
    end = hand["end"]
    if end == "dead":
        return "dead hand"
    by = hand["by"]
    other = players[1] if by == players[0] else players[0]
    deadwood = hand.get("deadwood") or (entered or {}).get("deadwood") or {}
    text = f"{by} {ENDS[end]}"
    if end == "knock" and by in deadwood and other in deadwood:
        text += f" {deadwood[by]} v {deadwood[other]}"
    elif other in deadwood:
        text += f" v {deadwood[other]}"
    if hand.get("undercut"):
        text += ", undercut"
    return text


def hand_rows(result: Mapping, record: Mapping | None) -> tuple[list[str], list[list[str]]]:
    """The hands table: heading and one row per hand with each player's running totals
    in the game(s) the hand went into (Hollywood: one figure per game, in game order)."""
    players = result["players"]
    entered = (record or {}).get("hands") or []
    upcards = any(h.get("upcard") for h in entered)
    running: dict[int, dict[str, int]] = {}
    head = ["Hand", "Dealer"] + (["Up"] if upcards else []) + ["How it ended", "Won by", "Pts", "Box", "Game"]
    head += list(players)
    rows = []
    for i, hand in enumerate(result["hands"]):
        raw = entered[i] if i < len(entered) else None
        cells = [str(hand["n"]), hand["dealer"]]
        if upcards:
            cells.append(card_text((raw or {}).get("upcard") or ""))
        cells.append(_how(hand, raw, players))
        totals: list[list[str]] = [[], []]
        for g in hand["games"]:
            col = running.setdefault(g, {p: 0 for p in players})
            col[hand["winner"]] += hand["points"]
            for k, p in enumerate(players):
                totals[k].append(str(col[p]))
        won = hand["winner"] is not None
        cells += [hand["winner"] or "", str(hand["points"]) if won else "", str(hand["boxes"]) if won else "",
                  "\u00b7".join(str(g) for g in hand["games"])]
        cells += ["\u00b7".join(t) for t in totals]
        rows.append(cells)
    return head, rows


def _hands_table(result: Mapping, record: Mapping | None, width: float) -> Table:
    head, rows = hand_rows(result, record)
    players = result["players"]
    hollywood = result["rules"].get("columns", 1) > 1
    fixed = {"Hand": 32, "Dealer": 62, "Up": 26, "Won by": 62, "Pts": 30, "Box": 26, "Game": 44 if hollywood else 34}
    run_w = 78 if hollywood else 52
    how_w = width - sum(fixed[h] for h in head if h in fixed) - 2 * run_w
    widths = [fixed.get(h, run_w if h in players else how_w) for h in head]
    cmds = list(BASE) + [("ALIGN", (head.index("Pts"), 0), (-1, -1), "RIGHT"),
                         ("ALIGN", (0, 0), (0, -1), "RIGHT"),
                         ("LINEBEFORE", (len(head) - 2, 0), (len(head) - 2, -1), 0.8, INK)]
    for r, hand in enumerate(result["hands"], 1):
        if hand["winner"] is None:
            cmds.append(("TEXTCOLOR", (0, r), (-1, r), FAINT))
    ends = _game_ends(result)
    for r, hand in enumerate(result["hands"], 1):
        if hand["n"] in ends:
            cmds.append(("LINEBELOW", (0, r), (-1, r), 0.9, INK))
    return Table([head] + rows, colWidths=widths, repeatRows=1, style=TableStyle(cmds))


def _game_ends(result: Mapping) -> set[int]:
    """The hands after which a game was complete (for a rule under that hand)."""
    last: dict[int, int] = {}
    for hand in result["hands"]:
        for g in hand["games"]:
            last[g] = hand["n"]
    return {last[g["n"]] for g in result["games"] if g["complete"] and g["n"] in last}


GAME_HEAD = ["Game", "Player", "Points", "Boxes", "Box\nbonus", "Game\nbonus", "Shutout", "Total", "Net"]


def game_rows(result: Mapping) -> list[list[str]]:
    rows = []
    for g in result["games"]:
        lines = g["players"]
        credited = None
        if g["complete"] and g["net"]:
            totals = {p: lines[p]["total"] for p in lines}
            credited = max(totals, key=totals.get)
        for k, (p, line) in enumerate(lines.items()):
            if k == 0:
                state = f"Game {g['n']}"
            elif g["complete"]:
                state = f"{g['winner']} won" + (", shutout" if g["shutout"] else "")
            else:
                state = "in play"
            net = ""
            if g["complete"]:
                net = f"+{g['net']}" if p == credited else ("0" if k == 0 and not credited else "")
            rows.append([state, p, str(line["points"]), str(line["boxes"]), str(line["box_bonus"]),
                         str(line["game_bonus"]), str(line["shutout_bonus"]), str(line["total"]), net])
    return rows


def _games_table(result: Mapping, width: float) -> Table:
    rows = game_rows(result)
    widths = [width - 7 * 48 - 100, 100] + [48] * 7
    cmds = list(BASE) + [("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("FONT", (7, 1), (8, -1), BOLD, 8)]
    for r in range(2, len(rows) + 1, 2):
        cmds.append(("LINEBELOW", (0, r), (-1, r), 0.8, INK))
    return Table([GAME_HEAD] + rows, colWidths=widths, repeatRows=1, style=TableStyle(cmds))


def match_lines(result: Mapping) -> list[str]:
    """The match score, the winner and the settlement, in words."""
    m = result["match"]
    players = result["players"]
    games_won = {p: 0 for p in players}
    for g in result["games"]:
        if g["complete"] and g["winner"]:
            games_won[g["winner"]] += 1
    score = ", ".join(f"{p} {m['score'][p]}" for p in players)
    won = ", ".join(f"{p} {games_won[p]}" for p in players)
    lines = [f"Match score: {score} (match to {m['target']}). Games won: {won}."]
    if m["complete"]:
        s = m["settlement"]
        lines.append(f"Winner: {m['winner']}.")
        if s["payer"]:
            amount = f", at the stake: {s['amount']}" if s.get("amount") is not None else ""
            lines.append(f"Settlement: {s['payer']} pays {s['payee']} {s['points']} points{amount}.")
        else:
            lines.append("Settlement: the scores are level; nobody pays.")
    else:
        lines.append("The match is not over.")
    return lines


def _rules_table(rules: Mapping, width: float) -> Table:
    items = rules_rows(rules)
    per = (len(items) + 2) // 3
    cols = [items[i * per:(i + 1) * per] for i in range(3)]
    data = []
    for r in range(per):
        row = []
        for col in cols:
            row += list(col[r]) if r < len(col) else ["", ""]
        data.append(row)
    w = width / 3
    return Table(data, colWidths=[w * 0.62, w * 0.38] * 3, style=TableStyle([
        ("FONT", (0, 0), (-1, -1), FONT, 7), ("FONT", (1, 0), (1, -1), BOLD, 7),
        ("FONT", (3, 0), (3, -1), BOLD, 7), ("FONT", (5, 0), (5, -1), BOLD, 7),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]))


def _signatures(players: Sequence[str], width: float) -> Table:
    names = list(players) + ["Witness or director"]
    w = width / 3
    return Table([[""] * 3, names], colWidths=[w] * 3, rowHeights=[30, 12], style=TableStyle([
        ("FONT", (0, 0), (-1, -1), FONT, 8), ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK),
        ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 14),
    ]))


def build_match_sheet(sheet: MatchSheet) -> bytes:
    """The filled match sheet as a PDF."""
    result = sheet.result
    players = result["players"]
    size = page_size(sheet.paper)
    width = size[0] - 2 * MARGIN - 12  # inside the frame's padding
    buf = new_buffer()
    name = f"{players[0]} v {players[1]}"
    title = sheet.title or "Match sheet"

    def page(canvas, doc):
        canvas.saveState()
        canvas.setFont(FONT, 7.5)
        canvas.drawString(MARGIN, size[1] - MARGIN + 14, f"{title}: {name}")
        for i, line in enumerate(simpleSplit(rules_summary(result["rules"]), FONT, 6.5, width)[:2]):
            canvas.setFont(FONT, 6.5)
            canvas.drawString(MARGIN, MARGIN - 14 - 8 * i, line)
        canvas.restoreState()

    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                            bottomMargin=MARGIN, title=f"{title}: {name}")
    story = [Paragraph(f"{title}: {_esc(name)}", style(15, bold=True, spaceAfter=3))]
    for line in sheet.details:
        story.append(Paragraph(_esc(line), style(9)))
    story.append(Paragraph(_esc(rules_summary(result["rules"])), style(8, spaceBefore=3, spaceAfter=8)))
    story.append(_hands_table(result, sheet.record, width))
    story.append(Paragraph(f"{_esc(players[0])}, {_esc(players[1])}: each player's running total in the game(s) the "
                           "hand went into (Hollywood: one figure per game, in the order of the Game column).",
                           style(7, spaceBefore=2, spaceAfter=10)))
    story += [Paragraph("Games", style(11, bold=True, spaceAfter=3)), _games_table(result, width), Spacer(1, 8)]
    summary = [Paragraph(_esc(line), style(10, bold=i == 0)) for i, line in enumerate(match_lines(result))]
    story.append(KeepTogether(summary + [Spacer(1, 8), Paragraph("Rules", style(9, bold=True, spaceAfter=2)),
                                         _rules_table(result["rules"], width), Spacer(1, 10),
                                         _signatures(players, width)]))
    def page_number(canvas, n, pages):
        canvas.setFont(FONT, 7.5)
        canvas.drawRightString(size[0] - MARGIN, size[1] - MARGIN + 14, f"page {n} of {pages}")

    doc.build(story, onFirstPage=page, onLaterPages=page, canvasmaker=numbered_canvas(page_number))
    return buf.getvalue()


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
