"""Hands sent from a table phone's outbox (``static/ginscore/outbox.js``): form fields in, JSON out.

The phone puts every hand it saves in its outbox under a key it made (a UUID) and sends the
outbox in order whenever it has the network, so a hand typed through a network drop is sent
when the network returns. The key makes a resend harmless: a key the match already holds is
answered with that hand (``"again": true``), never a second one; the key of a hand undone or
deleted since is refused, so a late resend never brings an undone hand back. Every kind of
match: a three-handed hand names the two who played it (the ``by`` of the form is checked
against them); a partnership's table hand carries its ``table`` (1 or 2) and ``number`` is that
table's deal.

Every answer but a 403 carries ``message`` (a sentence the phone shows), ``next_number`` (the
hand the table enters next as the server holds it now: it may be lower than the phone's count,
after an undo on another device), ``revision`` and ``complete``. The answers (the full contract
is in docs/match-history.md):

- 200 ``{"ok": true, "number", "again", "same", "url"}``: saved; ``again``: saved before under
  this key; ``same``: another phone had already recorded hand ``number`` exactly so (nothing added).
- 409 ``{"ok": false, "conflict": {...}}``: hand ``number`` holds another hand (``reason``
  "taken"), is past the pad's next hand ("moved"), or changed under a correction ("changed"):
  the recorded hand, the typed one and ``differences``; keeping the recorded hand is the default.
- 409 ``{"ok": false, "wait": message}``: a partnership table's deal that must wait for the other
  table's hand of the deal before (the phone sends it again later; nothing is wrong with it).
- 409 ``{"ok": false, "undone": true, "action", "number"}``: this key's hand was undone (or
  deleted) on another device; it stays so (Redo on the pad puts it back).
- 422 ``{"ok": false, "errors" | "field"}``: refused (the rules, the form), nothing saved.
- 400 ``{"ok": false, "field"}``: ``entry_key``, ``number``, ``revision`` or ``table`` unusable.
- 403 ``{"ok": false, "message", "renewed"}``: this phone may not score the match (any more).
"""
from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ginscore.matches import permissions, selectors, services
from ginscore.matches.forms import HandForm
from ginscore.matches.models import KIND_PARTNERSHIP, Hand
from ginscore.matches.records import HandEntry
from ginscore.matches.views import (
    RENEWED, _conflict_context, _for_scoring, _pad_url, _pair, _table, clash_others, posted_number, same_text,
    saved_text,
)

MAY_NOT = gettext_lazy("This phone may not score this match: log in, or open the match's table link.")


def _refused(message: str, status: int = 422, **extra) -> JsonResponse:
    return JsonResponse({"ok": False, "message": str(message), **extra}, status=status)


def _entry_key(text: str) -> UUID | None:
    try:
        return UUID(text.strip())
    except (ValueError, AttributeError):
        return None


