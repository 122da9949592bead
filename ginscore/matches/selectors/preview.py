"""The preview of a hand before it is saved: what it scores, the games and the match after it."""
from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ginscore.engine import HandResult, MatchResult, score_match
from ginscore.matches.models import END_CHOICES, Hand, Match
from ginscore.matches.bounds import grouped
from ginscore.matches.records import HandEntry, record_of
from ginscore.matches.selectors.head import GameOver, games_ended_by
from ginscore.matches.selectors.pad import lone_table_hand
from ginscore.matches.selectors.words import hand_rulings_text


# (each without its dealer clause when the match is over: no one deals again)
_NO_WINNER = {
    "dead": (gettext_lazy("Dead hand: no score; the same dealer deals again."), gettext_lazy("Dead hand: no score.")),
    "level": (gettext_lazy("The counts are level: no score; the same dealer deals again."),
              gettext_lazy("The counts are level: no score.")),
}
_WON_BY = {end: label for end, label in END_CHOICES if end in ("gin", "big_gin", "out", "challenge", "stock_out")}


def _boxes_text(h: HandResult, rules) -> str:
    """" and 1 box", or nothing in a game whose boxes are worth nothing (Fosdick's games)."""
    if not rules.box_bonus:
        return ""
    return ngettext(" and %(n)s box", " and %(n)s boxes", h.boxes) % {"n": h.boxes}


def _how_won(h: HandResult, entry: HandEntry) -> str:
    """" (undercut)", " (gin, no contract)", " (bonus 9)": how the points came, in the game's words."""
    parts = [_("undercut")] if h.undercut else [str(_WON_BY[h.end])] if h.end in _WON_BY else []
    short = h.rulings.penalty(h.by) if h.rulings is not None and h.by else 0
    if short and h.end in ("gin", "big_gin", "out") and not h.undercut:
        parts = [_("%(end)s short of cards: a knock of %(short)s") % {"end": _WON_BY[h.end], "short": short}]
    if entry.no_contract:
        parts.append(_("no contract"))
    bonus = entry.bonus if entry.bonus is not None else ((h.detail or {}).get("bonus") or {}).get(h.winner)
    if bonus:
        parts.append(_("bonus %(bonus)s") % {"bonus": bonus})
    return f" ({_(', ').join(parts)})" if parts else ""


@dataclass(frozen=True)
class Preview:
    hand: HandResult
    text: str  # what the hand scores, in one sentence
    after: str  # the game(s) and match after it
    next_dealer: str | None
    game_over: tuple[GameOver, ...] = ()  # the games this hand finishes (a new last hand only)


def _entries_with(hands: list[Hand], entry: HandEntry, number: int, table: int = 1) -> list[HandEntry]:
    """The match's entries with ``entry`` as ``table``'s hand ``number`` (a correction, or the
    next hand), in (number, table) order."""
    keyed = {(h.number, h.table): HandEntry.of(h) for h in hands}
    keyed[(number, table)] = entry
    return [keyed[k] for k in sorted(keyed)]


def hand_preview(match: Match, hands: list[Hand], entry: HandEntry, number: int, table: int = 1) -> Preview:
    """What ``entry`` would score as hand ``number`` (the next hand, or a correction); a
    partnership: as ``table``'s hand of deal ``number``.

    Raises ``RecordError``/``CardError`` as the engine does, with the hand's number.
    """
    entry = replace(entry, table=table)
    entries = _entries_with(hands, entry, number, table)
    return preview_in(match, score_match(record_of(match, entries)), entry, number, table)


def preview_in(match: Match, result: MatchResult, entry: HandEntry, number: int, table: int = 1) -> Preview:
    """The preview of ``entry`` as hand ``number`` (``table``'s) from ``result``, the match already
    scored with it (a stored hand: the pad's own result, not scored again)."""
    names = result.sides
    if result.teams:
        if number > len(result.hands):  # the other table is not in yet: this hand alone
            h = lone_table_hand(match, result.rules, entry, number)
            return Preview(h, _won_text(h, entry, result.rules) + " " + _(
                "The deal's team score comes when table %(table)s's hand is in.") % {"table": 3 - table}, "", None)
        deal = result.hands[number - 1]
        h = deal.tables[table - 1]
        text = _won_text(h, entry, result.rules) + " " + _("Deal %(n)s: %(points)s.") % {
            "n": number, "points": _(", ").join(f"{n} +{deal.points[n]}" for n in names)}
    else:
        h = result.hands[number - 1]
        text = _won_text(h, entry, result.rules)
    parts = []
    for g in result.games:
        if any(e.hand == h.n for e in g.entries):
            scores = _(", ").join(f"{n} {g.players[n].points}" for n in names)
            if g.ended_after != h.n:
                line = _("Game %(n)s: %(scores)s") % {"n": g.n, "scores": scores}
            elif g.net is not None and len(names) == 2:
                line = (_("Game %(n)s: %(scores)s; %(winner)s wins the game, net %(net)s")
                        % {"n": g.n, "scores": scores, "winner": g.winner, "net": grouped(g.net)})
            else:
                line = (_("Game %(n)s: %(scores)s; %(winner)s wins the game")
                        % {"n": g.n, "scores": scores, "winner": g.winner})
            parts.append(line)
    m = result.match
    if m.ended_after == h.n:
        others = [grouped(m.score[n]) for n in names if n != m.winner]
        parts.append(_("%(winner)s wins the match %(score)s to %(others)s")
                     % {"winner": m.winner, "score": grouped(m.score[m.winner]), "others": _(" and ").join(others)})
    over = tuple(games_ended_by(result, h.n)) if h.n == len(result.hands) else ()
    return Preview(h, text, ". ".join(parts) + ("." if parts else ""), result.next_dealer, over)


def _won_text(h: HandResult, entry: HandEntry, rules) -> str:
    """What the hand scores in one sentence, with its rulings."""
    ruled = f" {hand_rulings_text(h)}." if h.rulings is not None else ""
    if h.winner is None and h.rulings is not None and h.rulings.extra_cards and h.end != "dead":
        values = {"held": _(" and ").join(h.rulings.extra_cards)}
        text = (_("No one scores: %(held)s held too many cards and cannot win the hand; the same dealer deals again.")
                if h.dealer is not None else
                _("No one scores: %(held)s held too many cards and cannot win the hand.")) % values
        return text + ruled
    if h.winner is None:
        again, over = _NO_WINNER["level" if h.end in ("stock_out", "challenge") else "dead"]
        return str(again if h.dealer is not None else over) + ruled
    return (_("%(winner)s scores %(points)s%(boxes)s%(how)s.")
            % {"winner": h.winner, "points": grouped(h.points), "boxes": _boxes_text(h, rules), "how": _how_won(h, entry)}
            + ruled)
