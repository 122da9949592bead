"""The room: the board on the wall (public, live, no account) and the director's desk
(the board's announcement line, the round clock, check-in with the entry fee) and the
players' own check-in page."""
from __future__ import annotations

from functools import partial

import qrcode
import qrcode.image.svg
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from ginscore.club.live import live_page
from ginscore.club.site import absolute_url, address_unknown
from ginscore.seasons.models import Club
from ginscore.seasons.selectors import money_on, money_text
from ginscore.tournaments import own_check_in, selectors, services
from ginscore.tournaments.models import STATUS_SETUP, Entry, TournamentMatch
from ginscore.tournaments.room_forms import AnnouncementForm, CheckInForm, ClockForm, SignUpSettingsForm, WishForm
from ginscore.tournaments.my_night import night_link
from ginscore.tournaments.wish_views import wish_players
from ginscore.tournaments.views import _context, _director_only, _post_action, clock_shown, kept_lines, refusal_text

BOARD_TABLE = "tournaments/_board_table.html"
BOARD_DWELL = (3, 60)   # seconds a board page stays up: the range ?dwell= may set


def _dwell(request) -> int:
    try:
        value = int(request.GET.get("dwell", 12))
    except ValueError:
        value = 12
    return min(max(value, BOARD_DWELL[0]), BOARD_DWELL[1])


def _board_table_contexts(t, values, names) -> dict:
    return {row.pk: {"row": selectors.board_table(row)} for row in names.titled(selectors.round_line_rows(values))}


def _by_results(t, what: str, template: str, context):
    """``template`` drawn once per result (kept under the event's ``results_revision``)."""
    return mark_safe(selectors.BY_RESULTS.get_or_make(
        ("board", what, t.pk, t.results_revision), lambda: render_to_string(template, context())))


@live_page(selectors.tournament_live_version, shared=True, per_host=True)
def board(request, pk):
    """The board, drawn as the round page is: its tables from the kept round lines (a hand draws
    its table's card again, nothing else), the standings or the bracket, the round's name and the
    check-in line once per result; the rest is the event's own row. The same for every visitor
    without an account asking at the same address (a TV plugged into this computer, with no phones'
    address set, gets the notice naming this machine's: kept apart by the host it asked), so kept
    and shared by the front like the round page."""
    t = selectors.tournament_get(pk)
    names = selectors.Names.of(t)
    now = selectors.board_round(t)
    key = now["key"]
    ctx = {"t": t, "dwell": _dwell(request), "round_name": names.play_round(*key) if key else "",
           "open_tables": now["open"], "clock_on": clock_shown(t, key, now["open"]),
           "clock_name": names.play_round(t.clock_stage, t.clock_round) if t.clock_round else "",
           "check_in": selectors.check_in_counts(t),
           "address_unknown": address_unknown(request),   # no check-in code then: the notice instead
           "address": absolute_url(reverse("tournaments:detail", args=[t.pk])),
           "tables_html": mark_safe("".join(kept_lines(t, *key, BOARD_TABLE, _board_table_contexts))) if key else ""}
    if t.is_bracket and t.status != STATUS_SETUP:
        ctx["bracket_html"] = _by_results(t, "bracket", "tournaments/_board_bracket.html", lambda: {
            "sections": selectors.board_bracket_windows(selectors.tournament_bracket(t, names=names))})
    else:
        ctx["standings_html"] = _by_results(t, "standings", "tournaments/_board_standings.html", lambda: {
            "t": t, "standings": selectors.standings_kept(t), "legend": selectors.standings_legend(t),
            "groups": t.groups > 1})
    return render(request, "tournaments/board.html", ctx)


