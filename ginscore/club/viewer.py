"""Who a page was drawn for, so that a copy kept on a shared phone or tablet is never shown to
anyone else, and log-out leaves nothing behind.

- Every response says whom it was drawn for in ``X-Ginscore-Viewer``: an opaque name made from
  the browser's session (its account, its table links, its personal links), "" for a browser
  with no session. Logging in or out changes it. The service worker (``ginscore/club/templates/club/sw.js``)
  keeps a table page with that name and shows a kept copy only to the same viewer.
- Log-out (``log_out``) answers with ``Clear-Site-Data`` (the browser drops its kept pages, its
  service worker and its local storage, where the outbox keeps unsent hands) where the browser
  honours it (HTTPS, or localhost); ``static/ginscore/logout.js`` does the same from the page
  (the outbox's keys, the worker's kept pages) for a plain-HTTP address.
- Log-in (``log_in``) refuses a user name longer than any account's before looking it up.
"""
from __future__ import annotations

import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

VIEWER_HEADER = "X-Ginscore-Viewer"
UNTIL_HEADER = "X-Ginscore-Viewer-Until"


def viewer_until(request) -> int | None:
    """When this browser's session cookie ends (seconds since 1970), as this answer leaves it: a
    session saved now lasts its age from now; one only read, until its stored expiry. None: no
    session, or one that ends with the browser. A phone that kept a page for this viewer shows it
    offline only until then (a cookie that expired without a log-out is another viewer)."""
    session = getattr(request, "session", None)
    if session is None or not session.session_key or session.get_expire_at_browser_close():
        return None
    if session.modified or settings.SESSION_SAVE_EVERY_REQUEST:
        return int(time.time()) + session.get_expiry_age()
    stored = getattr(session, "stored_expiry", None)
    return int(stored.timestamp()) if stored else None


def viewer_name(request) -> str:
    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None) if session is not None else None
    return salted_hmac("ginscore.viewer", key, algorithm="sha256").hexdigest()[:24] if key else ""


class ViewerMiddleware:
    """Names the viewer on every response (after the session middleware, so it knows the session)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response[VIEWER_HEADER] = viewer_name(request)   # (a page kept by live_page was drawn for anyone)
        until = viewer_until(request)
        if until:
            response[UNTIL_HEADER] = str(until)
        return response


class LogInForm(AuthenticationForm):
    """Django's log-in form, with the user name checked against what an account can hold before
    any look-up: Django only draws its limit on the field, and django-axes would record a longer
    name in its 255-character column (PostgreSQL refuses it: a 500)."""

    def clean_username(self):
        name = self.cleaned_data.get("username") or ""
        limit = get_user_model()._meta.get_field(get_user_model().USERNAME_FIELD).max_length
        if len(name) > limit:
            raise ValidationError(
                _("At most %(limit)s characters: no account has a longer user name (this one has %(length)s).")
                % {"limit": limit, "length": len(name)}, code="max_length")
        return name


class LogOutView(auth_views.LogoutView):
    """Django's log-out, and the browser told to drop what it kept for the one leaving."""

    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache", "storage"'
        return response


log_out = LogOutView.as_view()
log_in = auth_views.LoginView.as_view(authentication_form=LogInForm)
