"""A played match on paper, for every table: the games' totals, every hand (or deal), the match
score, settlement and signatures.

Built from the engine's result document (``result_to_json``) and, for the
deadwood and upcards, the record, drawn from the table's shape
(``ginscore.sheets.shape``): two players, three (the dealer sits each hand
out; each pair settles every game on its own) or two partnerships (each deal
two tables, partners changing opponents every deal). Each player is named
once, in the key under the title; the rows say their letter (A, B, C; a
partnership's seats A1, A2, B1, B2), so a hand takes one line whatever the
names. Long matches flow across pages with the hands' heading repeated; the
match score, the rules and the signatures always share their page with the
last hands.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ginscore.sheets.common import (
    BOLD, DOC_BOTTOM, DOC_TOP, FAINT, FONT, INK, MARGIN, RUNNING, SHADE, TableThenBlock, card_text, ellipsis, esc,
    in_language, length_words, match_words, name_cell, new_buffer, number, numbered_canvas, page_size,
    preset_name, register_fonts, rules_rows, signed, spade, style, word_lines, word_pieces, words_of,
)
from ginscore.sheets.pads import game_label, versus
from ginscore.sheets.data import MatchSheet
from ginscore.sheets.shape import LETTERS, TableShape, result_shape



def ends() -> dict[str, str]:
    """How a hand ended, after the player's letter: "A knocked", "B gin"."""
    return {"gin": _("gin"), "big_gin": _("big gin"), "knock": _("knocked"), "dead": _("dead hand"),
            "out": _("went out"), "challenge": _("challenged")}

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


def sides(result: Mapping) -> list[str]:
    """Who the games and the match score: the players, or a partnership's team names."""
    return [t["name"] for t in result["teams"]] if result.get("teams") else list(result["players"])


def seat_letters(result: Mapping) -> dict[str, str]:
    """Each player's letter in the rows: A, B (and C) in the record's order; a partnership's seats
    A1, A2 (the first team's players) and B1, B2."""
    if result.get("teams"):
        return {p: f"{'AB'[t]}{k + 1}" for t, team in enumerate(result["teams"]) for k, p in enumerate(team["players"])}
    return {p: LETTERS[k] for k, p in enumerate(result["players"])}


def side_letters(result: Mapping) -> dict[str, str]:
    """Each side's letter: the players' own, or a partnership's teams A and B."""
    return {s: LETTERS[k] for k, s in enumerate(sides(result))}


def key_rows(result: Mapping) -> list[tuple[str, str]]:
    """The key under the title, (letter, who): each player once, whole; a team with its two seats."""
    if result.get("teams"):
        seats = seat_letters(result)
        return [(LETTERS[t], _("%(team)s: %(seats)s") % {
            "team": team["name"], "seats": ", ".join(f"{seats[p]} {p}" for p in team["players"])})
                for t, team in enumerate(result["teams"])]
    return [(LETTERS[k], p) for k, p in enumerate(result["players"])]


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


def _how(hand: Mapping, entered: Mapping | None, pair: Sequence[str], rules: Mapping, seat: Mapping[str, str]) -> str:
    """The hand in words, players by their letters: "A knocked 8 v 32", "B gin v 41", "dead hand",
    "..., gin off", "..., ♠ doubled"."""
    end = hand["end"]
    rulings = ruling_words(hand, seat)
    if end == "dead":
        return "; ".join([_("dead hand")] + rulings)
    deadwood = hand.get("deadwood") or (entered or {}).get("deadwood") or {}
    by = hand["by"]
    if by is None:  # a stock-out (Skarney, Colonel): the counts decide it
        found = [f"{seat.get(p, p)} {deadwood[p]}" for p in pair if p in deadwood]
        counts = versus(*found) if len(found) == 2 else "".join(found)
        ran_out = _("stock ran out: %(counts)s") % {"counts": counts} if counts else _("stock ran out")
        return "; ".join([ran_out] + rulings)
    other = pair[1] if by == pair[0] else pair[0]
    text = f"{seat.get(by, by)} {ends().get(end, end.replace('_', ' '))}"
    if end in ("knock", "challenge") and by in deadwood and other in deadwood:
        text += " " + versus(deadwood[by], deadwood[other])
    elif other in deadwood:
        text += " " + _("v %(deadwood)s") % {"deadwood": deadwood[other]}
    gin_off, doubled = _marks(hand, entered, rules)
    if gin_off:
        text += ", " + _("gin off")
    elif hand.get("undercut"):
        text += ", " + _("undercut")
    if doubled:
        text += ", " + _("%(spade)s doubled") % {"spade": spade()}
    return text + "".join(f"; {words}" for words in rulings)


