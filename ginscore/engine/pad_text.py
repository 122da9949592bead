"""The score pad as plain text, for a person at a terminal (``score --pad``).

Like the paper pad: per game, a column of running totals for each side (a
player, or a partnership's team), then boxes, bonuses, totals and what the
game settled; then the match score and, at the end, the settlement.

- Two players: each player's column of running totals (a ``+`` marks a hand
  worth extra boxes); Hollywood's three games side by side.
- Three players: a row per hand with who sat it out (the dealer); the
  winner's running total in their column, ``-`` for the other player of the
  hand; at the game's end each pair's net, and at the match's end what each
  pair settles.
- A partnership: a row per deal with both tables' hands and what the deal
  put on each team's side (``+15 (40)``: 15 points, 40 in the game so far).

A ``*`` marks a hand that carries a director's ruling.
"""
from __future__ import annotations

from ginscore.engine.results import DealResult, GameResult, HandResult, MatchResult
from ginscore.engine.sides import Partnership

ROWS = (("boxes", "boxes"), ("box bonus", "box_bonus"), ("game bonus", "game_bonus"),
        ("shutout", "shutout_bonus"), ("total", "total"))
LABEL = 10  # the width of the row labels ("game bonus")


def _column(game: GameResult, player: str) -> list[str]:
    return [f"{e.running}{'+' * (e.boxes - 1)}" for e in game.entries if e.player == player]


def _state(game: GameResult) -> str:
    if not game.complete:
        return "in play"
    if not game.shutout:
        return f"{game.winner} won"
    if len(game.players) == 2:
        return f"{game.winner} won, shutout"
    return f"{game.winner} won; shut out: {', '.join(game.shut_out)}"


def _cells(cells, width: int) -> str:
    return "".join(f"{c:>{width}}" for c in cells)


def _names(sides: tuple[str, ...], width: int) -> str:
    """The column heads: each name cut to the column (the pad's first line has them whole)."""
    return _cells((s[:width - 1] for s in sides), width)


def _totals(game: GameResult, sides: tuple[str, ...], width: int, lead: int) -> list[str]:
    """The rows under a game's hands: points, boxes and, once it is complete, bonuses and totals.
    (Three players: the shutout goes with a pair, not a line; it is said with the pairs.)"""
    lines = [f"{'points':{lead}} {_cells((game.players[s].points for s in sides), width)}"]
    for label, attr in ROWS:
        if (not game.complete and attr != "boxes") or (attr == "shutout_bonus" and len(sides) == 3):
            continue
        lines.append(f"{label:{lead}} {_cells((getattr(game.players[s], attr) for s in sides), width)}")
    return lines


def _net(game: GameResult) -> str:
    if not game.complete:
        return ""
    return f"net {game.net} to {game.credited}" if game.credited else "net 0"


def _two_player_block(game: GameResult, players: tuple[str, str], width: int) -> list[str]:
    a, b = players
    full = width * 2 + LABEL + 1
    lines = [f"Game {game.n} ({_state(game)})".ljust(full)[:full], f"{'':{LABEL}} {_names(players, width)}"]
    cols = (_column(game, a), _column(game, b))
    for i in range(max(len(cols[0]), len(cols[1]), 1)):
        lines.append(f"{'':{LABEL}} {_cells((c[i] if i < len(c) else '' for c in cols), width)}")
    lines.extend(_totals(game, players, width, LABEL))
    lines.append(f"{'':{LABEL}} {_net(game):>{width * 2}}")
    return [line.ljust(full) for line in lines]


def _hands_of(result: MatchResult, game: GameResult) -> list:
    """The hands (deals) played while a one-column game was open: from the hand after the
    previous game ended to the one that ended it, dead ones too."""
    games = result.games
    i = game.n - 1
    first = games[i - 1].ended_after + 1 if i else 1
    last = game.ended_after or len(result.hands)
    return list(result.hands[first - 1:last])


def _running(game: GameResult) -> dict[tuple[int, str], object]:
    return {(e.hand, e.player): e for e in game.entries}


def _ruled(h: HandResult) -> str:
    return "*" if h.rulings is not None else ""


def _three_player_block(result: MatchResult, game: GameResult, width: int) -> list[str]:
    sides = result.sides
    lead = 6 + max(len("sat out"), *(len(p) for p in sides))
    running = _running(game)
    rows = [f"Game {game.n} ({_state(game)})", f"{'hand  sat out':{lead}} {_names(sides, width)}"]
    for h in _hands_of(result, game):
        cells = []
        for p in sides:
            if p == h.dealer:
                cells.append("")
            elif h.winner is None:
                cells.append("dead" if h.end == "dead" else "no win")
            elif p == h.winner:
                e = running[(h.n, p)]
                cells.append(f"{e.running}{'+' * (e.boxes - 1)}{_ruled(h)}")
            else:
                cells.append("-")
        rows.append(f"{h.n:>4}  {h.dealer:{lead - 6}} {_cells(cells, width)}")
    rows.extend(_totals(game, sides, width, lead))
    for pair in game.pairs:
        a, b = pair.players
        said = f"net {pair.net} to {pair.credited}" if pair.credited else "level, net 0"
        if result.rules.shutout != "none" and game.winner in pair.players and set(pair.players) & set(game.shut_out):
            said += f" (with the shutout: {next(p for p in pair.players if p != game.winner)} won no hand)"
        rows.append(f"{a} v {b}: {said}")
    return rows


