"""The table pages: a new match, the score pad, entering and correcting hands, the table link."""
from __future__ import annotations

import qrcode
import qrcode.image.svg
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_POST

from ginscore.club.live import live_page
from ginscore.club.site import absolute_url
from ginscore.engine import CardError, RecordError
from ginscore.matches import permissions, selectors, services
from ginscore.matches.forms import HandForm, MatchForm
from ginscore.matches.models import VIA_TABLE_LINK, Match
from ginscore.matches.records import HandEntry, entry_to_json


def _deny(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied("You may not change this match.")


def _pad_url(match) -> str:
    return reverse("matches:detail", args=[match.pk])


def match_new(request):
    if not permissions.can_create_match(request.user):
        return _deny(request)
    form = MatchForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        a = services.player_get_or_create(name=d["player_a"])
        b = services.player_get_or_create(name=d["player_b"])
        match = services.match_create(player_a=a, player_b=b, rules=d["rules"], length=d["match_length"],
                                      stake=d.get("stake"), first_dealer=d["first_dealer"],
                                      created_by=request.user)
        messages.success(request, f"Match between {a} and {b} started.")
        return redirect(_pad_url(match))
    return render(request, "matches/new.html", {"form": form, "player_names": form.player_names()})


@live_page(selectors.match_live_version)
def match_detail(request, pk):
    match = selectors.match_get(pk)
    shown = () if request.GET.get("all") == "1" else (selectors.SHOWN_SETS, selectors.SHOWN_HANDS)
    pad = selectors.match_pad_cached(match, *shown)
    via = permissions.scoring_via(request, match)
    form = None
    place = getattr(match, "tournament_match", None)
    if via and not match.complete and not (place and place.at_time and place.outcome == "played"):
        kept = permissions.hand_kept(request, match)
        if kept:
            messages.info(request, "The hand you were typing is filled in again: check it and save.")
            form = HandForm({**kept, "number": pad.next_number, "revision": match.revision}, match=match)
            form.is_valid()  # shows what is still missing, next to its field
        else:
            form = HandForm(match=match, initial={"number": pad.next_number, "revision": match.revision})
    return render(request, "matches/detail.html", {
        "match": match, "pad": pad, "via": via, "form": form,
        "can_manage": permissions.can_manage_match(request.user, match),
        "changes": SimpleLazyObject(lambda: selectors.match_changes(match)), "head": pad.head,
        "pad_version": selectors.pad_version(match, *shown),
        "redo": selectors.redo_offer(match, pad.next_number) if form else None,
        "outbox": selectors.table_outbox(match, pad.head) if form else None,
    })


def _for_scoring(request, pk):
    match = selectors.match_get(pk)
    via = permissions.scoring_via(request, match)
    return match, via


def hand_new(request, pk):
    match, via, hands, number, refused = _next_hand(request, pk)
    if refused:
        return refused
    form = HandForm(request.POST or None, match=match, initial={"number": number, "revision": match.revision})
    return _stale(request, match, form, number) or _hand_page(
        request, match, hands, form, number, _adder(request, match, number, via), editing=False)


RENEWED = ("The table link of this match was renewed, so this phone can no longer score it. What you typed "
           "is kept: open the new link (scan the new QR code on the table sheet, or ask a director or a player "
           "to show it on the match page, under \"Table link\") and the hand is filled in again.")


def _renewed(request, match):
    """The page for a hand typed under a table link that was renewed meanwhile: the hand is kept."""
    if request.method == "POST":
        permissions.hand_keep(request, match, request.POST)
    form = HandForm(request.POST or None, match=match)
    typed = None
    if request.method == "POST" and form.is_valid():
        typed = selectors.record_hand_text(entry_to_json(form.entry(), (match.player_a.name, match.player_b.name)))
    return render(request, "matches/table_link_renewed.html", {"match": match, "typed": typed, "text": RENEWED},
                  status=403)


def _refuse(request, match):
    return _renewed(request, match) if permissions.link_renewed(request, match) else _deny(request)


def _next_hand(request, pk):
    """For a new hand: the match, how this request scores it, its hands and the next hand's
    number; or a response refusing (no right to score, the match is over)."""
    match, via = _for_scoring(request, pk)
    if via is None:
        return None, None, None, None, _refuse(request, match)
    if match.complete:
        messages.info(request, "The match is over: no more hands.")
        return None, None, None, None, redirect(_pad_url(match))
    hands = selectors.match_hands(match)
    return match, via, hands, len(hands) + 1, None


def _stale(request, match, form, number):
    """The conflict page, if the form was for a hand another device has just recorded; else None."""
    if request.method == "POST" and form.is_valid() and form.cleaned_data["number"] != number:
        expected = form.cleaned_data["number"]
        if expected < number:
            return _conflict(request, match, form.entry(), expected, services.conflict_text(expected, number))
        messages.error(request, services.conflict_text(expected, number))
        return redirect(_pad_url(match))
    return None


def _conflict(request, match, typed: HandEntry, number: int, why: str):
    """The loser of a simultaneous save: what was recorded as hand ``number`` and what this phone
    had typed, side by side, with one tap to put the typed hand in its place (or add it after)."""
    return render(request, "matches/hand_conflict.html", _conflict_context(match, typed, number, why), status=409)


def _conflict_context(match, typed: HandEntry, number: int, why: str) -> dict:
    """What the conflict page (and a queued hand's conflict on the pad) shows: the hand recorded
    as ``number``, the typed one, and what the typed one would score in its place or after."""
    match = selectors.match_get(match.pk)
    hands = selectors.match_hands(match)
    names = (match.player_a.name, match.player_b.name)
    result = selectors.match_result(match, hands)
    recorded = None
    if 1 <= number <= len(hands):
        recorded = selectors.hand_line(result.hands[number - 1], HandEntry.of(hands[number - 1]), names)
    replace = add = None
    for n in (number, len(hands) + 1) if typed.cards is None else ():  # cards: re-enter them on the picker
        try:
            p = selectors.hand_preview(match, hands, typed, n)
        except (RecordError, CardError) as e:
            p = services.sentence(str(e))
        if n == number and recorded:
            replace = p
        elif n > len(hands):
            add = p
    fields = {k: v for k, v in HandForm.initial_for(typed).items() if v not in (None, "", False)}
    return {
        "match": match, "why": why, "number": number, "recorded": recorded,
        "typed": selectors.record_hand_text(entry_to_json(typed, names)), "fields": fields,
        "replace": replace, "add": add, "next_number": len(hands) + 1, "complete": match.complete,
    }


def _adder(request, match, number, via):
    """``save(entry)`` for a new hand ``number``."""
    def save(entry):
        services.hand_add(match_id=match.pk, entry=entry, expected_number=number, user=request.user, via=via)
    return save


def _corrector(request, match, number, via, form):
    """``save(entry)`` for correcting hand ``number`` as of the revision the form showed."""
    def save(entry):
        services.hand_edit(match_id=match.pk, number=number, entry=entry,
                           expected_revision=form.cleaned_data["revision"], user=request.user, via=via)
    return save


def _scoring_hand(request, pk, number):
    """The match, its hands and how this request scores it; or a response refusing."""
    match, via = _for_scoring(request, pk)
    if via is None:
        return None, None, None, _refuse(request, match)
    if via == VIA_TABLE_LINK and (closed := permissions.table_link_closed(match)):
        messages.error(request, closed)
        return None, None, None, redirect(_pad_url(match))
    hands = selectors.match_hands(match)
    if not 1 <= number <= len(hands):
        messages.error(request, f"There is no hand {number} in this match.")
        return None, None, None, redirect(_pad_url(match))
    return match, hands, via, None


def hand_edit(request, pk, number):
    match, hands, via, refused = _scoring_hand(request, pk, number)
    if refused:
        return refused
    initial = {**HandForm.initial_for(HandEntry.of(hands[number - 1])), "number": number, "revision": match.revision}
    form = HandForm(request.POST or None, match=match, initial=initial)
    return _hand_page(request, match, hands, form, number, _corrector(request, match, number, via, form),
                      editing=True)


def _hand_page(request, match, hands, form, number, save, *, editing):
    """The entry page: a POST previews the hand (engine) and, with action=save, saves it.
    A correction shows the stored hand's preview at once."""
    preview = None
    if request.method == "POST" and form.is_valid():
        entry = form.entry()
        try:
            preview = selectors.hand_preview(match, hands, entry, number)
        except (RecordError, CardError) as e:
            form.add_error(None, services.sentence(str(e)))
        else:
            if request.POST.get("action") == "save":
                saved = _save(request, match, form, save, entry, number, preview, editing=editing)
                if saved:
                    return saved
    elif editing and request.method != "POST":
        try:
            preview = selectors.hand_preview(match, hands, HandEntry.of(hands[number - 1]), number)
        except (RecordError, CardError):
            preview = None
    result = selectors.match_result(match, hands)
    correcting = None
    if editing:
        correcting = selectors.hand_line(result.hands[number - 1], HandEntry.of(hands[number - 1]), result.players)
    head = selectors.score_head(match, result, correcting)
    return render(request, "matches/hand_form.html", {
        "match": match, "form": form, "preview": preview, "number": number, "editing": editing, "head": head,
        "outbox": None if editing else selectors.table_outbox(match, head),
    })


def _save(request, match, form, save, entry, number, preview, *, editing):
    """Saves the previewed hand: the pad with a message, or None with the refusal on the form.
    The hand that finishes a game says so, with the game's summary."""
    try:
        save(entry)
    except services.HandConflict as e:
        return _conflict(request, match, entry, number, str(e))
    except services.HandRefused as e:
        form.add_error(None, str(e))
        return None
    verb = "corrected" if editing else "saved"
    text = f"Hand {number} {verb}. {preview.text}"
    for game in preview.game_over:
        text += " " + game.text
    messages.success(request, text)
    return redirect(_pad_url(match))


@require_POST
def hand_preview(request, pk):
    """JSON for the entry form's live preview: what the hand would score, or the errors by field."""
    match, via = _for_scoring(request, pk)
    if via is None:
        if permissions.link_renewed(request, match):
            return JsonResponse({"ok": False, "renewed": True, "message": RENEWED}, status=403)
        raise PermissionDenied("You may not score this match.")
    hands = selectors.match_hands(match)
    form = HandForm(request.POST, match=match)
    if not form.is_valid():
        return JsonResponse({"ok": False, "errors": form.errors.get_json_data()})
    number = min(form.cleaned_data["number"], len(hands) + 1)
    try:
        p = selectors.hand_preview(match, hands, form.entry(), number)
    except (RecordError, CardError) as e:
        return JsonResponse({"ok": False, "errors": {"__all__": [{"message": services.sentence(str(e))}]}})
    return JsonResponse({"ok": True, "text": p.text, "after": p.after, "next_dealer": p.next_dealer})


def hand_delete(request, pk, number):
    match, hands, via, refused = _scoring_hand(request, pk, number)
    if refused:
        return refused
    if request.method == "POST":
        try:
            services.hand_delete(match_id=match.pk, number=number, expected_revision=_revision(request),
                                 user=request.user, via=via)
        except (services.HandConflict, services.HandRefused) as e:
            messages.error(request, str(e))
        else:
            messages.success(request, f"Hand {number} deleted; the later hands moved up one.")
        return redirect(_pad_url(match))
    pad = selectors.match_pad(match, hands)
    line = pad.hands[len(hands) - number]
    return render(request, "matches/hand_delete.html", {"match": match, "line": line, "number": number})


def _last_hand_action(request, pk, service, said):
    """Undo or redo the last hand: ``service`` returns the hand's number, ``said(n)`` the message."""
    match, via = _for_scoring(request, pk)
    if via is None:
        return _deny(request)
    try:
        n = service(match_id=match.pk, expected_revision=_revision(request), user=request.user, via=via)
    except (services.HandConflict, services.HandRefused) as e:
        messages.error(request, str(e))
    else:
        messages.success(request, said(n))
    return redirect(_pad_url(match))


@require_POST
def hand_undo(request, pk):
    return _last_hand_action(request, pk, services.hand_undo,
                             lambda n: f"Hand {n} undone. Tap \"Redo hand {n}\" to put it back.")


@require_POST
def hand_redo(request, pk):
    return _last_hand_action(request, pk, services.hand_redo, lambda n: f"Hand {n} put back.")


@require_POST
def first_dealer(request, pk):
    match, via = _for_scoring(request, pk)
    if via is None:
        return _deny(request)
    try:
        match = services.match_first_dealer(match_id=match.pk, side=request.POST.get("side", ""),
                                            expected_revision=_revision(request))
    except (services.HandConflict, services.HandRefused) as e:
        messages.error(request, str(e))
    else:
        messages.success(request, f"{match.player(match.first_dealer)} deals hand 1.")
    return redirect(_pad_url(match))


def _revision(request) -> int:
    try:
        return int(request.POST.get("revision", ""))
    except ValueError:
        return -1


def table_link_open(request, token):
    match = Match.objects.filter(table_token=token).first()
    if match is None:
        return render(request, "matches/table_link_invalid.html", status=404)
    permissions.table_link_grant(request, match)
    return redirect(_pad_url(match))


def _manage(request, pk):
    match = selectors.match_get(pk)
    if not permissions.can_manage_match(request.user, match):
        return match, _deny(request)
    return match, None


@require_POST
def table_link_renew(request, pk):
    match, denied = _manage(request, pk)
    if denied:
        return denied
    services.table_link_renew(match=match)
    messages.success(request, "New table link made: the old link and QR code no longer work.")
    return redirect(_pad_url(match))


def table_link_qr(request, pk):
    match, denied = _manage(request, pk)
    if denied:
        return denied
    url = absolute_url(reverse("matches:table", args=[match.table_token]), request)
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=4)
    response = HttpResponse(image.to_string(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, no-store"
    return response
