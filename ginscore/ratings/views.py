"""The rating pages: the club's list (kept as the standings are: a hand in play changes no
rating), how the rating works, and the two writes (a member hiding their rating; a match marked
rated or a friendly)."""
from __future__ import annotations

import csv
from fractions import Fraction

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ginscore.club.exports import cell_safe
from ginscore.club.live import live_page
from ginscore.engine.ratings import PlayerRating, Ratings, two_players
from ginscore.matches.models import Match
from ginscore.ratings import selectors, services


def ratings_live_version(**_) -> str:
    """The list's version: the ratings' stamp, and the day (the 30-day trend and who played in the
    last six months move with the date)."""
    return f"r{selectors.ratings_stamp()}.{timezone.localdate().isoformat()}"


def _csv(rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="ratings.csv"'
    out = csv.writer(response)
    out.writerow(["rank", "name", "rating", "experience", "rated_matches", "provisional", "active",
                  "trend_30_days", "last_rated_match"])
    for r in rows:
        out.writerow([r.rank or "", cell_safe(r.name), "" if r.rating is None else f"{r.rating:.2f}",
                      r.experience_number, r.matches, "yes" if r.provisional else "no", "yes" if r.active else "no",
                      "" if r.trend is None else f"{r.trend:.2f}",
                      timezone.localdate(r.last_played).isoformat() if r.last_played else ""])
    return response


@live_page(ratings_live_version, shared=True)
def rating_list(request):
    club = selectors.club_ratings()
    rows = selectors.rating_list(club, request.user)
    if request.GET.get("_export") == "csv":
        return _csv(rows)
    shown = [r for r in rows if r.rating is not None]
    return render(request, "ratings/list.html", {
        "ranked": [r for r in shown if r.active and not r.provisional],
        "provisional": [r for r in shown if r.active and r.provisional],
        "inactive": [r for r in shown if not r.active],
        "hidden": sorted((r for r in rows if r.rating is None), key=lambda r: r.name.casefold()),
        "active_days": selectors.ACTIVE_DAYS, "trend_days": selectors.TREND_DAYS, "ratings_behind": club.behind,
    })


def how(request):
    """The formula in plain words, with one worked example computed by the engine itself."""
    r = Ratings()
    r.players["Ann"] = PlayerRating(1700.0, Fraction(400))
    r.players["Ben"] = PlayerRating(1500.0, Fraction(400))
    win = r.changes(two_players("Ann", "Ben", "Ann", Fraction(5)))
    loss = r.changes(two_players("Ann", "Ben", "Ben", Fraction(5)))
    newcomer = Ratings().changes(two_players("Ann", "Ben", "Ann", Fraction(1)))
    return render(request, "ratings/how.html", {"win": win, "loss": loss, "newcomer": newcomer})


@require_POST
def rating_hide(request):
    """The member's own player keeps the rating to themselves (``hidden=1``) or shows it again."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("ratings:list"))
    player = getattr(request.user, "player", None)
    if player is None:
        raise PermissionDenied(_("Your account plays as no player of the club."))
    hidden = request.POST.get("hidden") == "1"
    services.player_rating_hide(player=player, hidden=hidden)
    messages.success(request, _("Your rating is now hidden from others: the list shows your name without a number.")
                     if hidden else _("Your rating is shown to everyone again."))
    return redirect("players:detail", player.pk)


@require_POST
def match_rated(request, pk):
    """A match marked rated (``rated=1``) or a friendly."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("matches:detail", args=[pk]))
    rated = request.POST.get("rated") == "1"
    try:
        services.match_rated_set(match_id=pk, rated=rated, user=request.user)
    except Match.DoesNotExist:
        raise Http404(_("No such match.")) from None
    except ValueError as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("This match counts for the club rating.") if rated else
                         _("This match is a friendly: it leaves the club rating as it is."))
    return redirect("matches:detail", pk)


@require_POST
def match_rating_agree(request, pk):
    """The other player agrees that a match its importer played and asked to be rated counts."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("matches:detail", args=[pk]))
    try:
        services.match_rating_agree(match_id=pk, user=request.user)
    except Match.DoesNotExist:
        raise Http404(_("No such match.")) from None
    except ValueError as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("This match counts for the club rating."))
    return redirect("matches:detail", pk)
