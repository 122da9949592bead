"""A played match on paper: the games' totals, every hand, the match score, settlement and signatures.

Built from the engine's result document (``result_to_json``) and, for the
deadwood and upcards, the record. Every table is laid out by Platypus with
cells that wrap, so names of any length stay in their column. Long matches
flow across pages with the hands' heading repeated; the match score, the
rules and the signatures always share their page with the last hands.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ginscore.sheets.common import (
    BOLD, DOC_BOTTOM, DOC_TOP, FAINT, FONT, INK, MARGIN, RUNNING, SHADE, TableThenBlock, card_text, ellipsis, esc,
    length_words, new_buffer, numbered_canvas, page_size, register_fonts, rules_rows, spade, style, word_lines,
    word_pieces,
)
from ginscore.sheets.data import MatchSheet

ENDS = {"gin": "gin", "big_gin": "big gin", "knock": "knocked", "dead": "dead hand", "out": "went out",
        "challenge": "challenged"}
SEP = " | "  # between a Hollywood hand's games: "71 | 44 | 12" cannot be read as a decimal
SIZE = 8
BASE = [
    ("FONT", (0, 0), (-1, -1), FONT, SIZE),
    ("FONT", (0, 0), (-1, 0), BOLD, SIZE),
    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
    ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK),
    ("LINEBELOW", (0, 1), (-1, -1), 0.25, FAINT),
    ("BOX", (0, 0), (-1, -1), 0.8, INK),
    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
    ("LEFTPADDING", (0, 0), (-1, -1), 3),
    ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
]


def _marks(hand: Mapping, entered: Mapping | None, rules: Mapping) -> tuple[bool, bool]:
    """(gin off, spade doubled) for a hand: a gin off is an undercut where the defender laid off
    to no deadwood under a rule that pays a gin-off bonus."""
    entered = entered or {}
    gin_off = False
    if hand.get("undercut") and rules.get("gin_off_bonus") is not None and hand.get("by"):
        deadwood = hand.get("deadwood") or entered.get("deadwood") or {}
        gin_off = any(v == 0 for p, v in deadwood.items() if p != hand["by"])
    upcard = str(entered.get("upcard") or "")
    doubled = bool(rules.get("spade_double") and hand.get("winner") and upcard[-1:].upper() == "S")
    return gin_off, doubled


def _how(hand: Mapping, entered: Mapping | None, players: Sequence[str], rules: Mapping | None = None) -> str:
    """The hand in words: "Ann knocked 8 v 32", "Ben gin v 41", "dead hand", "..., gin off", "..., ♠ doubled"."""
    end = hand["end"]
    if end == "dead":
        return "; ".join(["dead hand"] + ruling_words(hand))
    deadwood = hand.get("deadwood") or (entered or {}).get("deadwood") or {}
    by = hand["by"]
    if by is None:  # a stock-out (Skarney, Colonel): the counts decide it
        counts = " v ".join(f"{p} {deadwood[p]}" for p in players if p in deadwood)
        return "; ".join([f"stock ran out{': ' + counts if counts else ''}"] + ruling_words(hand))
    other = players[1] if by == players[0] else players[0]
    text = f"{by} {ENDS.get(end, end.replace('_', ' '))}"
    if end in ("knock", "challenge") and by in deadwood and other in deadwood:
        text += f" {deadwood[by]} v {deadwood[other]}"
    elif other in deadwood:
        text += f" v {deadwood[other]}"
    gin_off, doubled = _marks(hand, entered, rules or {})
    if gin_off:
        text += ", gin off"
    elif hand.get("undercut"):
        text += ", undercut"
    if doubled:
        text += f", {spade()} doubled"
    return text + "".join(f"; {words}" for words in ruling_words(hand))


def ruling_words(hand: Mapping) -> list[str]:
    """The director's rulings a hand carries, in words ("Ben short 1 card", "no bonus for Ann")."""
    out = [f"{p} short {n} card{'s' if n > 1 else ''}" for p, n in (hand.get("missing_cards") or {}).items()]
    out += [f"{p} held too many cards" for p in hand.get("extra_cards") or ()]
    out += [f"no bonus for {p}" for p in hand.get("no_bonus") or ()]
    if hand.get("knock_accepted"):
        out.append("knock over the limit accepted")
    return out


