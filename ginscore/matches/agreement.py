"""Both players agree: writes that confirm, dispute or settle a hand, each inside one transaction.

A tournament may ask that a hand entered at a table count only once the other
player confirms it (``Tournament.agree``; the tournaments app marks the hand
``awaiting`` after the write, see ``hand_awaits``). A confirmation needs
something only that player holds: their own account, their personal link, or
their seat code typed on a shared phone (``ginscore.matches.seats``); the table
link alone never confirms. The one who entered a hand never confirms it: a hand
entered from a player's account waits for the other side; a hand entered on the
table's phone (whoever typed it) waits for both sides. Any player who may
confirm may dispute it instead, with a short reason; a director settles a
dispute: confirms the hand as entered (``hand_settle``) or corrects it, which
confirms it too.

Each of these writes locks the match, keeps the history (``HandChange`` names who
confirmed, disputed or settled, and for whom), moves the match's revision on (the
live pads) and sends ``match_changed`` with the action "confirmed", "disputed" or
"settled", so the tournament counts the result once nothing awaits.
"""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from ginscore.club.device import current_device
from ginscore.club.roles import is_director
from ginscore.matches.models import (
    AGREED, AWAITING, DISPUTED, KIND_PARTNERSHIP, VIA_ACCOUNT, VIA_SEAT_CODE, VIA_SEAT_LINK, VIA_TABLE_LINK, Hand,
    HandChange, Match,
)
from ginscore.matches.records import HandEntry, entry_to_json, hand_pair, match_names
from ginscore.matches.seats import seat_code_proven, seat_proven
from ginscore.matches.services import HandConflict, HandRefused, _account, _locked, _score, _write_through

REASON_MAX = Hand._meta.get_field("dispute_reason").max_length


def hand_version(hand: Hand) -> str:
    """What a confirming form carries: the hand it showed, as it was (a hand corrected or moved
    up since is another version, and the confirmation is refused)."""
    return f"{hand.pk}.{hand.updated_at.timestamp():.6f}"


def _seated(match: Match):
    return zip(match.seat_letters, match.seats)


def entrant_side(match: Match, hand: Hand) -> str | None:
    """The seat of the player whose account entered the hand (None: a table link or a non-player)."""
    if hand.entered_by_id is None or hand.entered_via != VIA_ACCOUNT:
        return None
    return next((seat for seat, player in _seated(match) if player.user_id == hand.entered_by_id), None)


def account_side(match: Match, user) -> str | None:
    """The seat of the player linked to ``user``'s account, if they play in this match."""
    if user is None or not user.is_authenticated:
        return None
    return next((seat for seat, player in _seated(match) if player.user_id == user.pk), None)


PARTNER = {"a": "c", "c": "a", "b": "d", "d": "b"}


def _team(match: Match, seat: str) -> str:
    """Who answers together: a partnership's team (by its first seat, a or b); else the seat."""
    return {"c": "a", "d": "b"}.get(seat, seat) if match.kind == KIND_PARTNERSHIP else seat


def confirmations_needed(match: Match, hand: Hand) -> int:
    """One other player's word when the entrant is known (a player's account); both sides'
    when it is not (the table's phone, or a member keeping score for two guests): the one who
    typed it may be either, and never confirms their own entry alone."""
    return 1 if entrant_side(match, hand) else 2


def confirm_sides(match: Match, hand: Hand) -> list[str]:
    """The seats that may still confirm (or dispute) ``hand``: neither the entrant's side nor a
    side that has already confirmed it."""
    if hand.agreement != AWAITING:
        return []
    entrant = entrant_side(match, hand)
    barred = {_team(match, s) for s in (hand.confirmed_sides + (entrant or ""))}
    return [s for s in match.seat_letters if _team(match, s) not in barred]


def proof_via(match: Match, side: str, user, via: str | None, proof: str = "") -> str | None:
    """How this request proves it is the player in ``side``: their own account ("account"), their
    seat code typed ("seat_code") or their personal link's token ("seat_link"); None: it does not
    (a table link alone proves nothing)."""
    if via == VIA_ACCOUNT and account_side(match, user) == side:
        return VIA_ACCOUNT
    if "".join(proof.split()).isdigit():
        return VIA_SEAT_CODE if seat_code_proven(match, side, proof) else None
    return VIA_SEAT_LINK if proof and seat_proven(match, side, proof) else None