def ruling_words(hand: Mapping, seat: Mapping[str, str] | None = None) -> list[str]:
    """The director's rulings a hand carries, in words ("B short 1 card", "no bonus for A")."""
    who = (lambda p: seat.get(p, p)) if seat else (lambda p: p)
    out = [ngettext("%(player)s short %(n)s card", "%(player)s short %(n)s cards", n) % {"player": who(p), "n": n}
           for p, n in (hand.get("missing_cards") or {}).items()]
    out += [_("%(player)s held too many cards") % {"player": who(p)} for p in hand.get("extra_cards") or ()]
    out += [_("no bonus for %(player)s") % {"player": who(p)} for p in hand.get("no_bonus") or ()]
    if hand.get("knock_accepted"):
        out.append(_("knock over the limit accepted"))
    return out


def _entered_hands(record: Mapping | None) -> list[Mapping]:
    return (record or {}).get("hands") or []


def _upcards(entered: Sequence[Mapping]) -> bool:
    return any(t.get("upcard") for h in entered for t in (h.get("tables") or [h]) if t)


def hand_rows(result: Mapping, record: Mapping | None) -> tuple[list[str], list[list[str]]]:
    """The hands table of any table: a heading and a row per table hand, the players by their letters.
    One table (two or three players): the hand, its dealer (at three, who sat it out), the upcard, who
    played, how it ended, who won what, the game(s) it went into and each side's running total there
    (Hollywood: one figure per game, in game order, "71 | 44"). A partnership: two rows a deal (table 1,
    table 2), and on the deal's first row the points it put on each team's side, the game and the
    teams' running totals."""
    shape = result_shape(result)
    seat, side = seat_letters(result), side_letters(result)
    names = sides(result)
    letters = [side[s] for s in names]
    entered = _entered_hands(record)
    upcards = _upcards(entered)
    partnership = shape.tables > 1
    head = [label for _key, label in hand_columns(shape, letters, upcards)]
    running: dict[int, dict[str, int]] = {}
    rows = []
    for i, hand in enumerate(result["hands"]):
        raw = entered[i] if i < len(entered) else None
        totals: list[list[str]] = [[] for _name in names]
        for g in hand["games"]:
            col = running.setdefault(g, {s: 0 for s in names})
            if partnership:
                for s in names:
                    col[s] += hand["points"][s]
            else:
                col[hand["winner"]] += hand["points"]
            for k, s in enumerate(names):
                totals[k].append(number(col[s]))
        games = SEP.join(str(g) for g in hand["games"])
        tables = hand["tables"] if partnership else [hand]
        raws = ((raw or {}).get("tables") or [None, None]) if partnership else [raw]
        for k, table in enumerate(tables):
            pair = table.get("players") or (
                [p for p in result["players"] if p != table.get("dealer")] if shape.sits_out else result["players"])
            entered_k = raws[k] if k < len(raws) else None
            won = table["winner"] is not None
            cells = [str(hand["n"]) if k == 0 else "", str(table["table"])] if partnership else [
                str(hand["n"]), seat.get(hand["dealer"], hand["dealer"] or "")]
            if upcards:
                cells.append(card_text((entered_k or {}).get("upcard") or ""))
            if partnership or shape.sits_out:
                cells.append(versus(*(seat[p] for p in pair)))
            cells += [_how(table, entered_k, pair, result["rules"], seat), seat.get(table["winner"], ""),
                      number(table["points"]) if won else "", str(table["boxes"]) if won else ""]
            if partnership:
                cells += [_deal_points(hand, s) for s in names] if k == 0 else [""] * len(names)
            cells.append(games if k == 0 else "")
            cells += [SEP.join(t) for t in totals] if k == 0 else [""] * len(names)
            rows.append(cells)
    return head, rows


