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

from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.i18n import ngettext_lazy, number, pgettext_lazy
from ginscore.engine.results import DealResult, GameResult, HandResult, MatchResult
from ginscore.engine.sides import Partnership

ROWS = ((pgettext_lazy("pad row", "boxes"), "boxes"), (pgettext_lazy("pad row", "box bonus"), "box_bonus"),
        (pgettext_lazy("pad row", "game bonus"), "game_bonus"), (pgettext_lazy("pad row", "shutout"), "shutout_bonus"),
        (pgettext_lazy("pad row", "total"), "total"))
POINTS = pgettext_lazy("pad row", "points")
LABEL = 10  # the least width of the row labels ("game bonus"; wider if a language's are longer)
DEAD = pgettext_lazy("pad cell", "dead")
NO_WIN = pgettext_lazy("pad cell", "no win")


def _label_width() -> int:
    return max(LABEL, len(POINTS), *(len(label) for label, _attr in ROWS))


def _versus(names) -> str:
    """Names that meet: "Ann v Ben" (three players: "Ann v Ben v Cat")."""
    return str(pgettext_lazy("between the names of players or teams who meet", " v ")).join(names)


def _column(game: GameResult, player: str) -> list[str]:
    return [f"{e.running}{'+' * (e.boxes - 1)}" for e in game.entries if e.player == player]


def _state(game: GameResult) -> str:
    if not game.complete:
        return str(_("in play"))
    if not game.shutout:
        return str(_("%(player)s won") % {"player": game.winner})
    if len(game.players) == 2:
        return str(_("%(player)s won, shutout") % {"player": game.winner})
    return str(_("%(player)s won; shut out: %(players)s") % {"player": game.winner,
                                                               "players": ", ".join(game.shut_out)})


def _cells(cells, width: int) -> str:
    return "".join(f"{c:>{width}}" for c in cells)


def _names(sides: tuple[str, ...], width: int) -> str:
    """The column heads: each name cut to the column (the pad's first line has them whole)."""
    return _cells((s[:width - 1] for s in sides), width)


def _totals(game: GameResult, sides: tuple[str, ...], width: int, lead: int) -> list[str]:
    """The rows under a game's hands: points, boxes and, once it is complete, bonuses and totals.
    (Three players: the shutout goes with a pair, not a line; it is said with the pairs.)"""
    lines = [f"{str(POINTS):{lead}} {_cells((game.players[s].points for s in sides), width)}"]
    for label, attr in ROWS:
        if (not game.complete and attr != "boxes") or (attr == "shutout_bonus" and len(sides) == 3):
            continue
        lines.append(f"{str(label):{lead}} {_cells((getattr(game.players[s], attr) for s in sides), width)}")
    return lines


def _net(game: GameResult) -> str:
    if not game.complete:
        return ""
    if game.credited:
        return str(_("net %(points)s to %(player)s") % {"points": game.net, "player": game.credited})
    return str(_("net 0"))


def _game_head(game: GameResult) -> str:
    return str(_("Game %(number)s (%(state)s)") % {"number": game.n, "state": _state(game)})