def _desk(request, t, status=200, **forms):
    forms.setdefault("announce_form", AnnouncementForm(initial={"announcement": t.announcement}))
    forms.setdefault("clock_form", ClockForm(initial={"minutes": t.round_minutes or 50}))
    money = money_on()
    forms.setdefault("check_in_form", CheckInForm(initial={"check_in": t.check_in, "entry_fee": t.entry_fee},
                                                  money=money, swiss=t.format == "swiss",
                                                  currency=Club.get().currency if money else ""))
    if t.status == STATUS_SETUP:
        forms.setdefault("sign_up_form", SignUpSettingsForm(initial={
            "sign_up": t.sign_up, "sign_up_cap": t.sign_up_cap,
            "sign_up_closes": timezone.localtime(t.sign_up_closes) if t.sign_up_closes else None}))
        forms["sign_ups"] = services.sign_up_lines(t)
    current = services.current_round_key(t)
    names = selectors.Names.of(t)
    forms.setdefault("wish_form", WishForm(players=wish_players(t)))
    forms["wishes"] = list(t.wishes.select_related("player", "other"))
    forms["wishes_unmet"] = services.wishes_unmet(t, *current) if current and forms["wishes"] else []
    return render(request, "tournaments/desk.html", _context(
        request, t, names=names, timed=selectors.timed_round_rows(t), current=current,
        current_name=names.play_round(*current) if current else "",
        clock_current=bool(current and t.clock_deadline and (t.clock_stage, t.clock_round) == current),
        clock_name=names.play_round(t.clock_stage, t.clock_round) if t.clock_round else "",
        check_in=selectors.check_in_list(t), check_in_passes=own_check_in.check_in_passes(t) if t.check_in else [],
        to_settle=selectors.hands_to_settle(t) if t.agree else [],
        fee=money_text(t.entry_fee) if money else None, address_unknown=address_unknown(request), **forms), status=status)


def desk(request, pk):
    if denied := _director_only(request):
        return denied
    return _desk(request, selectors.tournament_get(pk))


def _desk_form_post(request, pk, name, form_class, act, done):
    """A desk form's POST: the form again with its errors (400), or the service's answer as a message."""
    if denied := _director_only(request):
        return denied
    form = form_class(request.POST)
    if not form.is_valid():
        return _desk(request, selectors.tournament_get(pk), status=400, **{name: form})
    return _post_action(request, pk, lambda t: act(t, form.cleaned_data), done(form.cleaned_data))


@require_POST
def clock_start(request, pk):
    return _desk_form_post(request, pk, "clock_form", ClockForm,
                           lambda t, d: services.round_clock_start(tournament=t, minutes=d["minutes"]),
                           lambda d: ngettext("The clock is running: %(minutes)s minute.",
                                                      "The clock is running: %(minutes)s minutes.",
                                                      d["minutes"]) % {"minutes": d["minutes"]})


@require_POST
def time_call(request, pk):
    return _post_action(request, pk, lambda t: services.round_time_call(tournament=t),
                        _("Time is called: each table finishes the hand in play."))


@require_POST
def decide_at_time(request, pk, tmatch_pk):
    row = get_object_or_404(TournamentMatch, pk=tmatch_pk, tournament_id=pk)
    return _post_action(request, pk, lambda t: services.tmatch_decide_at_time(tmatch=row),
                        _("Table %(table)s is decided at time.") % {"table": row.table or "–"})


@require_POST
def announce(request, pk):
    return _desk_form_post(request, pk, "announce_form", AnnouncementForm,
                           lambda t, d: services.tournament_announce(tournament=t, text=d["announcement"]),
                           lambda d: _("The board shows the new announcement.") if d["announcement"]
                           else _("The announcement is cleared."))


@require_POST
def check_in_settings(request, pk):
    money = money_on()   # without money the fee is not asked, and stays as it was
    return _desk_form_post(request, pk, "check_in_form", partial(CheckInForm, money=money),
                           lambda t, d: services.tournament_check_in_set(
                               tournament=t, check_in=d["check_in"], entry_fee=d["entry_fee"] if money else t.entry_fee),
                           lambda d: _("Check-in settings saved."))


@require_POST
def desk_check_in(request, pk, entry_pk):
    """The desk checks a player in (or out), recording the entry fee as paid or owed."""
    if denied := _director_only(request):
        return denied
    entry = get_object_or_404(Entry.objects.select_related("player", "partner"), pk=entry_pk, tournament_id=pk)
    present = request.POST.get("present", "1") == "1"
    paid = {"1": True, "0": False}.get(request.POST.get("paid", ""))
    return _post_action(request, pk, lambda t: services.entry_check_in(entry=entry, present=present, paid=paid),
                        (_("%(entry)s is checked in.") if present else _("%(entry)s is no longer checked in."))
                        % {"entry": entry})


