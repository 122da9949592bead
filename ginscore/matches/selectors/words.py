"""A hand in words, as the hand list, the history and the record write it."""
from __future__ import annotations

from ginscore.engine import HandResult
from ginscore.matches.records import HandEntry, Pair, entry_to_json, two
from ginscore.matches.rulings import rulings_text
from ginscore.matches.selectors.head import HandLine


def hand_line(h: HandResult, entry: HandEntry, names, marks: tuple[str, ...] = (), table: int = 1) -> HandLine:
    """``names``: the hand's ``Pair`` (or a two-player match's two names)."""
    pair = names if isinstance(names, Pair) else two(names)
    return HandLine(h.n, h.dealer, hand_text(h, entry, pair), h.winner, h.points, h.boxes, h.games, entry, marks,
                    pair, table, hand_rulings_text(h))


def hand_rulings_text(h: HandResult) -> str:
    """The director's rulings on a scored hand, in words ("" when none)."""
    return rulings_text(h.rulings.to_json()) if h.rulings is not None else ""


def hand_text(h: HandResult, entry: HandEntry, names) -> str:
    """ "Ann knocked 8 v 32", "Ben went gin (Ann 41)", "Dead hand", with the upcard."""
    text = record_hand_text(entry_to_json(entry, names), rulings=False)
    if h.undercut:
        text += f"; {h.winner} undercut"
    elif entry.end == "knock" and h.end == "gin":
        text += " (a gin)"
    found = ((h.detail or {}).get("bonus") or {}).get(h.winner) if entry.bonus is None else None
    if found:
        text += f"; bonus {found}"  # Sequence Gin, found from the cards
    return text


_HOW = {"knock": "knocked", "gin": "went gin", "big_gin": "went big gin", "out": "went out"}


def record_hand_text(d: dict | None, rulings: bool = True) -> str:
    """A hand as the record writes it, in words (the history's before and after), with its
    rulings unless ``rulings`` is false."""
    if not d:
        return "nothing"
    ruled = rulings_text(d) if rulings else ""
    if ruled:
        return f"{record_hand_text(d, rulings=False)}. {ruled}"
    up = f", upcard {d['upcard']}" if d.get("upcard") else ""
    if d.get("end") == "dead":
        return "Dead hand" + up
    by, end = d.get("by"), d.get("end")
    extra = up + (f", bonus {d['bonus']}" if d.get("bonus") else "")
    if end == "stock_out":
        counts = d.get("deadwood") or {}
        held = ", ".join(f"{p} {v}" for p, v in counts.items()) if counts else "entered as cards"
        return f"Stock ran out ({held}){extra}"
    if d.get("cards"):
        what = "challenged" if end == "challenge" else _HOW.get(end, end)
        return f"{by} {what} (entered as cards){extra}"
    dw = d.get("deadwood") or {}
    other = next((p for p in dw if p != by), "?")
    if end == "knock":
        return f"{by} knocked {dw.get(by)} v {dw.get(other)}{extra}"
    if end == "challenge":
        return f"{by} challenged: {by} {dw.get(by)} v {other} {dw.get(other)}{extra}"
    contract = ", no contract" if d.get("no_contract") else ""
    return f"{by} {_HOW.get(end, end)} ({other} {dw.get(other)}{contract}){extra}"