def _refusal(match: Match, hand: Hand, side: str, user, via: str | None, proof: str) -> HandRefused | None:
    """Why ``side`` may not answer for ``hand`` from this request (``WrongCode`` when its own code
    is what is missing or wrong); None if it may."""
    names = dict(zip(match.seat_letters, match_names(match)))
    if side not in names:
        return HandRefused(_("Tap the name of the player who answers for the hand."))
    values = {"number": hand.number, "name": names[side]}
    if via == VIA_ACCOUNT and user is not None and user.is_authenticated and hand.entered_by_id == user.pk:
        return HandRefused(_("You entered hand %(number)s: the other player confirms it.") % values)
    open_sides = confirm_sides(match, hand)
    if side not in open_sides:
        entrant = entrant_side(match, hand)
        values["others"] = _(" or ").join(names[s] for s in open_sides)
        if entrant and _team(match, side) == _team(match, entrant):
            return HandRefused(_("%(entrant)s entered hand %(number)s: %(others)s confirms it.")
                               % {**values, "entrant": names[entrant]})
        return HandRefused(_("%(name)s has already confirmed hand %(number)s: it waits for %(others)s.") % values)
    if proof_via(match, side, user, via, proof):
        return _device_refusal(match, side, names)
    own = account_side(match, user) if via == VIA_ACCOUNT else None
    if own and own != side:
        return HandRefused(_("You play as %(own)s in this match: answer for yourself (or type %(name)s's own code).")
                           % {**values, "own": names[own]})
    reason = (_("type %(name)s's own code to answer as %(name)s (the table link alone does not confirm). %(name)s "
                "sees it on their own phone (logged in, or from their personal link) and on their seat of the table "
                "sheet.") % values)
    message = _("code: %(reason)s") % {"reason": reason}
    return WrongCode(message, reason=reason) if proof else HandRefused(message)


def _device_refusal(match: Match, side: str, names: dict) -> HandRefused | None:
    """One device answers for one player (one team) of a match: a phone that has confirmed or
    disputed a hand for one side cannot then answer for the other (it opened both personal links,
    or was shown both codes). None when this device may answer for ``side``."""
    device = current_device()
    if not device:
        return None
    answered = set(HandChange.objects.filter(match=match, device=device, action__in=("confirmed", "disputed"))
                   .exclude(side="").values_list("side", flat=True))
    others = sorted(s for s in answered if _team(match, s) != _team(match, side))
    if not others:
        return None
    return HandRefused(_("This phone has already answered for %(other)s in this match, so it cannot answer for "
                         "%(name)s too: %(name)s answers on their own phone (their account or personal link) or "
                         "another one.") % {"other": names[others[0]], "name": names[side]})


def _shown_hand(rows: list[Hand], number: int, version: str) -> Hand | None:
    """The hand the page showed as ``number`` (in a partnership, either table's), if unchanged."""
    return next((h for h in rows if h.number == number and hand_version(h) == version), None)


def _awaiting_hand(rows: list[Hand], number: int, version: str) -> Hand:
    hand = _shown_hand(rows, number, version)
    if hand is None:
        raise HandConflict(_("Hand %(number)s changed on another device. Here is the pad as it stands now.")
                           % {"number": number})
    if hand.agreement == DISPUTED:
        raise HandRefused(_("Hand %(number)s is disputed: the director settles it.") % {"number": number})
    if hand.agreement != AWAITING:
        raise HandRefused(_("Hand %(number)s already counts: nothing to confirm.") % {"number": number})
    return hand


class WrongCode(HandRefused):
    """The request named a seat and gave a code (or link) that is not that seat's; ``reason``:
    what to do instead."""

    def __init__(self, message: str, *, reason: str = ""):
        super().__init__(message)
        self.reason = reason


def _answer(match_id: int, number: int, version: str, side: str, user, via: str | None, proof: str,
            action: str, reason: str = "") -> Hand:
    with transaction.atomic():
        match, rows = _locked(match_id)
        hand = _awaiting_hand(rows, number, version)
        refused = _refusal(match, hand, side, user, via, proof)
        if refused is not None:
            raise refused
        if action == "confirmed":
            hand.confirmed_sides += side
            done = len({_team(match, s) for s in hand.confirmed_sides}) >= confirmations_needed(match, hand)
            hand.agreement = AGREED if done else AWAITING
        else:
            hand.agreement = DISPUTED
        hand.dispute_reason = reason
        hand.save(update_fields=["agreement", "dispute_reason", "confirmed_sides", "updated_at"])
        _log_answer(match, rows, hand, action, user, proof_via(match, side, user, via, proof), side, reason)
    return hand


def hand_confirm(*, match_id: int, number: int, version: str, side: str, user=None,
                 via: str | None = VIA_ACCOUNT, proof: str = "") -> Hand:
    """The player in seat ``side`` confirms hand ``number`` as entered, proving who they are
    (``proof_via``: their account, or ``proof``, their seat code or personal link's token); the
    hand counts once the other side has confirmed it (both sides, when the entrant is not known)."""
    return _answer(match_id, number, version, side, user, via, proof, "confirmed")