@require_http_methods(["GET", "POST"])
def withdraw_absent(request, pk):
    """GET: who is missing, and a button to withdraw them; POST: withdraw those of them (the
    ``entry`` ids shown) still missing, not a player who checked in meanwhile."""
    if request.method != "POST":
        if denied := _director_only(request):
            return denied
        t = selectors.tournament_get(pk)
        check_in = selectors.check_in_list(t) or {}
        return render(request, "tournaments/withdraw_absent.html", _context(
            request, t, missing=[row["entry"] for row in check_in.get("entries", []) if not row["present"]],
            check_in_round=check_in.get("round_name")))
    only = [int(v) for v in request.POST.getlist("entry") if v.isdigit() and len(v) < 12]
    def act(t):
        count = services.entries_withdraw_absent(tournament=t, only=only)
        return ngettext("%(count)s absent player withdrawn.", "%(count)s absent players withdrawn.",
                        count) % {"count": count}
    return _post_action(request, pk, act, "")


@require_POST
def check_in_played(request, pk):
    def act(t):
        count = services.entries_check_in_played(tournament=t)
        return ngettext("%(count)s player who played the last round checked in.",
                        "%(count)s players who played the last round checked in.", count) % {"count": count}
    return _post_action(request, pk, act, "")


@require_POST
def pair_present(request, pk):
    return _post_action(request, pk, lambda t: _("Round %(number)s is paired with the players present.") % {
        "number": services.round_pair_present(tournament=t)}, "")


CHECK_IN_HOW = gettext_lazy("Check in with your own account (log in), your own check-in link or QR code (ask the "
                            "desk), or at the desk: this page ticks no one.")


def _check_in_page(request, t, status=200, own=None):
    """Who is here; the viewer's own entries (their account's) to check in with one tap, or the
    one entry whose personal link this is (``own``)."""
    rows = selectors.check_in_list(t)
    mine = ([own] if own else own_check_in.own_entries(t, request.user)) if rows else []
    present = {r["entry"].pk for r in (rows or {}).get("entries", []) if r["present"]}
    return render(request, "tournaments/check_in.html", {
        "t": t, "check_in": rows, "how": CHECK_IN_HOW, "own_link": own is not None,
        "mine": [(e, e.pk in present) for e in mine],
        "night": night_link(own) if own else (reverse("tournaments:my_night", args=[t.pk]) if mine else "")},
        status=status)


def _check_in_one(request, t, entry, back):
    try:
        services.entry_check_in(entry=entry)
    except services.TournamentRefused as e:
        messages.error(request, refusal_text(e))
    else:
        messages.success(request, _("Thank you, %(entry)s: you are checked in.") % {"entry": entry})
    return redirect(back)


def check_in(request, pk):
    """The players' check-in page (the QR code on the board): who is here; a logged-in player
    checks themselves in (their own entry only); anyone else is told how to check in."""
    t = selectors.tournament_get(pk)
    if request.method == "POST":
        entry = next((e for e in own_check_in.own_entries(t, request.user) if str(e.pk) == request.POST.get("entry")),
                     None)
        if entry is None:
            messages.error(request, "entry: " + _("you can check in only yourself.") + " " + str(CHECK_IN_HOW))
            return _check_in_page(request, t, status=403)
        return _check_in_one(request, t, entry, reverse("tournaments:check_in", args=[t.pk]))
    return _check_in_page(request, t)


def check_in_own(request, pk, entry_pk, token):
    """A player's own check-in link: one tap (a POST, so a link preview checks no one in)."""
    t = selectors.tournament_get(pk)
    entry = Entry.objects.select_related("player", "partner").filter(pk=entry_pk, tournament=t).first()
    if entry is None or not own_check_in.check_in_proven(entry, token):
        return render(request, "tournaments/check_in_link_invalid.html", {"t": t}, status=404)
    if request.method == "POST":
        return _check_in_one(request, t, entry, request.path)
    return _check_in_page(request, t, own=entry)


def desk_check_in_qr(request, pk, entry_pk):
    """The QR code of one player's own check-in link, for the director to show or print."""
    if denied := _director_only(request):
        return denied
    entry = get_object_or_404(Entry, pk=entry_pk, tournament_id=pk)
    return _qr(request, own_check_in.check_in_link(entry))


def _qr(request, path):
    url = absolute_url(path, request)
    if not url:   # never a code carrying this computer's own address (the page says so)
        return HttpResponse(_("The address the phones use is not known: set it on the club settings page."),
                            status=409, content_type="text/plain; charset=utf-8")
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage,
                        box_size=8, border=2)
    response = HttpResponse(image.to_string(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, no-store"
    return response


def check_in_qr(request, pk):
    t = selectors.tournament_get(pk)
    response = _qr(request, reverse("tournaments:check_in", args=[t.pk]))
    del response["Cache-Control"]   # the same for everyone
    return response
