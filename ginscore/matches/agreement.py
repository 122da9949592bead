"""Both players agree: writes that confirm, dispute or settle a hand, each inside one transaction.

A tournament may ask that a hand entered at a table count only once the other
player confirms it (``Tournament.agree``; the tournaments app marks the hand
``awaiting`` after the write, see ``hand_awaits``). The other player confirms it
on their own phone (their account, or the table link) or on the same phone by a
second tap naming themselves; the one who entered it cannot confirm their own
entry from their account. Either player other than the entrant may dispute it
instead, with a short reason; a director settles a dispute: confirms the hand as
entered (``hand_settle``) or corrects it, which confirms it too.

Each of these writes locks the match, keeps the history (``HandChange`` names who
confirmed, disputed or settled, and for whom), moves the match's revision on (the
live pads) and sends ``match_changed`` with the action "confirmed", "disputed" or
"settled", so the tournament counts the result once nothing awaits.
"""
from __future__ import annotations

from django.db import transaction

from ginscore.club.roles import is_director
from ginscore.matches.models import (
    AGREED, AWAITING, DISPUTED, KIND_PARTNERSHIP, VIA_ACCOUNT, VIA_TABLE_LINK, Hand, HandChange, Match,
)
from ginscore.matches.records import HandEntry, entry_to_json, hand_pair, match_names
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


def _entrant_side_seats(match: Match, hand: Hand) -> set[str]:
    """The entrant's seat and, in a partnership, their partner's: they cannot answer for the hand."""
    seat = entrant_side(match, hand)
    if seat is None:
        return set()
    return {seat, PARTNER[seat]} if match.kind == KIND_PARTNERSHIP else {seat}


def confirm_sides(match: Match, hand: Hand, user, via: str | None) -> list[str]:
    """The seats this request may confirm (or dispute) ``hand`` as: a player's own seat from
    their account, any seat but the entrant's (and their partner's) on a shared phone; none
    for the entrant's own account."""
    if via is None or hand.agreement != AWAITING:
        return []
    if via == VIA_ACCOUNT and user is not None and user.is_authenticated and hand.entered_by_id == user.pk:
        return []
    own = account_side(match, user) if via == VIA_ACCOUNT else None
    seats = [own] if own else list(match.seat_letters)
    barred = _entrant_side_seats(match, hand)
    return [s for s in seats if s not in barred]


def _refusal(match: Match, hand: Hand, side: str, user, via: str) -> str | None:
    """Why ``side`` may not answer for ``hand`` from this request, in a sentence; None if it may."""
    names = dict(zip(match.seat_letters, match_names(match)))
    if side not in names:
        return "Tap the name of the player who answers for the hand."
    if side in confirm_sides(match, hand, user, via):
        return None
    own = account_side(match, user) if via == VIA_ACCOUNT else None
    if via == VIA_ACCOUNT and user is not None and hand.entered_by_id == user.pk:
        return f"You entered hand {hand.number}: the other player confirms it."
    if own and own != side:
        return f"You play as {names[own]} in this match: answer for yourself."
    others = [names[s] for s in names if s not in _entrant_side_seats(match, hand)]
    return f"{names[entrant_side(match, hand)]} entered hand {hand.number}: {' or '.join(others)} confirms it."


def _shown_hand(rows: list[Hand], number: int, version: str) -> Hand | None:
    """The hand the page showed as ``number`` (in a partnership, either table's), if unchanged."""
    return next((h for h in rows if h.number == number and hand_version(h) == version), None)


def _awaiting_hand(rows: list[Hand], number: int, version: str) -> Hand:
    hand = _shown_hand(rows, number, version)
    if hand is None:
        raise HandConflict(f"Hand {number} changed on another device. Here is the pad as it stands now.")
    if hand.agreement == DISPUTED:
        raise HandRefused(f"Hand {number} is disputed: the director settles it.")
    if hand.agreement != AWAITING:
        raise HandRefused(f"Hand {number} already counts: nothing to confirm.")
    return hand


