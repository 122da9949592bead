"""The history of a match's hands, newest first, and the undo the pad may offer."""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from ginscore.club.device import device_shown
from ginscore.club.prepared import Prepared
from ginscore.matches.models import VIA_SEAT_CODE, VIA_SEAT_LINK, VIA_TABLE_LINK, HandChange, Match
from ginscore.matches.selectors.head import ScoreHead
from ginscore.matches.selectors.words import record_hand_text


# What a change did to a hand, in the reader's language (French agrees with "manche" and "donne").
ACTIONS = {"added": pgettext_lazy("a hand", "added"), "edited": pgettext_lazy("a hand", "edited"),
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
        last = history[0].change if history else None
    else:
        changes = HandChange.objects.filter(match=match)
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