def hand_columns(shape: TableShape, letters: Sequence[str], upcards: bool) -> list[tuple[str, str]]:
    """The hands table's columns as (key, heading)."""
    partnership = shape.tables > 1
    if partnership:
        head = [("deal", _("Deal")), ("table", _("Table"))]
    else:
        head = [("hand", pgettext("hand", "Hand")),
                ("dealer_out", _("Dealer (sat out)")) if shape.sits_out else ("dealer", _("Dealer"))]
    head += [("up", _("Up"))] * upcards + [("played", pgettext("who played the hand", "Played"))] * (partnership or shape.sits_out)
    head += [("how", _("How it ended")), ("won_by", _("Won by")), ("points", _("Pts")), ("box", pgettext("box", "Box"))]
    head += [("deal_points", f"{L} ") for L in letters] if partnership else []
    head += [("game", pgettext("game", "Game"))] + [("side", L) for L in letters]
    return head


def _deal_points(deal: Mapping, team: str) -> str:
    points, boxes = deal["points"][team], deal["boxes"][team]
    box = "\n" + ngettext("%(n)s box", "%(n)s boxes", boxes) % {"n": boxes} if boxes else ""
    return (signed(points) if points else ("0" if boxes else "")) + box


CELL = dict(leading=SIZE * 1.15)  # a table cell's paragraph


def cell(text: str, width: float, st: ParagraphStyle, padding: float = 6) -> Paragraph:
    """A cell of a column ``width`` points wide (``padding`` inside, both sides) whose lines break at
    spaces and after a word's own hyphens, never inside a word while the column is as wide as
    ``_pieces`` says (a piece wider than the column is cut with an ellipsis)."""
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
    return _natural([p for t in texts for w in words_of(t) for p in word_pieces(w)], font, size)


FIXED = {"hand": 28, "deal": 30, "table": 32, "dealer": 40, "dealer_out": 46, "up": 24, "won_by": 40,
         "points": 28, "box": 24}  # the least: wider when the heading is