def hand_rows(result: Mapping, record: Mapping | None) -> tuple[list[str], list[list[str]]]:
    """The hands table: heading and one row per hand with each player's running totals
    in the game(s) the hand went into (Hollywood: one figure per game, in game order, "71 | 44")."""
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
        cells.append(_how(hand, raw, players, result["rules"]))
        totals: list[list[str]] = [[], []]
        for g in hand["games"]:
            col = running.setdefault(g, {p: 0 for p in players})
            col[hand["winner"]] += hand["points"]
            for k, p in enumerate(players):
                totals[k].append(str(col[p]))
        won = hand["winner"] is not None
        cells += [hand["winner"] or "", str(hand["points"]) if won else "", str(hand["boxes"]) if won else "",
                  SEP.join(str(g) for g in hand["games"])]
        cells += [SEP.join(t) for t in totals]
        rows.append(cells)
    return head, rows


CELL = dict(leading=SIZE * 1.15)  # a table cell's paragraph


def cell(text: str, width: float, st: ParagraphStyle, padding: float = 6) -> Paragraph:
    """A cell of a column ``width`` points wide (``padding`` inside, both sides) whose lines break at
    spaces and after a word's own hyphens, never inside a word while the column is as wide as
    ``_pieces`` says (a piece wider than the column, a name with no space in 60 letters, is cut
    with an ellipsis: the sheet's title and games table say every name whole)."""
    room = width - padding
    lines = [ellipsis(line, st.fontName, st.fontSize, room) for line in word_lines(str(text), st.fontName,
                                                                                   st.fontSize, room)]
    return Paragraph("<br/>".join(esc(line) for line in lines), st)


def _natural(texts, font: str = FONT, size: float = SIZE) -> float:
    register_fonts()
    return max((stringWidth(t, font, size) for t in texts), default=0) + 7


def _pieces(texts, font: str = FONT, size: float = SIZE) -> float:
    """The width a column needs so that no word of ``texts`` breaks inside: its widest piece (a word,
    or a part of a hyphenated word up to its hyphen), with the cell's padding."""
    return _natural([p for t in texts for w in t.split() for p in word_pieces(w)], font, size)


def _hands_table(result: Mapping, record: Mapping | None, width: float) -> Table:
    head, rows = hand_rows(result, record)
    players = result["players"]
    fixed = {"Hand": 28, "Up": 24, "Pts": 28, "Box": 24}
    fixed["Game"] = max(30, _natural([r[head.index("Game")] for r in rows]))
    run_w = max(44, _natural([c for r in rows for c in r[-2:]]),
                min(80, _natural([w for p in players for w in p.split()], BOLD)))  # a name breaks between words
    names = {"Dealer": max(40, _natural(players)), "Won by": max(40, _natural(players))}
    rest = width - sum(fixed[h] for h in head if h in fixed) - 2 * run_w
    how_w = max(130, rest - names["Dealer"] - names["Won by"])
    if how_w + names["Dealer"] + names["Won by"] > rest:  # long names wrap in their columns
        names["Dealer"] = names["Won by"] = max(40, _pieces(players), (rest - how_w) / 2)  # no word broken
        how_w = rest - 2 * names["Dealer"]
    widths = [fixed.get(h) or names.get(h) or (run_w if h in players else how_w) for h in head]
    plain = style(SIZE, **CELL)
    right = style(SIZE, alignment=TA_RIGHT, **CELL)
    heading = style(SIZE, bold=True, **CELL)
    wrap = {"Dealer", "How it ended", "Won by"} | set(players)
    data = [[cell(h, w, heading) if h in players else h for h, w in zip(head, widths)]]
    for row in rows:
        data.append([cell(v, w, right if h in players else plain) if h in wrap else v
                     for h, v, w in zip(head, row, widths)])
    cmds = list(BASE) + [("ALIGN", (head.index("Pts"), 0), (-1, -1), "RIGHT"),
                         ("ALIGN", (0, 0), (0, -1), "RIGHT"),
                         ("LINEBEFORE", (len(head) - 2, 0), (len(head) - 2, -1), 0.8, INK)] + hand_marks(result)
    return Table(data, colWidths=widths, repeatRows=1, style=TableStyle(cmds))


