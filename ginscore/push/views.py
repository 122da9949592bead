"""The opt-in and the opt-out, asked by the page's script (``static/ginscore/push.js``) with the
browser's subscription as JSON. A member subscribes for their own player (every event they play
in); a player without an account through their personal link (that event only); nobody for
anyone else. Bad JSON is a 400 naming what is wrong, never a 500."""
from __future__ import annotations

import json

from django.http import JsonResponse
from django.http.request import RawPostDataException
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ginscore.club.device import current_device
from ginscore.club.viewer import viewer_name
from ginscore.push import services
from ginscore.tournaments import selectors
from ginscore.tournaments.models import Entry
from ginscore.tournaments.my_night import night_proven

BODY_MAX = 8192


def _refused(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def _body(request):
    try:
        body = request.body
    except RawPostDataException:   # a form posted (multipart), read already by the CSRF check
        raise services.PushRefused(_("subscription: not JSON.")) from None
    if len(body) > BODY_MAX:
        raise services.PushRefused(_("subscription: at most %(most)s bytes.") % {"most": BODY_MAX})
    try:
        return json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError):
        raise services.PushRefused(_("subscription: not JSON.")) from None


def _save(request, player, tournament=None) -> JsonResponse:
    try:
        services.subscription_save(data=_body(request), player=player, tournament=tournament,
                                   user=request.user if request.user.is_authenticated else None,
                                   device=current_device(), session=viewer_name(request),
                                   language=translation.get_language() or "en")
    except services.PushRefused as e:
        return _refused(str(e))
    return JsonResponse({"on": True, "message": _("Notifications are on for %(name)s on this phone.")
                         % {"name": player.name}})


@require_POST
def subscribe(request):
    """A member's phone, for their own player."""
    if not request.user.is_authenticated:
        return _refused(_("Log in first, or open your personal link."), status=403)
    player = getattr(request.user, "player", None)
    if player is None:
        return _refused(_("Your account is not linked to a player: ask a club admin to link it."), status=403)
    return _save(request, player)


@require_POST
def subscribe_link(request, pk, entry_pk, token):
    """A phone holding the entrant's personal link, for that event."""
    t = selectors.tournament_get(pk)
    entry = Entry.objects.select_related("player").filter(pk=entry_pk, tournament=t).first()
    if entry is None or not night_proven(entry, token):
        return _refused(_("This personal link is not valid."), status=403)
    return _save(request, entry.player, tournament=t)


@require_POST
def unsubscribe(request):
    """The opt-out: the browser's subscription forgotten (its endpoint names it)."""
    try:
        data = _body(request)
    except services.PushRefused as e:
        return _refused(str(e))
    endpoint = data.get("endpoint") if isinstance(data, dict) else None
    services.subscription_remove(endpoint=endpoint)
    return JsonResponse({"on": False, "message": _("Notifications are off on this phone.")})