def _hands_table(result: Mapping, record: Mapping | None, width: float) -> Table:
    head, rows = hand_rows(result, record)
    shape = result_shape(result)
    partnership = shape.tables > 1
    n = len(sides(result))
    keys = [key for key, _label in hand_columns(shape, [side_letters(result)[s] for s in sides(result)],
                                                 _upcards(_entered_hands(record)))]
    figures = [line for r in rows for c in r[len(head) - 2 * n - 1:] for line in c.split("\n")]
    side_w = max(30, _natural(figures, BOLD))
    widths = []
    for k, (key, h) in enumerate(zip(keys, head)):
        if key == "dealer_out":  # its heading wraps
            widths.append(max(FIXED[key], _pieces([h], BOLD)))
        elif key in FIXED:
            widths.append(max(FIXED[key], _natural([h], BOLD)))
        elif key == "played":
            widths.append(max(44, _natural([r[k] for r in rows] + [h], BOLD)))
        elif key == "game":
            widths.append(max(36, _natural([r[k] for r in rows]), _natural([h], BOLD)))
        elif key == "how":
            widths.append(0)
        else:
            widths.append(side_w)
    how = keys.index("how")
    widths[how] = width - sum(widths)
    plain = style(SIZE, **CELL)
    heading = style(SIZE, bold=True, **CELL)
    wrap = {how} | ({1} if shape.sits_out else set())
    first_side = keys.index("game") + 1
    data = [[cell(h, w, heading) if k in wrap else h.strip() for k, (h, w) in enumerate(zip(head, widths))]]
    for row in rows:
        data.append([cell(v, widths[k], plain) if k == how else v for k, v in enumerate(row)])
    cmds = list(BASE) + [("ALIGN", (keys.index("points"), 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "RIGHT"),
                         ("ALIGN", (1, 0), (1, -1), "RIGHT" if partnership else "CENTER"),
                         ("LINEBEFORE", (first_side, 0), (first_side, -1), 0.8, INK)]
    repeat = 1
    if partnership:  # a heading over each pair of team columns; two rows a deal, kept together
        deal_at = keys.index("box") + 1
        top = [""] * len(head)
        top[deal_at], top[first_side] = _("The deal"), _("Game totals")
        data.insert(0, top)
        repeat = 2
        cmds += [("FONT", (0, 0), (-1, 1), BOLD, SIZE), ("BACKGROUND", (0, 0), (-1, 1), SHADE),
                 ("LINEBELOW", (0, 0), (-1, 0), 0, SHADE), ("LINEBELOW", (0, 1), (-1, 1), 0.8, INK),
                 ("SPAN", (deal_at, 0), (deal_at + n - 1, 0)), ("SPAN", (first_side, 0), (first_side + n - 1, 0)),
                 ("ALIGN", (deal_at, 0), (-1, 0), "CENTER"), ("LINEBEFORE", (deal_at, 0), (deal_at, -1), 0.8, INK),
                 ("VALIGN", (0, 2), (0, -1), "TOP")]
        ends = _game_ends(result)
        for d, deal in enumerate(result["hands"]):
            r = 2 + 2 * d
            for k, table in enumerate(deal["tables"]):
                if table["winner"] is None:
                    cmds.append(("TEXTCOLOR", (1, r + k), (deal_at - 1, r + k), FAINT))
            for c in [0] + list(range(deal_at, len(head))):
                cmds.append(("SPAN", (c, r), (c, r + 1)))
            cmds += [("NOSPLIT", (0, r), (-1, r + 1)),
                     ("LINEBELOW", (0, r + 1), (-1, r + 1), 0.9 if deal["n"] in ends else 0.5,
                      INK if deal["n"] in ends else FAINT)]
    else:
        cmds += hand_marks(result)
    return Table(data, colWidths=widths, repeatRows=repeat, style=TableStyle(cmds))


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


def games_head(shape: TableShape) -> list[str]:
    who = _("Team") if shape.tables > 1 else _("Player")
    head = [pgettext("game", "Game"), who, _("Points"), pgettext("box", "Boxes"), _("Box\nbonus"), _("Game\nbonus")]
    if shape.pairs:  # a shutout is settled by pair; what the pairs credited each player
        return head + [_("Total"), _("Credited")]
    return head + [_("Shutout"), _("Total"), _("Net")]


def _shutout_words(game: Mapping, rules: Mapping, totals: Mapping[str, int], side: Mapping[str, str]) -> str:
    winner = game["winner"]
    total = number(totals[winner])
    extra = (f"{total} + {number(rules['shutout_bonus'])}" if rules.get("shutout") == "add"
             else f"{total} \u00d7 2" if rules.get("shutout") == "double" else total)
    out = ", ".join(side[p] for p in game["shut_out"])
    values = {"winner": side[winner], "out": out, "total": extra}
    if len(game["shut_out"]) == 1:
        return _("%(winner)s shut out %(out)s (no hand won in the game): in that pair, %(winner)s's total is "
                 "%(total)s.") % values
    return _("%(winner)s shut out %(out)s (no hand won in the game): in those pairs, %(winner)s's total is "
             "%(total)s.") % values


def _won_words(winner: str, shutout: bool) -> str:
    return (_("%(side)s won, shutout") if shutout else _("%(side)s won")) % {"side": winner}


def game_rows(result: Mapping) -> list[tuple[list[str], str]]:
    """Each game: its sides' lines (by their letters) and, at a table of three, its pairs in words."""
    shape = result_shape(result)
    side = side_letters(result)
    rules = result["rules"]
    out = []
    for g in result["games"]:
        lines = []
        if shape.pairs:
            credited = {p: 0 for p in g["players"]}
            for pair in g.get("pairs") or ():
                if pair["credited"]:
                    credited[pair["credited"]] += pair["net"]
        else:
            credited = None
            if g["complete"] and g["net"]:
                totals = {p: g["players"][p]["total"] for p in g["players"]}
                credited = max(totals, key=totals.get)
        for k, (p, line) in enumerate(g["players"].items()):
            if k == 0:
                state = game_label(g["n"])
            elif k == 1 and g["complete"]:
                state = _won_words(side[g["winner"]], bool(g.get("shutout") and not shape.pairs))
            else:
                state = _("in play") if k == 1 else ""
            figures = [number(line["points"]), str(line["boxes"]), number(line["box_bonus"]),
                       number(line["game_bonus"])]
            if shape.pairs:
                net = signed(credited[p]) if g["complete"] and credited[p] else ("0" if g["complete"] else "")
                lines.append([state, side[p]] + figures + [number(line["total"]), net])
            else:
                net = ""
                if g["complete"]:
                    net = signed(g["net"]) if p == credited else ("0" if k == 0 and not credited else "")
                lines.append([state, side[p]] + figures + [number(line["shutout_bonus"]), number(line["total"]), net])
        words = ""
        if shape.pairs and g["complete"]:
            totals = {p: line["total"] for p, line in g["players"].items()}
            pairs = [_("%(pair)s: %(net)s to %(side)s") % {"pair": versus(side[a], side[b]), "net": number(pair["net"]),
                                                          "side": side[pair["credited"]]} if pair["credited"]
                     else _("%(pair)s: level") % {"pair": versus(side[a], side[b])}
                     for pair in g["pairs"] for a, b in [pair["players"]]]
            words = _("Pairs — %(pairs)s.") % {"pairs": "; ".join(pairs)}
            if g["shut_out"]:
                words += " " + _shutout_words(g, rules, totals, side)
        out.append((lines, words))
    return out


def _games_table(result: Mapping, width: float) -> Table:
    head = games_head(result_shape(result))
    figures = len(head) - 2
    state_w = max(90, _natural([game_label(12), _won_words("A", True), _("in play")]))
    widths = [state_w, 44] + [(width - state_w - 44) / figures] * figures
    data = [head]
    bold_from = len(head) - 2  # the total, and the net (or what the pairs credited)
    cmds = list(BASE) + [("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("ALIGN", (1, 0), (1, -1), "CENTER"),
                         ("FONT", (bold_from, 1), (-1, -1), BOLD, SIZE), ("FONT", (1, 1), (1, -1), BOLD, SIZE)]
    for lines, words in game_rows(result):
        first = len(data)
        data += lines
        if words:
            data.append([Paragraph(esc(words), style(SIZE, bold=True, **CELL))] + [""] * (len(head) - 1))
            cmds.append(("SPAN", (0, len(data) - 1), (-1, len(data) - 1)))
        cmds += [("NOSPLIT", (0, first), (-1, len(data) - 1)),
                 ("LINEBELOW", (0, len(data) - 1), (-1, len(data) - 1), 0.8, INK)]
    return Table(data, colWidths=widths, repeatRows=1, style=TableStyle(cmds))


def match_lines(result: Mapping) -> list[str]:
    """The match score, the winner and the settlement, in words."""
    m = result["match"]
    players = sides(result)
    games_won = {p: 0 for p in players}
    for g in result["games"]:
        if g["complete"] and g["winner"]:
            games_won[g["winner"]] += 1
    score = ", ".join(f"{p} {number(m['score'][p])}" for p in players)
    won = ", ".join(f"{p} {games_won[p]}" for p in players)
    length = length_words(m, result["rules"]) or match_words("", result["rules"])
    lines = [_("Match score: %(score)s (%(length)s). Games won: %(won)s.") % {"score": score, "length": length,
                                                                             "won": won}]
    if m["complete"]:
        lines.append(_("Winner: %(winner)s.") % {"winner": m["winner"]})
        owed = m.get("settlements") or ([m["settlement"]] if m["settlement"]["payer"] else [])
        for s in owed:
            values = {"payer": s["payer"], "payee": s["payee"], "points": number(s["points"])}
            if s.get("amount") is not None:
                values["amount"] = number(Decimal(str(s["amount"])))
                lines.append(ngettext("Settlement: %(payer)s pays %(payee)s %(points)s point, at the stake: "
                                      "%(amount)s.", "Settlement: %(payer)s pays %(payee)s %(points)s points, at the "
                                      "stake: %(amount)s.", s["points"]) % values)
            else:
                lines.append(ngettext("Settlement: %(payer)s pays %(payee)s %(points)s point.",
                                      "Settlement: %(payer)s pays %(payee)s %(points)s points.", s["points"]) % values)
        if not owed:
            lines.append(_("Settlement: the scores are level; nobody pays."))
    else:
        lines.append(_("The match is not over."))
    return lines


def rules_box(rules: Mapping, width: float, *, length: str = "", size: float = 7.5, dealer: str = "") -> Table:
    """The rules in words, in three pairs of columns that wrap."""
    items = rules_rows(rules, length=length, dealer=dealer)
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
    """A line to sign above each label, with a gap between the lines; a label wraps between words."""
    gap = 18
    w = (width - gap * (len(labels) - 1)) / len(labels)
    cells, widths = [], []
    for k, label in enumerate(labels):
        cells.append(name_cell(label, w, 8))
        widths.append(w)
        if k < len(labels) - 1:
            cells.append("")
            widths.append(gap)
    cmds = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 1), (-1, 1), 2)]
    cmds += [("LINEBELOW", (c, 0), (c, 0), 0.8, INK) for c in range(0, len(cells), 2)]
    return Table([[""] * len(cells), cells], colWidths=widths, rowHeights=[30, None], style=TableStyle(cmds))