def reason_clean(reason: str) -> str:
    """A dispute's reason: spaces collapsed, 1 to 200 characters, no control characters."""
    text = " ".join((reason or "").split())
    if not text:
        raise HandRefused(_("reason: say in a few words what is wrong with the hand."))
    if len(text) > REASON_MAX:
        raise HandRefused(_("reason: at most %(most)s characters (this one has %(count)s).")
                          % {"most": REASON_MAX, "count": len(text)})
    if any(ord(c) < 32 or ord(c) == 127 for c in text):
        raise HandRefused(_("reason: control characters are not allowed."))
    return text


def hand_dispute(*, match_id: int, number: int, version: str, side: str, reason: str, user=None,
                 via: str | None = VIA_ACCOUNT, proof: str = "") -> Hand:
    """The player in seat ``side`` (proven as for ``hand_confirm``) disputes hand ``number`` with a
    short reason: the director settles it."""
    return _answer(match_id, number, version, side, user, via, proof, "disputed", reason_clean(reason))


def hand_settle(*, match_id: int, number: int, version: str, user) -> Hand:
    """A director confirms an awaiting or disputed hand as entered: it counts."""
    if user is None or not is_director(user):
        raise HandRefused(_("Only a director settles a hand."))
    with transaction.atomic():
        match, rows = _locked(match_id)
        hand = _shown_hand(rows, number, version)
        if hand is None:
            raise HandConflict(_("Hand %(number)s changed since the page was shown. Here it is as it stands now.")
                               % {"number": number})
        if hand.agreement == AGREED:
            raise HandRefused(_("Hand %(number)s already counts: nothing to settle.") % {"number": number})
        hand.agreement, hand.dispute_reason = AGREED, ""
        hand.save(update_fields=["agreement", "dispute_reason", "updated_at"])
        _log_answer(match, rows, hand, "settled", user, VIA_ACCOUNT)
    return hand


def hand_json(match: Match, hand: Hand, entries: list[HandEntry] | None = None) -> dict:
    """The hand as the record writes it (names); ``entries``, the match's hands in order, tell
    who played it with three players (read here when not given)."""
    if entries is None and len(match.seats) == 3:
        entries = [HandEntry.of(h) for h in match.hands.order_by("number", "table")]
    return entry_to_json(HandEntry.of(hand), hand_pair(match, entries, hand.number, hand.table))


def _log_answer(match: Match, rows: list[Hand], hand: Hand, action: str, user, via: str, side: str = "",
                note: str = "") -> None:
    entries = [HandEntry.of(h) for h in rows]
    HandChange.objects.create(match=match, hand_number=hand.number, table=hand.table, action=action, via=via,
                              who=_account(user), side=side, note=note, after=hand_json(match, hand, entries),
                              device=current_device())
    _write_through(match, _score(match, entries), action, hand.number, user, via)


# Called by the app that asks for agreement (tournaments), inside the write's own transaction.


def hand_awaits(*, match: Match, number: int, user, via: str) -> Hand | None:
    """Hand ``number``, just entered or corrected by ``user`` (or a table link), now waits for the
    other player's confirmation (returned); a director's entry or correction counts at once and
    settles a hand that was waiting or disputed (the history says so; None is returned)."""
    # The hand just written: in a partnership, the latest written of the deal's two tables.
    hand = Hand.objects.filter(match=match, number=number).order_by("-updated_at", "-id").first()
    if hand is None:
        return None
    if user is not None and is_director(user):
        if hand.agreement != AGREED:
            hand.agreement, hand.dispute_reason = AGREED, ""
            hand.save(update_fields=["agreement", "dispute_reason", "updated_at"])
            HandChange.objects.create(match=match, hand_number=number, table=hand.table, action="settled",
                                      via=VIA_ACCOUNT, who=_account(user), after=hand_json(match, hand),
                                      device=current_device())
        return None
    hand.agreement, hand.dispute_reason, hand.confirmed_sides = AWAITING, "", ""
    hand.entered_by, hand.entered_via = _account(user), via if via in (VIA_ACCOUNT, VIA_TABLE_LINK) else VIA_ACCOUNT
    hand.save(update_fields=["agreement", "dispute_reason", "confirmed_sides", "entered_by", "entered_via",
                             "updated_at"])
    return hand


def match_awaits_agreement(match: Match) -> bool:
    """Some hand of ``match`` still waits for a confirmation or a settlement (one query)."""
    return Hand.objects.filter(match=match).exclude(agreement=AGREED).exists()
