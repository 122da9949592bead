"""The history of a match's hands, newest first, and the undo the pad may offer."""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from ginscore.club.device import device_shown
from ginscore.club.prepared import Prepared
from ginscore.matches.models import (
    VIA_SEAT_CODE, VIA_SEAT_LINK, VIA_TABLE_LINK, Hand, HandChange, Match, hands_in_order,
)
from ginscore.matches.records import HandEntry, entry_to_json, hand_pair
from ginscore.matches.selectors.head import ScoreHead
from ginscore.matches.selectors.words import record_hand_text


# What a change did to a hand, in the reader's language (French agrees with "manche" and "donne").
ACTIONS = {"clashed": pgettext_lazy("a hand", "typed differently"), "added": pgettext_lazy("a hand", "added"), "edited": pgettext_lazy("a hand", "edited"),
           "deleted": pgettext_lazy("a hand", "deleted"), "undone": pgettext_lazy("a hand", "undone"),
           "confirmed": pgettext_lazy("a hand", "confirmed"), "disputed": pgettext_lazy("a hand", "disputed"),
           "settled": pgettext_lazy("a hand", "settled")}
VIAS = {VIA_TABLE_LINK: gettext_lazy("table link"), VIA_SEAT_CODE: gettext_lazy("own code"),
        VIA_SEAT_LINK: gettext_lazy("own link")}


@dataclass(frozen=True)
class ChangeLine:
    change: HandChange
    before: str
    after: str
    who: str = ""  # who made the change; for a confirmation or a dispute also for which player

    @property
    def action(self) -> str:
        return str(ACTIONS.get(self.change.action, self.change.action))


def change_who(match: Match, change: HandChange) -> str:
    """ "ann", "table link", "Ben (table link)": the account or link, and the player it answered for."""
    if change.via in VIAS:
        who = str(VIAS[change.via])
    else:
        who = change.who.get_username() if change.who_id else gettext("(deleted account)")
    if change.side:
        player = match.player(change.side)
        who = f"{player.name} ({who})" if player else who
    if change.device:   # which device: the same four characters wherever that phone acted
        who = gettext("%(who)s, on device %(device)s") % {"who": who, "device": device_shown(change.device)}
    return who


_CHANGES = Prepared(lambda match_id: HandChange.objects.filter(match_id=match_id).select_related("who"))


def match_changes(match: Match) -> list[ChangeLine]:
    """The history, newest first, with each hand in words."""
    changes = _CHANGES(match.pk)
    return [ChangeLine(c, record_hand_text(c.before), record_hand_text(c.after), change_who(match, c))
            for c in changes]


def redo_offer(match: Match, next_number: int, table: int | None = None,
               history: list[ChangeLine] | None = None) -> ChangeLine | None:
    """The undo the pad may offer to take back: the latest change (a partnership: ``table``'s),
    if it undid the hand that would now be the next one of its table (one query, none when the
    match's ``history`` (``match_changes``) is given)."""
    if history is not None and table is None:
        last = next((line.change for line in history if line.change.action != "clashed"), None)
    else:
        changes = HandChange.objects.filter(match=match).exclude(action="clashed")
        if table is not None:
            changes = changes.filter(table=table)
        last = changes.order_by("-created_at", "-id").first()
    if last and last.action == "undone" and last.hand_number == next_number and last.before:
        return ChangeLine(last, record_hand_text(last.before), "")
    return None


def table_redo_offers(match: Match, head: ScoreHead, table: int | None = None) -> list[tuple]:
    """A partnership's undo row: (the table's next hand, the undone hand it may put back or None)
    for each table (on a table's page, its own only) that has a hand to undo or to redo (a
    query per table)."""
    offers = [(t, redo_offer(match, t.deal, t.table)) for t in head.tables if table in (None, t.table)]
    return [(t, redo) for t, redo in offers if t.deal > 1 or redo]


@dataclass(frozen=True)
class ClashVersion:
    text: str  # the hand another phone typed, in words
    phones: int  # how many devices typed it so
    saved_as: int | None = None  # the later hand it was saved as ("It was another hand"), if any
    mine: bool = False  # (a conflict's answer) the same as the phone asking


@dataclass(frozen=True)
class Clash:
    number: int
    table: int
    recorded: str  # the hand on the pad, in words
    versions: tuple[ClashVersion, ...]

    @property
    def ways(self) -> int:
        return 1 + len(self.versions)


def clash_versions(clashes: list[HandChange], device: str = "", typed: dict | None = None) -> tuple[ClashVersion, ...]:
    """What other phones typed for one recorded hand (its "clashed" lines), one version a text, with
    how many devices typed it; ``device``'s own lines left out, and ``typed`` (the asking phone's
    hand) marked where another phone typed the same."""
    texts: dict[str, set] = {}
    for c in clashes:
        if device and c.device == device:
            continue
        texts.setdefault(record_hand_text(c.after), set()).add(c.device or c.pk)
    mine = record_hand_text(typed) if typed else None
    return tuple(ClashVersion(text, len(devices), mine=text == mine) for text, devices in texts.items())


def hand_clashes(match: Match, history: list[ChangeLine], recent: int = 3) -> list[Clash]:
    """The hands of the last ``recent`` numbers that other phones typed differently (the history's
    "clashed" lines), while the recorded hand is still the one they differed from: the pad says
    so to every phone, the one whose save won included. A version saved since as a later hand
    says which; a clash whose every version was saved so is settled and not shown."""
    lines = [line.change for line in history if line.change.action == "clashed"]
    if not lines:
        return []   # (no query more for a pad without clashes)
    hands = hands_in_order(match.pk)
    entries = [HandEntry.of(h) for h in hands]
    last = max((h.number for h in hands), default=0)

    def json_of(h: Hand) -> dict:
        return entry_to_json(HandEntry.of(h), hand_pair(match, entries, h.number, h.table))

    out = []
    for number, table in sorted({(c.hand_number, c.table) for c in lines if c.hand_number > last - recent}):
        stored = next((h for h in hands if h.number == number and h.table == table), None)
        if stored is None:
            continue
        recorded = json_of(stored)
        mine = [c for c in reversed(lines) if (c.hand_number, c.table) == (number, table) and c.before == recorded]
        if not mine:
            continue
        later = {record_hand_text(json_of(h)): h.number for h in hands if h.table == table and h.number > number}
        versions = tuple(ClashVersion(v.text, v.phones, later.get(v.text)) for v in clash_versions(mine))
        if all(v.saved_as for v in versions):
            continue
        out.append(Clash(number, table, record_hand_text(recorded), versions))
    return out