def _two_player_block(game: GameResult, players: tuple[str, str], width: int) -> list[str]:
    a, b = players
    label = _label_width()
    full = width * 2 + label + 1
    lines = [_game_head(game).ljust(full)[:full], f"{'':{label}} {_names(players, width)}"]
    cols = (_column(game, a), _column(game, b))
    for i in range(max(len(cols[0]), len(cols[1]), 1)):
        lines.append(f"{'':{label}} {_cells((c[i] if i < len(c) else '' for c in cols), width)}")
    lines.extend(_totals(game, players, width, label))
    lines.append(f"{'':{label}} {_net(game):>{width * 2}}")
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
    hand, sat_out = str(pgettext_lazy("pad column", "hand")), str(pgettext_lazy("pad column", "sat out"))
    number = max(4, len(hand))
    lead = max(_label_width(), number + 2 + max(len(sat_out), *(len(p) for p in sides)))
    running = _running(game)
    rows = [_game_head(game), f"{hand.ljust(number) + '  ' + sat_out:{lead}} {_names(sides, width)}"]
    for h in _hands_of(result, game):
        cells = []
        for p in sides:
            if p == h.dealer:
                cells.append("")
            elif h.winner is None:
                cells.append(str(DEAD if h.end == "dead" else NO_WIN))
            elif p == h.winner:
                e = running[(h.n, p)]
                cells.append(f"{e.running}{'+' * (e.boxes - 1)}{_ruled(h)}")
            else:
                cells.append("-")
        rows.append(f"{h.n:>{number}}  {h.dealer:{lead - number - 2}} {_cells(cells, width)}")
    rows.extend(_totals(game, sides, width, lead))
    for pair in game.pairs:
        a, b = pair.players
        if pair.credited:
            said = _("net %(points)s to %(player)s") % {"points": pair.net, "player": pair.credited}
        else:
            said = _("level, net 0")
        if result.rules.shutout != "none" and game.winner in pair.players and set(pair.players) & set(game.shut_out):
            said = _("%(said)s (with the shutout: %(player)s won no hand)") % {
                "said": said, "player": next(p for p in pair.players if p != game.winner)}
        rows.append(str(_("%(players)s: %(said)s") % {"players": _versus((a, b)), "said": said}))
    return rows


def _table_text(h: HandResult) -> str:
    """One table's hand of a deal: "Ann v Ben: Ann 22 gin" (or dead)."""
    if h.winner is None:
        said = f"{DEAD if h.end == 'dead' else NO_WIN}{_ruled(h)}"
    else:
        won = {"player": h.winner, "points": h.points}
        if h.undercut:
            said = _("%(player)s %(points)s undercut") % won
        elif h.end == "gin":
            said = _("%(player)s %(points)s gin") % won
        elif h.end == "big_gin":
            said = _("%(player)s %(points)s big gin") % won
        else:
            said = f"{h.winner} {h.points}"
        said = f"{said}{_ruled(h)}"
    return str(_("%(players)s: %(said)s") % {"players": _versus(h.players[:2]), "said": said})


def _partnership_block(result: MatchResult, game: GameResult, width: int) -> list[str]:
    sides = result.sides
    deals: list[DealResult] = _hands_of(result, game)
    texts = [(_table_text(d.tables[0]), _table_text(d.tables[1])) for d in deals]
    deal = str(pgettext_lazy("pad column", "deal"))
    first, second = (str(_("table %(number)s") % {"number": t}) for t in (1, 2))
    number = max(4, len(deal))
    w1 = max([len(first)] + [len(t[0]) for t in texts])
    w2 = max([len(second)] + [len(t[1]) for t in texts])
    lead = max(_label_width(), number + 2 + w1 + 2 + w2)
    running = _running(game)
    cells = []
    for d in deals:
        entries = (running.get((d.n, team)) for team in sides)
        cells.append([f"+{e.points} ({e.running})" if e else "" for e in entries])
    width = max([width, 12] + [len(c) + 2 for row in cells for c in row])
    rows = [_game_head(game),
            f"{deal.ljust(number) + '  ' + first.ljust(w1) + '  ' + second:{lead}} {_names(sides, width)}"]
    for d, (t1, t2), row in zip(deals, texts, cells):
        rows.append(f"{d.n:>{number}}  {t1:{w1}}  {t2:{lead - number - 2 - w1 - 2}} {_cells(row, width)}")
    rows.extend(_totals(game, sides, width, lead))
    if game.complete:
        rows.append(f"{'':{lead}} {_net(game):>{width * 2}}")
    return rows


