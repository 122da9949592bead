"""Played matches of bigger tables on paper, from the engine's result document and the record.

Three-handed: every hand with who dealt it (and sat it out) and who played it,
each player's running total in the game, each game's totals with its three
pairs' nets and the players its winner shut out, and the pairs' settlements.
Partnership: every deal's two tables (who played whom, how the hand ended, who
won what), the points and boxes the deal put on each team's side and the teams'
running totals, the games between the teams, and the settlement. The frame
(title, games, hands flowing across pages, the match in words, the rules and
the signatures) is the two-player sheet's (``match_sheet.build_document``).
"""
from __future__ import annotations

from typing import Mapping, Sequence

from reportlab.lib.enums import TA_RIGHT
from reportlab.platypus import Paragraph, Table, TableStyle

from ginscore.sheets.common import BOLD, FAINT, INK, SHADE, ellipsis, esc, style
from ginscore.sheets.data import MatchSheet
from ginscore.sheets.match_sheet import (
    BASE, CELL, SIZE, _game_ends, _games_table, _how, _natural, _pieces, build_document, cell, hand_marks,
    match_lines, sheet_width, sides,
)


def _paragraphs(values: Sequence[str], wrap: set[int], widths: Sequence[float], *, right: set[int] = frozenset(),
                bold: bool = False) -> list:
    """A row's cells, those at the ``wrap`` positions as Paragraphs that wrap in their column (of
    ``widths``) between words."""
    plain, to_right = style(SIZE, bold=bold, **CELL), style(SIZE, bold=bold, alignment=TA_RIGHT, **CELL)
    return [cell(v, widths[k], to_right if k in right else plain) if k in wrap else v for k, v in enumerate(values)]


def _widths(width: float, fixed: Sequence[float | None], share: Sequence[float],
            floors: Sequence[float] = ()) -> list[float]:
    """Column widths: the fixed ones as given, the rest (None) sharing what is left in ``share``
    proportions, none narrower than its floor (a column of names: the widest piece a line cannot break)."""
    rest = width - sum(w for w in fixed if w is not None)
    floors = list(floors) or [0.0] * len(share)
    got: dict[int, float] = {}
    free = list(range(len(share)))
    while free:
        room = rest - sum(got.values())
        total = sum(share[i] for i in free)
        pinned = [i for i in free if room * share[i] / total < floors[i]]
        if not pinned:
            got.update({i: room * share[i] / total for i in free})
            break
        got.update({i: floors[i] for i in pinned})
        free = [i for i in free if i not in pinned]
    shares = iter(got[i] for i in range(len(share)))
    return [w if w is not None else next(shares) for w in fixed]


def _wants(rows: Sequence[Sequence[str]], columns: Sequence[int]) -> list[float]:
    """How wide each of ``columns`` would be with its longest text on one line: the shares in which
    the columns of words divide the room (a column of two names wants more than one of a name)."""
    return [_natural([r[c] for r in rows] or [""]) for c in columns]


# Three players


def three_hand_rows(result: Mapping, record: Mapping | None) -> tuple[list[str], list[list[str]]]:
    """The hands of a three-handed match: who dealt (and sat out), who played, how it ended, who won
    what, the game, and every player's running total in that game after the hand."""
    players = list(result["players"])
    entered = (record or {}).get("hands") or []
    head = ["Hand", "Dealt (sat out)", "Played", "How it ended", "Won by", "Pts", "Box", "Game"] + players
    running: dict[int, dict[str, int]] = {}
    current = {p: 0 for p in players}
    rows = []
    for i, hand in enumerate(result["hands"]):
        raw = entered[i] if i < len(entered) else None
        pair = hand.get("players") or [p for p in players if p != hand["dealer"]]
        for g in hand["games"]:
            current = running.setdefault(g, {p: 0 for p in players})
            current[hand["winner"]] += hand["points"]
        won = hand["winner"] is not None
        rows.append([str(hand["n"]), hand["dealer"] or "", " v ".join(pair), _how(hand, raw, pair, result["rules"]),
                     hand["winner"] or "", str(hand["points"]) if won else "", str(hand["boxes"]) if won else "",
                     ", ".join(str(g) for g in hand["games"])] + [str(current[p]) for p in players])
    return head, rows