def key_table(result: Mapping, width: float) -> Table:
    """Who is who: each side's letter in bold and its name (a team's with its seats) whole, wrapping
    between words."""
    data = [[letter, name_cell(who, width - 18, 10)] for letter, who in key_rows(result)]
    return Table(data, colWidths=[18, width - 18], style=TableStyle([
        ("FONT", (0, 0), (0, -1), BOLD, 10), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]))


def running_head(size: tuple[float, float], parts: Sequence[str], right_text: str = ""):
    """A canvas drawing for every page: the first of ``parts`` joined that fits whole (a name is never
    cut: the title and the rules alone when the names do not fit), and ``right_text``, in the top
    margin 0.4 in or more from the paper's edge."""
    def draw(canvas, n, pages):
        right = right_text.format(n=n, pages=pages)
        room = size[0] - 2 * MARGIN - stringWidth(right, FONT, 7.5) - 12
        left = next((p for p in parts if stringWidth(p, FONT, 7.5) <= room), parts[-1])
        canvas.setFont(FONT, 7.5)
        canvas.drawString(MARGIN, size[1] - RUNNING - 6, ellipsis(left, FONT, 7.5, room))
        canvas.drawRightString(size[0] - MARGIN, size[1] - RUNNING - 6, right)
    return draw


def sheet_width(paper: str) -> float:
    return page_size(paper)[0] - 2 * MARGIN - 12  # inside the frame's padding