def _head(result: MatchResult) -> str:
    rules = result.rules
    said = {"preset": rules.preset, "length": result.length.describe(rules)}
    if result.teams:
        teams = _versus(t.name if t.name == " & ".join(t.players) else f"{t.name} ({' & '.join(t.players)})"
                        for t in result.teams)
        return str(_("%(sides)s: %(preset)s rules, %(length)s, two tables a deal, the deal's points by %(scoring)s")
                   % {**said, "sides": teams, "scoring": rules.partnership_scoring})
    if len(result.players) == 3:
        return str(_("%(sides)s: %(preset)s rules, %(length)s, first dealer %(dealer)s; the dealer sits out, "
                     "the loser deals") % {**said, "sides": _versus(result.players), "dealer": result.first_dealer})
    return str(_("%(sides)s: %(preset)s rules, %(length)s, first dealer %(dealer)s")
               % {**said, "sides": _versus(result.players), "dealer": result.first_dealer})


def _next(result: MatchResult) -> str:
    n = len(result.hands) + 1
    if result.teams:
        t1, t2 = Partnership(result.rules, result.teams).tables_for(n)
        return str(_("Next: deal %(number)s, %(first)s at table 1, %(second)s at table 2")
                   % {"number": n, "first": _versus(t1), "second": _versus(t2)})
    dealer = result.next_dealer
    if len(result.players) == 3:
        a, b = (p for p in result.players if p != dealer)
        return str(_("Next to deal: %(dealer)s (sits out; %(players)s play hand %(number)s)")
                   % {"dealer": dealer, "players": _versus((a, b)), "number": n})
    return str(_("Next to deal: %(dealer)s") % {"dealer": dealer})


def _amount(amount) -> object:
    return number(amount, max(0, -amount.as_tuple().exponent))


def render_pad(result: MatchResult) -> str:
    """The pad as text, in the reader's language."""
    sides = result.sides
    width = max(8, min(12, max(len(p) for p in sides) + 2))
    head = _head(result)
    out = [head, "=" * len(head), ""]
    if result.teams:  # a bigger table: how its rows read, and its game's block
        bigger = _partnership_block
        out.extend([str(_("A row a deal: both tables' hands, and what the deal put on each team's side:")),
                    str(_("+15 (40) is 15 points, 40 in the game so far.")), ""])
    elif len(sides) == 3:
        bigger = _three_player_block
        out.extend([str(_("A row a hand: the winner's running total in their column, - for the player who lost it,")),
                    str(_("blank for the dealer who sat it out.")), ""])
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
        out.extend([str(_("* the hand carries a director's ruling")), ""])
    m = result.match
    score = ", ".join(f"{p} {m.score[p]}" for p in sides)
    out.append(str(_("Match score: %(score)s (to %(target)s)") % {"score": score, "target": m.target}))
    if m.complete:
        over = {"number": m.ended_after, "winner": m.winner}
        out.append(str((_("Match over after deal %(number)s: %(winner)s wins.") if result.teams else
                        _("Match over after hand %(number)s: %(winner)s wins.")) % over))
        for s in m.settlements:  # two sides: their one settlement, if either owes
            said = {"payer": s.payer, "payee": s.payee, "count": s.points}
            if s.amount is None:
                out.append(str(ngettext_lazy("Settlement: %(payer)s pays %(payee)s %(count)s point.",
                                             "Settlement: %(payer)s pays %(payee)s %(count)s points.", s.points)
                               % said))
            else:
                out.append(str(ngettext_lazy("Settlement: %(payer)s pays %(payee)s %(count)s point = %(amount)s.",
                                             "Settlement: %(payer)s pays %(payee)s %(count)s points = %(amount)s.",
                                             s.points) % {**said, "amount": _amount(s.amount)}))
        if not m.settlements:
            out.append(str(_("Settlement: every pair is level; nobody pays.") if len(sides) == 3 else
                           _("Settlement: the scores are level; nobody pays.")))
    else:
        out.append(_next(result))
    return "\n".join(out) + "\n"
