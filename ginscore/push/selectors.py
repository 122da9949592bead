"""What the opt-in on a player's own page needs: the site's public key, where the phone opts in,
and whether this phone (its device cookie) already gets that player's notifications."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from ginscore.club.device import COOKIE, device_label
from ginscore.push.keys import public_key
from ginscore.push.models import Subscription


@dataclass(frozen=True)
class Offer:
    key: str     # applicationServerKey
    url: str     # where the phone posts its subscription
    on: bool     # this phone gets the player's notifications


def push_offer(request, *, player, url: str, tournament=None) -> Offer:
    """The opt-in for ``player`` (``tournament``: from a personal link, that event only)."""
    device = device_label(request.COOKIES.get(COOKIE, ""))
    mine = Subscription.objects.filter(player=player, device=device) if device else Subscription.objects.none()
    if tournament is not None:
        mine = mine.filter(Q(tournament__isnull=True) | Q(tournament=tournament))
    return Offer(public_key(), url, mine.exists())