def _note(shape: TableShape, rules: Mapping) -> str:
    if shape.tables > 1:
        if rules.get("partnership_scoring", "difference") == "difference":
            return _("Each deal is two hands at once, partners changing opponents every deal; the team whose "
                     "players won more at the two tables scores the difference. The deal: the points it put on each "
                     "team's side, and the boxes (a box for every table hand the team's players win). Game totals: "
                     "each team's points in the game after the deal.")
        return _("Each deal is two hands at once, partners changing opponents every deal; each team scores what its "
                 "players won. The deal: the points it put on each team's side, and the boxes (a box for every table "
                 "hand the team's players win). Game totals: each team's points in the game after the deal.")
    if shape.columns > 1:
        return _("Each player's running total in the games the hand went into: one figure per game, in the order "
                 "of the Game column (%(example)s).") % {"example": f"\u201c71{SEP}44\u201d"}
    if shape.sits_out:
        return _("The dealer sits the hand out and the loser deals the next. Each player's running total in the "
                 "game after the hand; each pair settles every game as if the two had played it alone (Credited: "
                 "what the pairs credited that player).")
    return _("Each side's running total in the game the hand went into.")


def sides_words(names: Sequence[str]) -> str:
    """ "Ann v Ben", or "Ann, Ben and Cat" at a table of three."""
    if len(names) == 2:
        return versus(*names)
    return _("%(first)s, %(second)s and %(third)s") % {"first": names[0], "second": names[1], "third": names[2]}