@require_POST
def hand_send(request, pk):
    """Saves one hand from the outbox: the next hand (``number`` as the phone counted it), or with
    ``replace=1`` in place of hand ``number`` at the pad's ``revision`` (a conflict resolved by
    correcting the recorded hand). ``direct=1``: typed online, the pad opens next with the message."""
    match, via = _for_scoring(request, pk)
    if via is None:
        renewed = permissions.link_renewed(request, match)
        return _refused(RENEWED if renewed else MAY_NOT, status=403, renewed=renewed)
    try:
        table = _table(request, match)
    except ValueError as e:
        return _answer(match, 1, 400, field="table", message=str(e))
    raw_key = request.POST.get("entry_key", "")
    key = _entry_key(raw_key)
    if key is None:
        return _answer(match, table, 400, field="entry_key",
                       message=_('entry_key: "%(key)s" is not an entry key (a UUID made by the phone).')
                       % {"key": raw_key[:40]})
    hands = selectors.match_hands(match)
    form = HandForm(request.POST, match=match, pair=_pair(match, hands, posted_number(request, hands, table), table))
    if not form.is_valid():
        errors = form.errors.get_json_data()
        problem = form.page_problem()
        if problem:
            return _answer(match, table, 400, field=problem[0], message=problem[1], errors=errors)
        return _answer(match, table, 422, errors=errors,
                       message=" ".join(e["message"] for field in errors.values() for e in field))
    entry = form.entry()
    number = form.cleaned_data["number"]
    replacing = request.POST.get("replace") == "1"
    try:
        hand = _save(request, match, via, entry, number, form.cleaned_data["revision"], key, table)
    except services.HandConflict as e:
        conflict = _conflict_json(match, entry, number, str(e), table, replacing)
        hand = Hand.objects.filter(match=match, number=number, table=table).first() if conflict["same"] else None
        if hand is None:
            if conflict["reason"] == "taken":
                conflict["others"] = [{"text": v.text, "phones": v.phones, "mine": v.mine}
                                      for v in clash_others(request, match, entry, number, table)]
            return _answer(match, table, 409, conflict=conflict, message=conflict["why"])
        hand.resent = hand.same = True   # corrected so already, by another phone
    except services.TableAhead as e:
        return _answer(match, table, 409, wait=str(e), message=str(e))
    except services.EntryUndone as e:
        return _answer(match, table, 409, undone=True, action=e.action, number=e.number, message=str(e))
    except services.HandRefused as e:
        return _answer(match, table, 422, message=str(e),
                       field="entry_key" if isinstance(e, services.EntryKeyReused) else None)
    direct = request.POST.get("direct") == "1"
    if hand.same:   # told here, on the pad that sent it (outbox.js stays there): not again on the next page
        text = same_text(match, hand.number, table)
    elif direct and not hand.resent:   # the pad opens next with what the hand scored
        text = _saved_text(match, hand, entry, replace=replacing, table=table)
        messages.success(request, text)
    else:
        said = {(False, False): _("%(hand)s saved."), (True, False): _("%(hand)s corrected."),
                (False, True): _("%(hand)s saved before."), (True, True): _("%(hand)s corrected before.")}
        text = said[replacing, bool(hand.resent)] % {"hand": services.hand_called(match, hand.number, table)}
    return _answer(match, table, 200, number=hand.number, again=hand.resent, same=hand.same, message=text,
                   url=_pad_url(match, table))


def _answer(match, table: int, status: int, **fields) -> JsonResponse:
    """The answer to a queued hand, with the pad as the server holds it now: the next hand of the
    phone's table (it may be lower than the phone's count: follow it down), the revision, the end."""
    match.refresh_from_db(fields=["revision", "hand_count", "complete"])
    mine = Hand.objects.filter(match=match, table=table).count() if match.kind == KIND_PARTNERSHIP \
        else match.hand_count
    return JsonResponse({"ok": status == 200, **fields, "next_number": mine + 1, "revision": match.revision,
                         "complete": match.complete}, status=status)


def _save(request, match, via, entry: HandEntry, number: int, revision: int, key: UUID, table: int) -> Hand:
    args = {"match_id": match.pk, "entry": entry, "user": request.user, "via": via, "entry_key": key,
            "table": table}
    try:
        if request.POST.get("replace") == "1":
            return services.hand_edit(number=number, expected_revision=revision, **args)
        return services.hand_add(expected_number=number, **args)
    except services.HandConflict:
        # A send of this same entry still in flight may have saved it meanwhile: then it is that hand.
        if not Hand.objects.filter(match_id=match.pk, entry_key=key).exists():
            raise
        return services.hand_add(expected_number=number, **args)


def _saved_text(match, hand: Hand, entry: HandEntry, *, replace: bool, table: int) -> str:
    """What the pad says of a hand just saved (or saved before), as for a hand saved through the form."""
    preview = selectors.hand_preview(match, selectors.match_hands(match), entry, hand.number, table)
    return saved_text(match, hand.number, preview, editing=replace, table=table)


def _conflict_json(match, typed: HandEntry, number: int, why: str, table: int, replacing: bool) -> dict:
    c = _conflict_context(match, typed, number, why, table)

    def scored(p):
        if p is None:
            return None
        return {"text": p.text, "after": p.after} if hasattr(p, "text") else {"error": str(p)}

    recorded = c["recorded"]
    return {
        "why": why, "number": number, "typed": c["typed"], "next_number": c["next_number"],
        "revision": c["match"].revision, "complete": c["complete"],
        "recorded": recorded and {"text": recorded.text, "winner": recorded.winner, "points": recorded.points},
        "replace": scored(c["replace"]), "add": scored(c["add"]),
        "reason": "changed" if replacing else c["reason"], "same": c["same"],
        "differences": [d.to_json() for d in c["differences"]], "default": "keep",
    }
