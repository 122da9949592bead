"""The room: the board on the wall (public, live, no account) and the director's desk
(the board's announcement line; later the round clock and check-in)."""
from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_POST

from ginscore.club.live import live_page
from ginscore.tournaments import selectors, services
from ginscore.tournaments.room_forms import AnnouncementForm
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


def desk(request, pk):
    if denied := _director_only(request):
        return denied
    t = selectors.tournament_get(pk)
    form = AnnouncementForm(initial={"announcement": t.announcement})
    return render(request, "tournaments/desk.html", _context(request, t, announce_form=form))


@require_POST
def announce(request, pk):
    if denied := _director_only(request):
        return denied
    form = AnnouncementForm(request.POST)
    if not form.is_valid():
        t = selectors.tournament_get(pk)
        return render(request, "tournaments/desk.html", _context(request, t, announce_form=form), status=400)
    text = form.cleaned_data["announcement"]
    return _post_action(request, pk, lambda t: services.tournament_announce(tournament=t, text=text),
                        "The board shows the new announcement." if text else "The announcement is cleared.")
