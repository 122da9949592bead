"""The room: the board on the wall (public, live, no account) and the director's desk
(the board's announcement line, the round clock)."""
from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_POST

from ginscore.club.live import live_page
from ginscore.tournaments import selectors, services
from ginscore.tournaments.models import TournamentMatch
from ginscore.tournaments.room_forms import AnnouncementForm, ClockForm
from ginscore.tournaments.views import _context, _director_only, _post_action

BOARD_DWELL = (3, 60)   # seconds a board page stays up: the range ?dwell= may set


def _dwell(request) -> int:
    try:
        value = int(request.GET.get("dwell", 12))
    except ValueError:
        value = 12
    return min(max(value, BOARD_DWELL[0]), BOARD_DWELL[1])


@live_page(selectors.tournament_live_version)
def board(request, pk):
    t = selectors.tournament_get(pk)
    return render(request, "tournaments/board.html", {"t": t, "dwell": _dwell(request),
                                                      **selectors.tournament_board(t)})


def _desk(request, t, status=200, **forms):
    forms.setdefault("announce_form", AnnouncementForm(initial={"announcement": t.announcement}))
    forms.setdefault("clock_form", ClockForm(initial={"minutes": t.round_minutes or 50}))
    return render(request, "tournaments/desk.html", _context(
        request, t, timed=selectors.timed_round_rows(t), current=services.current_round_key(t), **forms),
        status=status)


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
                           lambda d: f"The clock is running: {d['minutes']} minutes.")


@require_POST
def time_call(request, pk):
    return _post_action(request, pk, lambda t: services.round_time_call(tournament=t),
                        "Time is called: each table finishes the hand in play.")


@require_POST
def decide_at_time(request, pk, tmatch_pk):
    row = get_object_or_404(TournamentMatch, pk=tmatch_pk, tournament_id=pk)
    return _post_action(request, pk, lambda t: services.tmatch_decide_at_time(tmatch=row),
                        f"Table {row.table or '–'} is decided at time.")


@require_POST
def announce(request, pk):
    return _desk_form_post(request, pk, "announce_form", AnnouncementForm,
                           lambda t, d: services.tournament_announce(tournament=t, text=d["announcement"]),
                           lambda d: "The board shows the new announcement." if d["announcement"]
                           else "The announcement is cleared.")
