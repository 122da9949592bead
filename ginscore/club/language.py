"""The language a page is drawn in.

In order: the member's own choice (their settings page, kept on their account, so every device
they log in on follows it), the visitor's choice from the footer (a cookie, kept a year), the
browser's language when the site offers it, the club's (``GINSCORE_LANGUAGE``). Printed sheets
follow the club's language unless the sheets page or ``manage.py sheet --language`` says
otherwise (ginscore/sheets). docs/translating.md.
"""
from __future__ import annotations

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header

from ginscore.club.models import Preferences


def offered() -> dict[str, str]:
    """Code -> the language's own name, for every language the site speaks."""
    return dict(settings.LANGUAGES)


# How a page looks, as the member chose it (the classes of <html>, docs/accessibility.md).
DISPLAY = ("large_text", "four_colour")


def members_preferences(user) -> dict:
    """What the member chose ({"language": "", "large_text": False, "four_colour": False} when
    nothing, or no account): one query."""
    chosen = {"language": "", **{name: False for name in DISPLAY}}
    if getattr(user, "is_authenticated", False):
        chosen.update(Preferences.objects.filter(user_id=user.pk).values("language", *DISPLAY).first() or {})
        if chosen["language"] not in offered():
            chosen["language"] = ""
    return chosen


def browsers_language(request) -> str:
    """The footer's choice (a cookie) or the browser's language, when the site offers it; else ""."""
    for code in (request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, ""),
                 *(accept for accept, _q in parse_accept_lang_header(request.META.get("HTTP_ACCEPT_LANGUAGE", "")))):
        if code and code != "*":
            try:
                return get_supported_language_variant(code)
            except LookupError:
                continue
    return ""


def club_language() -> str:
    """The club's language: GINSCORE_LANGUAGE, else the club settings page's (ginscore.club.setup)."""
    from ginscore.club.setup import language

    return language()


def members_language(user) -> str:
    """The language the member chose, or "" (none chosen, or no account)."""
    return members_preferences(user)["language"]


def display_classes(chosen: dict) -> str:
    """The classes of <html> for what was chosen: "large-text four-colour"."""
    return " ".join(name.replace("_", "-") for name in DISPLAY if chosen.get(name))


class LanguageMiddleware(LocaleMiddleware):
    """Django's (the footer's cookie, then the browser's Accept-Language, then the club's), with
    a member's own choice first (it runs after authentication)."""

    def process_request(self, request):
        super().process_request(request)
        preferences = members_preferences(getattr(request, "user", None))
        request.display = display_classes(preferences)   # (the same query: no second one for the page)
        chosen = preferences["language"] or (None if browsers_language(request) else club_language())
        if chosen and chosen != request.LANGUAGE_CODE:
            translation.activate(chosen)
            request.LANGUAGE_CODE = chosen