def _table_text(h: HandResult) -> str:
    """One table's hand of a deal: "Ann v Ben: Ann 22 gin" (or dead)."""
    head = f"{h.players[0]} v {h.players[1]}: "
    if h.winner is None:
        return head + ("dead" if h.end == "dead" else "no win") + _ruled(h)
    how = " undercut" if h.undercut else (" gin" if h.end == "gin" else " big gin" if h.end == "big_gin" else "")
    return f"{head}{h.winner} {h.points}{how}{_ruled(h)}"


def _partnership_block(result: MatchResult, game: GameResult, width: int) -> list[str]:
    sides = result.sides
    deals: list[DealResult] = _hands_of(result, game)
    texts = [(_table_text(d.tables[0]), _table_text(d.tables[1])) for d in deals]
    w1 = max([len("table 1")] + [len(t[0]) for t in texts])
    w2 = max([len("table 2")] + [len(t[1]) for t in texts])
    lead = max(LABEL, 6 + w1 + 2 + w2)
    running = _running(game)
    cells = []
    for d in deals:
        entries = (running.get((d.n, team)) for team in sides)
        cells.append([f"+{e.points} ({e.running})" if e else "" for e in entries])
    width = max([width, 12] + [len(c) + 2 for row in cells for c in row])
    rows = [f"Game {game.n} ({_state(game)})",
            f"{'deal  ' + 'table 1'.ljust(w1) + '  table 2':{lead}} {_names(sides, width)}"]
    for d, (t1, t2), row in zip(deals, texts, cells):
        rows.append(f"{d.n:>4}  {t1:{w1}}  {t2:{lead - 6 - w1 - 2}} {_cells(row, width)}")
    rows.extend(_totals(game, sides, width, lead))
    if game.complete:
        rows.append(f"{'':{lead}} {_net(game):>{width * 2}}")
    return rows


def _head(result: MatchResult) -> str:
    rules = result.rules
    length = result.length.describe(rules)
    if result.teams:
        teams = " v ".join(t.name if t.name == " & ".join(t.players) else f"{t.name} ({' & '.join(t.players)})"
                           for t in result.teams)
        return (f"{teams}: {rules.preset} rules, {length}, two tables a deal, "
                f"the deal's points by {rules.partnership_scoring}")
    if len(result.players) == 3:
        return (f"{' v '.join(result.players)}: {rules.preset} rules, {length}, first dealer "
                f"{result.first_dealer}; the dealer sits out, the loser deals")
    a, b = result.players
    return f"{a} v {b}: {rules.preset} rules, {length}, first dealer {result.first_dealer}"


def _next(result: MatchResult) -> str:
    n = len(result.hands) + 1
    if result.teams:
        t1, t2 = Partnership(result.rules, result.teams).tables_for(n)
        return f"Next: deal {n}, {t1[0]} v {t1[1]} at table 1, {t2[0]} v {t2[1]} at table 2"
    dealer = result.next_dealer
    if len(result.players) == 3:
        a, b = (p for p in result.players if p != dealer)
        return f"Next to deal: {dealer} (sits out; {a} v {b} play hand {n})"
    return f"Next to deal: {dealer}"


def render_pad(result: MatchResult) -> str:
    sides = result.sides
    width = max(8, min(12, max(len(p) for p in sides) + 2))
    head = _head(result)
    out = [head, "=" * len(head), ""]
    if result.teams:  # a bigger table: how its rows read, and its game's block
        bigger = _partnership_block
        out.extend(["A row a deal: both tables' hands, and what the deal put on each team's side:",
                    "+15 (40) is 15 points, 40 in the game so far.", ""])
    elif len(sides) == 3:
        bigger = _three_player_block
        out.extend(["A row a hand: the winner's running total in their column, - for the player who lost it,",
                    "blank for the dealer who sat it out.", ""])
    else:
        bigger = None
    marks = False
    for games in result.sets():
        if bigger:  # one game a set: the games one under another
            for g in games:
                block = bigger(result, g, width)
                marks = marks or any("*" in row for row in block[2:])
                out.extend(row.rstrip() for row in block)
                out.append("")
            continue
        for start in range(0, len(games), 3):
            blocks = [_two_player_block(g, sides, width) for g in games[start:start + 3]]
            height = max(len(b) for b in blocks)
            for b in blocks:
                b.extend([" " * len(b[0])] * (height - len(b)))
            out.extend(" | ".join(row).rstrip() for row in zip(*blocks))
            out.append("")
    if marks:
        out.extend(["* the hand carries a director's ruling", ""])
    m = result.match
    score = ", ".join(f"{p} {m.score[p]}" for p in sides)
    out.append(f"Match score: {score} (to {m.target})")
    if m.complete:
        what = "deal" if result.teams else "hand"
        out.append(f"Match over after {what} {m.ended_after}: {m.winner} wins.")
        for s in m.settlements:  # two sides: their one settlement, if either owes
            amount = f" = {s.amount}" if s.amount is not None else ""
            out.append(f"Settlement: {s.payer} pays {s.payee} {s.points} points{amount}.")
        if not m.settlements:
            level = "every pair is level" if len(sides) == 3 else "the scores are level"
            out.append(f"Settlement: {level}; nobody pays.")
    else:
        out.append(_next(result))
    return "\n".join(out) + "\n"
