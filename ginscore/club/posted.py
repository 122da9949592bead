"""A form is done once, however often it is sent.

A page's script (static/ginscore/posted.js) gives each form it posts a random key (``form_key``),
made once for that page. The browser holds a second tap while the first post is on its way; this
covers what the browser cannot: the post that reached the site while its answer was lost (the club's
wifi dropped), sent again by a reload of the error page or a tap once the page's hold is over.

- The first post with a key is done as usual; its answer, when it sends the browser on (a redirect,
  as every form that saves something does), is kept against the device and the key for ``KEEP``.
- The same key from the same device again: nothing is done; the browser is sent where the first
  went, with a message saying it was not done twice.
- The same key while the first is still being done: a page saying so (409); reloading it a moment
  later leads to what the first did. A first one still not done after ``ABANDONED`` died with its
  app server: the post is done.
- A first post refused (the form drawn again with its errors), failed, or answered with a file:
  its key is forgotten, so sending it again does it. So is one whose answer gave the browser a new
  session (a log-in, a seat code, a log-out): were that answer lost, the browser never got the
  session, and only doing the post again gives it (which those posts allow).

The key is the device's (``ginscore.club.device``) and the address's: a key sent from another phone,
or to another form's address, is another post. A post without a key (a page without its scripts,
a form sent by a script with its own key, such as a hand from the outbox) is done as before.
"""
from __future__ import annotations

import logging
import uuid
from datetime import timedelta

from django.contrib import messages
from django.db import DatabaseError, IntegrityError, transaction
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from .device import current_device
from .models import Posted

log = logging.getLogger(__name__)
FIELD = "form_key"
KEEP = timedelta(hours=12)
# A first post still "on its way" after this was lost with its server (a request runs at most 60 s:
# gunicorn.conf.py's GINSCORE_REQUEST_SECONDS): the same post is then done.
ABANDONED = timedelta(minutes=2)
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")
SENT_ON = (301, 302, 303, 307, 308)


def form_key(value: str, path: str) -> uuid.UUID | None:
    """The key a post is kept under: the page's key (a UUID, else None: nonsense is no key), made
    distinct for the address it was sent to."""
    if not isinstance(value, str) or len(value) > 36:
        return None
    try:
        key = uuid.UUID(value)
    except ValueError:
        return None
    return uuid.uuid5(key, path[:2000])


def _first_answer(row: Posted | None, request):
    if row is not None and row.answer:
        messages.info(request, _("This form had already been sent and saved: it was not saved twice."))
        return HttpResponseRedirect(row.answer)
    return render(request, "posted_on_its_way.html", status=409)


class PostedOnceMiddleware:
    """Does a keyed form once (the module's docstring). After CSRF's check and the messages'."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        row = getattr(request, "_posted_row", None)
        if row is not None:
            location = response.get("Location", "") if response.status_code in SENT_ON else ""
            session = request.session
            if session.session_key != request._posted_session or (session.session_key is None and session.modified):
                location = ""   # a new session: its cookie is in this answer only
            try:
                if location and len(location) <= Posted._meta.get_field("answer").max_length:
                    Posted.objects.filter(pk=row).update(answer=location)
                else:
                    Posted.objects.filter(pk=row).delete()
            except DatabaseError:   # the post is done: its answer goes out (the key is forgotten in ABANDONED)
                log.exception("the answer to a keyed form was not noted")
        return response

    def process_view(self, request, view, args, kwargs):
        if request.method != "POST" or request.content_type not in FORMS:
            return None
        if getattr(view, "csrf_exempt", False):
            return None   # a view that reads its body itself (the import checks its size first)
        device = current_device()
        key = form_key(request.POST.get(FIELD, ""), request.path)
        if key is None or not device:
            return None
        now = timezone.now()
        for _attempt in range(2):
            try:
                with transaction.atomic():
                    request._posted_row = Posted.objects.create(device=device, key=key, at=now).pk
                    request._posted_session = request.session.session_key
                    Posted.objects.filter(at__lt=now - KEEP).delete()
                return None
            except IntegrityError:
                first = Posted.objects.filter(device=device, key=key).first()
                if first is None or first.answer or first.at >= now - ABANDONED:
                    return _first_answer(first, request)
                # on its way for longer than any request may run: its server died with it
                Posted.objects.filter(pk=first.pk, answer="").delete()
        return _first_answer(Posted.objects.filter(device=device, key=key).first(), request)