def hand_marks(result: Mapping) -> list[tuple]:
    """A hands table's marks, a row a hand under a heading row: the hands no one won in grey, a rule
    under each hand that completed a game."""
    cmds = []
    for r, hand in enumerate(result["hands"], 1):
        if hand["winner"] is None:
            cmds.append(("TEXTCOLOR", (0, r), (-1, r), FAINT))
    ends = _game_ends(result)
    for r, hand in enumerate(result["hands"], 1):
        if hand["n"] in ends:
            cmds.append(("LINEBELOW", (0, r), (-1, r), 0.9, INK))
    return cmds


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
    figures = 7 * 44
    state_w = (width - figures) * 0.45
    widths = [state_w, width - figures - state_w] + [44] * 7
    plain = style(SIZE, **CELL)
    data = [GAME_HEAD] + [[cell(r[0], widths[0], plain), cell(r[1], widths[1], plain)] + r[2:] for r in rows]
    cmds = list(BASE) + [("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("FONT", (7, 1), (8, -1), BOLD, SIZE)]
    for r in range(1, len(rows) + 1, 2):
        cmds.append(("NOSPLIT", (0, r), (-1, r + 1)))  # a game's two lines stay together
        cmds.append(("LINEBELOW", (0, r + 1), (-1, r + 1), 0.8, INK))
    return Table(data, colWidths=widths, repeatRows=1, style=TableStyle(cmds))


def match_lines(result: Mapping) -> list[str]:
    """The match score, the winner and the settlement, in words."""
    m = result["match"]
    players = sides(result)
    games_won = {p: 0 for p in players}
    for g in result["games"]:
        if g["complete"] and g["winner"]:
            games_won[g["winner"]] += 1
    score = ", ".join(f"{p} {m['score'][p]}" for p in players)
    won = ", ".join(f"{p} {games_won[p]}" for p in players)
    length = length_words(m, result["rules"])
    length = f"match {length}" if length.startswith("to ") else length
    lines = [f"Match score: {score} ({length}). Games won: {won}."]
    if m["complete"]:
        lines.append(f"Winner: {m['winner']}.")
        owed = m.get("settlements") or ([m["settlement"]] if m["settlement"]["payer"] else [])
        for s in owed:
            amount = f", at the stake: {s['amount']}" if s.get("amount") is not None else ""
            lines.append(f"Settlement: {s['payer']} pays {s['payee']} {s['points']} points{amount}.")
        if not owed:
            lines.append("Settlement: the scores are level; nobody pays.")
    else:
        lines.append("The match is not over.")
    return lines


def rules_box(rules: Mapping, width: float, *, length: str | None = None, size: float = 7.5) -> Table:
    """The rules in words, in three pairs of columns that wrap."""
    items = rules_rows(rules, length=length)
    per = -(-len(items) // 3)
    what, how = style(size, leading=size * 1.2), style(size, bold=True, leading=size * 1.2)
    data = []
    for r in range(per):
        row = []
        for c in range(3):
            k = c * per + r
            row += [Paragraph(esc(items[k][0]), what), Paragraph(esc(items[k][1]), how)] if k < len(items) else ["", ""]
        data.append(row)
    w = width / 3
    return Table(data, colWidths=[w * 0.4, w * 0.6] * 3, style=TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4), ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))


def signatures(labels: Sequence[str], width: float) -> Table:
    """A line to sign above each label, with a gap between the lines (three lines, not one)."""
    gap = 18
    w = (width - gap * (len(labels) - 1)) / len(labels)
    cells, widths = [], []
    for k, label in enumerate(labels):
        cells.append(cell(label, w, style(8, leading=9.5), padding=0))
        widths.append(w)
        if k < len(labels) - 1:
            cells.append("")
            widths.append(gap)
    cmds = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 1), (-1, 1), 2)]
    cmds += [("LINEBELOW", (c, 0), (c, 0), 0.8, INK) for c in range(0, len(cells), 2)]
    return Table([[""] * len(cells), cells], colWidths=widths, rowHeights=[30, None], style=TableStyle(cmds))