def _answer(match_id: int, number: int, version: str, side: str, user, via: str, action: str,
            reason: str = "") -> Hand:
    with transaction.atomic():
        match, rows = _locked(match_id)
        hand = _awaiting_hand(rows, number, version)
        refused = _refusal(match, hand, side, user, via)
        if refused:
            raise HandRefused(refused)
        hand.agreement = AGREED if action == "confirmed" else DISPUTED
        hand.dispute_reason = reason
        hand.save(update_fields=["agreement", "dispute_reason", "updated_at"])
        _log_answer(match, rows, hand, action, user, via, side, reason)
    return hand


def hand_confirm(*, match_id: int, number: int, version: str, side: str, user=None,
                 via: str = VIA_ACCOUNT) -> Hand:
    """The player in seat ``side`` confirms hand ``number`` as entered: it counts."""
    return _answer(match_id, number, version, side, user, via, "confirmed")


def reason_clean(reason: str) -> str:
    """A dispute's reason: spaces collapsed, 1 to 200 characters, no control characters."""
    text = " ".join((reason or "").split())
    if not text:
        raise HandRefused("reason: say in a few words what is wrong with the hand.")
    if len(text) > REASON_MAX:
        raise HandRefused(f"reason: at most {REASON_MAX} characters (this one has {len(text)}).")
    if any(ord(c) < 32 or ord(c) == 127 for c in text):
        raise HandRefused("reason: control characters are not allowed.")
    return text


def hand_dispute(*, match_id: int, number: int, version: str, side: str, reason: str, user=None,
                 via: str = VIA_ACCOUNT) -> Hand:
    """The player in seat ``side`` disputes hand ``number`` (with a short reason): the director settles it."""
    return _answer(match_id, number, version, side, user, via, "disputed", reason_clean(reason))


def hand_settle(*, match_id: int, number: int, version: str, user) -> Hand:
    """A director confirms an awaiting or disputed hand as entered: it counts."""
    if user is None or not is_director(user):
        raise HandRefused("Only a director settles a hand.")
    with transaction.atomic():
        match, rows = _locked(match_id)
        hand = _shown_hand(rows, number, version)
        if hand is None:
            raise HandConflict(f"Hand {number} changed since the page was shown. Here it is as it stands now.")
        if hand.agreement == AGREED:
            raise HandRefused(f"Hand {number} already counts: nothing to settle.")
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
                              who=_account(user), side=side, note=note, after=hand_json(match, hand, entries))
    _write_through(match, _score(match, entries), action, hand.number, user, via)


# Called by the app that asks for agreement (tournaments), inside the write's own transaction.


def hand_awaits(*, match: Match, number: int, user, via: str) -> None:
    """Hand ``number``, just entered or corrected by ``user`` (or a table link), now waits for the
    other player's confirmation; a director's entry or correction counts at once and settles a
    hand that was waiting or disputed (the history says so)."""
    # The hand just written: in a partnership, the latest written of the deal's two tables.
    hand = Hand.objects.filter(match=match, number=number).order_by("-updated_at", "-id").first()
    if hand is None:
        return
    if user is not None and is_director(user):
        if hand.agreement != AGREED:
            hand.agreement, hand.dispute_reason = AGREED, ""
            hand.save(update_fields=["agreement", "dispute_reason", "updated_at"])
            HandChange.objects.create(match=match, hand_number=number, table=hand.table, action="settled",
                                      via=VIA_ACCOUNT, who=_account(user), after=hand_json(match, hand))
        return
    hand.agreement, hand.dispute_reason = AWAITING, ""
    hand.entered_by, hand.entered_via = _account(user), via if via in (VIA_ACCOUNT, VIA_TABLE_LINK) else VIA_ACCOUNT
    hand.save(update_fields=["agreement", "dispute_reason", "entered_by", "entered_via", "updated_at"])


def match_awaits_agreement(match: Match) -> bool:
    """Some hand of ``match`` still waits for a confirmation or a settlement (one query)."""
    return Hand.objects.filter(match=match).exclude(agreement=AGREED).exists()
