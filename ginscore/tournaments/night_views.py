"""My night: an entrant's own page, live (it updates itself as the pad does)."""
from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import render
from django.urls import reverse

from ginscore.club.live import live_page
from ginscore.push.selectors import push_offer
from ginscore.seasons.models import Club
from ginscore.tournaments import my_night as night_selectors
from ginscore.tournaments import selectors, services
from ginscore.tournaments.models import Entry
from ginscore.tournaments.own_check_in import check_in_link
from ginscore.tournaments.views import _context


def _page(request, t, entry, link: bool, push=None, status=200):
    night = night_selectors.my_night(t, entry)
    due = services.check_in_round(t)   # check-in open for this round, and not done yet: the link to it
    check_in = check_in_link(entry) if link and due and entry.checked_in_round != due and not entry.withdrawn else ""
    return render(request, "tournaments/my_night.html", _context(
        request, t, night=night, refresh=True, own_link=link,
        check_in=check_in, club=Club.get(), push=push,
        clock_on=night.clock, clock_name=night.now.round_name if night.now else ""), status=status)


@live_page(selectors.tournament_live_version)
def my_night(request, pk):
    """The account's own night in this event."""
    t = selectors.tournament_get(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    entry = night_selectors.own_entry(t, request.user)
    if entry is None:
        return render(request, "tournaments/my_night_none.html", _context(request, t), status=404)
    player = getattr(request.user, "player", None)   # a member opts in for their own player
    push = push_offer(request, player=player, url=reverse("push:subscribe")) if player is not None else None
    return _page(request, t, entry, link=False, push=push)


@live_page(selectors.tournament_live_version)
def my_night_link(request, pk, entry_pk, token):
    """The entrant's own night from their personal link (no account)."""
    t = selectors.tournament_get(pk)
    entry = Entry.objects.select_related("player", "partner").filter(pk=entry_pk, tournament=t).first()
    if entry is None or not night_selectors.night_proven(entry, token):
        return render(request, "tournaments/check_in_link_invalid.html", {"t": t}, status=404)
    push = push_offer(request, player=entry.player, tournament=t,
                      url=reverse("push:subscribe_link", args=[t.pk, entry.pk, token]))
    return _page(request, t, entry, link=True, push=push)