def running_head(size: tuple[float, float], left: str, right_text: str = ""):
    """A canvas drawing for every page: ``left`` (cut with an ellipsis if it must) and ``right_text``
    in the top margin, 0.4 in or more from the paper's edge."""
    def draw(canvas, n, pages):
        right = right_text.format(n=n, pages=pages)
        room = size[0] - 2 * MARGIN - stringWidth(right, FONT, 7.5) - 12
        canvas.setFont(FONT, 7.5)
        canvas.drawString(MARGIN, size[1] - RUNNING - 6, ellipsis(left, FONT, 7.5, room))
        canvas.drawRightString(size[0] - MARGIN, size[1] - RUNNING - 6, right)
    return draw


def sides(result: Mapping) -> list[str]:
    """Who the games and the match score: the players, or a partnership's team names."""
    return [t["name"] for t in result["teams"]] if result.get("teams") else list(result["players"])


def build_document(sheet: MatchSheet, *, name: str, games: Table, hands_title: str, hands: Table, note: str,
                   lines: Sequence[str], signers: Sequence[str], details: Sequence[str] = (),
                   box_rules: Mapping | None = None, tail: int = 3) -> bytes:
    """A match sheet's frame, the same for every table: title, rules and details, the games, the hands
    (or deals) flowing across pages, then ``note``, the match in words (``lines``), the rules and a
    line for each signer, which always share their page with the last hands. ``box_rules``: the rules
    as the rules box says them, when they differ from the result's (a partnership's dealers); ``tail``:
    the last rows that go over with the block when it does not fit (a partnership's deal is two rows)."""
    result = sheet.result
    rules = result["rules"]
    size = page_size(sheet.paper)
    width = size[0] - 2 * MARGIN - 12  # inside the frame's padding
    buf = new_buffer()
    title = sheet.title or "Match sheet"
    length = length_words(result["match"], rules)
    about = f"{rules['preset'].capitalize()} rules \u00b7 " + (f"match {length}" if length.startswith("to ")
                                                                 else length)
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=DOC_TOP,
                            bottomMargin=DOC_BOTTOM, title=f"{title}: {name}")
    story = [Paragraph(f"{esc(title)}: {esc(name)}", style(15, bold=True, spaceAfter=3)),
             Paragraph(esc(about), style(9, bold=True))]
    for line in list(details) + list(sheet.details):
        story.append(Paragraph(esc(line), style(9)))
    story.append(Spacer(1, 8))
    story.append(TableThenBlock(games, [], tail=0,
                                heading=[Paragraph("Games", style(11, bold=True, spaceAfter=3))]))
    story.append(Spacer(1, 10))
    summary = [Paragraph(esc(line), style(10, bold=i == 0)) for i, line in enumerate(lines)]
    block = [Paragraph(esc(note), style(7, spaceBefore=2, spaceAfter=8))] + summary + [
        Spacer(1, 8), Paragraph("Rules", style(9, bold=True, spaceAfter=2)), rules_box(box_rules or rules, width, length=length),
        Spacer(1, 6), signatures(list(signers), width)]
    story.append(TableThenBlock(hands, block, tail=tail,
                                heading=[Paragraph(esc(hands_title), style(11, bold=True, spaceAfter=3))]))
    head = running_head(size, f"{title}: {name} \u00b7 {about}", "page {n} of {pages}")
    doc.build(story, canvasmaker=numbered_canvas(head))
    return buf.getvalue()


def sheet_width(paper: str) -> float:
    return page_size(paper)[0] - 2 * MARGIN - 12


def build_match_sheet(sheet: MatchSheet) -> bytes:
    """The filled match sheet as a PDF: two players here; three players and partnerships in
    ``ginscore.sheets.group_match_sheet``."""
    result = sheet.result
    if len(result["players"]) > 2:
        from ginscore.sheets.group_match_sheet import build_group_match_sheet

        return build_group_match_sheet(sheet)
    players = result["players"]
    width = sheet_width(sheet.paper)
    note = (f"{players[0]}, {players[1]}: each player's running total in the game(s) the hand went into "
            f"(Hollywood: one figure per game, in the order of the Game column, \u201c71{SEP}44\u201d).")
    return build_document(sheet, name=f"{players[0]} v {players[1]}", games=_games_table(result, width),
                          hands_title="Hands", hands=_hands_table(result, sheet.record, width), note=note,
                          lines=match_lines(result),
                          signers=[f"{players[0]} (signature)", f"{players[1]} (signature)", "Witness or director"])


_esc = esc  # the name the tournament sheets import