def signature(name: str) -> str:
    """The label under a player's signature line."""
    return _("%(player)s (signature)") % {"player": name}


@in_language
def build_match_sheet(sheet: MatchSheet) -> bytes:
    """The filled match sheet of any table as a PDF: title, the key, the games, the hands (or deals)
    flowing across pages, then the note, the match in words, the rules and a line for each signer,
    which always share their page with the last hands."""
    result = sheet.result
    rules = result["rules"]
    shape = result_shape(result)
    names = sides(result)
    size = page_size(sheet.paper)
    width = sheet_width(sheet.paper)
    buf = new_buffer()
    title = sheet.title or _("Match sheet")
    name = sides_words(names)
    length = length_words(result["match"], rules)
    about = _("%(rules)s rules") % {"rules": preset_name(rules)} + " \u00b7 " + (length or match_words("", rules))
    details = [_("Three players: the dealer sits each hand out, the loser deals the next")] if shape.sits_out else []
    players = [p for t in result["teams"] for p in t["players"]] if result.get("teams") else list(result["players"])
    dealer = _("each table turns the deal over as it likes") if shape.tables > 1 else ""
    titled = _("%(title)s: %(name)s") % {"title": title, "name": name}
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=DOC_TOP,
                            bottomMargin=DOC_BOTTOM, title=titled)
    story = [Paragraph(esc(titled), style(15, bold=True, spaceAfter=3)),
             Paragraph(esc(about), style(9, bold=True))]
    for line in details + list(sheet.details):
        story.append(Paragraph(esc(line), style(9)))
    story += [Spacer(1, 6), key_table(result, width), Spacer(1, 6)]
    story.append(TableThenBlock(_games_table(result, width), [], tail=0,
                                heading=[Paragraph(esc(pgettext("game", "Games")), style(11, bold=True, spaceAfter=3))]))
    story.append(Spacer(1, 10))
    summary = [Paragraph(esc(line), style(10, bold=i == 0)) for i, line in enumerate(match_lines(result))]
    signers = [signature(p) for p in players] + [_("Witness or director")]
    block = [Paragraph(esc(_note(shape, rules)), style(7, spaceBefore=2, spaceAfter=8))] + summary + [
        Spacer(1, 8), Paragraph(esc(_("Rules")), style(9, bold=True, spaceAfter=2)),
        rules_box(rules, width, length=length, dealer=dealer), Spacer(1, 6), signatures(signers, width)]
    story.append(TableThenBlock(_hands_table(result, sheet.record, width), block, tail=2 if shape.tables > 1 else 3,
                                heading=[Paragraph(esc(_("Deals") if shape.tables > 1 else pgettext("hand", "Hands")),
                                                   style(11, bold=True, spaceAfter=3))]))
    head = running_head(size, [f"{titled} \u00b7 {about}", titled, f"{title} \u00b7 {about}"],
                        _("page %(n)s of %(pages)s") % {"n": "{n}", "pages": "{pages}"})
    doc.build(story, canvasmaker=numbered_canvas(head))
    return buf.getvalue()
