from django.shortcuts import render

from ginscore.matches import selectors
from ginscore.matches.permissions import can_create_match


def home(request):
    """Matches in play, recent results, and a new match in one tap."""
    return render(request, "club/home.html", {
        "in_play": selectors.matches_in_play(),
        "recent": selectors.matches_recent_results(),
        "can_create": can_create_match(request.user),
    })
