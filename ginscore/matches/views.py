"""The table pages: a new match, the score pad, entering and correcting hands, the table link."""
from __future__ import annotations

import re
import time
from dataclasses import replace

import qrcode
import qrcode.image.svg
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from ginscore.club.device import current_device
from ginscore.club.live import answered_early, live_page, versions_answer
from ginscore.club.roles import is_director
from ginscore.club.site import absolute_url, address_unknown
from ginscore.engine import CardError, RecordError
from ginscore.matches import agreement, permissions, seats, selectors, services
from ginscore.matches.conflicts import hand_differences
from ginscore.matches.forms import HandForm, MatchForm
from ginscore.matches.models import KIND_PARTNERSHIP, VIA_ACCOUNT, VIA_TABLE_LINK, Match
from ginscore.matches.records import HandEntry, entry_to_json, hand_pair, match_rules
from ginscore.ratings import selectors as ratings_selectors
from ginscore.ratings import services as ratings_services
from ginscore.tournaments import selectors as tournament_selectors


def _deny(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(_("You may not change this match."))


def _pad_url(match, table: int | None = None) -> str:
    """The pad; a partnership's table page when ``table`` is given."""
    if table is not None and match.kind == KIND_PARTNERSHIP:
        return reverse("matches:table_pad", args=[match.pk, table])
    return reverse("matches:detail", args=[match.pk])


def _and(names) -> str:
    """ "Ann and Ben", "Ann, Ben and Cat" in the reader's language."""
    return _("%(some)s and %(last)s") % {"some": _(", ").join(names[:-1]), "last": names[-1]}


def _pair(match, hands, number: int, table: int = 1):
    """Who plays hand ``number`` (a partnership: at ``table`` in deal ``number``); the next hand
    too (three players: the two who do not deal it)."""
    entries = [HandEntry.of(h) for h in hands]
    if len(entries) < number:
        entries.append(HandEntry("dead"))  # (a stand-in: the deal before the next hand is what matters)
    return hand_pair(match, entries, number, table)


def _table_hands(hands, table: int) -> list:
    return [h for h in hands if h.table == table]


def match_new(request):
    if not permissions.can_create_match(request.user):
        return _deny(request)
    form = MatchForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            match = services.match_start(names=d["seats"], rules=d["rules"], length=d["match_length"],
                                         stake=d.get("stake"), first_dealer=d["first_dealer"],
                                         team_a_name=d.get("team_a_name", ""), team_b_name=d.get("team_b_name", ""),
                                         created_by=request.user, rated=not d.get("friendly"))
        except ValueError as e:
            form.add_error(None, str(e))
        else:
            messages.success(request, _("Match between %(names)s started.") % {"names": _and(match.side_names)})
            return redirect(_pad_url(match))
    return render(request, "matches/new.html", {"form": form, "player_names": form.player_names()})


# The largest block of pads asked for: its matches' numbers still fit the database's (BigAutoField).
_PADS_BLOCKS = 2 ** 63 // selectors.PADS_BLOCK


@answered_early
@require_GET
def pads_versions(request, block):
    """The live versions of a block of pads, for their onlookers' polls (``selectors.pads_live_versions``)."""
    if block >= _PADS_BLOCKS:
        raise Http404("No such pads.")
    read_at = time.time()
    return versions_answer(request, selectors.pads_live_versions(block), read_at)


@live_page(selectors.match_live_version, shared=permissions.reads_only)
def match_detail(request, pk, table=None):
    """The score pad; with ``table``, a partnership table's page: the pad with that table's entry form."""
    match = selectors.match_get(pk)
    partnership = match.kind == KIND_PARTNERSHIP
    if table is not None and (not partnership or table not in (1, 2)):
        return redirect(_pad_url(match))
    shown = () if request.GET.get("all") == "1" else (selectors.SHOWN_SETS, selectors.SHOWN_HANDS)
    pad = selectors.match_pad(match, selectors.match_hands(match), *shown)
    via = permissions.scoring_via(request, match)
    # How this phone may correct the hands (Fix, Undo): not a table link once its window has passed.
    fix = None if via == VIA_TABLE_LINK and permissions.table_link_closed(match) else via
    form = seat = None
    place = getattr(match, "tournament_match", None)
    number = pad.next_number
    if partnership and table is not None:
        seat = next(t for t in pad.head.tables if t.table == table) if pad.head.tables else None
        number = seat.deal if seat else None
    if via and not match.complete and not (place and place.at_time and place.outcome == "played") \
            and (not partnership or seat is not None):
        pair = selectors.next_pair(match, pad, table or 1)
        kept = permissions.hand_kept(request, match)
        if kept:
            messages.info(request, _("The hand you were typing is filled in again: check it and save."))
            form = HandForm({**kept, "number": number, "revision": match.revision}, match=match, pair=pair)
            form.is_valid()  # shows what is still missing, next to its field
        else:
            form = HandForm(match=match, pair=pair, initial={"number": number, "revision": match.revision})
    # The history: read when its kept drawing is missed, which for a scorer (a form) it nearly always is,
    # the hands having moved since their last view; the redo offer is then read from it.
    changes = selectors.match_changes(match) if form else SimpleLazyObject(lambda: selectors.match_changes(match))
    return render(request, "matches/detail.html", {
        "match": match, "pad": pad, "via": via, "fix": fix, "form": form, "table": table, "seat": seat,
        "can_manage": permissions.can_manage_match(request.user, match),
        "pads_versions": reverse("matches:pads_versions", args=[match.pk // selectors.PADS_BLOCK])
        if settings.GINSCORE_LIVE_VERSIONS else "",
        "round_name": SimpleLazyObject(lambda: tournament_selectors.Names.of(place.tournament).play_round(
            place.stage, place.play_round)) if place else "",
        "address_unknown": SimpleLazyObject(lambda: address_unknown(request)),
        **match_rating(request, match),
        "changes": changes, "head": pad.head,
        "redo": selectors.redo_offer(match, pad.next_number, history=changes) if form and not partnership else None,
        "clashes": selectors.hand_clashes(match, changes) if form else [],
        "table_undo": selectors.table_redo_offers(match, pad.head, table) if partnership and fix else None,
        **_agree(request, match, via),
        **(_outbox(match, pad.head, table) if form else {}),
    })


def match_rating(request, match) -> dict:
    """What a finished match did to each player's rating, and whether the viewer may make it rated
    or a friendly now (those who manage it until its first hand; a director any time)."""
    club = ratings_selectors.club_ratings() if match.complete and match.rated else None
    changes = ratings_selectors.match_changes(club, match, request.user) if club else None
    may_mark = permissions.can_manage_match(request.user, match) and (
        is_director(request.user) or (not match.hand_count and getattr(match, "tournament_match", None) is None))
    return {"rating_changes": changes, "ratings_behind": club is not None and club.behind, "may_mark_rated": may_mark,
            "may_agree_rated": ratings_services.rating_agreer(match, request.user)}


def _agree(request, match, via) -> dict:
    """Both players agree: the hands awaiting a word, and the viewer's own seat code (only on their
    own phone: their account's, or the one that opened their personal link); a director sees
    every player's, to tell each their own."""
    held = tuple(seats.seats_held(request, match)) if via else ()
    awaiting = selectors.awaiting_lines(match, request.user, via, held)
    if not awaiting:
        return {"awaiting": awaiting}
    own = agreement.account_side(match, request.user) if via == "account" else None
    mine = sorted({s for s in (own, *held) if s})
    names = dict(zip(match.seat_letters, match.seats))
    return {"awaiting": awaiting, "my_codes": [(names[s].name, seats.seat_code(match, s)) for s in mine],
            # a director hands a player with no account and no table sheet their own code
            "seat_passes": seats.seat_passes(match) if is_director(request.user) else ()}


def _for_scoring(request, pk):
    match = selectors.match_get(pk)
    via = permissions.scoring_via(request, match)
    return match, via


def hand_new(request, pk, table=1):
    match, via, hands, number, refused = _next_hand(request, pk, table)
    if refused:
        return refused
    form = HandForm(request.POST or None, match=match, pair=_pair(match, hands, posted_number(request, hands, table),
                                                                  table),
                    initial={"number": number, "revision": match.revision})
    return _stale(request, match, form, number, table) or _hand_page(
        request, match, hands, form, number, _adder(request, match, hands, number, via, table), editing=False,
        table=table)


RENEWED = gettext_lazy(
    "The table link of this match was renewed, so this phone can no longer score it. What you typed is kept: "
    "open the new link (scan the new QR code on the table sheet, or ask a director or a player to show it on the "
    "match page, under \"Table link\") and the hand is filled in again.")


def _renewed(request, match):
    """The page for a hand typed under a table link that was renewed meanwhile: the hand is kept."""
    if request.method == "POST":
        permissions.hand_keep(request, match, request.POST)
    form = HandForm(request.POST or None, match=match, pair=_renewed_pair(request, match))
    typed = None
    if request.method == "POST" and form.is_valid():
        typed = selectors.record_hand_text(entry_to_json(form.entry(), form.pair))
    return render(request, "matches/table_link_renewed.html", {"match": match, "typed": typed, "text": RENEWED},
                  status=403)


def _renewed_pair(request, match):
    """Who played the hand typed under a renewed link (the pad's next hand of its table)."""
    if match.kind == "two":
        return None
    table = request.resolver_match.kwargs.get("table", 1) if request.resolver_match else 1
    number = request.resolver_match.kwargs.get("number") if request.resolver_match else None
    hands = selectors.match_hands(match)
    mine = _table_hands(hands, table)
    return _pair(match, hands, number or len(mine) + 1, table)


def _refuse(request, match):
    return _renewed(request, match) if permissions.link_renewed(request, match) else _deny(request)


def _next_hand(request, pk, table=1):
    """For a new hand: the match, how this request scores it, its hands and the next hand's
    number (a partnership: ``table``'s next deal); or a response refusing (no right to score,
    the match is over, no such table)."""
    match, via = _for_scoring(request, pk)
    if via is None:
        return None, None, None, None, _refuse(request, match)
    if match.complete:
        messages.info(request, _("The match is over: no more hands."))
        return None, None, None, None, redirect(_pad_url(match))
    if table not in ((1, 2) if match.kind == KIND_PARTNERSHIP else (1,)):
        messages.error(request, _("This match has no table %(table)s.") % {"table": table})
        return None, None, None, None, redirect(_pad_url(match))
    hands = selectors.match_hands(match)
    return match, via, hands, len(_table_hands(hands, table)) + 1, None


def posted_number(request, hands, table: int) -> int:
    """The hand a form was drawn for, as far as the stored hands go (who played it follows from
    them): a stale page's hand is checked against its own two players, not the next hand's."""
    following = len(_table_hands(hands, table)) + 1
    try:
        return max(1, min(int(request.POST.get("number", "")), following))
    except ValueError:
        return following


def _stale(request, match, form, number, table=1):
    """For a form of another hand than the next one (another device saved that hand first, or
    the hands went back on another device): the conflict page, or the pad when the hand recorded
    is the very hand typed; else None."""
    if request.method == "POST" and form.is_valid() and form.cleaned_data["number"] != number:
        expected = form.cleaned_data["number"]
        return _conflict(request, match, form.entry(), expected, services.conflict_text(expected, number), table)
    return None


def _conflict(request, match, typed: HandEntry, number: int, why: str, table: int = 1):
    """The loser of a simultaneous save: what was recorded as hand ``number`` and what this phone
    had typed, side by side with what differs; keeping the recorded hand is the first choice,
    adding the typed one after it one tap, putting it in the recorded one's place a step more
    (the correction page, to confirm). The same hand twice is no conflict: the pad says so."""
    context = _conflict_context(match, typed, number, why, table)
    if context["same"]:
        messages.info(request, same_text(match, number, table))
        return redirect(_pad_url(match, table))
    context["others"] = clash_others(request, match, typed, number, table) if context["reason"] == "taken" else ()
    return render(request, "matches/hand_conflict.html", context, status=409)


def clash_others(request, match, typed: HandEntry, number: int, table: int = 1):
    """A different hand typed for a recorded one: kept in the history (the pad tells every phone,
    the one whose save won included), and what other phones typed for it (three phones that
    disagree are shown as such; one that typed the same as this one is marked)."""
    clashes, mine = services.hand_clash_note(match_id=match.pk, number=number, typed=typed, table=table,
                                             user=request.user,
                                             via=permissions.scoring_via(request, match) or VIA_ACCOUNT)
    return selectors.clash_versions(clashes, current_device(), mine)


def same_text(match, number: int, table: int = 1) -> str:
    """Both players saved the same hand: the second is told it is there, once."""
    return (_("%(hand)s was already recorded on another phone, exactly as typed here: nothing was added.")
            % {"hand": services.hand_called(match, number, table)})


def _conflict_context(match, typed: HandEntry, number: int, why: str, table: int = 1) -> dict:
    """What the conflict page (and a queued hand's conflict on the pad) shows: the hand recorded
    as ``number`` and what differs from the typed one ("taken"), or, for a number past the pad's
    next hand (hands undone or deleted on another device), no recorded hand ("moved"); what the
    typed hand would score in the recorded one's place or as the next hand. Any ``number``."""
    match = selectors.match_get(match.pk)
    hands = selectors.match_hands(match)
    mine = _table_hands(hands, table)
    following = len(mine) + 1
    taken = 1 <= number < following
    typed = replace(typed, table=table)
    pair = _pair(match, hands, number if taken else following, table)
    recorded = selectors.stored_hand_line(match, hands, number, table) if taken else None
    replacing = add = None
    for n in ((number,) if taken else ()) + (following,) if typed.cards is None else ():  # cards: the picker
        try:
            p = selectors.hand_preview(match, hands, typed, n, table)
        except (RecordError, CardError) as e:
            p = services.sentence(str(e))
        if n == following:
            add = p
        else:
            replacing = p
    fields = {k: v for k, v in HandForm.initial_for(typed, pair).items() if v not in (None, "", False)}
    typed_json = entry_to_json(typed, pair)
    stored = HandEntry.of(mine[number - 1]) if taken else None
    differences = hand_differences(entry_to_json(stored, pair), typed_json,
                                   counts=match_rules(match).counts_cards_held) if taken else []
    return {
        "match": match, "why": why, "number": number, "recorded": recorded, "table": table,
        "typed": selectors.record_hand_text(typed_json), "fields": fields,
        "replace": replacing, "add": add, "next_number": following, "complete": match.complete,
        "reason": "taken" if taken else "moved", "same": taken and stored == typed, "differences": differences,
        "partnership": match.kind == KIND_PARTNERSHIP,
    }


def _adder(request, match, hands, number, via, table=1):
    """``save(entry)`` for a new hand ``number`` (after ``hands``, as this request read them)."""
    def save(entry):
        return services.hand_add(match_id=match.pk, entry=entry, expected_number=number, user=request.user,
                                 via=via, table=table, seen=(match, hands))
    return save


def _corrector(request, match, number, via, form, table=1):
    """``save(entry)`` for correcting hand ``number`` as of the revision the form showed."""
    def save(entry):
        return services.hand_edit(match_id=match.pk, number=number, entry=entry,
                                  expected_revision=form.cleaned_data["revision"], user=request.user, via=via,
                                  table=table)
    return save


def _scoring_hand(request, pk, number, table=1):
    """The match, its hands and how this request scores it; or a response refusing."""
    match, via = _for_scoring(request, pk)
    if via is None:
        return None, None, None, _refuse(request, match)
    if via == VIA_TABLE_LINK and (closed := permissions.table_link_closed(match)):
        messages.error(request, closed)
        return None, None, None, redirect(_pad_url(match))
    hands = selectors.match_hands(match)
    if not 1 <= number <= len(_table_hands(hands, table)):
        messages.error(request, _("There is no hand %(number)s in this match.") % {"number": number}
                       if match.kind != KIND_PARTNERSHIP else
                       _("Table %(table)s has no hand of deal %(number)s.") % {"table": table, "number": number})
        return None, None, None, redirect(_pad_url(match))
    return match, hands, via, None


def hand_edit(request, pk, number, table=1):
    gone = _correction_of_a_gone_hand(request, pk, number, table)
    if gone:
        return gone
    match, hands, via, refused = _scoring_hand(request, pk, number, table)
    if refused:
        return refused
    stored = _table_hands(hands, table)[number - 1]
    pair = _pair(match, hands, number, table)
    initial = {**HandForm.initial_for(HandEntry.of(stored), pair), "number": number, "revision": match.revision}
    form = HandForm(request.POST or None, match=match, pair=pair, initial=initial)
    return _hand_page(request, match, hands, form, number, _corrector(request, match, number, via, form, table),
                      editing=True, table=table)


def _correction_of_a_gone_hand(request, pk, number, table=1):
    """A correction saved for a hand that is no longer on the pad (another phone undid or deleted
    it while this one was typed): the corrected hand is not lost, the conflict page shows it and
    offers to save it as the next hand. None for anything else (refused as usual)."""
    if request.method != "POST" or request.POST.get("action") != "save" or number < 1:
        return None
    match, via = _for_scoring(request, pk)
    if via is None or match.complete or table not in ((1, 2) if match.kind == KIND_PARTNERSHIP else (1,)):
        return None
    hands = selectors.match_hands(match)
    following = len(_table_hands(hands, table)) + 1
    if number < following:
        return None
    form = HandForm({**request.POST.dict(), "number": following, "revision": match.revision}, match=match,
                    pair=_pair(match, hands, following, table))
    if not form.is_valid():
        return None
    why = (_("%(hand)s was undone or deleted on another device while this correction was typed: it is no longer on "
             "the pad. The corrected hand is kept here: save it as %(next)s, or leave it.")
           % {"hand": services.hand_called(match, number, table),
              "next": services.hand_called(match, following, table).lower()})
    return _conflict(request, match, form.entry(), number, why, table)


def _hand_page(request, match, hands, form, number, save, *, editing, table=1):
    """The entry page: a POST previews the hand (engine) and, with action=save, saves it.
    A correction shows the stored hand's preview at once."""
    preview = None
    form, problem = redrawn(request, match, form, number, lambda data: HandForm(data, match=match, pair=form.pair))
    if not problem and request.method == "POST" and form.is_valid():
        entry = form.entry()
        try:
            preview = selectors.hand_preview(match, hands, entry, number, table)
        except (RecordError, CardError) as e:
            form.add_error(None, services.sentence(str(e)))
        else:
            if request.POST.get("action") == "save":
                saved = _save(request, match, form, save, entry, number, preview, editing=editing, table=table)
                if saved:
                    return saved
    pad = selectors.match_pad(match, hands)
    if editing and request.method != "POST":  # the stored hand scores as the pad does: no second scoring
        try:
            stored = HandEntry.of(_table_hands(hands, table)[number - 1])
            preview = selectors.preview_in(match, pad.result, stored, number, table)
        except (RecordError, CardError):
            preview = None
    correcting = selectors.stored_hand_line(match, hands, number, table, pad) if editing else None
    return render(request, "matches/hand_form.html", {
        "match": match, "form": form, "preview": preview, "number": number, "editing": editing,
        "table": table if match.kind == KIND_PARTNERSHIP else None,
        "head": replace(pad.head, correcting=correcting), "pair": form.pair,
        **(_outbox(match, pad.head, table) if not editing else {}),
    }, status=400 if problem else 200)


def redrawn(request, match, form, number, bound):
    """(form, problem): a POST whose page-drawn fields are wrong (``PadFields.page_problem``) gets
    its form bound again (``bound(data)``) to the pad's own number and revision, what was typed
    kept, the problem said on it; else the form as it was and None."""
    problem = request.method == "POST" and not form.is_valid() and form.page_problem()
    if not problem:
        return form, None
    form = bound({**request.POST.dict(), "number": number, "revision": match.revision})
    form.is_valid()
    form.add_error(None, problem[1])
    return form, problem


def _outbox(match, head, table=None) -> dict:
    """The table phone's outbox (outbox.js): its settings, and with three players or at a
    partnership's table the entry form for every two who may play a hand it keeps (the phone puts
    the right one in place for the hand after the ones waiting to be sent)."""
    outbox = selectors.table_outbox(match, head, table)
    initial = {"number": outbox["next_number"], "revision": match.revision}
    return {"outbox": outbox, "outbox_forms": [HandForm(match=match, pair=pair, initial=initial)
                                               for pair in selectors.outbox_pairs(match, table)]}


def _save(request, match, form, save, entry, number, preview, *, editing, table=1):
    """Saves the previewed hand: the pad with a message, or None with the refusal on the form.
    The hand that finishes a game says so, with the game's summary."""
    try:
        hand = save(entry)
    except services.HandConflict as e:
        return _conflict(request, match, entry, number, str(e), table)
    except services.HandRefused as e:
        form.add_error(None, str(e))
        return None
    if getattr(hand, "same", False):
        messages.info(request, same_text(match, number, table))
    else:
        messages.success(request, saved_text(match, number, preview, editing=editing, table=table))
    return redirect(_pad_url(match, table))


def saved_text(match, number: int, preview, *, editing: bool, table: int = 1) -> str:
    """The pad's message for a hand just saved or corrected: what it scored and the games it finished."""
    hand = services.hand_called(match, number, table)
    said = (_("%(hand)s corrected.") if editing else _("%(hand)s saved.")) % {"hand": hand}
    return " ".join([f"{said} {preview.text}", *(game.text for game in preview.game_over)])


@require_POST
def hand_preview(request, pk):
    """JSON for the entry form's live preview: what the hand would score, or the errors by field."""
    match, via = _for_scoring(request, pk)
    if via is None:
        if permissions.link_renewed(request, match):
            return JsonResponse({"ok": False, "renewed": True, "message": str(RENEWED)}, status=403)
        raise PermissionDenied(_("You may not score this match."))
    hands = selectors.match_hands(match)
    try:
        table = _table(request, match)
    except ValueError as e:
        return JsonResponse({"ok": False, "field": "table", "message": str(e)}, status=400)
    try:
        number = min(int(request.POST.get("number", "")), len(_table_hands(hands, table)) + 1)
    except ValueError:
        number = len(_table_hands(hands, table)) + 1
    form = HandForm(request.POST, match=match, pair=_pair(match, hands, max(1, number), table))
    if not form.is_valid():
        problem = form.page_problem()
        if problem:
            return JsonResponse({"ok": False, "field": problem[0], "message": problem[1],
                                 "errors": form.errors.get_json_data()}, status=400)
        return JsonResponse({"ok": False, "errors": form.errors.get_json_data()})
    number = min(form.cleaned_data["number"], len(_table_hands(hands, table)) + 1)
    try:
        p = selectors.hand_preview(match, hands, form.entry(), number, table)
    except (RecordError, CardError) as e:
        return JsonResponse({"ok": False, "errors": {"__all__": [{"message": services.sentence(str(e))}]}})
    return JsonResponse({"ok": True, "text": p.text, "after": p.after, "next_dealer": p.next_dealer})


def _table(request, match) -> int:
    """The table a form or a button was for (a partnership's 1 or 2; 1 otherwise, and when the
    form names none); ``ValueError`` naming the field for any other value."""
    raw = request.POST.get("table", "")
    if raw in ("", "1"):
        return 1
    if raw == "2" and match.kind == KIND_PARTNERSHIP:
        return 2
    if match.kind == KIND_PARTNERSHIP:
        raise ValueError(_('table: a partnership deal is played at table 1 or table 2, not "%(table)s".')
                         % {"table": raw[:20]})
    raise ValueError(_('table: this match is played at one table, not at table "%(table)s".') % {"table": raw[:20]})


def hand_delete(request, pk, number, table=1):
    match, hands, via, refused = _scoring_hand(request, pk, number, table)
    if refused:
        return refused
    partnership = match.kind == KIND_PARTNERSHIP
    if request.method == "POST":
        try:
            services.hand_delete(match_id=match.pk, number=number, expected_revision=_revision(request),
                                 user=request.user, via=via, table=table)
        except (services.HandConflict, services.HandRefused) as e:
            messages.error(request, str(e))
        else:
            messages.success(request, _("Table %(table)s's hand of deal %(number)s deleted.")
                             % {"table": table, "number": number} if partnership else
                             _("Hand %(number)s deleted; the later hands moved up one.") % {"number": number})
        return redirect(_pad_url(match, table))
    line = selectors.stored_hand_line(match, hands, number, table)
    return render(request, "matches/hand_delete.html", {"match": match, "line": line, "number": number,
                                                        "table": table if partnership else None})


def _last_hand_action(request, pk, service, said):
    """Undo or redo the last hand (a partnership: the last hand of the table the button was for):
    ``service`` returns the hand's number, ``said(n, table)`` the message (``table`` None but
    for a partnership)."""
    match, via = _for_scoring(request, pk)
    if via is None:
        return _deny(request)
    table = None
    kwargs = {}
    try:
        if match.kind == KIND_PARTNERSHIP:
            table = kwargs["table"] = _table(request, match)
    except ValueError as e:
        messages.error(request, str(e))
        return redirect(_pad_url(match))
    try:
        n = service(match_id=match.pk, expected_revision=_revision(request), user=request.user, via=via, **kwargs)
    except (services.HandConflict, services.HandRefused) as e:
        messages.error(request, str(e))
    else:
        messages.success(request, said(n, table))
    return redirect(_pad_url(match, table) if request.POST.get("back") == "table" else _pad_url(match))


@require_POST
def hand_undo(request, pk):
    def said(n, table):
        if table is None:
            return _('Hand %(n)s undone. Tap "Redo hand %(n)s" to put it back.') % {"n": n}
        return (_('Table %(table)s\'s hand of deal %(n)s undone. Tap "Redo table %(table)s\'s deal %(n)s" to put it '
                  'back.') % {"n": n, "table": table})
    return _last_hand_action(request, pk, services.hand_undo, said)


@require_POST
def hand_redo(request, pk):
    def said(n, table):
        if table is None:
            return _("Hand %(n)s put back.") % {"n": n}
        return _("Table %(table)s's hand of deal %(n)s put back.") % {"n": n, "table": table}
    return _last_hand_action(request, pk, services.hand_redo, said)


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
        messages.success(request, _("%(player)s deals hand 1.") % {"player": match.player(match.first_dealer)})
    return redirect(_pad_url(match))


def _revision(request) -> int:
    try:
        return int(request.POST.get("revision", ""))
    except ValueError:
        return -1


TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")   # what new_table_token makes (a NUL never reaches the database)


def table_link_open(request, token, table=None):
    """The table link: this phone may score the match; a partnership's link for table 1 or 2
    opens that table's page."""
    match = Match.objects.filter(table_token=token).first() if TOKEN.fullmatch(token) else None
    if match is None:
        return render(request, "matches/table_link_invalid.html", status=404)
    permissions.table_link_grant(request, match)
    return redirect(_pad_url(match, table if table in (1, 2) else None))


def seat_open(request, pk, seat, token):
    """A player's personal link: this phone scores the match (as the table link does) and answers
    for that player when both players agree (confirms in one tap, shows their seat code)."""
    match = Match.objects.filter(pk=pk).first()
    if match is None or not seats.seat_proven(match, seat, token):
        return render(request, "matches/table_link_invalid.html", status=404)
    permissions.table_link_grant(request, match)
    seats.seat_grant(request, match, seat)
    messages.info(request, _("This phone answers for %(player)s in this match.") % {"player": match.player(seat).name})
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
    messages.success(request, _("New table link made: the old link and QR code no longer work."))
    return redirect(_pad_url(match))


def table_link_qr(request, pk, table=None):
    match, denied = _manage(request, pk)
    if denied:
        return denied
    if table is not None and match.kind == KIND_PARTNERSHIP and table in (1, 2):
        path = reverse("matches:table_at", args=[match.table_token, table])
    else:
        path = reverse("matches:table", args=[match.table_token])
    url = absolute_url(path, request)
    if not url:   # never a code carrying this computer's own address (the page says so)
        return HttpResponse(_("The address the phones use is not known: set it on the club settings page."),
                            status=409, content_type="text/plain; charset=utf-8")
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=4)
    response = HttpResponse(image.to_string(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, no-store"
    return response