def _three_hands_table(result: Mapping, record: Mapping | None, width: float) -> Table:
    head, rows = three_hand_rows(result, record)
    players = result["players"]
    floors = [_pieces(players), _pieces(players), _pieces([r[3] for r in rows]), _pieces(players)]
    fixed = [28, None, None, None, None, 26, 22, 30]
    room = (width - sum(w for w in fixed if w) - sum(floors)) / 3  # what the name columns leave the totals
    run_w = max(40, _natural([c for r in rows for c in r[-3:]]), min(70, room, _natural(players, BOLD)))
    widths = _widths(width, fixed + [run_w] * 3, _wants(rows, (1, 2, 3, 4)), floors)
    short = [ellipsis(p, BOLD, SIZE, run_w - 6) for p in players]  # the title and the games say them whole
    wrap = {1, 2, 3, 4}
    data = [_paragraphs(head[:8], wrap, widths, bold=True)
            + _paragraphs(short, {0, 1, 2}, widths[8:], right={0, 1, 2}, bold=True)]
    data += [_paragraphs(r, wrap, widths) for r in rows]
    cmds = list(BASE) + [("ALIGN", (5, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "RIGHT"),
                         ("LINEBEFORE", (8, 0), (8, -1), 0.8, INK)] + hand_marks(result)
    return Table(data, colWidths=widths, repeatRows=1, style=TableStyle(cmds))


THREE_GAME_HEAD = ["Game", "Player", "Points", "Boxes", "Box\nbonus", "Game\nbonus", "Total", "Credited"]


def _shutout_words(game: Mapping, rules: Mapping, totals: Mapping[str, int]) -> str:
    winner = game["winner"]
    extra = (f"{totals[winner]} + {rules['shutout_bonus']}" if rules.get("shutout") == "add"
             else f"{totals[winner]} \u00d7 2" if rules.get("shutout") == "double" else f"{totals[winner]}")
    out = ", ".join(game["shut_out"])
    where = "that pair" if len(game["shut_out"]) == 1 else "those pairs"
    return f"{winner} shut out {out} (no hand won in the game): in {where}, {winner}'s total is {extra}."


def three_game_rows(result: Mapping) -> list[tuple[list[str], str]]:
    """Each game: its players' lines (with what the pairs credited each) and its pairs in words."""
    out = []
    rules = result["rules"]
    for g in result["games"]:
        credited = {p: 0 for p in g["players"]}
        for pair in g.get("pairs") or ():
            if pair["credited"]:
                credited[pair["credited"]] += pair["net"]
        lines = []
        for k, (p, line) in enumerate(g["players"].items()):
            state = {0: f"Game {g['n']}", 1: (f"{g['winner']} won" if g["complete"] else "in play")}.get(k, "")
            lines.append([state, p, str(line["points"]), str(line["boxes"]), str(line["box_bonus"]),
                          str(line["game_bonus"]), str(line["total"]),
                          f"+{credited[p]}" if g["complete"] and credited[p] else ("0" if g["complete"] else "")])
        words = ""
        if g["complete"]:
            totals = {p: line["total"] for p, line in g["players"].items()}
            pairs = [f"{a} v {b}: " + (f"{pair['net']} to {pair['credited']}" if pair["credited"] else "level")
                     for pair in g["pairs"] for a, b in [pair["players"]]]
            words = "Pairs \u2014 " + "; ".join(pairs) + "."
            if g["shut_out"]:
                words += " " + _shutout_words(g, rules, totals)
        out.append((lines, words))
    return out


def _three_games_table(result: Mapping, width: float) -> Table:
    names = _pieces(result["players"])
    widths = _widths(width, [None, None] + [44] * 6, [0.4, 0.6], [names, names])
    data = [list(THREE_GAME_HEAD)]
    cmds = list(BASE) + [("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("FONT", (6, 1), (7, -1), BOLD, SIZE)]
    for lines, words in three_game_rows(result):
        first = len(data)
        data += [_paragraphs(line, {0, 1}, widths) for line in lines]
        if words:
            data.append([Paragraph(esc(words), style(SIZE, **CELL))] + [""] * 7)
            cmds += [("SPAN", (0, len(data) - 1), (-1, len(data) - 1)),
                     ("FONT", (0, len(data) - 1), (-1, len(data) - 1), BOLD, SIZE)]
        cmds += [("NOSPLIT", (0, first), (-1, len(data) - 1)), ("LINEBELOW", (0, len(data) - 1), (-1, len(data) - 1),
                                                               0.8, INK)]
    return Table(data, colWidths=widths, repeatRows=1, style=TableStyle(cmds))


def build_three_sheet(sheet: MatchSheet) -> bytes:
    result = sheet.result
    players = list(result["players"])
    width = sheet_width(sheet.paper)
    name = f"{players[0]}, {players[1]} and {players[2]}"
    note = ("The dealer sits the hand out and the loser deals the next. Each player's running total in the game "
            "after the hand; each pair settles every game as if the two had played it alone (Credited: what the "
            "pairs credited that player).")
    return build_document(sheet, name=name, games=_three_games_table(result, width), hands_title="Hands",
                          hands=_three_hands_table(result, sheet.record, width), note=note,
                          lines=match_lines(result), details=["Three players: the dealer sits each hand out, the loser deals the next"],
                          signers=[f"{p} (signature)" for p in players] + ["Witness or director"])


# Partnership


def deal_rows(result: Mapping, record: Mapping | None) -> tuple[list[str], list[list[str]]]:
    """Two rows a deal (table 1, table 2): who played whom, how it ended, who won what; on the deal's first
    row, the points the deal put on each team's side, the game, and the teams' running totals."""
    teams = sides(result)
    entered = (record or {}).get("hands") or []
    head = ["Deal", "Table", "Played", "How it ended", "Won by", "Pts", "Box"] + teams + ["Game"] + teams
    running: dict[int, dict[str, int]] = {}
    current = {t: 0 for t in teams}
    rows = []
    for i, deal in enumerate(result["hands"]):
        raw = (entered[i] if i < len(entered) else {}).get("tables") or [None, None]
        for g in deal["games"]:
            current = running.setdefault(g, {t: 0 for t in teams})
            for t in teams:
                current[t] += deal["points"][t]
        for k, table in enumerate(deal["tables"]):
            won = table["winner"] is not None
            cells = [str(deal["n"]) if k == 0 else "", str(table["table"]), " v ".join(table["players"]),
                     _how(table, raw[k] if k < len(raw) else None, table["players"], result["rules"]),
                     table["winner"] or "", str(table["points"]) if won else "", str(table["boxes"]) if won else ""]
            if k == 0:
                cells += [_deal_points(deal, t) for t in teams] + [", ".join(str(g) for g in deal["games"])]
                cells += [str(current[t]) for t in teams]
            else:
                cells += [""] * (2 * len(teams) + 1)
            rows.append(cells)
    return head, rows


def _deal_points(deal: Mapping, team: str) -> str:
    points, boxes = deal["points"][team], deal["boxes"][team]
    box = f"\n{boxes} box{'es' if boxes > 1 else ''}" if boxes else ""
    return (f"+{points}" if points else ("0" if boxes else "")) + box


def _deals_table(result: Mapping, record: Mapping | None, width: float) -> Table:
    head, rows = deal_rows(result, record)
    teams = sides(result)
    figures = [line for r in rows for c in r[7:9] + r[10:12] for line in c.split("\n")]
    team_w = max(40, min(60, _natural(figures, BOLD)))
    short = [ellipsis(t, BOLD, SIZE, team_w - 6) for t in teams]  # the title and the games say them whole
    names = _pieces([p for t in result["teams"] for p in t["players"]])
    widths = _widths(width, [24, 26, None, None, None, 26, 22, team_w, team_w, 30, team_w, team_w],
                     _wants(rows, (2, 3, 4)), [names, _pieces([r[3] for r in rows]), names])
    top = ["", "", "", "", "", "", "", "The deal", "", "", "Game totals", ""]
    data = [top, head[:7] + short + ["Game"] + short]
    data += [_paragraphs(r, {2, 3, 4}, widths) for r in rows]
    cmds = list(BASE) + [
        ("FONT", (0, 0), (-1, 1), BOLD, SIZE), ("BACKGROUND", (0, 0), (-1, 1), SHADE),
        ("LINEBELOW", (0, 0), (-1, 0), 0, SHADE), ("LINEBELOW", (0, 1), (-1, 1), 0.8, INK),
        ("SPAN", (7, 0), (8, 0)), ("SPAN", (10, 0), (11, 0)), ("ALIGN", (7, 0), (-1, 0), "CENTER"),
        ("ALIGN", (5, 1), (-1, -1), "RIGHT"), ("ALIGN", (0, 1), (1, -1), "RIGHT"),
        ("LINEBEFORE", (7, 0), (7, -1), 0.8, INK), ("LINEBEFORE", (10, 0), (10, -1), 0.8, INK)]
    ends = _game_ends(result)
    for d, deal in enumerate(result["hands"]):
        r = 2 + 2 * d
        for k, table in enumerate(deal["tables"]):
            if table["winner"] is None:
                cmds.append(("TEXTCOLOR", (1, r + k), (6, r + k), FAINT))
        for c in (0, 7, 8, 9, 10, 11):
            cmds.append(("SPAN", (c, r), (c, r + 1)))
        cmds += [("NOSPLIT", (0, r), (-1, r + 1)),
                 ("LINEBELOW", (0, r + 1), (-1, r + 1), 0.9 if deal["n"] in ends else 0.5, INK if deal["n"] in ends
                  else FAINT)]
    cmds.append(("VALIGN", (0, 2), (0, -1), "TOP"))
    return Table(data, colWidths=widths, repeatRows=2, style=TableStyle(cmds))


def build_partnership_sheet(sheet: MatchSheet) -> bytes:
    result = sheet.result
    teams = result["teams"]
    width = sheet_width(sheet.paper)
    scoring = result["rules"].get("partnership_scoring", "difference")
    how = ("the team whose players won more at the two tables scores the difference" if scoring == "difference"
           else "each team scores what its players won")
    note = (f"Each deal is two hands at once, partners changing opponents every deal; {how}. The deal: the points "
            f"it put on each team's side, and the boxes (a box for every table hand the team's players win). Game "
            f"totals: each team's points in the game after the deal.")
    players = [p for t in teams for p in t["players"]]
    return build_document(sheet, name=f"{teams[0]['name']} v {teams[1]['name']}",
                          games=_games_table(result, width), hands_title="Deals",
                          hands=_deals_table(result, sheet.record, width), note=note, lines=match_lines(result),
                          details=[" \u00b7 ".join(f"{t['name']}: {t['players'][0]} & {t['players'][1]}"
                                                   for t in teams)],
                          signers=[f"{p} (signature)" for p in players] + ["Witness or director"],
                          box_rules={**result["rules"], "dealer": "each table turns the deal over as it likes"},
                          tail=2)


def build_group_match_sheet(sheet: MatchSheet) -> bytes:
    """A three-handed or partnership match's filled sheet as a PDF."""
    return build_partnership_sheet(sheet) if sheet.result.get("teams") else build_three_sheet(sheet)
