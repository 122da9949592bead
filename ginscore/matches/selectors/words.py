"""A hand in words, as the hand list, the history and the record write it."""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

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
        text += _("; %(winner)s undercut") % {"winner": h.winner}
    elif entry.end == "knock" and h.end == "gin":
        text += _(" (a gin)")
    found = ((h.detail or {}).get("bonus") or {}).get(h.winner) if entry.bonus is None else None
    if found:
        text += _("; bonus %(bonus)s") % {"bonus": found}  # Sequence Gin, found from the cards
    return text


_HOW = {"knock": gettext_lazy("%(by)s knocked"), "gin": gettext_lazy("%(by)s went gin"),
        "big_gin": gettext_lazy("%(by)s went big gin"), "out": gettext_lazy("%(by)s went out"),
        "challenge": gettext_lazy("%(by)s challenged")}


def _did(by, end) -> str:
    """ "Ann knocked", "Ben went gin" (an end the site does not know: its key)."""
    return str(_HOW[end]) % {"by": by} if end in _HOW else f"{by} {end}"


def record_hand_text(d: dict | None, rulings: bool = True) -> str:
    """A hand as the record writes it, in words (the history's before and after), with its
    rulings unless ``rulings`` is false."""
    if not d:
        return _("nothing")
    ruled = rulings_text(d) if rulings else ""
    if ruled:
        return f"{record_hand_text(d, rulings=False)}. {ruled}"
    up = _(", upcard %(card)s") % {"card": d["upcard"]} if d.get("upcard") else ""
    if d.get("end") == "dead":
        return _("Dead hand") + up
    by, end = d.get("by"), d.get("end")
    extra = up + (_(", bonus %(bonus)s") % {"bonus": d["bonus"]} if d.get("bonus") else "")
    if end == "stock_out":
        counts = d.get("deadwood") or {}
        held = _(", ").join(f"{p} {v}" for p, v in counts.items()) if counts else _("entered as cards")
        return _("Stock ran out (%(held)s)") % {"held": held} + extra
    if d.get("cards"):
        return _("%(did)s (entered as cards)") % {"did": _did(by, end)} + extra
    dw = d.get("deadwood") or {}
    other = next((p for p in dw if p != by), "?")
    if end == "knock":
        return _("%(by)s knocked %(mine)s v %(theirs)s") % {"by": by, "mine": dw.get(by), "theirs": dw.get(other)} \
            + extra
    if end == "challenge":
        return (_("%(by)s challenged: %(by)s %(mine)s v %(other)s %(theirs)s")
                % {"by": by, "mine": dw.get(by), "other": other, "theirs": dw.get(other)} + extra)
    if d.get("no_contract"):
        return _("%(did)s (%(other)s %(theirs)s, no contract)") % {
            "did": _did(by, end), "other": other, "theirs": dw.get(other)} + extra
    return _("%(did)s (%(other)s %(theirs)s)") % {"did": _did(by, end), "other": other, "theirs": dw.get(other)} + extra
