"""The score pad as plain text, for a person at a terminal (``score --pad``).

Like the paper pad: per game, each player's column of running totals (a ``+``
marks a hand worth extra boxes), then boxes, bonuses, totals and the net; then
the match score and, at the end, the settlement.
"""
from __future__ import annotations

from ginscore.engine.results import GameResult, MatchResult

ROWS = (("boxes", "boxes"), ("box bonus", "box_bonus"), ("game bonus", "game_bonus"),
        ("shutout", "shutout_bonus"), ("total", "total"))


def _column(game: GameResult, player: str) -> list[str]:
    return [f"{e.running}{'+' * (e.boxes - 1)}" for e in game.entries if e.player == player]


def _game_block(game: GameResult, players: tuple[str, str], width: int) -> list[str]:
    a, b = players
    if game.complete:
        state = f"{game.winner} won" + (", shutout" if game.shutout else "")
    else:
        state = "in play"
    lines = [f"Game {game.n} ({state})".ljust(width * 2 + 11)[: width * 2 + 11],
             f"{'':10} {a[:width]:>{width}}{b[:width]:>{width}}"]
    cols = (_column(game, a), _column(game, b))
    for i in range(max(len(cols[0]), len(cols[1]), 1)):
        cells = [c[i] if i < len(c) else "" for c in cols]
        lines.append(f"{'':10} {cells[0]:>{width}}{cells[1]:>{width}}")
    lines.append(f"{'points':10} {game.players[a].points:>{width}}{game.players[b].points:>{width}}")
    for label, attr in ROWS:
        if not game.complete and attr != "boxes":
            continue
        va, vb = getattr(game.players[a], attr), getattr(game.players[b], attr)
        lines.append(f"{label:10} {va:>{width}}{vb:>{width}}")
    net = f"net {game.net} to {game.credited}" if game.complete and game.credited else (
        "net 0" if game.complete else "")
    lines.append(f"{'':10} {net:>{width * 2}}")
    return [line.ljust(width * 2 + 11) for line in lines]


def render_pad(result: MatchResult) -> str:
    players = result.players
    if len(players) != 2:  # three players or partnerships: not drawn as text yet
        return (f"{' v '.join(result.sides)}: the plain-text pad shows two-player matches only; "
                f"run score without --pad for the whole result.\n")
    width = max(8, min(12, max(len(p) for p in players) + 2))
    rules = result.rules
    head = (f"{players[0]} v {players[1]}: {rules.preset} rules, "
            f"{result.length.describe(rules)}, first dealer {result.first_dealer}")
    out = [head, "=" * len(head), ""]
    for games in result.sets():
        for start in range(0, len(games), 3):
            blocks = [_game_block(g, players, width) for g in games[start:start + 3]]
            height = max(len(b) for b in blocks)
            for b in blocks:
                b.extend([" " * len(b[0])] * (height - len(b)))
            out.extend(" | ".join(row).rstrip() for row in zip(*blocks))
            out.append("")
    m = result.match
    score = ", ".join(f"{p} {m.score[p]}" for p in players)
    out.append(f"Match score: {score} (to {m.target})")
    if m.complete:
        s = m.settlement
        out.append(f"Match over after hand {m.ended_after}: {m.winner} wins.")
        if s.payer:
            amount = f" = {s.amount}" if s.amount is not None else ""
            out.append(f"Settlement: {s.payer} pays {s.payee} {s.points} points{amount}.")
        else:
            out.append("Settlement: the scores are level; nobody pays.")
    else:
        out.append(f"Next to deal: {result.next_dealer}")
    return "\n".join(out) + "\n"
