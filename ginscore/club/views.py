import hashlib
import json

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.views.decorators.http import require_safe

from ginscore.matches import selectors
from ginscore.matches.permissions import can_create_match


def home(request):
    """Matches in play, recent results, and a new match in one tap."""
    return render(request, "club/home.html", {
        "in_play": selectors.matches_in_play(),
        "recent": selectors.matches_recent_results(),
        "can_create": can_create_match(request.user),
    })


# What a table phone keeps for a network drop (with the pad and entry pages it opened).
TABLE_STATIC = ("ginscore/site.css", "ginscore/pad.css", "ginscore/cards.css", "ginscore/pad.js",
                "ginscore/live.js", "ginscore/outbox.js", "ginscore/clock.js", "ginscore/logout.js")


@require_safe
def service_worker(request):
    """The service worker, from the site's root so it may answer for every page (it keeps only the
    table pages: ``ginscore/club/templates/club/sw.js``). Its cache is named after its own text, which names the
    static files by their hashed names, so new scripts make a new worker and a fresh cache."""
    body = render_to_string("club/sw.js", {
        "precache": json.dumps([static(path) for path in TABLE_STATIC]),
        "static_url": json.dumps("/" + settings.STATIC_URL.lstrip("/")),
    })
    body = body.replace("__VERSION__", hashlib.sha256(body.encode()).hexdigest()[:16])
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


# The site's icon at the addresses browsers ask for without a link (base.html links them all).
ICONS = {"favicon.ico": "ginscore/favicon.ico", "apple-touch-icon.png": "ginscore/apple-touch-icon.png",
         "apple-touch-icon-precomposed.png": "ginscore/apple-touch-icon.png"}


@require_safe
def icon(request, name: str):
    """``/favicon.ico`` and the like: the static file, under its collected name."""
    return redirect(static(ICONS[name]))
