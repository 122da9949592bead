import hashlib
import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe
from statici18n.templatetags.statici18n import get_path as statici18n_path

from ginscore.club.forms import SettingsForm
from ginscore.club.language import members_preferences, offered
from ginscore.club.services import preferences_set_display, preferences_set_language
from ginscore.matches import selectors
from ginscore.matches.permissions import can_create_match
from ginscore.tournaments.my_night import nights_running


def home(request):
    """Matches in play, recent results, and a new match in one tap."""
    return render(request, "club/home.html", {
        "in_play": selectors.matches_in_play(),
        "recent": selectors.matches_recent_results(),
        "can_create": can_create_match(request.user),
        "nights": nights_running(request.user),
    })


# What a table phone keeps for a network drop (with the pad and entry pages it opened), and the
# JavaScript's catalogue of every language (an offline pad speaks the page's language).
TABLE_STATIC = ("ginscore/site.css", "ginscore/pad.css", "ginscore/cards.css", "ginscore/i18n.js", "ginscore/pad.js",
                "ginscore/live.js", "ginscore/outbox.js", "ginscore/clock.js", "ginscore/logout.js",
                "ginscore/aloud.js", "ginscore/display.js", "ginscore/posted.js")


def js_catalogues() -> dict[str, str]:
    """Each language's JavaScript catalogue (``manage.py compilejsi18n``), by language code: its address."""
    return {code: static(statici18n_path(code)) for code, _name in settings.LANGUAGES}


@require_safe
def service_worker(request):
    """The service worker, from the site's root so it may answer for every page (it keeps only the
    table pages: ``ginscore/club/templates/club/sw.js``). Its cache is named after its own text, which names the
    static files by their hashed names, so new scripts make a new worker and a fresh cache."""
    body = render_to_string("club/sw.js", {
        "precache": json.dumps([static(path) for path in TABLE_STATIC] + list(js_catalogues().values())),
        "catalogues": json.dumps(js_catalogues()),
        "offline_words": json.dumps(static("ginscore/sw_words.js")),
        "static_url": json.dumps("/" + settings.STATIC_URL.lstrip("/")),
        "icon": json.dumps(static("ginscore/apple-touch-icon.png")),
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


def local_next(request, next_url: str) -> str | None:
    """``next_url`` (a posted ``next``) if it is a page of this site (a path, "/matches/3/", or this
    site's own address), else None: "-1", "NaN", an emoji (which a redirect would take for a view's
    name) or another site's address never reaches a redirect."""
    if (isinstance(next_url, str) and next_url.startswith(("/", "http://", "https://"))
            and url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()},
                                                require_https=request.is_secure())):
        return next_url
    return None


def _back(request, next_url: str) -> str:
    """Where to go after a choice: the page it was made on, on this site; else home."""
    return local_next(request, next_url) or "/"


@require_http_methods(["GET", "POST"])
def choose_language(request):
    """The footer's switch. A visitor's choice is kept in a cookie on this browser (a link: pages
    drawn for visitors carry no form token, so they can be shared); a member's (a form) is kept on
    their account, so log-out leaves a shared tablet's language as it was."""
    data = request.POST if request.method == "POST" else request.GET
    language = data.get("language", "")
    if language not in offered():
        return HttpResponseBadRequest(
            _("language: %(given)s is not a language of this site (%(offered)s).")
            % {"given": language[:20] or "—", "offered": ", ".join(offered())},
            content_type="text/plain; charset=utf-8")
    response = HttpResponseRedirect(_back(request, data.get("next", "")))
    if request.method == "POST" and request.user.is_authenticated:
        preferences_set_language(user=request.user, language=language)
    else:
        response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE,
                            samesite=settings.LANGUAGE_COOKIE_SAMESITE, secure=request.is_secure())
    return response


@login_required
@require_http_methods(["GET", "POST"])
def account_settings(request):
    """A member's own settings: their language, larger text, four-colour cards, and the way to
    change their password."""
    if request.method == "POST":
        form = SettingsForm(request.POST)
        if form.is_valid():
            language = form.cleaned_data["language"]
            preferences_set_language(user=request.user, language=language)
            preferences_set_display(user=request.user, large_text=form.cleaned_data["large_text"],
                                    four_colour=form.cleaned_data["four_colour"])
            translation.activate(language or translation.get_language_from_request(request))
            messages.success(request, _("Settings saved."))
            return redirect("club:settings")
    else:
        form = SettingsForm(initial=members_preferences(request.user))
    return render(request, "club/settings.html", {"form": form})
